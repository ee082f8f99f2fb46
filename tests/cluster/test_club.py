"""The club's whole flow across processes (issue #36's "done when"): two people become friends
on different processes and see each other come online, one challenges the other into a
Kostkový poker table, they play it to its end with each socket on a process of its own, say
"Dobrá hra!", take the next round (the rematch), and a report reaches `klubovna admin` on the
shared PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import httpx

from tests.cluster.harness import Cluster
from tests.cluster.players import DicePlayer
from tests.server.lobby_client import Seat, seat_of
from tests.server.test_chat import Member
from tests.server.test_friends import Club, accept_url
from tests.server.test_recording import bearer


def test_friends_challenge_play_chat_rematch_and_report(cluster: Cluster) -> None:
    one, two, three = cluster.nodes
    ada = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Ada Klub"}).json()
    bob = httpx.post(f"{two.http}/api/profiles", json={"nickname": "Bob Klub"}).json()
    httpx.post(f"{one.http}/api/friends", json={"nickname": "Bob Klub"},
               headers=bearer(ada["key"]))
    accepted = httpx.post(f"{two.http}/api/friends/{ada['id']}/accept",
                          headers=bearer(bob["key"]))
    assert accepted.status_code == 200, accepted.text
    room = seat_of(httpx.post(f"{one.http}/api/lobbies", headers=bearer(ada["key"]), json={
        "game": "kostkovy-poker", "kind": "table",
        "settings": {"seats": 2, "chips": 10, "robots": "klidny"}}))
    with Club(three, bob["key"]) as bob_club, Club(one, ada["key"]):
        bob_club.until("presence", id=ada["id"], online=True)
        made = httpx.post(f"{two.http}/api/lobbies/{room.code}/challenges",
                          headers=bearer(ada["key"]), json={"to": bob["id"]})
        assert made.status_code == 201, made.text
        heard = bob_club.until("challenge")
    seat = httpx.post(accept_url(three, heard), headers=bearer(bob["key"]))
    assert seat.status_code == 201, seat.text
    guest = Seat(**seat.json())

    people = [DicePlayer(one, room, "Ada Klub", start_with=2), DicePlayer(two, guest, "Bob Klub")]

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(person.run() for person in people)), 120)

    asyncio.run(play())
    assert all(p.story.view is not None and p.story.view["game_over"] for p in people)

    host, other = Member(three, room.code, room.key), Member(one, guest.code, guest.key)
    other.send({"t": "chat", "phrase": "gg"})
    said = host.until("chat")
    assert said["phrase"] == "gg" and said["nickname"] == "Bob Klub"
    host.send({"t": "again"})  # Kostkový poker's host deals the next round: the rematch
    while (lobby := other.until("lobby")["lobby"])["round"] != 2:
        pass
    assert lobby["status"] == "playing"
    host.send({"t": "report", "message": said["id"], "reason": "test"})
    host.until("reported")
    host.close()
    other.close()

    env = {**{k: v for k, v in os.environ.items() if not k.startswith("KLUBOVNA_")},
           "KLUBOVNA_DATABASE_URL": cluster.postgres.url}
    listed = subprocess.run([sys.executable, "-m", "klubovna.server.cli", "admin", "reports"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert f"room {room.code} (kostkovy-poker)" in listed.stdout
    assert "'Ada Klub' reports 'Bob Klub'" in listed.stdout and "[gg]" in listed.stdout

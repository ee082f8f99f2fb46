"""Friends and presence across processes (issue #36): a request made on one process reaches
the other's club socket on another, and each sees the other come and go through Redis."""

from __future__ import annotations

import httpx

from tests.cluster.harness import Cluster
from tests.server.test_chat import Member
from tests.server.test_friends import Club, accept_url
from tests.server.test_recording import bearer


def test_friends_see_each_other_across_processes(cluster: Cluster) -> None:
    one, two, _ = cluster.nodes
    ada = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Ada Uzel"}).json()
    bob = httpx.post(f"{two.http}/api/profiles", json={"nickname": "Bob Uzel"}).json()
    bob_club = Club(two, bob["key"])
    asked = httpx.post(f"{one.http}/api/friends", json={"nickname": "Bob Uzel"},
                       headers=bearer(ada["key"]))
    assert asked.status_code == 201, asked.text
    bob_club.until("friends")  # from process one to Bob's socket on process two
    accepted = httpx.post(f"{two.http}/api/friends/{ada['id']}/accept",
                          headers=bearer(bob["key"]))
    assert accepted.status_code == 200, accepted.text
    listed = httpx.get(f"{one.http}/api/friends", headers=bearer(ada["key"])).json()
    assert listed["friends"] == [{"id": bob["id"], "nickname": "Bob Uzel", "online": True,
                                  "playing": None, "watch": None}]
    ada_club = Club(one, ada["key"])
    assert ada_club.welcome["presence"] == {bob["id"]: {"online": True, "playing": None,
                                                        "watch": None}}
    bob_club.until("presence", id=ada["id"], online=True)
    ada_club.send({"t": "playing", "game": "zoliky-s-kameny", "watch": "Xy_9-abcDEF012345"})
    bob_club.until("presence", id=ada["id"], playing="zoliky-s-kameny",
                   watch="Xy_9-abcDEF012345")  # the table to watch, through Redis
    listed = httpx.get(f"{two.http}/api/friends", headers=bearer(bob["key"])).json()
    assert listed["friends"][0]["watch"] == "Xy_9-abcDEF012345"
    ada_club.close()
    bob_club.until("presence", id=ada["id"], online=False)
    bob_club.close()


def test_chat_and_a_challenge_across_processes(cluster: Cluster) -> None:
    """A room opened on one process; a friend challenged from it accepts on another, and
    the two chat over sockets that two different processes took (the relay brings each to
    the room's owner)."""
    one, two, three = cluster.nodes
    hana = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Hana Uzel"}).json()
    ivan = httpx.post(f"{two.http}/api/profiles", json={"nickname": "Ivan Uzel"}).json()
    httpx.post(f"{one.http}/api/friends", json={"id": ivan["id"]}, headers=bearer(hana["key"]))
    httpx.post(f"{three.http}/api/friends", json={"id": hana["id"]}, headers=bearer(ivan["key"]))
    room = httpx.post(f"{one.http}/api/lobbies", headers=bearer(hana["key"]),
                      json={"game": "kostkovy-poker", "kind": "table"}).json()
    with Club(two, ivan["key"]) as ivan_club:
        made = httpx.post(f"{three.http}/api/lobbies/{room['code']}/challenges",
                          headers=bearer(hana["key"]), json={"to": ivan["id"]})
        assert made.status_code == 201, made.text
        heard = ivan_club.until("challenge")
    seat = httpx.post(accept_url(two, heard), headers=bearer(ivan["key"]))
    assert seat.status_code == 201, seat.text
    host = Member(one, room["code"], room["key"])
    guest = Member(three, room["code"], seat.json()["key"])
    guest.send({"t": "chat", "phrase": "gg"})
    assert host.until("chat")["phrase"] == "gg"
    host.close()
    guest.close()

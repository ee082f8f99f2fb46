"""Issue #37's "done when" across processes: two people who do not know each other find each
other through the open list and, separately, through quick pairing, each on a process of
their own; they play Kostkový poker to its end and their ratings change; a third, on a third
process, watches their first game live and sees no die behind a screen."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect as async_connect

from tests.cluster.harness import Cluster
from tests.cluster.players import DicePlayer
from tests.server.lobby_client import Message, Seat, seat_of
from tests.server.test_recording import bearer

KP = "kostkovy-poker"
TABLE = {"seats": 2, "chips": 10, "robots": "klidny"}


def profile(node: Any, nickname: str) -> dict[str, Any]:
    made = httpx.post(f"{node.http}/api/profiles", json={"nickname": nickname})
    assert made.status_code == 201, made.text
    return dict(made.json())


def rating(node: Any, key: str) -> dict[str, Any] | None:
    stats = httpx.get(f"{node.http}/api/profiles/me/stats", headers=bearer(key)).json()
    found: dict[str, Any] | None = stats[KP]["rating"]
    return found


def play(people: list[DicePlayer], *others: Any) -> None:
    async def all_of_them() -> None:
        await asyncio.wait_for(asyncio.gather(*(person.run() for person in people), *others),
                               120)

    asyncio.run(all_of_them())
    assert all(p.story.view is not None and p.story.view["game_over"] for p in people)


async def watch(node: Any, code: str, seen: list[Message]) -> None:
    """A third person on a third process: finds the game in the open list's "playing now"
    and watches it to its end (the socket relayed to the process that holds the table)."""
    deadline = time.monotonic() + 60
    while True:
        async with httpx.AsyncClient() as client:
            answer = await client.get(f"{node.http}/api/lobbies",
                                      params={"game": KP, "status": "playing"})
        rooms = [room for room in answer.json()["lobbies"] if room["code"] == code]
        if rooms and rooms[0]["table"]:
            break
        assert time.monotonic() < deadline, "the game never showed as playing"
        await asyncio.sleep(0.2)
    url = f"{node.ws}/ws/tables/{rooms[0]['table']}"
    async with async_connect(url, open_timeout=10, proxy=None) as socket:
        await socket.send(json.dumps({"t": "watch", "since": 0}))
        while True:
            message = json.loads(await socket.recv())
            if message["t"] == "players":  # who sits where
                assert sorted(message["names"].values()) == ["Eva Cizi", "Jan Cizi"], message
                continue
            assert message["t"] == "view", message
            seen.append(message)
            if message["view"]["over"]:
                return


def paired(node: Any, ticket: str) -> Seat:
    deadline = time.monotonic() + 60
    while (answer := httpx.get(f"{node.http}/api/pairing/{ticket}").json())["status"] == \
            "waiting":
        assert time.monotonic() < deadline, answer
        time.sleep(0.2)
    assert answer["status"] == "paired", answer
    return Seat(answer["code"], answer["key"], answer["seat"], answer["link"])


def test_strangers_meet_by_the_open_list_and_by_quick_pairing(cluster: Cluster) -> None:
    one, two, three = cluster.nodes
    eva, jan = profile(one, "Eva Cizi"), profile(two, "Jan Cizi")
    room = seat_of(httpx.post(f"{one.http}/api/lobbies", headers=bearer(eva["key"]), json={
        "game": KP, "kind": "table", "settings": TABLE, "public": True}))
    # Jan, on another process, finds Eva's table in the open list and sits down.
    listed = httpx.get(f"{two.http}/api/lobbies", params={"game": KP}).json()["lobbies"]
    [found] = [each for each in listed if each["code"] == room.code]
    assert found["host"]["nickname"] == "Eva Cizi" and found["players"] == 1
    seat = httpx.post(f"{two.http}/api/lobbies/{room.code}/join", headers=bearer(jan["key"]),
                      json={})
    assert seat.status_code == 201, seat.text
    watched: list[Message] = []
    play([DicePlayer(one, room, "Eva", start_with=2), DicePlayer(two, Seat(**seat.json()),
                                                                   "Jan")],
         watch(three, room.code, watched))
    # The watcher saw the game to its end, and never a die behind a screen.
    assert watched and watched[-1]["view"]["over"]
    for message in watched:
        assert message["view"]["seat"] is None and "dice" not in message["view"], message
        assert all("to" not in event for event in message["events"]), message
    after = [rating(one, eva["key"]), rating(two, jan["key"])]
    assert all(each is not None and each["games"] == 1 for each in after), after
    assert after[0]["rating"] + after[1]["rating"] == 3000  # type: ignore[index]

    # Then each asks for anyone, on their own process: the matcher pairs them.
    tickets = [httpx.post(f"{node.http}/api/pairing", headers=bearer(who["key"]), json={
        "game": KP, "kind": "table", "settings": TABLE}) for node, who in ((one, eva),
                                                                           (two, jan))]
    assert all(ticket.status_code == 201 for ticket in tickets), tickets
    seats = [paired(node, ticket.json()["ticket"]) for node, ticket in zip((one, two), tickets,
                                                                          strict=True)]
    assert seats[0].code == seats[1].code
    play([DicePlayer(one, seats[0], "Eva"), DicePlayer(two, seats[1], "Jan")])
    again = [rating(two, eva["key"]), rating(one, jan["key"])]
    assert all(each is not None and each["games"] == 2 for each in again), again

"""A Kostkový poker table with two computer players and two people, each person's socket
on a process of its own: the computer players are moved by whichever process owns the
table, and every person is told exactly what the replay tells its seat."""

from __future__ import annotations

import asyncio

from tests.cluster.checks import Seen, check_replay, table_of_lobby
from tests.cluster.harness import Cluster
from tests.cluster.players import DicePlayer
from tests.server.lobby_client import post_join, post_lobby, seat_of


def test_two_people_and_two_computer_players_on_two_processes(cluster: Cluster) -> None:
    first, second = cluster.nodes[1], cluster.nodes[2]
    host = seat_of(post_lobby(first, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=4, chips=10, robots="chytry"))
    guest = seat_of(post_join(second, host.code, body={"nickname": "Bob"}))
    people = [DicePlayer(first, host, "Ada", start_with=2), DicePlayer(second, guest, "Bob")]

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(person.run() for person in people)), 60)

    asyncio.run(play())
    lobby = people[0].lobby
    assert lobby is not None
    seats = {p["nickname"]: p["table_seat"] for p in lobby["players"]}
    assert seats == {"Ada": 0, "Bob": 1}  # seats 2 and 3: the computer players'
    seen: Seen = {}
    for person in people:
        view = person.story.view
        assert view is not None and view["game_over"], person.name
        seen[seats[person.name]] = (view, person.story.events)
    chips = [player["chips"] for player in seen[0][0]["players"]]
    assert len(chips) == 4 and sum(chips) == 40  # nothing made or lost
    table = check_replay(cluster, table_of_lobby(cluster, host.code), seen)
    assert {entry.seat for entry in table.log} >= {2, 3}, "the computer players never moved"

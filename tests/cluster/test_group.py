"""A group of fifty through nginx: the joins and the sockets all go to the room's owner (nginx's
consistent hash on the join code, the ring the processes share: decision 0167), and every
seat's story is checked (no gap, no duplicate, no other seat's card)."""

from __future__ import annotations

import time

from tests.cluster.checks import check_replay, seen_by, table_of_lobby
from tests.cluster.harness import Cluster
from tests.server.lobby_client import (
    AsyncPlayer,
    check_final,
    choose_move,
    dealer_move,
    run_players,
)
from tests.server.test_group import fill_group


def test_fifty_people_routed_to_the_owner(cluster: Cluster) -> None:
    front = cluster.front
    seats = fill_group(front, 50)
    code = seats[0].code
    players = [AsyncPlayer(front, seat, choose_move, name=f"seat {seat.seat}")
               for seat in seats]
    players[0].choose, players[0].start_with = dealer_move, 50
    began = time.monotonic()
    run_players(players, timeout=120)
    took = time.monotonic() - began

    # nginx logs a socket when it closes: all fifty are closed now (run_players is over).
    # Every join and socket went to the process that made the room, which owns it still.
    owner = cluster.owner_of_lobby(code)
    assert owner is not None
    sockets = front.served(f"/ws/lobbies/{code}")
    assert sockets == {owner.port: 50}, sockets
    assert front.served(f"/api/lobbies/{code}/join") == {owner.port: 49}
    finals = [player.tracker.view for player in players]
    check_final([view for view in finals if view is not None])
    for player in players:
        assert player.refused == [] and player.drops == 0, (player.name, player.refused)
        player.tracker.check_counters()
    check_replay(cluster, table_of_lobby(cluster, code),
                 seen_by([player.tracker for player in players]))
    print(f"50 people over {len(cluster.nodes)} processes: {took:.1f} s, sockets {sockets}")

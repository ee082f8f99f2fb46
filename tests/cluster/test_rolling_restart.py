"""An upgrade's rolling restart: each of the three processes in turn is sent SIGTERM and
started again while duels are played through nginx. A stopping process gives up its leases
and closes its sockets with 1012; the clients reconnect at once, through nginx, to another
process, which takes their tables over (docs/decisions/0167). No confirmed move is lost and
every game is played to its end."""

from __future__ import annotations

import asyncio
import signal
import time

from klubovna.server.cluster.ring import Ring
from tests.cluster.checks import check_replay, lost_moves, seen_by, table_of_lobby
from tests.cluster.harness import Cluster, wait_until
from tests.cluster.players import TimedPlayer
from tests.server.lobby_client import (
    AsyncPlayer,
    check_final,
    choose_move,
    create_lobby,
    get_lobby,
    join_lobby,
    run_players,
)

DUELS = 6
"""Two for each process: the rooms are made round robin, each on the process it lands on."""
HOLD_AT = 10
"""Moves a player makes before it waits for the last restart: the games run through all
three (a duel is 25 moves a seat)."""


def test_rolling_restart_loses_nothing(cluster: Cluster) -> None:
    front = cluster.front
    rooms = []
    for number in range(DUELS):
        host = create_lobby(front, "duel", nickname=f"A{number}")
        rooms.append((host, join_lobby(front, host.code, f"B{number}")))
    owners = {cluster.index(cluster.owner_of_lobby(host.code)) for host, _ in rooms}
    restarted: list[tuple[int, float]] = []
    players = [TimedPlayer(front, seat, choose_move, name=f"{seat.code}/{seat.seat}",
                           start_with=2 if seat.seat == 0 else None, reconnect_for=60,
                           think=0.02, hold_at=HOLD_AT,
                           holding=lambda: len(restarted) < len(cluster.nodes))
               for room in rooms for seat in room]

    async def roll() -> None:
        while not all(len(player.confirmed) >= 2 for player in players):
            await asyncio.sleep(0.02)
        for node in cluster.nodes:
            restarted.append(await asyncio.to_thread(cluster.restart_gracefully, node))

    began = time.monotonic()
    everyone: list[AsyncPlayer] = list(players)
    run_players(everyone, timeout=240, also=roll)

    assert owners == {0, 1, 2}, "every process made rooms (nginx spreads new rooms)"
    assert [code for code, _took in restarted] == [-signal.SIGTERM] * 3
    assert lost_moves(cluster, rooms, players) == []
    # The restarts reached the players: told 1012 each time, never cut off without a word.
    assert sum(player.drops for player in players) >= 2 * DUELS
    assert {code for player in players for _at, code in player.closes} == {1012}
    for player in players:
        assert player.refused == [], (player.name, player.refused)
        player.tracker.check_counters()  # every event exactly once, across the drops
    for host, _guest in rooms:
        pair = [player for player in players if player.seat.code == host.code]
        check_final([player.tracker.view for player in pair if player.tracker.view])
        check_replay(cluster, table_of_lobby(cluster, host.code),
                     seen_by([player.tracker for player in pair]))
    # Then every room goes back to its place on the ring: a request that the proxy's
    # process relays to the holder makes the holder hand the room back, and the next one is
    # served where the proxy sends it, with nothing relayed.
    ring = Ring([f"127.0.0.1:{node.port}" for node in cluster.nodes])
    home = {host.code: next(node for node in cluster.nodes
                            if ring.owner(host.code) == f"127.0.0.1:{node.port}")
            for host, _guest in rooms}

    def settled() -> bool:
        for code in home:
            assert get_lobby(front, code).status_code == 200
        return all(cluster.owner_of_lobby(code) is node for code, node in home.items())

    moved = sum(cluster.owner_of_lobby(code) is not node for code, node in home.items())
    wait_until(settled, "every room back at its place on the ring", 60)
    print(f"rolling restart of {len(cluster.nodes)} processes with {DUELS} duels: "
          f"{time.monotonic() - began:.1f} s; exits in "
          f"{', '.join(f'{took:.2f}' for _code, took in restarted)} s; drops "
          f"{sum(player.drops for player in players)}; rooms handed back {moved}")

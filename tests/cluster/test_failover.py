"""A part of the set-up fails in the middle of a group game played through nginx: the
table's owning process is killed (kill -9), Redis restarts, PostgreSQL restarts. Each time
the game is played to the end, every seat is told every event exactly once (the trackers)
and the stored log replays to the same game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.cluster.checks import check_replay, seen_by, table_of_lobby
from tests.cluster.harness import Cluster, Node, serves, wait_until
from tests.cluster.players import PatientPlayer
from tests.server.live import play_out
from tests.server.lobby_client import (
    AsyncPlayer,
    Message,
    Seat,
    check_final,
    choose_move,
    dealer_move,
    get_lobby,
    run_players,
)
from tests.server.test_group import fill_group

PEOPLE = 8
BREAK_AT = 10
"""Cards drawn when the part fails: well inside the game (54 cards)."""


def group(cluster: Cluster, **settings: Any) -> tuple[list[Seat], list[PatientPlayer]]:
    """A group of PEOPLE through nginx, every player reconnecting (through nginx) after a
    drop."""
    seats = fill_group(cluster.front, PEOPLE, **settings)
    players = [PatientPlayer(cluster.front, seat, choose_move, name=f"seat {seat.seat}",
                             reconnect_for=30) for seat in seats]
    players[0].choose, players[0].start_with = dealer_move, PEOPLE
    return seats, players


def play_and_break(players: list[PatientPlayer], what: Callable[[], Any]) -> dict[str, float]:
    """Play the game to the end; once BREAK_AT cards are drawn, `what()` (in a thread).
    Returns its seconds ("broken") and the seconds from its end until every player has seen
    the game go on ("back")."""
    figures: dict[str, float] = {}

    async def break_it() -> None:
        observer = players[1].tracker
        while observer.view is None or observer.view["drawn"] < BREAK_AT:
            await asyncio.sleep(0.005)
        began = time.monotonic()
        await asyncio.to_thread(what)
        done = time.monotonic()
        figures["broken"] = done - began
        seen = max(player.tracker.version for player in players)
        while not all(p.tracker.version > seen or p.tracker.game_over for p in players):
            await asyncio.sleep(0.01)
        figures["back"] = time.monotonic() - done

    everyone: list[AsyncPlayer] = list(players)
    run_players(everyone, timeout=90, also=break_it)
    return figures


def check_game(cluster: Cluster, code: str, players: list[PatientPlayer]) -> None:
    for player in players:
        assert player.refused == [], (player.name, player.refused)
        player.tracker.check_counters()  # every event exactly once, across the failure
        view = player.tracker.view
        assert view is not None and view["board"].count(None) == 0, player.name
    trackers = [player.tracker for player in players]
    check_final([tracker.view for tracker in trackers if tracker.view is not None])
    check_replay(cluster, table_of_lobby(cluster, code), seen_by(trackers))


def report(what: str, figures: dict[str, float], players: list[PatientPlayer]) -> None:
    drops = [player.drops for player in players]
    unavailable = sum(player.unavailable for player in players)
    print(f"{what}: {figures['broken']:.1f} s to break, every player sees the game go on "
          f"{figures['back']:.1f} s later; drops {drops}; 'unavailable' answers {unavailable}")


def counted(node: Node, name: str) -> float:
    """A counter of the node's `GET /metrics` (loopback reads them)."""
    answer = httpx.get(f"{node.http}/metrics", timeout=10)
    assert answer.status_code == 200, answer.text
    return sum(sample.value for family in text_string_to_metric_families(answer.text)
               for sample in family.samples if sample.name == name)


def test_the_owner_killed_mid_game_and_restarted(cluster: Cluster) -> None:
    seats, players = group(cluster, mode="hard", seconds=30)
    code = seats[0].code
    killed: list[Node] = []
    at_kill: dict[str, Message] = {}

    def kill_owner() -> None:
        owner = cluster.owner_of_lobby(code)
        assert owner is not None, "nobody owns the lobby"
        for player in players:  # what each had in hand when it was killed
            if player.tracker.view is not None:
                at_kill[player.name] = player.tracker.view
        cluster.kill(owner)
        killed.append(owner)

    figures = play_and_break(players, kill_owner)
    report("kill -9 of the owner", figures, players)

    check_game(cluster, code, players)
    # The survivors' metrics: one took the lobby over, and they renew what they hold.
    alive = [node for node in cluster.nodes if cluster.alive(node)]
    assert sum(counted(node, "klubovna_lease_takeovers_total") for node in alive) >= 1
    # (A renewal comes every second: the game may have ended sooner after the take-over.)
    wait_until(lambda: sum(counted(node, "klubovna_lease_renewals_total")
                           for node in alive) >= 1, "a survivor's lease renewal", 30)
    for player in players:
        assert player.drops >= 1, f"{player.name} never lost the killed owner"
        view = player.tracker.view
        assert view is not None and view["forfeited"] == 0, player.name
        # A card held across the take-over keeps its deadline (the log's, not a new one).
        # "Held" means nothing of the seat's changed: a joker kept meanwhile leaves the
        # board as it was but the hand empty (and so no deadline).
        before, after = at_kill.get(player.name), player.hellos[0]["view"]
        held = ("drawn", "forfeited", "board", "hand", "kept_jokers")
        if (before is not None and before["hand"] is not None
                and all(before[key] == after[key] for key in held)):
            assert after["deadline"] == before["deadline"], player.name
    # Back on its port, the killed process serves again: lobbies others own, tables of its own.
    node = killed[0]
    cluster.restart(node)
    assert serves(node)
    assert get_lobby(node, code).json()["status"] == "closed"
    table_id, key = node.create(mode="easy")
    with node.socket(table_id) as client:
        final = play_out(client, client.hello(key)["view"])
    assert cluster.owner_of_table(table_id) is node
    check_replay(cluster, table_id, {0: (final, None)})


def test_redis_restarted_mid_game(cluster: Cluster) -> None:
    seats, players = group(cluster)
    figures = play_and_break(players, cluster.restart_redis)
    report("Redis restarted", figures, players)
    check_game(cluster, seats[0].code, players)


def test_postgresql_restarted_mid_game(cluster: Cluster) -> None:
    seats, players = group(cluster)
    figures = play_and_break(players, cluster.restart_postgres)
    report("PostgreSQL restarted", figures, players)
    check_game(cluster, seats[0].code, players)

"""What every cluster scenario checks at its end: the stored log, replayed from the stored
seed (`Table.restore`, as a process taking a table over rebuilds it), ends where the
players' games ended, and tells each seat exactly what its sockets were told."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from klubovna.server.realtime.wire import dumps
from klubovna.server.storage.store import Store
from klubovna.tables import Table
from klubovna.tables.registry import get_game
from klubovna.tables.table import events_for
from tests.cluster.harness import Cluster
from tests.cluster.players import TimedPlayer
from tests.server.lobby_client import Message, Seat, Tracker

Seen = dict[int, tuple[Message, list[Message] | None]]
"""For each table seat: its final view, and every event it was told (None: a fresh view
skipped some)."""


def replayed(store: Store, table_id: str) -> Table:
    """The table rebuilt from what is stored; its versions are 1, 2, ... without a gap."""
    stored = store.load(table_id)
    assert stored is not None, table_id
    assert [entry.version for entry in stored.entries] == list(
        range(1, len(stored.entries) + 1))
    return Table.restore(stored.id, get_game(stored.game), stored.config, stored.seed,
                         stored.key_hashes, stored.entries)


def as_sent(value: Any) -> Any:
    """`value` as a socket carries it (shared view parts spliced in)."""
    return json.loads(dumps(value))


def table_of_lobby(cluster: Cluster, code: str) -> str:
    found = cluster.store().load_lobby(code)
    assert found is not None and found[2] is not None, f"lobby {code} opened no table"
    return found[2]


def check_replay(cluster: Cluster, table_id: str, seen: Seen) -> Table:
    """The replay is over and gives each seat of `seen` the same view and the same events."""
    table = replayed(cluster.store(), table_id)
    assert table.over, f"table {table_id} is not over after {table.version} versions"
    for seat, (view, told) in seen.items():
        assert as_sent(table.game.view(table.state, seat)) == view, f"seat {seat}"
        if told is not None:
            expected = [event for batch in table.event_log for event in events_for(batch, seat)]
            assert as_sent(expected) == told, f"seat {seat}: events differ from the replay"
    return table


def seen_by(trackers: list[Tracker]) -> Seen:
    """What Matematický poker seats' trackers saw."""
    seen: Seen = {}
    for tracker in trackers:
        view = tracker.view
        assert view is not None and not tracker.problems, tracker.problems
        seen[view["seat"]] = (view, tracker.events() if tracker.complete else None)
    return seen


def lost_moves(cluster: Cluster, rooms: list[tuple[Seat, Seat]],
               players: Sequence[TimedPlayer]) -> list[tuple[str, int, int]]:
    """Every move a player was told was confirmed that is not in its table's stored log."""
    store = cluster.store()
    missing = []
    for host, _guest in rooms:
        stored = store.load(table_of_lobby(cluster, host.code))
        assert stored is not None
        logged = {(entry.seat, entry.seq) for entry in stored.entries if entry.kind == "act"}
        for player in players:
            if player.seat.code == host.code:
                seat = player.seat.seat  # a duel's lobby seats are its table's seats
                missing += [(host.code, seat, seq) for seq in player.confirmed
                            if (seat, seq) not in logged]
    return missing

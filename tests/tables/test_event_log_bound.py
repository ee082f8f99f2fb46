"""A table's event log keeps the last versions' events only (issue #34, item 15): all that a
catch-up can ask for (CATCH_UP_VERSIONS), at most twice EVENTS_KEPT, while a computer
player that takes over a seat late in a long game still learns everything the seat saw."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from klubovna.core import Event
from klubovna.tables import Table, hash_key
from klubovna.tables.table import CATCH_UP_VERSIONS, EVENTS_KEPT, events_for
from tests.tables.counting import TAKEN_OVER, registered

T0 = 1_700_000_000_000
LONG = 2 * EVENTS_KEPT + 333
"""Versions of a long game: past the bound at least once."""


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    with registered():
        yield


def long_game() -> tuple[Table, list[list[Event]]]:
    """Two people take turns adding 1 for LONG versions; every version's events kept aside."""
    table = Table("t", TAKEN_OVER, {"seats": 2, "target": 10**9},
                  1, [hash_key("a"), hash_key("b")])
    batches: list[list[Event]] = []

    def play(seat: int, action: dict[str, Any]) -> None:
        step = table.act_for(seat, action, T0)
        batches.append(step.events)
        table.commit(step, T0)

    play(0, {"type": "start"})
    while table.version < LONG:
        seat = next(seat for seat in (0, 1) if TAKEN_OVER.legal(table.state, seat))
        play(seat, {"type": "add", "n": 1})
    return table, batches


def test_the_event_log_is_bounded_and_a_catch_up_still_gets_every_missed_event() -> None:
    table, batches = long_game()
    assert EVENTS_KEPT >= CATCH_UP_VERSIONS
    assert len(table.event_log) <= 2 * EVENTS_KEPT < table.version
    since = table.version - CATCH_UP_VERSIONS  # the furthest a catch-up reaches back
    for seat in (0, 1):
        caught_up = table.view_message(seat, T0, since=since)
        assert caught_up["after"] == since
        assert caught_up["events"] == [event for batch in batches[since:]
                                       for event in events_for(batch, seat)]
        fresh = table.view_message(seat, T0, since=since - 1)  # too far: a fresh view
        assert fresh["after"] == table.version and fresh["events"] == []


def test_a_computer_player_taking_over_late_remembers_the_whole_game() -> None:
    table, batches = long_game()
    assert table.events_from > 0  # the oldest events are gone from the event log
    table.commit(table.leave(1, T0), T0)  # TAKEN_OVER: a computer player takes the seat
    assert 1 in table.robots
    seen = [event for batch in batches for event in events_for(batch, 1)]
    assert table.witnessed[1] == seen
    again = Table.restore(table.id, table.game, table.config, table.seed, table.key_hashes,
                          list(table.log))
    assert again.witnessed == table.witnessed and len(again.event_log) <= 2 * EVENTS_KEPT

"""A table's log stays bounded: an action that changes nothing is answered but not logged,
and past MAX_LOG entries actions are refused (`log_full`) with nothing logged."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.tables import Table, hash_key
from klubovna.tables.registry import get_game
from klubovna.tables.table import LogEntry

MP = get_game("matematicky-poker")
KP = get_game("kostkovy-poker")
KEY = "k"
T0 = 1_700_000_000_000


def act(table: Table, seq: int, action: dict[str, Any], now: int = T0,
        seat: int = 0) -> list[Any]:
    return table.commit(table.handle(seat, {"t": "act", "seq": seq, "action": action}, now), now)


def started_solo(**config: Any) -> Table:
    table = Table("t", MP, {"mode": "easy", **config}, 7, [hash_key(KEY)])
    act(table, 1, {"type": "start"})
    assert table.game.view(table.state, 0)["hand"] is not None  # a number in hand
    return table


def test_a_draw_with_a_number_in_hand_is_answered_and_not_logged() -> None:
    table = started_solo()
    version, state = table.version, table.state
    step = table.handle(0, {"t": "act", "seq": 2, "action": {"type": "draw"}}, T0 + 10)
    assert step.entry is None
    [(seat, reply)] = table.commit(step, T0 + 10)
    assert seat == 0 and reply["t"] == "view" and reply["ack"] == 2
    assert reply["version"] == version and reply["events"] == []
    assert table.version == version and table.state is state and len(table.log) == version
    # A thousand of them store nothing; the seq counts as seen (a resend is acked again)
    for seq in range(3, 1003):
        assert table.handle(0, {"t": "act", "seq": seq, "action": {"type": "draw"}},
                            T0 + seq).entry is None
    assert table.version == version and table.last_seq[0] == 1002
    [(_, again)] = act(table, 1002, {"type": "draw"})
    assert again["ack"] == 1002
    # ... and the next real move is logged as usual, with its seq.
    cell = next(i for i, v in enumerate(table.game.view(table.state, 0)["board"]) if v is None)
    hand = table.game.view(table.state, 0)["hand"]
    action = ({"type": "place", "cell": cell} if hand["kind"] != "joker"
              else {"type": "joker", "choice": "keep"})
    [(_, placed)] = act(table, 1003, action)
    assert placed["ack"] == 1003 and table.version == version + 1
    assert table.log[-1].seq == 1003


def test_a_noop_after_a_due_deadline_still_settles_it() -> None:
    """The check compares states, so an action whose game also expired a number (its
    `advance`) is logged: the table never drops a deadline's effect."""
    table = started_solo(mode="hard", seconds=5)
    deadline = table.next_deadline()
    assert deadline is not None
    step = table.handle(0, {"t": "act", "seq": 2, "action": {"type": "draw"}}, deadline)
    assert step.entry is not None  # the number in hand expired, the next was dealt
    table.commit(step, deadline)
    assert table.game.view(table.state, 0)["forfeited"] + table.game.view(
        table.state, 0)["kept_jokers"] == 1
    # The tick itself is unaffected: due, logged, settled.
    later = table.next_deadline()
    assert later is not None
    tick = table.tick(later)
    assert tick.entry is not None and tick.entry.kind == "tick"


def test_agreeing_to_stop_twice_is_logged_once() -> None:
    """Kostkový poker: the second `stop` leaves the state equal (its event repeats it)."""
    table = Table("t", KP, {"seats": 2}, 3, [hash_key("a"), hash_key("b")])
    act(table, 1, {"type": "start"})
    act(table, 2, {"type": "stop", "agree": True})
    version = table.version
    step = table.handle(0, {"t": "act", "seq": 3, "action": {"type": "stop", "agree": True}},
                        T0)
    assert step.entry is None and step.replies[0][1]["ack"] == 3
    act(table, 4, {"type": "stop", "agree": False})  # taking it back is a change
    assert table.version == version + 1


def test_a_host_action_that_changes_nothing_is_an_empty_step() -> None:
    table = started_solo()
    assert table.act_for(0, {"type": "draw"}, T0).entry is None


def next_move(table: Table) -> dict[str, Any]:
    view = table.game.view(table.state, 0)
    if view["hand"]["kind"] == "joker":
        return {"type": "joker", "choice": "keep"}
    return {"type": "place", "cell": view["board"].index(None)}


def test_past_the_bound_actions_are_refused_and_nothing_is_logged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("klubovna.tables.table.MAX_LOG", 3)
    table = started_solo(mode="hard", seconds=5)
    seq = 1
    while not table.full:
        seq += 1
        act(table, seq, next_move(table), T0 + seq)
    assert table.version == 3
    state = table.state
    [(_, refused)] = act(table, seq + 1, next_move(table), T0 + 100)
    assert refused["code"] == "log_full" and refused["seq"] == seq + 1
    assert "3 moves" in refused["message"]
    with pytest.raises(IllegalAction) as error:
        table.act_for(0, next_move(table), T0 + 100)
    assert error.value.code == "log_full"
    # No tick either: the sweeper is not asked to settle what could not be stored.
    assert table.next_deadline() is None and table.tick(T0 + 10**9).entry is None
    assert table.state is state and table.version == 3
    # Leaving still closes the seat (at most one entry per seat).
    table.commit(table.leave(0, T0 + 200), T0 + 200)
    assert table.version == 4 and table.log[-1] == LogEntry(4, "leave", T0 + 200, seat=0)

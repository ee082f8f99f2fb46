"""A seat that left is closed at its table: its key opens nothing, its moves are refused,
and the log says so, so a restored table keeps it closed."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.tables import LogEntry, Table, hash_key
from klubovna.tables.registry import get_game

MP = get_game("matematicky-poker")
KP = get_game("kostkovy-poker")
T0 = 1_700_000_000_000
KEYS = ["key-a", "key-b", "key-c"]


def table_of(game: Any, config: dict[str, Any], seats: int) -> Table:
    table = Table("t", game, config, 5, [hash_key(key) for key in KEYS[:seats]])
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    return table


def restored(table: Table) -> Table:
    return Table.restore(table.id, table.game, table.config, table.seed, table.key_hashes,
                         list(table.log))


def send(table: Table, seat: int, message: dict[str, Any], now: int = T0 + 1) -> Any:
    [(to, reply)] = table.commit(table.handle(seat, message, now), now)
    assert to == seat
    return reply


@pytest.mark.parametrize(("game", "config", "seats"), [
    (KP, {"seats": 3, "seconds": 30}, 3),
    (MP, {"variant": "duel", "mode": "easy"}, 2),
])
def test_a_seat_that_left_is_closed_and_stays_closed(
    game: Any, config: dict[str, Any], seats: int
) -> None:
    table = table_of(game, config, seats)
    assert table.seat_for_key(KEYS[1]) == 1
    step = table.leave(1, T0 + 1)
    assert step.entry == LogEntry(2, "leave", T0 + 1, seat=1)
    table.commit(step, T0 + 1)
    for each in (table, restored(table)):
        assert each.closed == {1}
        assert each.seat_for_key(KEYS[1]) is None  # its key opens nothing any more
        assert each.seat_for_key(KEYS[0]) == 0
        legal = each.game.legal(each.state, 1) or [{"type": "check"}]
        refused = send(each, 1, {"t": "act", "seq": 5, "action": legal[0]})
        assert refused["code"] == "left_game" and refused["seq"] == 5
        hello = send(each, 1, {"t": "hello", "key": KEYS[1]})
        assert hello["code"] == "bad_key"
        with pytest.raises(IllegalAction) as error:
            each.leave(1, T0 + 2)
        assert error.value.code == "left_game"
    assert restored(table).state == table.state


def test_matematicky_poker_is_told_kostkovy_poker_plays_on() -> None:
    """The game's own leave, where it has one: a duel's seat is then finished (`left`)."""
    duel = table_of(MP, {"variant": "duel", "mode": "easy"}, 2)
    duel.commit(duel.leave(1, T0 + 1), T0 + 1)
    assert duel.state.players[1].left and duel.event_log[-1][0] == {"type": "left", "seat": 1}
    kp = table_of(KP, {"seats": 3}, 3)
    state = kp.state
    kp.commit(kp.leave(2, T0 + 1), T0 + 1)
    assert kp.version == 2 and not kp.over
    if not hasattr(KP, "leave"):  # (until its engine has `leave`: the timer plays for it)
        assert kp.state is state


def test_a_lobby_leave_logged_as_a_host_action_closes_the_seat_too() -> None:
    """Before `leave` entries a lobby's leave was the host's `leave` action: such a stored
    log restores with the seat closed."""
    table = table_of(MP, {"variant": "duel", "mode": "easy"}, 2)
    table.commit(table.act_for(1, {"type": "leave"}, T0 + 1), T0 + 1)
    assert restored(table).closed == {1}


def test_leave_is_the_lobbys_not_a_client_action() -> None:
    table = table_of(MP, {"variant": "duel", "mode": "easy"}, 2)
    refused = send(table, 1, {"t": "act", "seq": 1, "action": {"type": "leave"}})
    assert refused["code"] == "leave_in_lobby" and table.version == 1 and not table.closed


def test_a_one_seat_table_takes_the_games_own_leave() -> None:
    """No lobby holds a solo table: its `leave` is the game's (the solo game ends there)."""
    solo = table_of(MP, {"mode": "easy"}, 1)
    step = solo.handle(0, {"t": "act", "seq": 1, "action": {"type": "start"}}, T0 + 1)
    solo.commit(step, T0 + 1)
    step = solo.handle(0, {"t": "act", "seq": 2, "action": {"type": "leave"}}, T0 + 2)
    assert step.entry is not None
    solo.commit(step, T0 + 2)
    assert solo.over and solo.state.players[0].left

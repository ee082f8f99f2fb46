"""Turn-based rooms (issue #38 part 1; klubovna/tables/turns.py, docs/decisions/0162): a
room's time per move in days, the person the game waits for leaving when it runs out, and
the deadline the store keeps for a table nobody has open."""

from __future__ import annotations

import pytest

from klubovna.core import IllegalAction
from klubovna.tables import Lobby
from klubovna.tables.registry import entry
from klubovna.tables.table import Table, game_config
from klubovna.tables.turns import DAY_MS, TURNS, turns_config

T0 = 1_800_000_000_000


def lobby(game: str = "locus-poker", kind: str = "duel", days: int | None = 2,
          settings: dict | None = None) -> Lobby:
    room = Lobby.open("ABCDEF", game, kind, "Ada", "hash-a", T0, settings=settings,
                      days_per_move=days)
    room.join("Bob", "hash-b", T0 + 1)
    return room


def table_of(room: Lobby, now: int) -> Table:
    config = room.start(0, now)
    return Table("t1", entry(room.game).game, config, 7, room.key_hashes())


def commit(table: Table, step, now: int) -> None:  # type: ignore[no-untyped-def]
    assert step.entry is not None
    table.commit(step, now)


def started(days: int = 2) -> Table:
    table = table_of(lobby(days=days), T0 + 10)
    commit(table, table.act_for(0, {"type": "start"}, T0 + 20),
           T0 + 20)
    return table


def test_a_turn_based_room_gives_its_table_the_time_per_move() -> None:
    room = lobby(days=14)
    waiting_idle = room.idle_ms
    config = room.start(0, T0 + 10)
    assert config[TURNS] == {"ms": 14 * DAY_MS, "from": T0 + 10}
    assert TURNS not in game_config(config)  # the engine never sees it
    assert Lobby.from_json(room.to_json()) == room
    assert room.public()["days_per_move"] == 14
    # While it plays, the room lasts longer than a move may take (waiting, its own time).
    assert waiting_idle == room.policy.idle_ms < room.idle_ms == 15 * DAY_MS
    assert not room.expired(T0 + 10 + 14 * DAY_MS)
    assert room.expired(T0 + 10 + 15 * DAY_MS)


def test_a_live_room_has_no_time_per_move() -> None:
    table = table_of(lobby(days=None), T0 + 10)
    assert TURNS not in table.config
    commit(table, table.act_for(0, {"type": "start"}, T0 + 20), T0 + 20)
    assert table.waiting_since == {} and table.next_deadline() is None
    assert table.tick(T0 + 100 * DAY_MS).entry is None


@pytest.mark.parametrize(("game", "kind", "settings"), [
    ("kostkovy-poker", "table", {"seats": 2}),
    ("matematicky-poker", "duel", None),
    ("matematicky-poker", "group", None),
])
def test_games_played_at_once_refuse_days_per_move(game: str, kind: str,
                                                   settings: dict | None) -> None:
    with pytest.raises(IllegalAction) as refused:
        Lobby.open("ABCDEF", game, kind, "Ada", "hash-a", T0, settings=settings,
                   days_per_move=1)
    assert refused.value.code == "bad_config"


@pytest.mark.parametrize("days", [0, 15, -1])
def test_days_per_move_outside_one_to_fourteen_are_refused(days: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        lobby(days=days)
    assert refused.value.code == "bad_config"
    with pytest.raises(ValueError):
        turns_config(days, T0)


def test_the_person_waited_for_has_the_time_from_when_the_wait_began() -> None:
    table = started(days=2)
    waited = table.waiting_since
    assert list(waited) == table.game.view(table.state, None)["turn"]  # one seat
    assert list(waited.values()) == [T0 + 20]
    assert table.move_deadline() == T0 + 20 + 2 * DAY_MS
    assert table.next_deadline() == T0 + 20 + 2 * DAY_MS
    # Nothing is due a moment before; a move a day later is the seat's own.
    assert table.tick(T0 + 20 + 2 * DAY_MS - 1).entry is None
    seat = table.late_seat()
    assert seat is not None
    move = table.game.legal(table.state, seat)[0]
    step = table.act_for(seat, move, T0 + DAY_MS)
    assert table.move_deadline_after(step) == T0 + DAY_MS + 2 * DAY_MS
    commit(table, step, T0 + DAY_MS)
    other = 1 - seat
    assert table.waiting_since == {other: T0 + DAY_MS}
    assert table.move_deadline() == T0 + 3 * DAY_MS


def test_one_who_lets_the_time_run_out_leaves_as_the_game_says() -> None:
    table = started(days=1)
    seat = table.late_seat()
    assert seat is not None
    due = table.move_deadline()
    assert due is not None
    step = table.tick(due)
    assert step.entry is not None and (step.entry.kind, step.entry.seat) == ("leave", seat)
    assert table.move_deadline_after(step) is None  # Locus Poker ends: nobody waited for
    commit(table, step, due)
    assert seat in table.closed and table.over
    result = table.game.result(table.state)
    assert result is not None
    places = {o.seat: o.place for o in table.game.outcomes(result)}
    assert places[seat] > places[1 - seat]  # the leaver is last (Locus Poker's "end")
    assert table.next_deadline() is None and table.tick(due + DAY_MS).entry is None


def test_a_restored_table_keeps_each_seats_time() -> None:
    table = started(days=2)
    seat = table.late_seat()
    assert seat is not None
    move = table.game.legal(table.state, seat)[0]
    commit(table, table.act_for(seat, move, T0 + 5000), T0 + 5000)
    again = Table.restore("t1", table.game, table.config, table.seed, table.key_hashes,
                          table.log)
    assert again.waiting_since == table.waiting_since
    assert again.next_deadline() == table.next_deadline() == T0 + 5000 + 2 * DAY_MS


def test_mathesso_hands_a_late_seat_to_the_computer_and_plays_on() -> None:
    room = lobby("mathesso", "table", days=1, settings={"seats": 3})
    table = table_of(room, T0 + 10)
    commit(table, table.act_for(0, {"type": "start"}, T0 + 20),
           T0 + 20)
    while table.late_seat() is None and not table.over:  # the computer player moves first
        commit(table, table.robot_step(T0 + 30), T0 + 30)
    seat = table.late_seat()
    assert seat is not None and seat not in table.robots
    due = table.move_deadline()
    assert due is not None
    commit(table, table.tick(due), due)
    assert seat in table.closed and seat in table.robots and not table.over

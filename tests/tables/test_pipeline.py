"""The one step pipeline (tables/pipeline.py): the steps come one at a time, each made after
the previous one was committed, and the same guards hold for every host."""

from __future__ import annotations

import json
from typing import Any

import pytest

from klubovna.tables import Table, hash_key
from klubovna.tables.local import LocalHost
from klubovna.tables.pipeline import MAX_ROBOT_MOVES, InternalError, run, steps
from klubovna.tables.table import Step
from tests.tables.counting import COUNTING

T0 = 1_700_000_000_000


def counting(robots: dict[str, str], seats: int = 3, target: int = 12) -> Table:
    keys = [hash_key(f"k{seat}") for seat in range(seats)]
    return Table("t", COUNTING, {"seats": seats, "target": target, "robots": robots}, 1, keys)


def act(seq: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"t": "act", "seq": seq, "action": action}


def test_each_step_is_made_after_the_previous_one_is_committed() -> None:
    """What lets the hub store a step before the next exists: a computer player's move is
    chosen from the state the previous step left."""
    table = counting({"1": "rememberer", "2": "rememberer"})
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    seen: list[tuple[int, int | None]] = []
    move = act(1, {"type": "add", "n": 1})
    for step in steps(table, T0, lambda now: table.handle(0, move, now)):
        seen.append((table.version, None if step.entry is None else step.entry.version))
        table.commit(step, T0)
    # tick (nothing due), the move, then the two robots' moves up to seat 0's turn again
    assert seen == [(1, None), (1, 2), (2, 3), (3, 4)]
    assert table.game.view(table.state, 0)["turn"] == [0]


def robots_alone() -> Table:
    """A started table whose only person (seat 0) left to a computer player."""
    table = counting({"1": "rememberer", "2": "rememberer"}, target=10**9)
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    table.closed.add(0)  # (seat 0 gone: nobody stops them)
    table.robots[0] = table.robots[1]
    table.witnessed[0] = []
    return table


def test_computer_players_never_play_for_nobody() -> None:
    """Once no person holds a seat, no computer player moves (issue #34, item 2): the table
    is over for its hosts (the server abandons it)."""
    table = robots_alone()
    assert table.unattended and table.people == []
    run(table, T0)
    assert table.version == 1 and not table.robots_due()


def test_computer_players_stop_after_max_robot_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computer players never play on without end within one message, even where a person
    still watches (one who is out of the game, say)."""
    table = robots_alone()
    monkeypatch.setattr(Table, "unattended", property(lambda self: False))
    run(table, T0)
    assert table.version == 1 + MAX_ROBOT_MOVES


def test_a_failing_computer_player_stops_there_and_the_persons_move_stands(
    caplog: pytest.LogCaptureFixture,
) -> None:
    host = LocalHost()
    host.create("t", json.dumps({"game": "counting", "seats": 2, "robots": {"1": "broken"}}),
                1, "k")
    out = json.loads(host.handle_seat("t", 0, json.dumps(act(1, {"type": "start"})), T0))
    assert [m["t"] for m in out["0"]] == ["view"] and out["0"][0]["ack"] == 1
    out = json.loads(host.handle_seat("t", 0, json.dumps(act(2, {"type": "add", "n": 2})), T0))
    assert out["0"][-1]["view"]["total"] == 2  # stands; the robot's turn, it failed
    assert host.tables["t"].version == 2
    assert "a bug in the bot" in caplog.text


class Faulty:
    """COUNTING, but `apply` raises a plain error on adding 2."""

    def __getattr__(self, name: str) -> Any:
        return getattr(COUNTING, name)

    def apply(self, state: Any, seat: int, action: Any, now: int) -> Any:
        if action.get("n") == 2:
            raise KeyError("a bug in the rules")
        return COUNTING.apply(state, seat, action, now)


def test_a_game_that_raises_is_an_internal_error_and_nothing_is_committed() -> None:
    table = counting({})
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    table.game = Faulty()  # type: ignore[assignment]
    with pytest.raises(InternalError):
        run(table, T0, lambda now: table.handle(0, act(1, {"type": "add", "n": 2}), now))
    assert table.version == 1 and table.last_seq[0] == 0
    # LocalHost answers it to the sender as the server does
    host = LocalHost()
    host.tables["t"] = table
    out = json.loads(host.handle_seat("t", 0, json.dumps(act(1, {"type": "add", "n": 2})), T0))
    assert out["0"] == [{"t": "error", "seq": 1, "code": "internal",
                         "message": "The server failed on this message; please try again."}]
    assert table.version == 1


def test_an_empty_message_step_is_still_delivered() -> None:
    """A refused action has no entry, only a reply: the pipeline yields it all the same."""
    table = counting({})
    out = run(table, T0, lambda now: table.handle(0, act(1, {"type": "add", "n": 1}), now))
    assert [(seat, m["code"]) for seat, m in out] == [(0, "not_allowed")]
    assert isinstance(Step(), Step) and table.version == 0

"""Computer players at a table: seated from the config, moving from their views, replayed
exactly from the log, never starting a game themselves."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.tables import Table, hash_key
from klubovna.tables.local import LocalHost
from klubovna.tables.registry import get_game

KP = get_game("kostkovy-poker")


def request(**robots: str) -> str:
    return json.dumps({"game": "kostkovy-poker", "seats": 1 + len(robots), "chips": 20,
                       "robots": robots})


def my_move(view: dict[str, Any]) -> dict[str, Any]:
    """A plain human: keeps the first die, checks or calls."""
    actions = view["actions"]
    if "keep" in actions:
        return {"type": "keep", "dice": [0]}
    return {"type": "check" if "check" in actions else "call"}


def play_to_the_end(host: LocalHost, table_id: str) -> dict[str, Any]:
    [hello] = json.loads(host.handle(table_id, json.dumps({"t": "hello", "key": "k"}), 0))
    assert hello["view"]["started"] is False  # nobody but the person starts
    view = hello["view"]
    for seq in range(1, 500):
        if view["game_over"]:
            return view
        action = {"type": "start"} if not view["started"] else my_move(view)
        out = json.loads(host.handle(table_id, json.dumps(
            {"t": "act", "seq": seq, "action": action}), 1000 * seq))
        assert out and all(m["t"] == "view" for m in out), out
        assert out[0]["ack"] == seq
        view = out[-1]["view"]
    raise AssertionError("the game did not end")


def test_a_game_against_three_computer_players_ends() -> None:
    host = LocalHost()
    created = host.create("t", request(**{"1": "klidny", "2": "chytry", "3": "chytry"}), 11, "k")
    assert json.loads(created)["t"] == "created"
    view = play_to_the_end(host, "t")
    assert sum(p["chips"] for p in view["players"]) == 80
    table = host.tables["t"]
    # Computer moves are logged like any other, so seed + log replays the game exactly.
    robot_moves = [e for e in table.log if e.seat not in (None, 0)]
    assert robot_moves and all(e.seq is None for e in robot_moves)
    again = LocalHost()
    assert json.loads(again.restore(host.export("t")))["t"] == "created"
    assert again.tables["t"].state == table.state


def test_the_same_situation_gets_the_same_computer_move() -> None:
    first, second = LocalHost(), LocalHost()
    for host in (first, second):
        host.create("t", request(**{"1": "chytry"}), 5, "k")
        play_to_the_end(host, "t")
    assert first.tables["t"].log == second.tables["t"].log


@pytest.mark.parametrize(("robots", "message"), [
    ({"1": "nobody"}, "No computer player 'nobody'"),
    ({"7": "chytry"}, "No seat '7'"),
    ({"x": "chytry"}, "No seat 'x'"),
    (["chytry"], "are a {seat: name} object"),
])
def test_bad_robots_are_refused(robots: Any, message: str) -> None:
    with pytest.raises(IllegalAction) as error:
        Table("t", KP, {"seats": 2, "robots": robots}, 1, [hash_key("a"), hash_key("b")])
    assert error.value.code == "bad_config" and message in error.value.message


def test_a_game_without_computer_players_has_none() -> None:
    table = Table("t", KP, {"seats": 2}, 1, [hash_key("a"), hash_key("b")])
    assert table.robot_step(0).entry is None


def test_a_computer_player_who_is_out_lets_the_others_end_by_agreement() -> None:
    """Only the players still in agree to stop; a computer player who is out used to send
    `stop` too, which is refused (`out_of_game`), so no computer player moved again."""
    table = Table("t", KP, {"seats": 3, "chips": 10, "robots": {"1": "klidny", "2": "klidny"}},
                  4, [hash_key("k"), "-", "-"])
    table.commit(table.act_for(0, {"type": "start"}, 0), 0)
    state = table.state
    broke = replace(state.seats[1], chips=0, out=1, in_hand=False, rolled=(), kept=None)
    chips = sum(seat.chips for seat in state.seats)
    seats = (replace(state.seats[0], chips=state.seats[0].chips + state.seats[1].chips),
             broke, state.seats[2])
    table.state = replace(state, seats=seats)  # seat 1 went out in an earlier hand
    assert sum(seat.chips for seat in table.state.seats) == chips
    table.commit(table.act_for(0, {"type": "stop", "agree": True}, 1), 1)
    for now in range(2, 500):
        while (step := table.robot_step(now)).entry is not None:
            table.commit(step, now)
        if table.over:
            break
        view = table.game.view(table.state, 0)
        if view["actions"]:
            table.commit(table.act_for(0, my_move(view), now), now)
    assert table.over and table.state.ended == "agreement"
    assert table.state.seats[2].stop  # the computer player still in agreed
    assert not any(e.seat == 1 for e in table.log)  # the one who is out sent nothing

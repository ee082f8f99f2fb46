"""Table.leave follows the game's `leaver`: "robot" seats the game's default computer
player (logged, so seed + log replays it), "fold" and "end" are the game's own `leave`. No
table ever waits for a player who left."""

from __future__ import annotations

import json
from typing import Any

import pytest

from klubovna.tables import LogEntry, Table, hash_key
from klubovna.tables.local import LocalHost, seat_key
from klubovna.tables.pipeline import run
from klubovna.tables.registry import get_game, register
from tests.tables.counting import COUNTING, ENDING, TAKEN_OVER, Rememberer, TakenOver

T0 = 1_700_000_000_000
KEYS = ["a", "b", "c"]


def started(game: Any, seats: int = 3) -> Table:
    table = Table("t", game, {"seats": seats, "target": 30}, 5,
                  [hash_key(key) for key in KEYS[:seats]])
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    return table


def restored(table: Table) -> Table:
    return Table.restore(table.id, table.game, table.config, table.seed, table.key_hashes,
                         list(table.log))


def test_robot_a_computer_player_takes_the_seat_and_plays_for_it() -> None:
    table = started(TAKEN_OVER)
    table.commit(table.act_for(0, {"type": "add", "n": 1}, T0), T0)  # seat 1's turn now
    step = table.leave(1, T0 + 1)
    assert step.entry == LogEntry(3, "leave", T0 + 1, seat=1) and step.events == []
    run(table, T0 + 1, lambda now: step)
    assert isinstance(table.robots[1], Rememberer) and table.closed == {1}
    assert table.log[-1].seat == 1 and table.log[-1].kind == "act"  # it moved for seat 1
    # it remembers what the seat was sent before it came (the start, seat 0's move)
    assert [e["type"] for e in table.witnessed[1]][:2] == ["started", "added"]
    again = restored(table)
    assert again.robots.keys() == table.robots.keys() and again.state == table.state
    assert again.witnessed == table.witnessed


def test_fold_the_game_leaves_the_seat_out_and_the_others_play_on() -> None:
    table = started(COUNTING)
    table.commit(table.leave(0, T0 + 1), T0 + 1)  # seat 0 was to move
    assert table.state.out == {0} and table.state.turn == 1 and not table.over
    assert table.event_log[-1] == [{"type": "left", "seat": 0}]
    assert 0 not in table.robots
    assert restored(table).state == table.state


def test_end_the_game_ends() -> None:
    table = started(ENDING)
    table.commit(table.leave(2, T0 + 1), T0 + 1)
    assert table.over and table.event_log[-1] == [{"type": "ended", "by": 2}]
    assert restored(table).state == table.state


def test_a_leave_the_game_refuses_changes_nothing_but_closes_the_seat() -> None:
    table = started(COUNTING, seats=3)
    table.commit(table.leave(1, T0 + 1), T0 + 1)
    table.commit(table.leave(2, T0 + 2), T0 + 2)  # the last but one: the game ends
    assert table.over
    state = table.state
    table.commit(table.leave(0, T0 + 3), T0 + 3)  # over: the game refuses, nothing changes
    assert table.state is state and table.closed == {0, 1, 2}


def test_hot_seat_a_person_leaves_and_the_others_play_to_the_end() -> None:
    host = LocalHost()
    request = {"game": "counting", "seats": 3, "target": 9, "robots": {"2": "rememberer"}}
    host.create("t", json.dumps(request), 1, "k")
    start = {"t": "act", "seq": 1, "action": {"type": "start"}}
    json.loads(host.handle_seat("t", 0, json.dumps(start), T0))
    out = json.loads(host.leave("t", 1, T0 + 1))
    assert set(out) == {"0", "1"} and out["1"]  # the leaver gets its last messages too
    assert json.loads(host.handle_seat("t", 1, json.dumps(start), T0))[0]["code"] == "bad_seat"
    table, seq = host.tables["t"], 1
    while not table.over:
        seq += 1
        move = {"t": "act", "seq": seq, "action": {"type": "add", "n": 1}}
        out = json.loads(host.handle_seat("t", 0, json.dumps(move), T0 + seq))
        assert list(out) == ["0"]
    assert table.state.out == {1}
    assert seat_key("k", 1) == "k/1"


KP = get_game("kostkovy-poker")


@pytest.mark.skipif(not hasattr(KP, "leave"), reason="Kostkový poker's leave (h-core) not here")
def test_kostkovy_poker_a_person_leaves_mid_hand_and_the_rest_play_to_the_end() -> None:
    """No timer: a table that waited for the leaver would never end."""
    host = LocalHost()
    request = {"game": "kostkovy-poker", "seats": 3, "chips": 10, "robots": {"2": "klidny"}}
    host.create("t", json.dumps(request), 3, "k")
    table = host.tables["t"]
    run(table, T0, lambda now: table.act_for(0, {"type": "start"}, now))
    host.leave("t", 1, T0 + 1)  # mid-hand: seat 1 had not kept its dice yet
    for seq in range(1, 20_000):
        if table.over:
            break
        legal = [a for a in table.game.legal(table.state, 0) if a.get("type") != "stop"]
        assert legal, "the table waits for somebody who left"
        message = {"t": "act", "seq": seq, "action": legal[0]}
        host.handle_seat("t", 0, json.dumps(message), T0 + 1 + seq)
    assert table.over and table.closed == {1}


def test_a_game_whose_leaver_becomes_a_robot_needs_one() -> None:
    class Lonely(TakenOver):
        name = "counting-lonely"

    with pytest.raises(ValueError, match="counting-lonely"):
        register(Lonely())

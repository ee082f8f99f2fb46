"""Hot seat: LocalHost serves every person's seat of a table on one device, with computer
players beside them. Each message comes back for every person's seat, {seat: [messages]},
and each seat's messages are its own view only (the page shows them to that player)."""

from __future__ import annotations

import json
from typing import Any

from klubovna.tables.local import LocalHost, seat_key

T0 = 1_700_000_000_000
KP = {"game": "kostkovy-poker", "seats": 3, "chips": 10, "robots": {"2": "klidny"}}


def send(host: LocalHost, seat: int, message: dict[str, Any], now: int) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(host.handle_seat("t", seat, json.dumps(message), now))
    assert set(out) == {"0", "1"}, out  # the two people's seats, never the robot's
    for each, messages in out.items():
        assert all(m["t"] != "view" or m["view"]["seat"] == int(each) for m in messages)
    return out


def plain_move(view: dict[str, Any]) -> dict[str, Any]:
    actions = view["actions"]
    if "keep" in actions:
        return {"type": "keep", "dice": [0]}
    return {"type": "check" if "check" in actions else "call"}


def test_two_people_and_a_computer_player_play_kostkovy_poker_to_the_end() -> None:
    host = LocalHost()
    created = json.loads(host.create("t", json.dumps(KP), 8, "k"))
    assert created == {"t": "created", "table": "t", "people": [0, 1]}  # seat 2: the robot
    views: dict[int, dict[str, Any]] = {}
    for seat in (0, 1):
        out = send(host, seat, {"t": "hello", "key": seat_key("k", seat)}, T0)
        views[seat] = out[str(seat)][-1]["view"]
        assert out[str(1 - seat)] == []  # a hello is answered to its seat only
    seqs = {0: 0, 1: 0}
    moved = {0: 0, 1: 0}
    for now in range(T0 + 1, T0 + 5000):
        if views[0]["game_over"]:
            break
        # act for whoever of the two people may act now
        seat = next(s for s in (0, 1) if views[s]["actions"] or not views[s]["started"])
        view = views[seat]
        action = {"type": "start"} if not view["started"] else plain_move(view)
        seqs[seat] += 1
        moved[seat] += 1
        out = send(host, seat, {"t": "act", "seq": seqs[seat], "action": action}, now)
        assert out[str(seat)][0]["ack"] == seqs[seat]
        for each in (0, 1):
            if out[str(each)]:
                views[each] = out[str(each)][-1]["view"]
    assert views[0]["game_over"] and views[1]["game_over"]
    assert moved[0] and moved[1]
    table = host.tables["t"]
    assert {e.seat for e in table.log if e.kind == "act"} == {0, 1, 2}
    # the snapshot restores the hot-seat table, keys and all
    again = LocalHost()
    assert json.loads(again.restore(host.export("t")))["t"] == "created"
    assert again.tables["t"].state == table.state
    assert again.tables["t"].seat_for_key(seat_key("k", 1)) == 1


def test_a_one_person_table_answers_as_before() -> None:
    """`handle` (today's pages) is seat 0's list; a robot's seat is nobody's to play."""
    host = LocalHost()
    host.create("t", json.dumps({**KP, "robots": {"1": "klidny", "2": "klidny"}}), 8, "k")
    [view] = json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), T0))
    assert view["t"] == "view"
    out = json.loads(host.handle_seat("t", 0, json.dumps({"t": "hello", "key": "k"}), T0))
    assert list(out) == ["0"]
    [error] = json.loads(host.handle_seat("t", 1, json.dumps({"t": "hello", "key": "k"}), T0))
    assert error["code"] == "bad_seat"
    [error] = json.loads(host.handle_seat("nope", 0, "{}", T0))
    assert error["code"] == "unknown_table"

"""LocalHost (the engine worker's tables): export and restore, as after a page reload."""

from __future__ import annotations

import doctest
import json
from typing import Any

from klubovna.tables import hash_key
from klubovna.tables.local import LocalHost
from tests.toy import nim

T0 = 1_700_000_000_000
REQUEST = {"game": "matematicky-poker", "mode": "hard", "table": "adjacent", "seconds": 5}


def send(host: LocalHost, message: dict[str, Any], now: int = T0) -> list[Any]:
    out: list[Any] = json.loads(host.handle("t1", json.dumps(message), now))
    return out


def hello(host: LocalHost, now: int = T0) -> dict[str, Any]:
    [view] = send(host, {"t": "hello", "key": "k"}, now)
    assert view["t"] == "view"
    return view


def place_or_keep(view: dict[str, Any]) -> dict[str, Any]:
    if view["hand"]["kind"] == "joker":
        return {"type": "joker", "choice": "keep"}
    return {"type": "place", "cell": view["board"].index(None)}


def test_export_and_restore_continue_the_game() -> None:
    host = LocalHost()
    assert json.loads(host.create("t1", json.dumps(REQUEST), 7, "k"))["t"] == "created"
    view = send(host, {"t": "act", "seq": 1, "action": {"type": "start"}})[-1]
    seq = 1
    for _ in range(3):
        seq += 1
        view = send(host, {"t": "act", "seq": seq, "action": place_or_keep(view["view"])})[-1]
        assert view["ack"] == seq
    # A hard-mode deadline expires: a tick entry in the log.
    deadline = host.next_deadline()
    assert deadline is not None
    ticked = json.loads(host.tick(deadline))["t1"]["0"]  # {table: {seat: messages}}
    assert ticked and ticked[-1]["version"] == view["version"] + 1

    snapshot = host.export("t1")
    data = json.loads(snapshot)
    assert data["request"] == REQUEST and data["seed"] == 7
    assert data["key_hashes"] == [hash_key("k")]
    assert [entry["kind"] for entry in data["log"]].count("tick") == 1

    again = LocalHost()
    assert json.loads(again.restore(snapshot)) == {"t": "created", "table": "t1", "people": [0]}
    now = deadline + 1
    before, after = hello(host, now), hello(again, now)
    assert after == before and after["version"] == len(data["log"])
    assert again.next_deadline() == host.next_deadline()

    # A resent action is recognised (last_seq comes back from the log) ...
    [resent] = send(again, {"t": "act", "seq": seq, "action": {"type": "start"}}, now)
    assert resent["t"] == "view" and resent["ack"] == seq
    assert resent["version"] == before["version"]
    # ... and the next one plays on both hosts alike.
    move = {"t": "act", "seq": seq + 1, "action": place_or_keep(after["view"])}
    assert send(again, move, now) == send(host, move, now)
    assert json.loads(again.export("t1"))["log"] == json.loads(host.export("t1"))["log"]


def test_restore_refuses_a_broken_snapshot() -> None:
    host = LocalHost()
    for bad in ["[]", "{}", '{"id": "t", "request": {"game": "nope"}, "seed": 1,'
                ' "key_hash": "x", "log": []}', "not json"]:
        reply = json.loads(host.restore(bad))
        assert reply["t"] == "error" and reply["seq"] is None, bad
    assert host.tables == {}
    assert json.loads(host.export("missing"))[0]["code"] == "unknown_table"


def test_games_played_again_locally_alternate_the_first_player() -> None:
    """The page keeps one `series` for its games played again and counts `round` (as
    LpPage does); each game has a seed of its own."""
    for series in range(6):
        firsts = []
        for round_ in (1, 2, 3, 4):
            host = LocalHost()
            request = {"game": "locus-poker", "grid": "6x5", "round": round_,
                       "series": series, "robots": {"1": "pepik"}}
            created = json.loads(host.create("t1", json.dumps(request),
                                             series * 97 + round_, "k"))
            assert created["t"] == "created", created
            firsts.append(hello(host)["view"]["starter"])
        assert firsts in ([0, 1, 0, 1], [1, 0, 1, 0]), (series, firsts)


def test_doctests() -> None:
    from klubovna.tables import local

    assert doctest.testmod(local).failed == 0


def test_replay_of_a_local_game_against_the_computer() -> None:
    """A Nim game against the computer, played through the host to its end: the replay is
    the person's, ends on the view the person holds, and a computer player's seat has
    none (nobody at this device sits there)."""
    host = LocalHost()
    request = {"game": "nim", "seats": 2, "heaps": 2, "robots": {"1": "random"}}
    with nim.registered():
        host.create("t1", json.dumps(request), 3, "k")
        assert json.loads(host.replay("t1", 0))["code"] == "not_over"
        view = send(host, {"t": "act", "seq": 1, "action": {"type": "start"}})[-1]["view"]
        seq = 1
        while not view["over"]:
            seq += 1
            heap = next(i for i, stones in enumerate(view["heaps"]) if stones)
            move = {"type": "take", "heap": heap, "count": 1}
            view = send(host, {"t": "act", "seq": seq, "action": move})[-1]["view"]
        shown = json.loads(host.replay("t1", 0))
    assert shown["frames"][-1] == hello(host)["view"] == view
    assert len(shown["frames"]) == len(json.loads(host.export("t1"))["log"]) + 1
    assert [m["action"] is None for m in shown["moves"]] == [m["seat"] == 1 for m in shown["moves"]]
    assert json.loads(host.replay("t1", 1))["code"] == "bad_seat"
    assert json.loads(host.replay("t2", 0))["code"] == "unknown_table"

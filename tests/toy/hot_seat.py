"""A Nim hot-seat game through the browser's host (klubovna.tables.local.LocalHost): two
people on one device and a computer player, played to its end.

Standard library and the pure packages only, so the very same game runs under CPython
(tests/toy/test_nim_modes.py) and under Pyodide, as in the browser's worker
(tests/test_pyodide.py). Importing tests.toy.nim registers Nim, as a plug-in does.
"""

from __future__ import annotations

import json
from typing import Any

from klubovna.core import Rng
from klubovna.tables.local import LocalHost, seat_key
from tests.toy.nim.bots import PERFECT

NOW = 1_700_000_000_000
PEOPLE = (0, 1)
REQUEST = {"game": "nim", "seats": 3, "heaps": 2, "robots": {"2": "random"}}
"""Seats 0 and 1 are people, seat 2 the random computer player."""


def messages_of(answer: str) -> dict[int, list[dict[str, Any]]]:
    """The host's answer, {seat: [messages]}."""
    return {int(seat): list(messages) for seat, messages in json.loads(answer).items()}


def play(seed: int = 11, turns: int = 60) -> dict[str, Any]:
    """Play the game; each message a person's seat causes must reach both people's seats
    (never the computer's). Returns the actions the people sent and each person's last
    view (JSON-ready), for a caller to compare runtimes; AssertionError when the host
    misbehaves or the game does not end within `turns` people's moves."""
    host = LocalHost()
    created = json.loads(host.create("t1", json.dumps(REQUEST), seed, "k"))
    assert created["t"] == "created", created
    views: dict[int, dict[str, Any]] = {}
    for seat in PEOPLE:
        hello = json.dumps({"t": "hello", "key": seat_key("k", seat)})
        out = messages_of(host.handle_seat("t1", seat, hello, NOW))
        assert set(out) == set(PEOPLE) and [m["t"] for m in out[seat]] == ["view"], out
        views[seat] = out[seat][-1]["view"]
    seq = [0, 0]
    sent: list[list[Any]] = []
    for _ in range(turns):
        if views[0]["over"]:
            break
        seat = next((s for s in PEOPLE if s in views[s]["turn"]), None)
        assert seat is not None, views
        seq[seat] += 1
        action = (PERFECT.choose(views[seat], [], Rng(seq[seat])) if views[seat]["started"]
                  else {"type": "start"})
        sent.append([seat, action])
        out = messages_of(host.handle_seat("t1", seat, json.dumps(
            {"t": "act", "seq": seq[seat], "action": action}), NOW))
        assert set(out) == set(PEOPLE), out  # the people's seats, never the computer's
        for each, messages in out.items():
            shown = [m["view"] for m in messages if m["t"] == "view"]
            views[each] = shown[-1] if shown else views[each]
    assert views[0]["over"] and views[1]["over"], views
    return {"sent": sent, "views": [views[seat] for seat in PEOPLE]}

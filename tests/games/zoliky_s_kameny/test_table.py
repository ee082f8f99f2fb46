"""A round against the computer through the browser's host (klubovna.tables.local, the
same Table the server runs): the person plays the hint (the best move, else draws), Těžká
answers from its view, the round ends with a result, and seed + log replay it exactly."""

from __future__ import annotations

import json
from typing import Any

from klubovna.tables.local import LocalHost
from tests.games.zoliky_s_kameny.test_properties import hint


def test_a_round_against_tezka_in_the_browsers_host() -> None:
    host = LocalHost()
    request = json.dumps({"game": "zoliky-s-kameny", "seats": 2, "robots": {"1": "tezka"}})
    assert json.loads(host.create("t", request, 7, "k"))["t"] == "created"
    [hello] = json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))
    view: dict[str, Any] = hello["view"]
    for seq in range(1, 400):
        if view["over"]:
            break
        action = {"type": "start"} if not view["started"] else hint(view)
        out = json.loads(host.handle("t", json.dumps(
            {"t": "act", "seq": seq, "action": action}), 1000 * seq))
        assert out and all(m["t"] == "view" for m in out), out
        view = out[-1]["view"]
    assert view["over"] and view["result"]["reason"] in ("out", "blocked")
    assert len(view["result"]["racks"]) == 2  # both racks shown at the end
    again = LocalHost()
    assert json.loads(again.restore(host.export("t")))["t"] == "created"
    assert again.tables["t"].state == host.tables["t"].state

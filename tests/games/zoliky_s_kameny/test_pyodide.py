"""The Žolíky s kameny engine, its search and its computer players run unchanged under
Pyodide (Python in WebAssembly, in Node) and give exactly what CPython gives: a whole
round of Lehká against Střední, and the best moves of a few golden positions."""

from __future__ import annotations

import json

from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI
from klubovna.core import Rng
from klubovna.games.zoliky_s_kameny import ENGINE, best_move
from tests.pyodide_run import in_pyodide
from tests.vectors import vector_path

POSITIONS = 5

WORKLOAD = """
from klubovna.core import Rng
from klubovna.games.zoliky_s_kameny import ENGINE, best_move
from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI

def round_text():
    players = [LEHKA, STREDNI]
    state, _ = ENGINE.apply(ENGINE.new({}, 3), 0, {"type": "start"}, 0)
    while not state.over:
        seat = state.turn
        action = players[seat].choose(ENGINE.view(state, seat), (), Rng(seat))
        state, _ = ENGINE.apply(state, seat, action, 0)
    return ENGINE.to_text(state)

def moves(positions):
    return [best_move(p["table_sets"], p["rack"], o) for p in positions
            for o in ("tiles", "value")]
"""


def test_pyodide_plays_the_same_round_and_finds_the_same_moves() -> None:
    positions = json.loads(vector_path("zoliky-s-kameny-positions.json").read_text())
    chosen = positions["positions"][:POSITIONS]
    report = in_pyodide(WORKLOAD + f"\nCHOSEN = {json.dumps(chosen)!r}\n",
                        '{"platform": sys.platform, "round": round_text(),'
                        ' "moves": moves(json.loads(CHOSEN))}')

    players = [LEHKA, STREDNI]
    state, _ = ENGINE.apply(ENGINE.new({}, 3), 0, {"type": "start"}, 0)
    while not state.over:
        seat = state.turn
        state, _ = ENGINE.apply(state, seat, players[seat].choose(
            ENGINE.view(state, seat), (), Rng(seat)), 0)
    moves = [list(best_move(p["table_sets"], p["rack"], o)) for p in chosen
             for o in ("tiles", "value")]
    assert report == {"platform": "emscripten", "round": ENGINE.to_text(state),
                      "moves": moves}

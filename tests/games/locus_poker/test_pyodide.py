"""The Locus Poker engine and its computer players run unchanged under Pyodide (Python in
WebAssembly, in Node, as in the browser's worker) and give exactly what CPython gives: a
whole 6×5 game of Karel against Libuše, and Mistr's move (a search) in a few positions."""

from __future__ import annotations

from klubovna.bots.locus_poker import BOTS
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE
from tests.pyodide_run import in_pyodide

WORKLOAD = """
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE
from klubovna.bots.locus_poker import BOTS

def game_text():
    players = [BOTS["karel"], BOTS["libuse"]]
    state, _ = ENGINE.apply(ENGINE.new({"grid": "6x5"}, 3), 0, {"type": "start"}, 0)
    mistr = []
    while not state.over:
        seat = state.turn
        view = ENGINE.view(state, seat)
        if len(state.moves) in (4, 23):
            mistr.append(BOTS["mistr"].choose(view, (), Rng(5)))
        state, _ = ENGINE.apply(state, seat, players[seat].choose(view, (), Rng(seat)), 0)
    return ENGINE.to_text(state), mistr
"""


def test_pyodide_plays_the_same_game_and_searches_alike() -> None:
    report = in_pyodide(WORKLOAD, '{"platform": sys.platform, "game": game_text()}')

    players = [BOTS["karel"], BOTS["libuse"]]
    state, _ = ENGINE.apply(ENGINE.new({"grid": "6x5"}, 3), 0, {"type": "start"}, 0)
    mistr = []
    while not state.over:
        seat = state.turn
        view = ENGINE.view(state, seat)
        if len(state.moves) in (4, 23):
            mistr.append(BOTS["mistr"].choose(view, (), Rng(5)))
        state, _ = ENGINE.apply(state, seat, players[seat].choose(view, (), Rng(seat)), 0)
    assert report == {"platform": "emscripten", "game": [ENGINE.to_text(state), mistr]}

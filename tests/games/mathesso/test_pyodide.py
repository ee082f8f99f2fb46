"""The Mathesso engine and its computer players run unchanged under Pyodide (Python in
WebAssembly, in Node, as in the browser's worker) and give exactly what CPython gives: a
whole Pico game with CJV and factorials of Kotě against Slon, each fed what it witnessed."""

from __future__ import annotations

from klubovna.bots.mathesso import KOTE, SLON
from klubovna.games.mathesso import ENGINE
from tests.bots.mathesso import play_game
from tests.pyodide_run import in_pyodide

CONFIG = {"variant": "pico", "cjv": True, "faktorial": True}
SEED = 11

WORKLOAD = f"""
from klubovna.core import Rng
from klubovna.games.mathesso import ENGINE
from klubovna.bots.mathesso import KOTE, SLON

def game_text():
    players = [KOTE, SLON]
    state, events = ENGINE.apply(ENGINE.new({{"seats": 2, **{CONFIG!r}}}, {SEED}), 0,
                                 {{"type": "start"}}, 0)
    witnessed = list(events)
    rngs = [Rng({SEED} * 8 + seat) for seat in range(2)]
    step = 0
    while not state.over:
        seat = state.current
        action = players[seat].choose(ENGINE.view(state, seat), witnessed, rngs[seat])
        state, events = ENGINE.apply(state, seat, action, step)
        witnessed.extend(events)
        step += 1
    return ENGINE.to_text(state)
"""


def test_pyodide_plays_the_same_game() -> None:
    report = in_pyodide(WORKLOAD, '{"platform": sys.platform, "game": game_text()}')
    state = play_game([KOTE, SLON], SEED, CONFIG)
    assert report == {"platform": "emscripten", "game": ENGINE.to_text(state)}

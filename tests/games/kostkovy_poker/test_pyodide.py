"""The Kostkový poker engine and its computer players run unchanged under Pyodide (Python
3.14 in WebAssembly, in Node) and play exactly the same game as under CPython."""

from __future__ import annotations

from klubovna.bots.kostkovy_poker import CHYTRY, KLIDNY
from klubovna.core import Rng
from klubovna.games.kostkovy_poker import ENGINE
from tests.bots.kostkovy_poker import play_hand
from tests.pyodide_run import in_pyodide

GAME = """
from klubovna.core import Rng
from klubovna.games.kostkovy_poker import ENGINE
from klubovna.bots.kostkovy_poker import CHYTRY, KLIDNY
from tests.bots.kostkovy_poker import play_hand
state, rngs = ENGINE.new({"seats": 3}, 42), [Rng(1), Rng(2), Rng(3)]
while not state.over:
    state, _ = play_hand(state, [CHYTRY, KLIDNY, KLIDNY], rngs)
"""
"""One whole three-seat game, Chytrý against two Klidný; the same code runs on both sides."""


def test_pyodide_plays_the_same_game() -> None:
    report = in_pyodide(GAME, '{"platform": sys.platform, "text": state.to_text()}')

    state, rngs = ENGINE.new({"seats": 3}, 42), [Rng(1), Rng(2), Rng(3)]
    while not state.over:
        state, _ = play_hand(state, [CHYTRY, KLIDNY, KLIDNY], rngs)
    assert report == {"platform": "emscripten", "text": state.to_text()}

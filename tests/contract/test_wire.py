"""The wire's declarations are true (issue 35 item 2): every view, result and action that
random legal play of a club game produces fits the TypedDicts of its folder's wire.py, from
which the web build generates the browser's types (web/build/wire_types.py)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import klubovna.games
from klubovna.tables.registry import REGISTRY, get_game
from tests.contract.play import play
from tests.contract.test_contract import EXAMPLES, views
from tests.wire_check import mismatch

PACKAGES = sorted(info.name for info in pkgutil.iter_modules(klubovna.games.__path__))
"""The club's game folders: each declares its wire."""


def wire(name: str) -> Any:
    return importlib.import_module(f"klubovna.games.{name.replace('-', '_')}.wire")


def test_every_club_game_declares_its_wire() -> None:
    assert PACKAGES and {p.replace("_", "-") for p in PACKAGES} <= set(REGISTRY)
    for package in PACKAGES:
        declared = importlib.import_module(f"klubovna.games.{package}.wire")
        assert {"VIEW", "RESULT", "ACTION"} <= set(vars(declared)), package


@pytest.mark.parametrize("name", [p.replace("_", "-") for p in PACKAGES])
@EXAMPLES
@given(data=st.data())
def test_play_fits_the_wire(name: str, data: st.DataObject) -> None:
    game, declared = get_game(name), wire(name)
    trace = play(game, data, leaves=True)
    for state, _ in trace.states:
        for shown in views(game, state):
            assert mismatch(shown, declared.VIEW) is None, mismatch(shown, declared.VIEW)
        result = game.result(state)
        if result is not None:
            assert mismatch(result, declared.RESULT) is None, mismatch(result, declared.RESULT)
        for seat in range(game.seats(state)):
            for action in game.legal(state, seat):
                assert mismatch(action, declared.ACTION) is None, mismatch(action, declared.ACTION)


def test_the_checker_catches_a_wrong_view() -> None:
    """A view with a field of the wrong type, a missing one or an extra one does not fit."""
    game = get_game("zoliky-s-kameny")
    shown = dict(game.view(game.new({}, 3), 0))
    declared = wire("zoliky-s-kameny").VIEW
    assert mismatch(shown, declared) is None
    assert mismatch({**shown, "pool": "78"}, declared) == "$.pool: '78' is not int"
    assert "lacks ['pool']" in str(mismatch({k: v for k, v in shown.items() if k != "pool"},
                                            declared))
    assert "has no ['secret']" in str(mismatch({**shown, "secret": 1}, declared))
    assert mismatch({**shown, "rack": [[0, 1, 2]]}, declared) is not None

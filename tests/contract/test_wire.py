"""The wire's declarations are true (issue 35 item 2): every view, result and action that
random legal play of a club game produces fits the TypedDicts of its folder's wire.py, from
which the web build generates the browser's types (web/build/wire_types.py)."""

from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

import klubovna.games
from klubovna.games.matematicky_poker.state import shuffled_deck
from klubovna.tables.browser import NotOffered, call
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
        for shown in [*views(game, state), game.view(state, None)]:  # and one who watches
            assert mismatch(shown, declared.VIEW) is None, mismatch(shown, declared.VIEW)
        result = game.result(state)
        if result is not None:
            assert mismatch(result, declared.RESULT) is None, mismatch(result, declared.RESULT)
        for seat in range(game.seats(state)):
            for action in game.legal(state, seat):
                assert mismatch(action, declared.ACTION) is None, mismatch(action, declared.ACTION)


def test_the_checker_catches_a_wrong_view() -> None:
    """A view with a field of the wrong type, a missing one or an extra one does not fit;
    nor does the view of one who watches with a rack, or with a seat."""
    game = get_game("zoliky-s-kameny")
    shown = dict(game.view(game.new({}, 3), 0))
    declared = wire("zoliky-s-kameny").ZkView
    assert mismatch(shown, declared) is None
    assert mismatch({**shown, "pool": "78"}, declared) == "$.pool: '78' is not int"
    assert "lacks ['pool']" in str(mismatch({k: v for k, v in shown.items() if k != "pool"},
                                            declared))
    assert "has no ['secret']" in str(mismatch({**shown, "secret": 1}, declared))
    assert mismatch({**shown, "rack": [[0, 1, 2]]}, declared) is not None
    watched = dict(game.view(game.new({}, 3), None))
    everyone = wire("zoliky-s-kameny").VIEW
    assert mismatch(watched, everyone) is None
    assert mismatch({**watched, "rack": shown["rack"]}, everyone) is not None
    assert mismatch({**watched, "seat": 0}, everyone) is not None


def test_the_browser_gets_only_what_a_game_offers() -> None:
    """The worker's one door (klubovna.tables.browser): a function in the game's table
    answers JSON; any other name, a module path included, is refused by name."""
    assert json.loads(call("matematicky-poker", "shuffled_deck", "[3]")) == list(shuffled_deck(3))
    for name in ("fresh_deck", "state.shuffled_deck", "__class__", ""):
        with pytest.raises(NotOffered, match=f"no function {name!r}"):
            call("matematicky-poker", name, "[]")
    with pytest.raises(NotOffered, match=r"\(it offers: none\)"):
        call("mathesso", "judge", "[]")


def test_the_browser_functions_answer_as_declared() -> None:
    """Each function offered answers in the shape its annotation declares (the generated
    TypeScript signature), on a real rack and table."""
    game = get_game("zoliky-s-kameny")
    state = game.apply(game.new({}, 11), 0, {"type": "start"}, 0)[0]
    view = game.view(state, 0)
    sets = [[[3, 9], [3, 10], [3, 11]]]
    args: dict[str, dict[str, list[Any]]] = {
        "zoliky-s-kameny": {
            "judge": [[0, 1, 2]],
            "check_play": [[], view["rack"], False, sets],
            "best_move": [sets, view["rack"]],
            "best_initial_meld": [view["rack"]],
        },
        "matematicky-poker": {"score_board": [[5] * 25, "school"], "shuffled_deck": [7]},
    }
    for name, calls in args.items():
        offered = REGISTRY[name].browser
        for function, given_args in calls.items():
            answer = json.loads(call(name, function, json.dumps(given_args)))
            declared = get_type_hints(offered[function])["return"]
            assert mismatch(answer, declared) is None, (function, mismatch(answer, declared))

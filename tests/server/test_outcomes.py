"""Each game reads its result per seat (outcomes.py): places, wins, scores and figures as
the results table and the profile's statistics take them."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType
from typing import Any

import pytest

from klubovna.tables.registry import get_game

# The modules themselves: each game's package exports its `outcomes` function under the
# same name, which hides the submodule from `from package import outcomes`.
kp = importlib.import_module("klubovna.games.kostkovy_poker.outcomes")
mp = importlib.import_module("klubovna.games.matematicky_poker.outcomes")


@pytest.mark.parametrize("module", [kp, mp], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_the_engines_carry_their_outcomes_and_rooms() -> None:
    for name, module in (("kostkovy-poker", kp), ("matematicky-poker", mp)):
        game = get_game(name)
        assert game.outcomes is module.outcomes and game.rooms and game.settings


def duel(totals: list[int], filled: list[int], left: tuple[int, ...] = ()) -> dict[str, Any]:
    seats = [{"seat": s, "total": t, "filled": f, "complete": f == 25, "left": s in left}
             for s, (t, f) in enumerate(zip(totals, filled, strict=True))]
    a, b = (totals[0], filled[0]), (totals[1], filled[1])
    return {"variant": "duel", "seats": seats,
            "winner": None if a == b else 0 if a > b else 1}


@pytest.mark.parametrize(("result", "expected"), [
    (duel([120, 80], [25, 25]), [(1, "win"), (2, "loss")]),
    (duel([90, 90], [25, 24]), [(1, "win"), (2, "loss")]),  # more cells: ahead
    (duel([90, 90], [25, 25]), [(1, "draw"), (1, "draw")]),
    (duel([90, 200], [25, 10], left=(1,)), [(2, None), (1, None)]),  # one left: no win
    (duel([90, 0], [25, 0]), [(1, None), (2, None)]),  # one never placed a number
])
def test_a_duel_counts_only_when_both_played_it_out(
    result: dict[str, Any], expected: list[tuple[int, str | None]]
) -> None:
    assert [(o.place, o.outcome) for o in mp.outcomes(result)] == expected


def test_a_shared_first_place_is_a_draw_at_kostkovy_poker() -> None:
    result = {"hands": 9, "chips": 20, "hands_won": [4, 4, 1], "winner": None,
              "standings": [{"seat": 1, "chips": 30, "out": None, "place": 1},
                            {"seat": 0, "chips": 30, "out": None, "place": 1},
                            {"seat": 2, "chips": 0, "out": 6, "place": 3}]}
    rows = [(o.seat, o.place, o.outcome, o.score, o.figures["hands"])
            for o in kp.outcomes(result)]
    assert rows == [(0, 1, "draw", 10, 9), (1, 1, "draw", 10, 9), (2, 3, "loss", -20, 6)]

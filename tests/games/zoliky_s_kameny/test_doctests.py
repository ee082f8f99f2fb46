"""The runnable examples in the Žolíky s kameny engine's docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna.bots.zoliky_s_kameny import lehka, stredni
from klubovna.games import zoliky_s_kameny
from klubovna.games.zoliky_s_kameny import (
    hidden,
    outcomes,
    plays,
    rules,
    search,
    sets,
    state,
    tiles,
    view,
)

MODULES = [zoliky_s_kameny, hidden, outcomes, plays, rules, search, sets, state, tiles, view,
           lehka, stredni]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0, f"{module.__name__} has no runnable example"
    assert outcome.failed == 0

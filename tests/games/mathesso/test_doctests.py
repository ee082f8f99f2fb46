"""The runnable examples in the Mathesso engine's and computer players' docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna import bots
from klubovna.bots.mathesso import memory
from klubovna.games import mathesso
from klubovna.games.mathesso import (
    cards,
    hidden,
    outcomes,
    ritual,
    rules,
    scoring,
    state,
    view,
)

MODULES = [mathesso, cards, hidden, outcomes, ritual, rules, scoring, state, view, memory,
           bots.mathesso]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0, f"{module.__name__} has no runnable example"
    assert outcome.failed == 0

"""The runnable examples in the Locus Poker engine's and bots' docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna.bots import locus_poker as locus_poker_bots
from klubovna.games import locus_poker
from klubovna.games.locus_poker import (
    cards,
    grid,
    hands,
    hidden,
    outcomes,
    rules,
    state,
    view,
)

MODULES = [locus_poker, locus_poker_bots, cards, grid, hands, hidden, outcomes, rules, state, view]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0, f"{module.__name__} has no runnable example"
    assert outcome.failed == 0

"""The runnable examples in the Kostkový poker engine's and computer players' docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna.bots.kostkovy_poker import chytry, courtesy, deals, klidny, seen
from klubovna.games import kostkovy_poker
from klubovna.games.kostkovy_poker import hidden, pots, rules, scoring, state, view
from tests.bots import kostkovy_poker as sparring

MODULES = [
    kostkovy_poker, hidden, pots, rules, scoring, state, view,
    chytry, courtesy, deals, klidny, seen, sparring,
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0, f"{module.__name__} has no runnable example"
    assert outcome.failed == 0

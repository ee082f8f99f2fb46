"""The runnable examples in the engine's docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna.games import matematicky_poker
from klubovna.games.matematicky_poker import hidden, rules, scoring, state, statistics, view
from klubovna.tables import registry  # (get_game's example, from klubovna.games)

MODULES = [registry, matematicky_poker, hidden, rules, scoring, state, statistics, view]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0, f"{module.__name__} has no runnable example"
    assert outcome.failed == 0

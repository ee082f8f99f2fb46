"""The runnable examples in the core's docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from klubovna.core import checks, declarations, engine, rng, rules, statistics, textform

MODULES = [checks, declarations, engine, rng, rules, statistics, textform]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.failed == 0

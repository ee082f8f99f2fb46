"""Nim is registered while each of these tests runs, and not while other tests do (it was
registered when this was imported, as a plug-in registers on import)."""

from collections.abc import Iterator

import pytest

from klubovna.tables.registry import REGISTRY
from tests.toy import nim

REGISTRY.pop(nim.ENGINE.name, None)


@pytest.fixture(autouse=True)
def nim_registered() -> Iterator[None]:
    with nim.registered():
        yield

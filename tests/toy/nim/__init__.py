"""Nim, a toy game defined only in the tests, registered like a real game.

Importing this module registers it (`klubovna.tables.registry.register`): that is all a
server needs to offer it (`KLUBOVNA_PLUGINS=tests.toy.nim`, klubovna/server/config.py).
A web build with the same setting ships these files to the browser's worker, which imports
this module too, and adds the game's pages from `web/entry.ts` (web/build/plugin_games.ts).
In the test process it is registered only while a test that uses it runs (`registered`),
so every other test sees the club's own games alone.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from klubovna.tables.registry import REGISTRY, register

from .bots import BOTS
from .game import ENGINE, State

ENTRY = register(ENGINE, BOTS)


@contextmanager
def registered() -> Iterator[None]:
    """Nim in the registry for the time being (then as before)."""
    before = REGISTRY.get(ENGINE.name)
    register(ENGINE, BOTS)
    try:
        yield
    finally:
        if before is None:
            REGISTRY.pop(ENGINE.name, None)
        else:
            REGISTRY[ENGINE.name] = before


__all__ = ["BOTS", "ENGINE", "ENTRY", "State", "registered"]

"""Nim, a toy game defined only in the tests, registered like a real game.

Importing this module registers it (`klubovna.tables.registry.register`): that is all a
server needs to offer it (`KLUBOVNA_PLUGINS=tests.toy.nim`, klubovna/server/settings.py).
"""

from klubovna.tables.registry import register

from .bots import BOTS
from .game import ENGINE, State

ENTRY = register(ENGINE, BOTS)

__all__ = ["BOTS", "ENGINE", "ENTRY", "State"]

"""Shared pieces every game stands on: seeded randomness, errors, the Game protocol.

Standard library only: this package runs unchanged under Pyodide.
"""

from klubovna.core.errors import IllegalAction
from klubovna.core.game import Event, Game, Json, SharedView, View
from klubovna.core.rng import Rng

__all__ = ["Event", "Game", "IllegalAction", "Json", "Rng", "SharedView", "View"]

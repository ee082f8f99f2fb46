"""Shared pieces every game stands on: seeded randomness, errors, the Game protocol.

Standard library only: this package runs unchanged under Pyodide.

* game.py: the Game protocol every engine implements, and SharedView (a view in parts)
* engine.py: Engine, a game's functions and declarations named one by one, with replay
* declarations.py: what a game declares besides its rules (settings, seats, rooms, leave
  policy, outcomes, the view envelope, public kinds)
* rules.py: the skeleton every game's rules.py shares (config, action shapes, dispatch, grace)
* rounds.py: who begins a game played again (`round`, `series`)
* wire.py: what crosses to the browser, declared once (the envelope every view has)
* statistics.py: the finished recorded games a profile card is made of
* rng.py (SplitMix64), errors.py (IllegalAction), checks.py (input checks), textform.py
  (text-form fields), values.py (the JSON-ready values every layer passes around)
"""

from klubovna.core.errors import IllegalAction
from klubovna.core.game import Event, Game, Json, SharedView, View
from klubovna.core.rng import Rng

__all__ = ["Event", "Game", "IllegalAction", "Json", "Rng", "SharedView", "View"]

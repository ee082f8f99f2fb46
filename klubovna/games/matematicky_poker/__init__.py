"""Matematický poker: draw numbers, write each into a 5x5 grid, score poker lines.
Public names only; the rules are in rules.py, points in scoring.py, views in view.py.

>>> s = ENGINE.new({"table": "school"}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> ENGINE.view(s, 0)["hand"] is not None, ENGINE.result(s)
(True, None)
"""

from __future__ import annotations

from klubovna.core.engine import Engine

from . import rules
from .rules import GRACE_MS
from .scoring import TABLES, score_board, score_line
from .state import Player, State
from .view import points_preview, same_own
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    "matematicky-poker", rules, seat_view, seats=lambda state: len(state.players),
    same_own=same_own,
)
"""The engine object (klubovna.core.Game) of Matematický poker: solo, duel or group."""
from . import outcomes, rooms, settings  # noqa: E402  (until the Engine takes them itself)

ENGINE.settings, ENGINE.rooms, ENGINE.outcomes = (  # type: ignore[attr-defined]
    settings.SETTINGS, rooms.ROOMS, outcomes.outcomes)
replay = ENGINE.replay

__all__ = [
    "ENGINE",
    "GRACE_MS",
    "TABLES",
    "Player",
    "State",
    "points_preview",
    "replay",
    "score_board",
    "score_line",
]

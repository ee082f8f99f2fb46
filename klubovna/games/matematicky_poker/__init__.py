"""Matematický poker: draw numbers, write each into a 5x5 grid, score poker lines.
Public names only; the rules are in rules.py, points in scoring.py, views in view.py,
settings in settings.py.

>>> s = ENGINE.new({"table": "school"}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> ENGINE.view(s, 0)["hand"] is not None, ENGINE.result(s)
(True, None)
"""

from __future__ import annotations

from klubovna.core.engine import Engine
from klubovna.core.rules import GRACE_MS
from klubovna.core.wire import typed_result, typed_view

from . import hidden, outcomes, rooms, rules, statistics
from .scoring import TABLES, score_board, score_line
from .settings import GROUP_SEATS_MAX, SETTINGS
from .state import Player, State
from .view import points_preview, same_own
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    name="matematicky-poker",
    settings=SETTINGS,
    seat_range=(1, GROUP_SEATS_MAX),
    leaver="fold",
    new=rules.new,
    seats=lambda state: len(state.players),
    legal=rules.legal,
    apply=rules.apply,
    advance=rules.advance,
    next_deadline=rules.next_deadline,
    view=typed_view(seat_view),
    result=typed_result(rules.result),
    to_text=State.to_text,
    from_text=State.from_text,
    started=rules.started,
    leave=rules.leave,
    codes=rules.CODES,
    hidden_variants=hidden.hidden_variants,
    rooms=rooms.ROOMS,
    public=rooms.PUBLIC,
    outcomes=outcomes.outcomes,
    statistics=statistics.statistics,
    same_own=same_own,
)
"""The engine object (klubovna.core.Game) of Matematický poker: solo, duel or group."""
replay = ENGINE.replay

__all__ = [
    "ENGINE",
    "GRACE_MS",
    "SETTINGS",
    "TABLES",
    "Player",
    "State",
    "points_preview",
    "replay",
    "score_board",
    "score_line",
]

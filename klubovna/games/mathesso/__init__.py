"""Mathesso, the mathematical memory game, for 1-6 players: find the two cards whose
coloured sides are identical, knowing only their black sides; pairs score by their group,
with multipliers for the same number, zeros, factorials and CJV. Public names only; the
cards are in cards.py, the scoring in scoring.py, the order ritual in ritual.py, the
rules in rules.py, the state in state.py, views in view.py and settings in settings.py.

>>> s = ENGINE.new({"variant": "atto", "seats": 2}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> [first] = ENGINE.view(s, 0)["turn"]
>>> v = ENGINE.view(s, first)
>>> v["remaining"], v["actions"], v["cards"][0]["face"]
(22, ['turn'], None)
>>> score_pairs([{"group": "square", "value": 16}, {"group": "multiplication", "value": 16}])
10
"""

from __future__ import annotations

from klubovna.core.engine import Engine
from klubovna.core.wire import typed_result, typed_view

from . import hidden, outcomes, rooms, rules
from .cards import VARIANTS, Card, Face, catalogue, counts, matches
from .scoring import explain, score_pairs
from .settings import SETTINGS
from .state import SEATS_MAX, SEATS_MIN, State
from .view import GAME_NAME
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    name=GAME_NAME,
    settings=SETTINGS,
    seat_range=(SEATS_MIN, SEATS_MAX),
    leaver="robot",
    new=rules.new,
    seats=lambda state: state.seats,
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
    outcomes=outcomes.outcomes,
)
"""The engine object (klubovna.core.Game) of Mathesso."""
replay = ENGINE.replay

__all__ = [
    "ENGINE",
    "SETTINGS",
    "VARIANTS",
    "Card",
    "Face",
    "State",
    "catalogue",
    "counts",
    "explain",
    "matches",
    "replay",
    "score_pairs",
]

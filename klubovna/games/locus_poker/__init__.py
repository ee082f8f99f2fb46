"""Locus Poker for two: a grid of face-up cards, chips placed face up or face down, each
move scoring the best poker hand around it plus a bonus for the player's own chips nearby.
Public names only; the cards are in cards.py, the hand table in hands.py, the grids in
grid.py, a move's score in scoring.py, the rules in rules.py, the state in state.py, views
in view.py and settings in settings.py.

>>> s = ENGINE.new({"grid": "6x5"}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> v = ENGINE.view(s, s.turn)
>>> len(v["cards"]), v["actions"], v["totals"]
(30, ['play'], [0, 0])
>>> hand_score([[9, 0], [9, 2], [4, 1], [4, 3]], 1)
9
"""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core.engine import Engine
from klubovna.core.wire import typed_result, typed_view

from . import hidden, outcomes, rooms, rules
from .cards import card_from_json
from .grid import GRIDS, areas, dimensions
from .hands import NAMES, best_hand, points
from .scoring import hand_cells, score
from .settings import SETTINGS
from .state import SEATS, Chip, Move, State
from .view import GAME_NAME, preview
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    name=GAME_NAME,
    settings=SETTINGS,
    seat_range=(SEATS, SEATS),
    leaver="end",
    new=rules.new,
    seats=lambda state: SEATS,
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
"""The engine object (klubovna.core.Game) of Locus Poker."""
replay = ENGINE.replay


def hand_score(cards: Sequence[Sequence[int]], wild: int) -> int:
    """The points of the best poker combination of `cards` ([rank 2..14, suit 0..3] each)
    with `wild` (0 or 1) wild cards standing for any rank and suit: the golden vectors'
    function (../shared/vectors/locus-poker-hands.json)."""
    return points([card_from_json(c) for c in cards], wild)


__all__ = [
    "ENGINE",
    "GRIDS",
    "NAMES",
    "SEATS",
    "SETTINGS",
    "Chip",
    "Move",
    "State",
    "areas",
    "best_hand",
    "dimensions",
    "hand_cells",
    "hand_score",
    "points",
    "preview",
    "replay",
    "score",
]

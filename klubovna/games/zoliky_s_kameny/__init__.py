"""Žolíky s kameny (Rummikub) for 2-4 players: groups and runs of numbered tiles, jokers,
the initial meld of 30, and free rearrangement of the table. Public names only; the tiles
are in tiles.py, sets in sets.py, the rules in rules.py, the best-move search in search.py,
the state in state.py, views in view.py and settings in settings.py.

>>> s = ENGINE.new({}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> v = ENGINE.view(s, 0)
>>> v["turn"], len(v["rack"]), v["pool"], v["actions"]
([0], 14, 78, ['play', 'draw'])
>>> s, _ = ENGINE.apply(s, 0, {"type": "draw"}, now=1)
>>> ENGINE.view(s, 1)["players"][0]["tiles"], ENGINE.view(s, 1)["turn"]
(15, [1])
"""

from __future__ import annotations

from klubovna.core.engine import Engine
from klubovna.core.wire import typed_result, typed_view

from . import hidden, outcomes, rooms, rules
from .rules import check_play, judge_play
from .search import MELD_MIN, best_initial_meld, best_move, fits
from .sets import SET_CODES, NotASet, Reading, judge
from .settings import SETTINGS
from .state import RACK_START, SEATS_MAX, SEATS_MIN, Seat, State
from .view import GAME_NAME
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    name=GAME_NAME,
    settings=SETTINGS,
    seat_range=(SEATS_MIN, SEATS_MAX),
    leaver="end",
    new=rules.new,
    seats=lambda state: len(state.seats),
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
"""The engine object (klubovna.core.Game) of Žolíky s kameny."""
replay = ENGINE.replay

__all__ = [
    "ENGINE",
    "MELD_MIN",
    "RACK_START",
    "SETTINGS",
    "SET_CODES",
    "NotASet",
    "Reading",
    "Seat",
    "State",
    "best_initial_meld",
    "best_move",
    "check_play",
    "fits",
    "judge",
    "judge_play",
    "replay",
]

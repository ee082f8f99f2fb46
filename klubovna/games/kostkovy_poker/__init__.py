"""Kostkový poker: dice hold'em for 2-6 players: keep dice face down, bet, show six dice.
Public names only; the rules are in rules.py, values in scoring.py, side pots in pots.py,
the state in state.py, views in view.py and settings in settings.py.

>>> s = ENGINE.new({"seats": 2, "chips": 20}, seed=5)
>>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
>>> ENGINE.view(s, 0)["phase"], len(ENGINE.view(s, 0)["dice"]), ENGINE.view(s, 1)["pot"]
('keep', 5, 2)
>>> s, _ = ENGINE.apply(s, 0, {"type": "keep", "dice": [0, 1]}, now=1)
>>> s, _ = ENGINE.apply(s, 1, {"type": "keep", "dice": [4]}, now=2)
>>> v = ENGINE.view(s, 1)
>>> len(v["table"]), v["bet_size"], [p["kept"] for p in v["players"]], v["pot"]
(2, 2, [2, 1], 4)
"""

from __future__ import annotations

from klubovna.core.engine import Engine
from klubovna.core.rules import GRACE_MS
from klubovna.core.wire import typed_result, typed_view

from . import hidden, outcomes, rooms, rules
from .pots import Pot, side_pots, split
from .rules import (
    action_types,
    default_keep,
    keep_max,
    standings,
    to_move,
)
from .scoring import TRIPLES, VALUE_TABLE, best_line, hand_value, six_value
from .settings import SETTINGS
from .state import BET_SIZES, KEEP_COSTS, MAX_RAISES, SEATS_MAX, SEATS_MIN, Seat, State
from .view import view as seat_view

ENGINE: Engine[State] = Engine(
    name="kostkovy-poker",
    settings=SETTINGS,
    seat_range=(SEATS_MIN, SEATS_MAX),
    leaver="fold",
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
"""The engine object (klubovna.core.Game) of Kostkový poker."""
replay = ENGINE.replay

__all__ = [
    "BET_SIZES",
    "ENGINE",
    "GRACE_MS",
    "KEEP_COSTS",
    "MAX_RAISES",
    "SETTINGS",
    "TRIPLES",
    "VALUE_TABLE",
    "Pot",
    "Seat",
    "State",
    "action_types",
    "best_line",
    "default_keep",
    "hand_value",
    "keep_max",
    "replay",
    "side_pots",
    "six_value",
    "split",
    "standings",
    "to_move",
]

"""Kostkový poker's result read per seat (klubovna.core.declarations.SeatOutcome): the place
by the standings, a win for the one player alone in first place (a draw when several share
it), the chips won or lost as the score, and the hands played and won as figures.

>>> result = {"reason": "last_player", "hands": 7, "chips": 20, "hands_won": [5, 2],
...           "winner": 0, "standings": [{"seat": 0, "chips": 40, "out": None, "place": 1},
...                                      {"seat": 1, "chips": 0, "out": 7, "place": 2}]}
>>> for o in outcomes(result):
...     print(o.seat, o.place, o.outcome, o.score, dict(o.figures))
0 1 win 20 {'hands': 7, 'hands_won': 5, 'chips': 20}
1 2 loss -20 {'hands': 7, 'hands_won': 2, 'chips': -20}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core.declarations import Outcome, SeatOutcome


def outcomes(result: Mapping[str, Any]) -> list[SeatOutcome]:
    """One SeatOutcome per seat, in seat order."""
    firsts = sum(row["place"] == 1 for row in result["standings"])
    out = []
    for row in sorted(result["standings"], key=lambda row: row["seat"]):
        seat = row["seat"]
        outcome: Outcome = "loss" if row["place"] > 1 else "win" if firsts == 1 else "draw"
        chips = int(row["chips"]) - int(result["chips"])
        hands = int(result["hands"] if row["out"] is None else row["out"])
        out.append(SeatOutcome(seat, int(row["place"]), outcome, chips, {
            "hands": hands, "hands_won": int(result["hands_won"][seat]), "chips": chips}))
    return out

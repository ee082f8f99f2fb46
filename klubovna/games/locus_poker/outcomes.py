"""Locus Poker's result read per seat (klubovna.core.declarations.SeatOutcome): the place, a
win, loss or draw, the total as the score, and as figures the total and the margin over
the other player.

>>> result = {"reason": "full", "winner": 1, "left": None, "totals": [80, 95],
...           "standings": [{"seat": 1, "place": 1, "score": 95},
...                         {"seat": 0, "place": 2, "score": 80}]}
>>> for o in outcomes(result):
...     print(o.seat, o.place, o.outcome, o.score, dict(o.figures))
0 2 loss 80 {'score': 80, 'margin': -15}
1 1 win 95 {'score': 95, 'margin': 15}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core.declarations import Outcome, SeatOutcome


def outcomes(result: Mapping[str, Any]) -> list[SeatOutcome]:
    """One SeatOutcome per seat, in seat order."""
    rows = sorted(result["standings"], key=lambda row: row["seat"])
    totals = result["totals"]
    out = []
    for row in rows:
        seat = row["seat"]
        outcome: Outcome = ("draw" if result["winner"] is None
                            else "win" if result["winner"] == seat else "loss")
        margin = int(totals[seat]) - int(totals[1 - seat])
        out.append(SeatOutcome(seat, int(row["place"]), outcome, int(totals[seat]),
                               {"score": int(totals[seat]), "margin": margin}))
    return out

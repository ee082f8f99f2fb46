"""Žolíky s kameny's result read per seat (klubovna.core.declarations.SeatOutcome): the place,
a win for the one player alone in first place (a draw when several share it), the round's
score, and as figures the score, the tiles laid and whether the player went out.

>>> result = {"reason": "out", "winner": 1, "racks": [[[0, 5]], []], "rack_values": [5, 0],
...           "scores": [-5, 5], "laid": [9, 14],
...           "standings": [{"seat": 1, "place": 1, "score": 5},
...                         {"seat": 0, "place": 2, "score": -5}]}
>>> for o in outcomes(result):
...     print(o.seat, o.place, o.outcome, o.score, dict(o.figures))
0 2 loss -5 {'score': -5, 'laid': 9, 'went_out': 0}
1 1 win 5 {'score': 5, 'laid': 14, 'went_out': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core.declarations import Outcome, SeatOutcome


def outcomes(result: Mapping[str, Any]) -> list[SeatOutcome]:
    """One SeatOutcome per seat, in seat order."""
    rows = sorted(result["standings"], key=lambda row: row["seat"])
    firsts = sum(row["place"] == 1 for row in rows)
    out = []
    for row in rows:
        seat = row["seat"]
        outcome: Outcome = "loss" if row["place"] > 1 else "win" if firsts == 1 else "draw"
        went_out = int(result["reason"] == "out" and not result["racks"][seat])
        out.append(SeatOutcome(seat, int(row["place"]), outcome, int(row["score"]), {
            "score": int(row["score"]), "laid": int(result["laid"][seat]), "went_out": went_out}))
    return out

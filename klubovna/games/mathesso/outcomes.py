"""Mathesso's result read per seat (klubovna.core.declarations.SeatOutcome): the place by points
(by pairs in Atto), a win for the one player alone in first place (a draw when several
share it; no outcome for a game played alone), the points as the score, and the pairs,
points and Sheldons as figures.

>>> result = {"scored": True, "standings": [
...     {"seat": 0, "place": 2, "points": 10, "pairs": 6, "sheldons": 0},
...     {"seat": 1, "place": 1, "points": 14, "pairs": 5, "sheldons": 1}]}
>>> for o in outcomes(result):
...     print(o.seat, o.place, o.outcome, o.score, dict(o.figures))
0 2 loss 10 {'pairs': 6, 'points': 10, 'sheldons': 0}
1 1 win 14 {'pairs': 5, 'points': 14, 'sheldons': 1}
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
        outcome: Outcome | None = (None if len(rows) == 1 else "loss" if row["place"] > 1
                                   else "win" if firsts == 1 else "draw")
        out.append(SeatOutcome(int(row["seat"]), int(row["place"]), outcome,
                               int(row["points"]), {"pairs": int(row["pairs"]),
                                                    "points": int(row["points"]),
                                                    "sheldons": int(row["sheldons"])}))
    return out

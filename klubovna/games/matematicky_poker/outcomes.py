"""Matematický poker's result read per seat (klubovna.core.declarations.SeatOutcome): the
profile's statistics and the results table read these, never the result itself.

>>> [o] = outcomes({"total": 120, "filled": 25, "forfeited": 0, "complete": True, "lines": []})
>>> o.seat, o.place, o.outcome, o.score, dict(o.figures)
(0, 1, None, 120, {'filled': 25, 'complete': True})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core.declarations import Outcome, SeatOutcome


def outcomes(result: Mapping[str, Any]) -> list[SeatOutcome]:
    """One SeatOutcome per playing seat. A solo game has one seat, first, with no win or
    loss. In a duel or group the place follows the ranking (score, then filled cells; equal
    ones share it); only a duel that counts has wins: nobody left and both placed a number
    (a duel a player left records no win, as the lobby tells its players)."""
    if "seats" not in result:
        return [SeatOutcome(0, 1, None, int(result["total"]), _figures(result))]
    seats = result["seats"]
    strength = {each["seat"]: (each["total"], each["filled"]) for each in seats}
    counts = result.get("variant") == "duel" and not any(
        each["left"] or each["filled"] == 0 for each in seats)
    out = []
    for each in seats:
        place = 1 + sum(other > strength[each["seat"]] for other in strength.values())
        outcome: Outcome | None = None
        if counts:
            winner = result["winner"]
            outcome = "draw" if winner is None else "win" if winner == each["seat"] else "loss"
        out.append(SeatOutcome(each["seat"], place, outcome, int(each["total"]),
                               _figures(each)))
    return out


def _figures(seat: Mapping[str, Any]) -> dict[str, Any]:
    return {"filled": int(seat["filled"]), "complete": bool(seat["complete"])}

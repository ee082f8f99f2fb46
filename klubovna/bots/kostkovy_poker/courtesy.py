"""The courtesy every Kostkový poker computer player shows: agreeing to end the game."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, View

from .seen import Action


def wants_to_stop(view: View) -> bool:
    """Computer players agree to end the game as soon as another player still in it does,
    while they are still in it themselves (a player who is out may not send `stop`, and the
    agreement asks only those still in).

    >>> wants_to_stop({"seat": 0, "players": [{"seat": 0, "out": None, "stop": False},
    ...                                       {"seat": 1, "out": None, "stop": True}]})
    True
    >>> wants_to_stop({"seat": 0, "players": [{"seat": 0, "out": 3, "stop": False},
    ...                                       {"seat": 1, "out": None, "stop": True}]})
    False
    """
    players = view["players"]
    if any(p["seat"] == view["seat"] and p["out"] is not None for p in players):
        return False
    return any(p["stop"] and p["out"] is None and p["seat"] != view["seat"] for p in players)


class Courteous:
    """Sends `stop` (agreeing) outside its turn when another player asked to end the game."""

    def courtesy(self, view: View, witnessed: Sequence[Event]) -> Action | None:
        me = next(p for p in view["players"] if p["seat"] == view["seat"])
        if wants_to_stop(view) and not me["stop"]:
            return {"type": "stop", "agree": True}
        return None

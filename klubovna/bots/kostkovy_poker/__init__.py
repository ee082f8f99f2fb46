"""Computer players of Kostkový poker: Klidný and Chytrý, plus fixed sparring partners.
Each chooses an action from the seat's view (the one a human gets) and a seeded Rng, never
from the game state, so it cannot see hidden dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from klubovna.core import Rng, View

from .chytry import CHYTRY, Chytry
from .klidny import KLIDNY, Klidny
from .seen import Action
from .sparring import ALWAYS_CALL, ALWAYS_RAISE, RANDOM


class Bot(Protocol):
    """A computer player: `choose` returns one of the actions the view allows."""

    @property
    def name(self) -> str: ...

    def choose(self, view: View, rng: Rng) -> Action: ...


BOTS: Mapping[str, Bot] = {KLIDNY.name: KLIDNY, CHYTRY.name: CHYTRY}
"""The computer players a table may seat, by name."""


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


__all__ = [
    "ALWAYS_CALL",
    "ALWAYS_RAISE",
    "BOTS",
    "CHYTRY",
    "KLIDNY",
    "RANDOM",
    "Bot",
    "Chytry",
    "Klidny",
    "wants_to_stop",
]

"""Computer opponents, one folder per game; pure, standard library only.

Bots get the same per-seat view as humans and nothing more. `bots_for(game)` names the
computer players a table of that game may seat; `courtesy(game, view)` is an action a
computer player sends outside its turn (agreeing to end a game), if the game has one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from klubovna.core import Json, Rng, View

Action = dict[str, Json]


class Bot(Protocol):
    """A computer player: `choose` returns one of the actions its view allows."""

    @property
    def name(self) -> str: ...

    def choose(self, view: View, rng: Rng) -> Action: ...


def bots_for(game: str) -> Mapping[str, Bot]:
    """The computer players of `game` by name (empty when it has none)."""
    if game == "kostkovy-poker":
        from klubovna.bots.kostkovy_poker import BOTS

        return BOTS
    return {}


def courtesy(game: str, view: View) -> Action | None:
    """An action a computer player sends whenever its view asks for one (outside `legal`)."""
    if game == "kostkovy-poker":
        from klubovna.bots.kostkovy_poker import wants_to_stop

        me = next(p for p in view["players"] if p["seat"] == view["seat"])
        if wants_to_stop(view) and not me["stop"]:
            return {"type": "stop", "agree": True}
    return None

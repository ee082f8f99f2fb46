"""The registry of game engines by name; each game lives in its own subpackage.
Only the name -> engine mapping belongs here, never rules of any game."""

from __future__ import annotations

from typing import Any

from klubovna.core import Game, IllegalAction
from klubovna.games.kostkovy_poker import ENGINE as KOSTKOVY_POKER
from klubovna.games.matematicky_poker import ENGINE as MATEMATICKY_POKER

GAMES: dict[str, Game[Any]] = {
    MATEMATICKY_POKER.name: MATEMATICKY_POKER,
    KOSTKOVY_POKER.name: KOSTKOVY_POKER,
}
"""Every engine by its name (the name clients and tables use)."""


def get_game(name: str) -> Game[Any]:
    """The engine called `name`; raises IllegalAction("unknown_game") for any other name.

    >>> get_game("matematicky-poker").name
    'matematicky-poker'
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"There is no game called {name!r}.") from None


__all__ = ["GAMES", "get_game"]

"""The club's games: one line per game registers its engine and its computer players.

This is the one Python registry (the browser has web/src/registry.ts): tables, lobbies,
results and the browser's host find a game here by name and never import a game.
A test may `register` a game of its own (the contract suite's Nim) the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from klubovna.bots import Bot
from klubovna.core import Game, IllegalAction


@dataclass(frozen=True)
class Entry:
    """A registered game: its engine and its computer players by name (the first is the
    default one who fills empty seats)."""

    game: Game[Any]
    bots: Mapping[str, Bot] = field(default_factory=dict)


REGISTRY: dict[str, Entry] = {}


def register(game: Game[Any], bots: Mapping[str, Bot] | None = None) -> Entry:
    """Add a game (again: replace it) and return its entry."""
    entry = Entry(game, dict(bots or {}))
    REGISTRY[game.name] = entry
    return entry


def entry(name: object) -> Entry:
    """The entry of the game called `name`; IllegalAction("unknown_game") otherwise."""
    try:
        return REGISTRY[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"There is no game called {name!r}.") from None


def get_game(name: object) -> Game[Any]:
    """The engine called `name`; IllegalAction("unknown_game") for any other name.

    >>> get_game("matematicky-poker").name
    'matematicky-poker'
    """
    return entry(name).game


def _register_club() -> None:
    # One line per game (helpers of issue 13 make this the only place that names games).
    from klubovna.bots import bots_for
    from klubovna.games import GAMES

    for game in GAMES.values():
        register(game, bots_for(game.name))


_register_club()

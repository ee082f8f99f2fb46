"""The club's games: one line per game registers its engine, its computer players and the
functions it offers the browser's engine worker (klubovna.tables.browser).

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
from klubovna.core.wire import Browser


@dataclass(frozen=True)
class Entry:
    """A registered game: its engine, its computer players by name (the first is the
    default one who fills empty seats) and the functions its pages may call in the browser's
    engine worker by name (its rules' and its computer players' `BROWSER` tables)."""

    game: Game[Any]
    bots: Mapping[str, Bot] = field(default_factory=dict)
    browser: Browser = field(default_factory=dict)
    ratings: Mapping[str, int] = field(default_factory=dict)
    """Each computer player's fixed rating on the ratings' scale (bench/computer_ratings.py)."""


REGISTRY: dict[str, Entry] = {}


def register(game: Game[Any], bots: Mapping[str, Bot] | None = None,
             *browser: Browser, ratings: Mapping[str, int] | None = None) -> Entry:
    """Add a game (again: replace it) with the browser tables of its folders (merged: a name
    in two is a ValueError) and its computer players' ratings (one for each, or none), and
    return its entry. A game whose leaver becomes a computer player ("robot") needs one:
    ValueError without."""
    if getattr(game, "leaver", None) == "robot" and not bots:
        raise ValueError(f"{game.name}: a leaver becomes a computer player, but it has none")
    if ratings and set(ratings) != set(bots or {}):
        raise ValueError(f"{game.name}: ratings for {sorted(ratings)}, bots {sorted(bots or {})}")
    offered: dict[str, Any] = {}
    for table in browser:
        if twice := offered.keys() & table.keys():
            raise ValueError(f"{game.name}: the browser is offered {sorted(twice)} twice")
        offered.update(table)
    entry = Entry(game, dict(bots or {}), offered, dict(ratings or {}))
    REGISTRY[game.name] = entry
    return entry


def entry(name: object) -> Entry:
    """The entry of the game called `name`; IllegalAction("unknown_game") otherwise."""
    try:
        return REGISTRY[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"There is no game called {name!r}.") from None


def default_bot(name: object) -> Bot:
    """The computer player who takes over a leaver's seat at the game called `name` (its
    first bot; `register` made sure a game whose leaver becomes one has one)."""
    return next(iter(entry(name).bots.values()))


def get_game(name: object) -> Game[Any]:
    """The engine called `name`; IllegalAction("unknown_game") for any other name.

    >>> get_game("matematicky-poker").name
    'matematicky-poker'
    """
    return entry(name).game


def _register_club() -> None:
    """The club's games, one line each: its engine and its bot folder's registry."""
    from klubovna.bots.kostkovy_poker import BOTS as KOSTKOVY_POKER_BOTS
    from klubovna.bots.kostkovy_poker import RATINGS as KOSTKOVY_POKER_RATINGS
    from klubovna.bots.locus_poker import BOTS as LOCUS_POKER_BOTS
    from klubovna.bots.locus_poker import RATINGS as LOCUS_POKER_RATINGS
    from klubovna.bots.matematicky_poker import BOTS as MATEMATICKY_POKER_BOTS
    from klubovna.bots.matematicky_poker import RATINGS as MATEMATICKY_POKER_RATINGS
    from klubovna.bots.matematicky_poker.browser import BROWSER as MATEMATICKY_POKER_COACH
    from klubovna.bots.mathesso import BOTS as MATHESSO_BOTS
    from klubovna.bots.mathesso import RATINGS as MATHESSO_RATINGS
    from klubovna.bots.zoliky_s_kameny import BOTS as ZOLIKY_S_KAMENY_BOTS
    from klubovna.bots.zoliky_s_kameny import RATINGS as ZOLIKY_S_KAMENY_RATINGS
    from klubovna.games.kostkovy_poker import ENGINE as KOSTKOVY_POKER
    from klubovna.games.locus_poker import ENGINE as LOCUS_POKER
    from klubovna.games.matematicky_poker import ENGINE as MATEMATICKY_POKER
    from klubovna.games.matematicky_poker.browser import BROWSER as MATEMATICKY_POKER_BROWSER
    from klubovna.games.mathesso import ENGINE as MATHESSO
    from klubovna.games.zoliky_s_kameny import ENGINE as ZOLIKY_S_KAMENY
    from klubovna.games.zoliky_s_kameny.browser import BROWSER as ZOLIKY_S_KAMENY_BROWSER

    register(MATEMATICKY_POKER, MATEMATICKY_POKER_BOTS, MATEMATICKY_POKER_BROWSER,
             MATEMATICKY_POKER_COACH, ratings=MATEMATICKY_POKER_RATINGS)
    register(KOSTKOVY_POKER, KOSTKOVY_POKER_BOTS, ratings=KOSTKOVY_POKER_RATINGS)
    register(ZOLIKY_S_KAMENY, ZOLIKY_S_KAMENY_BOTS, ZOLIKY_S_KAMENY_BROWSER,
             ratings=ZOLIKY_S_KAMENY_RATINGS)
    register(LOCUS_POKER, LOCUS_POKER_BOTS, ratings=LOCUS_POKER_RATINGS)
    register(MATHESSO, MATHESSO_BOTS, ratings=MATHESSO_RATINGS)


_register_club()

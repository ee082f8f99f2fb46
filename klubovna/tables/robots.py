"""Computer players sitting at a table: which seats they hold, and their next move.

A robot decides from its seat's view (as a human would) and the events its seat has
witnessed (derived from the table's log), with a generator derived from the table's seed,
its seat and the table's version, so seed + log still replays the table and the same
situation always gets the same move. It never starts a game: people do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from klubovna.bots import Bot, courtesy, waits
from klubovna.core import Event, Game, IllegalAction, Json, Rng
from klubovna.tables.registry import entry

ROBOTS = "robots"
"""The table config key that seats computer players: {"seat": "bot name", ...}."""


def seat_robots(game: Game[Any], robots: Json, seats: int) -> dict[int, Bot]:
    """The robots of a table config, checked: seat numbers (as strings, JSON keys) within
    the table and names the game knows. Raises IllegalAction("bad_config")."""
    if robots is None:
        return {}
    known = entry(game.name).bots
    if not isinstance(robots, Mapping):
        raise IllegalAction("bad_config", 'The "robots" are a {seat: name} object.')
    out: dict[int, Bot] = {}
    for seat, name in robots.items():
        if not (isinstance(seat, str) and seat.isdecimal() and int(seat) < seats):
            raise IllegalAction("bad_config", f"No seat {seat!r} for a computer player.")
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise IllegalAction("bad_config",
                                f"No computer player {name!r} here (there are: {names}).")
        out[int(seat)] = known[name]
    return out


def robot_move(
    game: Game[Any], state: Any, robots: Mapping[int, Bot],
    witnessed: Mapping[int, Sequence[Event]], seed: int, version: int,
) -> tuple[int, dict[str, Json]] | None:
    """The first robot (by seat) that has a move now, and the move; None when none has.
    `witnessed` holds each robot seat's events so far."""
    for seat, bot in sorted(robots.items()):
        view = game.view(state, seat)
        memory = witnessed.get(seat, ())
        polite = courtesy(bot, view, memory)
        if polite is not None:
            return seat, polite
        legal = game.legal(state, seat)
        if not legal or all(action.get("type") == "start" for action in legal):
            continue
        if waits(bot, view, memory):
            continue
        rng = Rng(seed ^ (seat + 1) * 0x9E3779B97F4A7C15 ^ version * 0xBF58476D1CE4E5B9)
        return seat, bot.choose(view, memory, rng)
    return None

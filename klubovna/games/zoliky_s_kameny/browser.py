"""The functions Žolíky s kameny offers the browser's engine worker (its pages ask the
engine, never judge a set themselves): each set's reading while the player edits, the
verdict on the whole edited turn, and the best move for the hint. Typed with the wire's
shapes, from which the web build makes their TypeScript signatures (web/build/wire_types.py);
klubovna.tables.browser calls no other."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).

from typing import Literal, NotRequired, TypedDict, cast

from klubovna.core.wire import Browser

from . import rules, search, sets
from .wire import Tile

Objective = Literal["tiles", "value"]
"""What the best move counts: the rack tiles laid (a joker one) or their value."""


class Verdict(TypedDict):
    """The engine's judgement of an edited turn: `code` None when it could be confirmed now,
    else the refusal's code and English message (and, for a meld under 30, its value)."""

    code: str | None
    message: NotRequired[str]
    meld: NotRequired[int]


def judge(tiles: list[int]) -> sets.Reading | sets.NotASet:
    """One set read by the engine: tiles are the engine's codes (tiles.py)."""
    return sets.judge(tiles)


def check_play(table: list[list[Tile]], rack: list[Tile], melded: bool,
               next_table: list[list[Tile]]) -> Verdict:
    """rules.check_play: whether the edited `next_table` could be confirmed now."""
    return cast(Verdict, rules.check_play(table, rack, melded, next_table))


def best_move(table: list[list[Tile]], rack: list[Tile],
              objective: Objective = "tiles") -> tuple[int, list[list[Tile]]]:
    """search.best_move: the most rack tiles that can join the table and the new table."""
    return search.best_move(table, rack, objective)


def best_initial_meld(rack: list[Tile],
                      objective: Objective = "tiles") -> tuple[int, list[list[Tile]]]:
    """search.best_initial_meld: the best initial meld's amount and its new sets."""
    return search.best_initial_meld(rack, objective)


BROWSER: Browser = {
    "judge": judge,
    "check_play": check_play,
    "best_move": best_move,
    "best_initial_meld": best_initial_meld,
}

"""The functions Matematický poker's coach offers the browser's engine worker: the page
reviews a finished solo game one move at a time (coach.py), to show how far it is. Typed,
so the web build makes their TypeScript signatures (web/build/wire_types.py);
klubovna.tables.browser calls no other."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from klubovna.core.wire import Browser
from klubovna.games.matematicky_poker.wire import ScoringTable

from . import coach


class CoachInput(TypedDict):
    """One placement as the coach reviews it (coach.py moves_of)."""

    step: int
    board: list[int | None]
    card: int
    cell: int
    value: int
    unseen: list[int]
    jokers: int
    """Kept jokers still held beside it."""
    number: bool
    """A number in hand beside a kept joker played."""


class CoachMove(TypedDict):
    """A reviewed placement: the player's cell and value, the computer's, the points lost."""

    step: int
    joker: bool
    """The card written was a joker (`value` the player's choice, `best_value` the bot's)."""
    cell: int
    value: int
    best_cell: int
    best_value: int
    loss: float
    """Points lost by the estimate (0 when no larger than `error`)."""
    error: float
    """The half-width of the estimate's 95 % interval (0: the choices were alike)."""


class CoachSummary(TypedDict):
    total: float
    costliest: list[int]
    """The steps of the (up to) three costliest moves, costliest first."""


def moves_of(replay: Mapping[str, Any]) -> list[CoachInput]:
    """The placements of a finished solo game's replay (klubovna.tables.replay)."""
    return cast(list[CoachInput], coach.moves_of(replay))


def review_move(table: ScoringTable, move: CoachInput) -> CoachMove:
    """The computer's choice for one placement and the points the player's lost."""
    return cast(CoachMove, coach.review_move(table, dict(move)))


def summary(moves: list[CoachMove]) -> CoachSummary:
    """The total loss and the costliest moves."""
    return cast(CoachSummary, coach.summary(moves))


BROWSER: Browser = {"moves_of": moves_of, "review_move": review_move, "summary": summary}

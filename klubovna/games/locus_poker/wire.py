"""What Locus Poker sends the browser and takes from it, declared once: the seat's view
(described in view.py), the result and the actions. The web build makes the TypeScript
types of web/src/games/locus_poker from these (web/build/wire_types.py);
tests/contract/test_wire.py checks real play against them."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).
from typing import Literal, NotRequired, TypedDict

from klubovna.core.wire import Common, Envelope, WatchEnvelope

Card = tuple[int, int]
"""A card: [rank 2..14 (14 the ace), suit 0..3]."""
Face = Literal["up", "down"]


class Score(TypedDict):
    """What a move scores (or would score): the hand's points and its name (None: nothing),
    the bonus, their sum, and (the last move, a preview) the cells whose cards make the
    hand."""

    hand: int
    name: str | None
    bonus: int
    score: int
    cells: NotRequired[list[int]]


class Move(Score):
    seat: int
    cell: int
    face: Face


class Chip(TypedDict):
    seat: int
    face: Face


class Preview(TypedDict):
    up: Score
    down: Score


class LpStanding(TypedDict):
    seat: int
    place: int
    score: int


class LpResult(TypedDict):
    reason: Literal["full", "left"]
    winner: int | None
    left: int | None
    totals: list[int]
    standings: list[LpStanding]


class LpPublic(Common):
    """What both seats see alike (view.py _public): the envelope but `seat`, and the rest."""

    started: bool
    round: int
    starter: int
    grid: str
    cols: int
    rows: int
    cards: list[Card]
    chips: list[Chip | None]
    chips_left: list[int]
    totals: list[int]
    last: Move | None
    moves: list[Move]
    result: LpResult | None


class LpView(Envelope, LpPublic):
    """A seat's view: the public part, its preview and what it may do."""

    preview: list[Preview | None]
    """Per cell what this seat would score there now (None: played)."""
    actions: list[str]


class LpWatchView(WatchEnvelope, LpPublic):
    """The view of one who watches (seat null): the public part only."""


class Start(TypedDict):
    type: Literal["start"]


class Play(TypedDict):
    type: Literal["play"]
    cell: int
    face: Face


LpAction = Start | Play

VIEW = LpView | LpWatchView
RESULT = LpResult
ACTION = LpAction

__all__ = ["ACTION", "RESULT", "VIEW", "Card", "Chip", "Face", "LpAction", "LpPublic",
           "LpResult", "LpStanding", "LpView", "LpWatchView", "Move", "Preview", "Score"]

"""What Žolíky s kameny sends the browser and takes from it, declared once: the seat's
view, the result, the actions and the functions its pages call in the engine worker. The
web build makes the TypeScript types of web/src/games/zoliky_s_kameny from these
(web/build/wire_types.py); tests/test_wire.py checks real play against them."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).
from typing import Literal, TypedDict

from klubovna.core.wire import Common, Envelope, WatchEnvelope

Tile = tuple[int, int] | Literal["J"]
"""A tile: [colour 0..3, number 1..13], or "J" for a joker."""


EndReason = Literal["out", "blocked", "left"]
"""out: a rack was emptied; blocked: everyone passed on an empty pool; left."""


class ZkPlayer(TypedDict):
    seat: int
    tiles: int
    melded: bool
    laid: int
    left: bool


class ZkStanding(TypedDict):
    seat: int
    place: int
    score: int


class ZkResult(TypedDict):
    reason: EndReason
    winner: int | None
    racks: list[list[Tile]]
    rack_values: list[int]
    scores: list[int]
    laid: list[int]
    standings: list[ZkStanding]


class ZkPublic(Common):
    """What every seat sees alike (view.py _public): the envelope but `seat`, and the rest."""

    started: bool
    round: int
    starter: int
    table: list[list[Tile]]
    meld_min: int
    pool: int
    passes: int
    players: list[ZkPlayer]
    result: ZkResult | None


class ZkView(Envelope, ZkPublic):
    """A seat's view: the public part and the seat's own rack."""

    rack: list[Tile]
    melded: bool
    actions: list[str]


class ZkWatchView(WatchEnvelope, ZkPublic):
    """The view of one who watches (seat null): the public part only, no rack."""


class Start(TypedDict):
    type: Literal["start"]


class Play(TypedDict):
    type: Literal["play"]
    table: list[list[Tile]]


class Draw(TypedDict):
    type: Literal["draw"]


class Pass(TypedDict):
    type: Literal["pass"]


ZkAction = Start | Play | Draw | Pass

VIEW = ZkView | ZkWatchView
RESULT = ZkResult
ACTION = ZkAction

__all__ = ["ACTION", "RESULT", "VIEW", "EndReason", "Tile", "ZkAction", "ZkPlayer", "ZkPublic",
           "ZkResult", "ZkStanding", "ZkView", "ZkWatchView"]

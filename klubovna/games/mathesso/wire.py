"""What Mathesso sends the browser and takes from it, declared once: the seat's view, the
result with its score explained and the actions. The web build makes the TypeScript types of
web/src/games/mathesso from these (web/build/wire_types.py); tests/contract/test_wire.py
checks real play against them."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).
from typing import Literal, NotRequired, TypedDict

from klubovna.core.wire import Common, Envelope, WatchEnvelope

Group = Literal["multiplication", "square", "prime", "fibonacci", "factorial", "zero", "cjv"]


class Face(TypedDict):
    """A card's coloured side (cards.Face.to_json)."""

    group: Group
    value: int
    """The number a pair scores with (a zero's: the number behind its 0)."""
    shows: str
    """The big number printed ("0" on a zero)."""
    colours: list[int]
    """The ruler colours (1-10) of the digits: [a, b] for a·b, [a] for a²."""
    background: str
    hint: str | None
    """"5!" on 120; the faint number behind a zero."""
    mark: int
    """Tells the two 0/12 designs apart (1 or 2; 0 elsewhere)."""


class MaCard(TypedDict):
    id: int
    black: str
    state: Literal["down", "up", "gone"]
    face: Face | None
    by: int | None
    """The seat that took it."""


class RitualDraw(TypedDict):
    seat: int
    card: int
    face: Face


class TakenPair(TypedDict):
    group: Group
    value: int
    cards: tuple[int, int]
    faces: tuple[Face, Face]


class MaPlayer(TypedDict):
    seat: int
    points: int
    extras: int
    """Extra turns (Sheldons) still to take."""
    pairs: list[TakenPair]


class ShownCard(TypedDict):
    id: int
    face: Face


class LastTurn(TypedDict):
    seat: int
    took: bool
    cards: list[ShownCard]


class ScoreLine(TypedDict):
    """One line of a score explained (scoring.explain)."""

    kind: Literal["number", "zero", "factorial", "cjv"]
    value: int | None
    groups: list[Group]
    points: int
    times: int
    zeros: int
    sheldons: NotRequired[int]
    total: int


class Standing(TypedDict):
    seat: int
    place: int
    points: int
    pairs: int
    sheldons: int


class MaResult(TypedDict):
    scored: bool
    standings: list[Standing]
    points: list[int]
    explained: list[list[ScoreLine]]


class MaPublic(Common):
    """What every seat sees alike (view.py _public): the envelope but `seat`, and the rest."""

    started: bool
    variant: str
    cjv: bool
    faktorial: bool
    scored: bool
    order: list[int]
    ritual: list[list[RitualDraw]] | None
    cards: list[MaCard]
    up: list[int]
    last: LastTurn | None
    choosing: bool
    players: list[MaPlayer]
    remaining: int
    result: MaResult | None


class MaView(Envelope, MaPublic):
    """A seat's view: the public part and what the seat may do."""

    actions: list[str]


class MaWatchView(WatchEnvelope, MaPublic):
    """The view of one who watches (seat null): the public part only."""


class Start(TypedDict):
    type: Literal["start"]


class Turn(TypedDict):
    type: Literal["turn"]
    card: int


class Stop(TypedDict):
    type: Literal["stop"]


class Extra(TypedDict):
    type: Literal["extra"]


class Pass(TypedDict):
    type: Literal["pass"]


MaAction = Start | Turn | Stop | Extra | Pass

VIEW = MaView | MaWatchView
RESULT = MaResult
ACTION = MaAction

__all__ = ["ACTION", "RESULT", "VIEW", "Face", "Group", "LastTurn", "MaAction", "MaCard",
           "MaPlayer", "MaPublic", "MaResult", "MaView", "MaWatchView", "RitualDraw", "ScoreLine",
           "ShownCard", "Standing", "TakenPair"]

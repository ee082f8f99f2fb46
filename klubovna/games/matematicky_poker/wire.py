"""What Matematický poker sends the browser and takes from it, declared once: a solo
seat's view, a duel's or group's (its parts: the public part every seat shares, a player's
own part), the results, the actions and the functions its pages call in the engine worker.
The web build makes the TypeScript types of web/src/games/matematicky_poker from these
(web/build/wire_types.py); tests/contract/test_wire.py checks real play against them."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).
from typing import Literal, NotRequired, TypedDict

from klubovna.core.wire import Envelope

Mode = Literal["easy", "hard"]
ScoringTable = Literal["adjacent", "school", "matematico"]


class NumberHand(TypedDict):
    kind: Literal["number"]
    value: int


class JokerHand(TypedDict):
    kind: Literal["joker"]


Hand = NumberHand | JokerHand | None


class BoardScore(TypedDict):
    lines: list[int]
    total: int


class PlayerPart(TypedDict):
    """A playing seat's own fields (view.py _player_part)."""

    board: list[int | None]
    jokers: list[bool]
    hand: Hand
    kept_jokers: int
    score: BoardScore
    forfeited: int
    deadline: int | None
    preview: list[int | None] | None
    over: bool


class MpView(Envelope, PlayerPart):
    """A solo seat's view."""

    mode: Mode
    table: ScoringTable
    seconds: int | None
    started: bool
    cards_left: int


class SeatPublic(TypedDict):
    seat: int
    score: int
    filled: int
    handled: int
    """Drawn cards the seat has dealt with (placed, kept, expired): see `queueOf`."""
    finished: bool
    left: bool
    """Left the game before finishing (the board stays in the ranking)."""


class RankRow(TypedDict):
    seat: int
    score: int
    filled: int


class FinalBoard(TypedDict):
    seat: int
    board: list[int | None]
    jokers: list[bool]


class Opponent(FinalBoard):
    """A duel: the other board as far as this seat has come, and the points it shows."""

    score: int


class PublicFields(TypedDict):
    """The public part (view.py _public_part) but its `variant`."""

    game: str
    turn: list[int]
    mode: Mode
    table: ScoringTable
    seconds: int | None
    started: bool
    drawn: int
    cards_left: int
    seats: list[SeatPublic]
    ranking: list[RankRow]
    boards: list[FinalBoard] | None
    game_over: bool


class PublicPart(PublicFields):
    """What every seat of a duel or group sees alike (view.py _public_part)."""

    variant: Literal["duel", "group"]


class PlayingView(PublicPart, PlayerPart):
    """A duel's or group's seat that plays: the parts, and in a duel the other board."""

    seat: int
    dealer: bool
    playing: Literal[True]
    opponent: NotRequired[Opponent]


class DealerView(PublicPart):
    """A group's dealer who only deals: the cards drawn so far instead of a board."""

    seat: int
    dealer: bool
    playing: Literal[False]
    dealt: list[int]
    over: bool
    deadline: None


MultiView = PlayingView | DealerView


class MpWatchView(PublicFields):
    """One who watches (seat null): the public part alone, of a solo game too (its board
    only at the end, as a duel's)."""

    variant: Literal["solo", "duel", "group"]
    seat: None
    over: bool
    """The game has ended."""
    deadline: None


class MpResult(TypedDict):
    """A solo game's result."""

    total: int
    lines: list[int]
    filled: int
    forfeited: int
    complete: bool


class SeatResult(MpResult):
    seat: int
    left: bool


class MultiResult(TypedDict):
    variant: Literal["duel", "group"]
    ended: bool
    """Group: the dealer ended the game for everyone."""
    seats: list[SeatResult]
    ranking: list[RankRow]
    winner: NotRequired[int | None]
    """A duel's winner (None on a draw)."""


class Start(TypedDict):
    type: Literal["start"]


class Draw(TypedDict):
    type: Literal["draw"]


class Place(TypedDict):
    type: Literal["place"]
    cell: int


class KeepJoker(TypedDict):
    type: Literal["joker"]
    choice: Literal["keep"]


class JokerNow(TypedDict):
    type: Literal["joker"]
    choice: Literal["now"]
    value: int
    cell: int


class KeptJoker(TypedDict):
    type: Literal["kept_joker"]
    value: int
    cell: int


class End(TypedDict):
    type: Literal["end"]


class Leave(TypedDict):
    type: Literal["leave"]


MpAction = Start | Draw | Place | KeepJoker | JokerNow | KeptJoker | End | Leave

VIEW = MpView | MultiView | MpWatchView
RESULT = MpResult | MultiResult
ACTION = MpAction

__all__ = ["ACTION", "RESULT", "VIEW", "BoardScore", "DealerView", "FinalBoard", "Hand",
           "JokerHand", "Mode", "MpAction", "MpResult", "MpView", "MpWatchView", "MultiResult",
           "MultiView", "NumberHand", "Opponent", "PlayerPart", "PlayingView", "PublicFields",
           "PublicPart", "RankRow", "ScoringTable", "SeatPublic", "SeatResult"]

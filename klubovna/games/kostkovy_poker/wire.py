"""What Kostkový poker sends the browser and takes from it, declared once: the seat's view,
the result and the actions. The web build makes the TypeScript types of
web/src/games/kostkovy_poker from these (web/build/wire_types.py); tests/contract/test_wire.py
checks real play against them."""

# No `from __future__ import annotations`: TypedDict sees NotRequired only in evaluated
# annotations (Python 3.11).
from typing import Literal, TypedDict

from klubovna.core.wire import Common, Envelope, WatchEnvelope

Phase = Literal["waiting", "keep", "betting", "over"]
EndReason = Literal["last_player", "agreement", "left"]
BetAction = Literal["check", "bet", "call", "raise", "fold"]


class KpPlayer(TypedDict):
    """What everybody knows of a seat."""

    seat: int
    chips: int
    out: int | None
    """The hand in which the player lost their last chip; None while in the game."""
    in_hand: bool
    folded: bool
    all_in: bool
    chosen: bool
    """Has chosen the dice to keep this hand."""
    kept: int | None
    """How many dice it kept, once everyone has chosen (never which)."""
    put_in: int
    """Chips put into the pot this hand: ante, keeping cost and bets."""
    round_bet: int
    """Chips bet in the current betting round."""
    bets: int
    """Chips bet or called this hand (without ante and keeping)."""
    stop: bool
    """Agrees to end the game after a hand."""
    left: bool


class ShownHand(TypedDict):
    seat: int
    kept: list[int]
    """The kept dice shown at the showdown."""
    six: list[int]
    """The six dice of the hand, ascending: all kept dice and 6 - k table dice."""
    value: int
    pips: int
    line: str | None
    """The value table's line (a catalogue key suffix), None when the six score nothing."""


class LastHand(TypedDict):
    hand: int
    table: list[int]
    hands: list[ShownHand]
    """Empty when everybody else folded."""
    won: list[int]
    """Chips each seat took from the pot(s)."""


class ShownPot(TypedDict):
    """A pot while the betting runs: its chips and the seats that can still win it."""

    amount: int
    eligible: list[int]


class Standing(TypedDict):
    seat: int
    chips: int
    out: int | None
    place: int


class KpResult(TypedDict):
    reason: EndReason
    hands: int
    chips: int
    hands_won: list[int]
    winner: int | None
    standings: list[Standing]


class KpPublic(Common):
    """What every seat sees alike (view.py _public): the envelope but `seat`, and the rest."""

    chips_at_start: int
    seconds: int | None
    started: bool
    phase: Phase
    hand: int
    dealer: int
    table: list[int]
    pot: int
    pots: list[ShownPot]
    """While betting: the main pot and the side pots, smallest first (else empty)."""
    bet_size: int | None
    level: int
    """The highest round bet of this round: what everyone must match."""
    raises: int
    max_raises: int
    players: list[KpPlayer]
    raise_to: int | None
    """While betting: the round bet a raise makes ("raise to N"); else None."""
    last_hand: LastHand | None
    game_over: bool
    result: KpResult | None


class KpView(Envelope, KpPublic):
    """A seat's view: the public part and the seat's own dice and choices."""

    dice: list[int]
    """This seat's five dice rolled behind the screen (empty between hands)."""
    kept: list[int] | None
    """Indexes into `dice` of the dice kept; None until chosen."""
    to_call: int
    call_all_in: bool
    actions: list[str]
    keep_max: int | None


class KpWatchView(WatchEnvelope, KpPublic):
    """The view of one who watches (seat null): the public part only, no dice of any seat."""


class Start(TypedDict):
    type: Literal["start"]


class Keep(TypedDict):
    type: Literal["keep"]
    dice: list[int]


class Bet(TypedDict):
    type: BetAction


class Stop(TypedDict):
    type: Literal["stop"]
    agree: bool


KpAction = Start | Keep | Bet | Stop

VIEW = KpView | KpWatchView
RESULT = KpResult
ACTION = KpAction

__all__ = ["ACTION", "RESULT", "VIEW", "BetAction", "EndReason", "KpAction", "KpPlayer",
           "KpPublic", "KpResult", "KpView", "KpWatchView", "LastHand", "Phase", "ShownHand",
           "ShownPot", "Standing"]

"""The state of a Kostkový poker game, its one-line text form and the table's fixed numbers.
What may happen next lives in rules.py, dice values in scoring.py, what a seat sees in view.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from klubovna.core.textform import (
    NONE,
    flag,
    int_or_none,
    join_line,
    parse_flag,
    parse_int_or_none,
    split_line,
)

SEATS_MIN, SEATS_MAX = 2, 6
CHIPS_MIN, CHIPS_MAX, CHIPS_DEFAULT = 10, 100, 20
ROLLED = 5
"""Dice each player rolls behind the screen every hand."""
ANTE = 1
KEEP_COSTS: Mapping[int, int] = {1: 0, 2: 2, 3: 3, 4: 4}
"""Chips into the pot for keeping 1..4 dice: the second die is the dearest."""
STREETS = (2, 3)
"""Table dice rolled before the first and before the second betting round."""
BET_SIZES: Mapping[int, int] = {2: 2, 5: 4}
"""The fixed bet (and raise) of a betting round, by the number of table dice showing."""
MAX_RAISES = 3
"""Raises allowed after the opening bet of a round."""

PHASES = ("waiting", "keep", "betting", "over")
"""waiting: not started; keep: secret keeping; betting: a betting round runs; over: game over."""
END_REASONS = ("last_player", "agreement")

TEXT_TAG = "kp2"
"""First field of the text form; bump it when the format changes."""
_FLAGS = "hfasl"
"""Seat flags in the text form: in hand, folded, to act, agrees to stop, left the table."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's chips and this hand's part. Seat n+1 sits to the left of seat n."""

    chips: int
    """Chips behind (not in the pot)."""
    out: int | None = None
    """The hand in which the player lost their last chip and left the game; None while in it."""
    in_hand: bool = False
    """Dealt into the current hand (everyone still in the game is, from the ante on)."""
    rolled: tuple[int, ...] = ()
    """The five dice rolled behind the screen this hand (never in another seat's view)."""
    kept: tuple[int, ...] | None = None
    """Indexes into `rolled` of the dice kept face down, ascending; None until chosen."""
    put_in: int = 0
    """Chips put into the pot this hand: ante, keeping cost and bets."""
    round_bet: int = 0
    """Chips bet in the current betting round."""
    folded: bool = False
    to_act: bool = False
    """Still has to act in the current betting round."""
    stop: bool = False
    """Agrees to end the game after a hand."""
    shown: tuple[int, ...] | None = None
    """The kept dice shown at the last hand's showdown; None if not shown."""
    won: int = 0
    """Chips taken from the pot(s) of the last hand."""
    left: bool = False
    """Left the table for good: out (in the hand `out` names) with whatever chips it had,
    folded out of that hand, and counted as agreeing to stop."""
    hands_won: int = 0
    """Hands in which the player took more from the pots than they put in (statistics)."""

    @property
    def kept_dice(self) -> tuple[int, ...]:
        """The values of the kept dice (empty until chosen)."""
        return tuple(self.rolled[i] for i in self.kept or ())

    @property
    def live(self) -> bool:
        """In the current hand and not folded: may still win a pot."""
        return self.in_hand and not self.folded

    @property
    def can_bet(self) -> bool:
        """Live and with chips behind, so it still takes part in betting."""
        return self.live and self.chips > 0


@dataclass(frozen=True, slots=True)
class State:
    """A whole game. Immutable: the rules return a new State, so copying is free.

    >>> s = State(chips=20, seconds=None, rng=7, seats=(Seat(20), Seat(20)))
    >>> State.from_text(s.to_text()) == s
    True
    """

    chips: int
    """Everybody's chips at the start."""
    seconds: int | None
    """The action timer in seconds, None for none."""
    rng: int
    """The state of the game's Rng: every future roll follows from it (never in a view)."""
    seats: tuple[Seat, ...]
    started: bool = False
    hand: int = 0
    """Hands dealt so far; the current hand's number once started."""
    dealer: int = 0
    phase: str = "waiting"
    table: tuple[int, ...] = ()
    """The table dice showing: none while keeping, then 2, then 5."""
    level: int = 0
    """The highest `round_bet` of the current betting round (what everyone must match)."""
    raises: int = 0
    """Raises so far after the opening bet of the current round."""
    turn: int | None = None
    """The seat to act in a betting round."""
    deadline: int | None = None
    """With a timer: when the current turn (or the keeping) runs out, Unix ms."""
    last_table: tuple[int, ...] = ()
    """The table dice of the last finished hand (as far as they were rolled)."""
    ended: str | None = None
    """Why the game is over (one of END_REASONS), None while it runs."""

    @property
    def pot(self) -> int:
        return sum(seat.put_in for seat in self.seats)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def bet_size(self) -> int | None:
        """The fixed bet of the betting round now running, None outside betting."""
        return BET_SIZES.get(len(self.table)) if self.phase == "betting" else None

    @property
    def in_game(self) -> tuple[int, ...]:
        """Seats still in the game (not out), in seat order."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.out is None)

    def left_of(self, seat: int) -> tuple[int, ...]:
        """Every seat in turn order starting with the one to the left of `seat`, ending with it.

        >>> State(chips=20, seconds=None, rng=0, seats=(Seat(20),) * 4).left_of(2)
        (3, 0, 1, 2)
        """
        n = len(self.seats)
        return tuple((seat + step) % n for step in range(1, n + 1))

    def to_text(self) -> str:
        """A one-line form that round-trips through `State.from_text` (tests, logs, bugs).

        Fields: tag, chips, seconds, rng, started 1/0, hand, dealer, phase, table dice,
        level, raises, turn, deadline, last hand's table dice, end reason; then per seat
        after `|`: chips, hand it went out in, flags (h in hand, f folded, a to act,
        s agrees to stop, l left the table), rolled dice, kept indexes, put in, round bet,
        shown dice, won, hands won.
        `-` stands for none. It holds every hidden die and the generator: never for clients.

        >>> s = State(chips=20, seconds=30, rng=5, started=True, hand=1, phase="keep",
        ...           seats=(Seat(19, in_hand=True, rolled=(1, 1, 4, 6, 6), put_in=1),
        ...                  Seat(19, in_hand=True, rolled=(2, 3, 3, 5, 6), kept=(1, 2),
        ...                       put_in=1)), deadline=31000)
        >>> print(s.to_text().replace(" | ", "\\n  | "))
        kp2 20 30 5 1 1 0 keep - 0 0 - 31000 - -
          | 19 - h 11466 - 1 0 - 0 0
          | 19 - h 23356 12 1 0 - 0 0
        """
        head = [
            TEXT_TAG,
            str(self.chips),
            int_or_none(self.seconds),
            str(self.rng),
            flag(self.started),
            str(self.hand),
            str(self.dealer),
            self.phase,
            _digits(self.table),
            str(self.level),
            str(self.raises),
            int_or_none(self.turn),
            int_or_none(self.deadline),
            _digits(self.last_table),
            self.ended or NONE,
        ]
        rows = []
        for seat in self.seats:
            flags = (seat.in_hand, seat.folded, seat.to_act, seat.stop, seat.left)
            fields = [
                str(seat.chips),
                int_or_none(seat.out),
                "".join(ch for ch, on in zip(_FLAGS, flags, strict=True) if on) or NONE,
                _digits(seat.rolled),
                NONE if seat.kept is None else _digits(seat.kept),
                str(seat.put_in),
                str(seat.round_bet),
                NONE if seat.shown is None else _digits(seat.shown),
                str(seat.won),
                str(seat.hands_won),
            ]
            rows.append(fields)
        return join_line(head, rows)

    @classmethod
    def from_text(cls, text: str) -> State:
        """Parse `to_text()` output; raises ValueError on anything malformed."""
        head, seats = split_line(text)
        if len(head) != 15 or head[0] != TEXT_TAG:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        (_, chips, seconds, rng, started, hand, dealer, phase, table, level, raises, turn,
         deadline, last_table, ended) = head
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        if ended != NONE and ended not in END_REASONS:
            raise ValueError(f"unknown end reason {ended!r}")
        if not SEATS_MIN <= len(seats) <= SEATS_MAX:
            raise ValueError(f"a game has {SEATS_MIN} to {SEATS_MAX} seats, got {len(seats)}")
        return cls(
            chips=int(chips),
            seconds=parse_int_or_none(seconds),
            rng=int(rng),
            seats=tuple(_parse_seat(fields) for fields in seats),
            started=parse_flag(started),
            hand=int(hand),
            dealer=int(dealer),
            phase=phase,
            table=_parse_dice(table),
            level=int(level),
            raises=int(raises),
            turn=parse_int_or_none(turn),
            deadline=parse_int_or_none(deadline),
            last_table=_parse_dice(last_table),
            ended=None if ended == NONE else ended,
        )


def _parse_seat(fields: list[str]) -> Seat:
    if len(fields) != 10:
        raise ValueError(f"a seat has 10 fields, got {fields}")
    chips, out, flags, rolled, kept, put_in, round_bet, shown, won, hands_won = fields
    if flags != NONE and (not set(flags) <= set(_FLAGS) or len(set(flags)) != len(flags)):
        raise ValueError(f"unknown seat flags {flags!r}")
    dice = _parse_dice(rolled)
    indexes = None if kept == NONE else tuple(int(ch) for ch in kept)
    if indexes is not None and not all(0 <= i < len(dice) for i in indexes):
        raise ValueError(f"kept indexes {kept!r} do not point into the rolled dice {rolled!r}")
    return Seat(
        chips=int(chips),
        out=parse_int_or_none(out),
        in_hand="h" in flags,
        rolled=dice,
        kept=indexes,
        put_in=int(put_in),
        round_bet=int(round_bet),
        folded="f" in flags,
        to_act="a" in flags,
        stop="s" in flags,
        left="l" in flags,
        shown=None if shown == NONE else _parse_dice(shown),
        won=int(won),
        hands_won=int(hands_won),
    )


def _digits(values: tuple[int, ...]) -> str:
    return "".join(str(v) for v in values) or NONE


def _parse_dice(text: str) -> tuple[int, ...]:
    if text == NONE:
        return ()
    if not all(ch in "123456" for ch in text):
        raise ValueError(f"dice show 1 to 6, got {text!r}")
    return tuple(int(ch) for ch in text)



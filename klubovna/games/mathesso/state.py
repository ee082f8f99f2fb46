"""The state of a game of Mathesso and its one-line text form. The rules are in rules.py,
what a seat sees in view.py.

Cards are named by their place on the table (0..n-1); `layout[place]` is the catalogue id
(cards.catalogue) of the card lying there, which no view ever shows for a face-down card.
"""

from __future__ import annotations

from dataclasses import dataclass

from klubovna.core.textform import NONE, flag, join_line, parse_flag, split_line

from .cards import Card, catalogue

SEATS_MIN, SEATS_MAX = 1, 6
TEXT_TAG = "ma1"

Pair = tuple[int, int]
"""The places of a taken pair's two cards, in the order they were turned."""


@dataclass(frozen=True, slots=True)
class State:
    """A whole game. Immutable: the rules return a new State.

    >>> s = State("atto", False, False, (3, 1, 0, 2), 99, 2)
    >>> State.from_text(s.to_text()) == s
    True
    """

    variant: str
    cjv: bool
    faktorial: bool
    layout: tuple[int, ...]
    rng: int
    """The generator's state after the shuffle: the ritual draws from it at the start."""
    seats: int
    started: bool = False
    order: tuple[int, ...] = ()
    """The seats in their order of play (from the ritual; empty before the start)."""
    ritual: tuple[tuple[tuple[int, int], ...], ...] = ()
    """The ritual's rounds: each the (seat, place) of the "1" cards turned."""
    turn: int = 0
    """Index into `order` of the seat on turn."""
    up: tuple[int, ...] = ()
    """The card turned so far in the current turn (none or one place)."""
    last: tuple[int, tuple[int, ...], bool] | None = None
    """The turn just finished, shown until the next card is turned: (seat, the places it
    turned, whether they were taken)."""
    choosing: bool = False
    """The seat on turn has just finished a turn and holds an extra turn: it says whether
    it takes it now (`extra`) or keeps it (`pass`)."""
    turns: int = 0
    """Turns finished (extra turns included)."""
    pairs: tuple[tuple[Pair, ...], ...] = ()
    """Each seat's pairs, in the order taken."""
    extras: tuple[int, ...] = ()
    """Each seat's extra turns not yet taken (one per Sheldon)."""
    seen: frozenset[int] = frozenset()
    """Places whose coloured side has been shown to everyone (ritual or turn): the rest
    are what hidden.py may deal anew."""

    def __post_init__(self) -> None:
        if not self.pairs:
            object.__setattr__(self, "pairs", ((),) * self.seats)
        if not self.extras:
            object.__setattr__(self, "extras", (0,) * self.seats)

    @property
    def cards(self) -> tuple[Card, ...]:
        return catalogue(self.variant, self.cjv, self.faktorial)

    def taken(self) -> dict[int, int]:
        """The seat that took each card no longer on the table, by place."""
        return {place: seat for seat, pairs in enumerate(self.pairs)
                for pair in pairs for place in pair}

    @property
    def over(self) -> bool:
        return 2 * sum(len(p) for p in self.pairs) == len(self.layout)

    @property
    def current(self) -> int | None:
        """The seat on turn (None before the start and after the end)."""
        return self.order[self.turn] if self.started and not self.over else None

    def to_text(self) -> str:
        """One line that round-trips through `State.from_text` (tests, logs, bug reports).
        It holds every card's coloured side: never for clients.

        Fields: tag, variant, cjv, faktorial, rng, seats, started, turn, choosing, turns,
        layout, order, ritual (rounds "/", draws ",", seat:place), up, last
        (seat:places:took), seen; then per seat after ` | `: pairs (a-b, ...), extras.

        >>> State("atto", False, False, (1, 0), 5, 1).to_text()
        'ma1 atto 0 0 5 1 0 0 0 0 1,0 - - - - - | - 0'
        """
        last = NONE if self.last is None else (
            f"{self.last[0]}:{_ints(self.last[1])}:{flag(self.last[2])}")
        ritual = "/".join(",".join(f"{s}:{p}" for s, p in r) for r in self.ritual) or NONE
        head = [TEXT_TAG, self.variant, flag(self.cjv), flag(self.faktorial), str(self.rng),
                str(self.seats), flag(self.started), str(self.turn), flag(self.choosing),
                str(self.turns), _ints(self.layout), _ints(self.order), ritual,
                _ints(self.up), last, _ints(sorted(self.seen))]
        rows = [[",".join(f"{a}-{b}" for a, b in pairs) or NONE, str(extra)]
                for pairs, extra in zip(self.pairs, self.extras, strict=True)]
        return join_line(head, rows)

    @classmethod
    def from_text(cls, text: str) -> State:
        """Parse `to_text()` output; ValueError on anything malformed."""
        head, rows = split_line(text)
        if len(head) != 16 or head[0] != TEXT_TAG:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        (_, variant, cjv, faktorial, rng, seats, started, turn, choosing, turns, layout,
         order, ritual, up, last, seen) = head
        if len(rows) != int(seats) or any(len(row) != 2 for row in rows):
            raise ValueError("one row of 2 fields per seat")
        state = cls(
            variant=variant, cjv=parse_flag(cjv), faktorial=parse_flag(faktorial),
            layout=_parse_ints(layout), rng=int(rng), seats=int(seats),
            started=parse_flag(started), order=_parse_ints(order),
            ritual=() if ritual == NONE else tuple(
                tuple(_draw(d) for d in r.split(",")) for r in ritual.split("/")),
            turn=int(turn), up=_parse_ints(up), last=_parse_last(last),
            choosing=parse_flag(choosing), turns=int(turns),
            pairs=tuple(() if p == NONE else tuple(_pair(x) for x in p.split(","))
                        for p, _ in rows),
            extras=tuple(int(e) for _, e in rows), seen=frozenset(_parse_ints(seen)),
        )
        catalogue(state.variant, state.cjv, state.faktorial)  # ValueError for a bad one
        return state


def _ints(values: tuple[int, ...] | list[int]) -> str:
    return ",".join(map(str, values)) or NONE


def _parse_ints(text: str) -> tuple[int, ...]:
    return () if text == NONE else tuple(int(x) for x in text.split(","))


def _draw(text: str) -> tuple[int, int]:
    seat, place = text.split(":")
    return int(seat), int(place)


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    return int(a), int(b)


def _parse_last(text: str) -> tuple[int, tuple[int, ...], bool] | None:
    if text == NONE:
        return None
    seat, places, took = text.split(":")
    return int(seat), _parse_ints(places), parse_flag(took)


__all__ = ["SEATS_MAX", "SEATS_MIN", "Pair", "State"]

"""The state of a game of Locus Poker and its one-line text form. The deal and the moves
are all a state holds: the chips, the totals and whose turn it is follow from them. What
may happen next lives in rules.py, what a seat sees in view.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from klubovna.core.textform import (
    NONE,
    flag,
    int_or_none,
    join_line,
    parse_flag,
    parse_int_or_none,
    split_line,
)

from .cards import Card, card_from_text, card_text
from .grid import dimensions

SEATS = 2
TEXT_TAG = "lp1"


class Move(NamedTuple):
    """One chip placed: by `seat` on `cell`, face down or up, and what it scored."""

    seat: int
    cell: int
    down: bool
    hand: int
    bonus: int

    def to_text(self) -> str:
        return f"{self.seat}.{self.cell}.{'d' if self.down else 'u'}.{self.hand}.{self.bonus}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        seat, cell, face, hand, bonus = text.split(".")
        if face not in ("u", "d"):
            raise ValueError(f"not a face: {face!r}")
        return cls(int(seat), int(cell), face == "d", int(hand), int(bonus))


class Chip(NamedTuple):
    seat: int
    down: bool


@dataclass(frozen=True, slots=True)
class State:
    """A whole game. Immutable: the rules return a new State.

    >>> s = State(grid="6x5", round=1, starter=1, cards=tuple(range(8, 38)))
    >>> State.from_text(s.to_text()) == s, s.turn, s.cols, s.rows
    (True, 1, 6, 5)
    """

    grid: str
    """Columns × rows, one of grid.GRIDS."""
    round: int
    starter: int
    """The seat that places the first chip."""
    cards: tuple[Card, ...]
    """The card of each cell, row by row (the rest of the deck is unused and kept nowhere)."""
    moves: tuple[Move, ...] = ()
    started: bool = False
    left: int | None = None
    """The seat that left the game (which ended it), if one did."""

    @property
    def cols(self) -> int:
        return dimensions(self.grid)[0]

    @property
    def rows(self) -> int:
        return dimensions(self.grid)[1]

    @property
    def over(self) -> bool:
        return self.left is not None or len(self.moves) == len(self.cards)

    @property
    def turn(self) -> int:
        """The seat to move (before the start: the one who will begin)."""
        return (self.starter + len(self.moves)) % SEATS

    def chips(self) -> list[Chip | None]:
        """The chip on each cell, None on a card nobody has played yet."""
        out: list[Chip | None] = [None] * len(self.cards)
        for move in self.moves:
            out[move.cell] = Chip(move.seat, move.down)
        return out

    def totals(self) -> list[int]:
        out = [0] * SEATS
        for move in self.moves:
            out[move.seat] += move.hand + move.bonus
        return out

    def to_text(self) -> str:
        """One line that round-trips through `State.from_text`.

        Fields: tag, grid, round, starter, started 1/0, the seat that left (`-` none), the
        cards (two characters each, cards.card_text), then after ` | ` the moves
        (seat.cell.u|d.hand.bonus), `-` for none.

        >>> State(grid="6x5", round=2, starter=0, cards=(8, 59), started=True,
        ...       moves=(Move(0, 1, True, 2, 0),)).to_text()
        'lp1 6x5 2 0 1 - 20A3 | 0.1.d.2.0'
        """
        head = [TEXT_TAG, self.grid, str(self.round), str(self.starter), flag(self.started),
                int_or_none(self.left), "".join(card_text(c) for c in self.cards)]
        moves = [m.to_text() for m in self.moves] or [NONE]
        return join_line(head, [moves])

    @classmethod
    def from_text(cls, text: str) -> State:
        """Parse `to_text()` output; ValueError on anything malformed."""
        head, rows = split_line(text)
        if len(head) != 7 or head[0] != TEXT_TAG or len(rows) != 1:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        _, grid, round_, starter, started, left, cards = head
        dimensions(grid)
        moves = () if rows[0] == [NONE] else tuple(Move.from_text(m) for m in rows[0])
        return cls(grid=grid, round=int(round_), starter=int(starter),
                   cards=tuple(card_from_text(cards[i:i + 2]) for i in range(0, len(cards), 2)),
                   moves=moves, started=parse_flag(started), left=parse_int_or_none(left))

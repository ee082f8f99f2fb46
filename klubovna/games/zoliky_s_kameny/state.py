"""The state of a round of Žolíky s kameny and its one-line text form. What may happen next
lives in rules.py, the tiles in tiles.py, what a seat sees in view.py."""

from __future__ import annotations

from dataclasses import dataclass

from klubovna.core.textform import NONE, flag, join_line, parse_flag, split_line

from .tiles import Tile, tiles_from_text, tiles_text

SEATS_MIN, SEATS_MAX = 2, 4
RACK_START = 14
"""Tiles dealt to each player."""
END_REASONS = ("out", "blocked", "left")
"""out: a player emptied their rack; blocked: every player passed in a row on an empty
pool; left: a player left the table."""
TEXT_TAG = "zk1"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's rack and what the round knows of them."""

    rack: tuple[Tile, ...] = ()
    """Sorted (by colour, then number, jokers last); never in another seat's view."""
    melded: bool = False
    """Has made the initial meld (and may rearrange the table from the next turn on)."""
    laid: int = 0
    """Tiles laid on the table this round (figures)."""
    left: bool = False


@dataclass(frozen=True, slots=True)
class State:
    """A whole round. Immutable: the rules return a new State.

    >>> s = State(round=1, seats=(Seat(), Seat()), pool=(0, 52, 51))
    >>> State.from_text(s.to_text()) == s
    True
    """

    round: int
    """The room's round (1 first): the starter is seat (round - 1) mod seats."""
    seats: tuple[Seat, ...]
    pool: tuple[Tile, ...]
    """The tiles still to draw, the next first (never in a view: only its count)."""
    table: tuple[tuple[Tile, ...], ...] = ()
    """The sets on the table, each in its reading's order (sets.judge)."""
    started: bool = False
    turn: int = 0
    """The seat to move (before the start: the one who will begin)."""
    passes: int = 0
    """Passes in a row (only on an empty pool); a play or a draw resets it."""
    ended: str | None = None
    """Why the round is over (one of END_REASONS), None while it runs."""

    @property
    def over(self) -> bool:
        return self.ended is not None

    def to_text(self) -> str:
        """One line that round-trips through `State.from_text` (tests, logs, bug reports).

        Fields: tag, round, started 1/0, turn, passes, end reason, pool, table (sets
        separated by "/"); then per seat after ` | `: rack, melded 1/0, tiles laid, left
        1/0. Tiles are two characters each (tiles.tile_text); `-` for none. It holds every
        rack and the pool: never for clients.

        >>> State(round=2, seats=(Seat((0, 13)), Seat((52,), True, 3)), pool=(5,),
        ...       table=((0, 1, 2),), started=True, turn=1).to_text()
        'zk1 2 1 1 0 - 06 010203 | 0111 0 0 0 | ** 1 3 0'
        """
        head = [TEXT_TAG, str(self.round), flag(self.started), str(self.turn),
                str(self.passes), self.ended or NONE, tiles_text(self.pool),
                "/".join(tiles_text(s) for s in self.table) or NONE]
        rows = [[tiles_text(seat.rack), flag(seat.melded), str(seat.laid), flag(seat.left)]
                for seat in self.seats]
        return join_line(head, rows)

    @classmethod
    def from_text(cls, text: str) -> State:
        """Parse `to_text()` output; ValueError on anything malformed."""
        head, rows = split_line(text)
        if len(head) != 8 or head[0] != TEXT_TAG:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        _, round_, started, turn, passes, ended, pool, table = head
        if ended != NONE and ended not in END_REASONS:
            raise ValueError(f"unknown end reason {ended!r}")
        if not SEATS_MIN <= len(rows) <= SEATS_MAX or any(len(row) != 4 for row in rows):
            raise ValueError(f"a round has {SEATS_MIN} to {SEATS_MAX} seats of 4 fields")
        return cls(
            round=int(round_),
            seats=tuple(Seat(tiles_from_text(rack), parse_flag(melded), int(laid),
                             parse_flag(left)) for rack, melded, laid, left in rows),
            pool=tiles_from_text(pool),
            table=() if table == NONE else tuple(tiles_from_text(s) for s in table.split("/")),
            started=parse_flag(started),
            turn=int(turn),
            passes=int(passes),
            ended=None if ended == NONE else ended,
        )

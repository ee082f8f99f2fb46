"""A Locus Poker grid the computer players search on: built from a seat's view, played and
taken back in place (no copies), with what each cell would score kept up to date.

A cell's hand (face up and face down) depends only on which of its neighbours lie face
down, so it is cached per cell by that mask; a seat's bonus on a cell is kept as a running
sum of its face-up chips around it. Positions are hashed (Zobrist) for the search's table.
"""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Json, Rng, View
from klubovna.games.locus_poker import areas, points

FREE, UP, DOWN = 0, 1, 2
Move = tuple[int, int, int]
"""(score, cell, up): what the move scores now, the cell, 1 face up or 0 face down."""

_KEYS = Rng(0x10C05).state
_ZOBRIST: list[int] = []


def _zobrist(size: int) -> list[int]:
    """Per cell four random words (seat 0 or 1, face up or down), and one for the side."""
    while len(_ZOBRIST) < size * 4 + 1:
        rng = Rng(_KEYS + len(_ZOBRIST))
        _ZOBRIST.append(rng.next64())
    return _ZOBRIST


class Board:
    """The grid, whose turn it is and the scores so far, from `view` (any seat's)."""

    __slots__ = ("bonus", "cache", "cards", "dmask", "face", "free", "hash", "keys", "near",
                 "owner", "pos", "side", "side_key", "size", "totals")

    def __init__(self, view: View) -> None:
        cols, rows = int(view["cols"]), int(view["rows"])
        self.size = size = cols * rows
        self.cards = [int(r) * 4 + int(s) for r, s in view["cards"]]
        self.near = [list(near) for near in areas(cols, rows)]
        self.pos = [{n: i for i, (n, _) in enumerate(near)} for near in self.near]
        """Per cell: each neighbour's bit in the cell's face-down mask."""
        self.face = [FREE] * size
        self.owner = [-1] * size
        self.dmask = [0] * size
        self.bonus = [[0] * size, [0] * size]
        self.cache: list[dict[int, tuple[int, int]]] = [{} for _ in range(size)]
        self.keys = _zobrist(size)
        self.side_key = self.keys[size * 4]
        self.hash = 0
        self.free = size
        self.totals = [int(t) for t in view["totals"]]
        chips: Sequence[Json] = view["chips"]
        for cell, chip in enumerate(chips):
            if chip is not None:
                self.place(cell, chip["face"] == "up", chip["seat"])
        turn = view["turn"]
        self.side = int(turn[0]) if turn else int(view["seat"])

    # ------------------------------------------------------------ scores

    def hands(self, cell: int) -> tuple[int, int]:
        """The cell's hand face up and face down now."""
        mask = self.dmask[cell]
        cached = self.cache[cell].get(mask)
        if cached is None:
            cards = self.cards
            live = [cards[n] for i, (n, _) in enumerate(self.near[cell]) if not mask >> i & 1]
            cached = (points([*live, cards[cell]], 0), points(live, 1))
            self.cache[cell][mask] = cached
        return cached

    def moves(self, side: int) -> list[Move]:
        """Every move of `side`, the best scoring first (face up first on a tie)."""
        bonus = self.bonus[side]
        face = self.face
        out: list[Move] = []
        for cell in range(self.size):
            if face[cell] == FREE:
                up, down = self.hands(cell)
                b = bonus[cell]
                out.append((up + b, cell, 1))
                out.append((down + b, cell, 0))
        out.sort(reverse=True)
        return out

    def best_score(self, side: int) -> int:
        """The most `side` could score with one move now."""
        bonus = self.bonus[side]
        face = self.face
        best = 0
        for cell in range(self.size):
            if face[cell] == FREE:
                up, down = self.hands(cell)
                value = (up if up > down else down) + bonus[cell]
                if value > best:
                    best = value
        return best

    # ------------------------------------------------------------ play and take back

    def place(self, cell: int, up: bool, seat: int) -> None:
        """A chip of `seat` on `cell` (no score: the scores so far come from the view)."""
        self.face[cell] = UP if up else DOWN
        self.owner[cell] = seat
        self.free -= 1
        self.hash ^= self.keys[cell * 4 + seat * 2 + (0 if up else 1)]
        if up:
            bonus = self.bonus[seat]
            for n, weight in self.near[cell]:
                bonus[n] += weight
        else:
            dmask, pos = self.dmask, self.pos
            for n, _ in self.near[cell]:
                dmask[n] |= 1 << pos[n][cell]

    def remove(self, cell: int) -> None:
        """Take the chip on `cell` back (the last placed of those around it)."""
        up = self.face[cell] == UP
        seat = self.owner[cell]
        self.face[cell] = FREE
        self.owner[cell] = -1
        self.free += 1
        self.hash ^= self.keys[cell * 4 + seat * 2 + (0 if up else 1)]
        if up:
            bonus = self.bonus[seat]
            for n, weight in self.near[cell]:
                bonus[n] -= weight
        else:
            dmask, pos = self.dmask, self.pos
            for n, _ in self.near[cell]:
                dmask[n] &= ~(1 << pos[n][cell])

    def play(self, move: Move) -> None:
        """The side to move plays `move`; its score is added and the turn passes."""
        score, cell, up = move
        self.place(cell, bool(up), self.side)
        self.totals[self.side] += score
        self.side ^= 1
        self.hash ^= self.side_key

    def undo(self, move: Move) -> None:
        score, cell, _ = move
        self.side ^= 1
        self.hash ^= self.side_key
        self.totals[self.side] -= score
        self.remove(cell)


def action(move: Move) -> dict[str, Json]:
    """The engine action of a move."""
    return {"type": "play", "cell": move[1], "face": "up" if move[2] else "down"}

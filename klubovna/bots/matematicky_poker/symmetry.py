"""Board symmetries that keep every score: equivalent cells need to be searched only once.

A symmetry maps cell (r, c) to (sr(r), sc(c)) or, transposed, to (sc(c), sr(r)). Lines go to
lines when sr keeps the pairs {0,4}, {1,3} (it commutes with reversal) and sc is sr or sr
reversed (the two diagonals then go to the diagonals). Where the order inside a line counts
(the adjacent table), sr may only keep or reverse the order: the eight symmetries of the
square. On the other tables any such sr will do: 32 symmetries.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations

Perm = tuple[int, ...]


@cache
def symmetries(ordered: bool) -> tuple[Perm, ...]:
    """Cell permutations (new index for each old one) that keep every line's score."""
    rev = (4, 3, 2, 1, 0)
    rows = [p for p in permutations(range(5)) if all(p[4 - i] == 4 - p[i] for i in range(5))]
    if ordered:
        rows = [tuple(range(5)), rev]
    found: set[Perm] = set()
    for sr in rows:
        for sc in (sr, tuple(rev[sr[i]] for i in range(5))):
            found.add(tuple(sr[r] * 5 + sc[c] for r in range(5) for c in range(5)))
            found.add(tuple(sc[c] * 5 + sr[r] for r in range(5) for c in range(5)))
    return tuple(sorted(found))


def classes(board: Sequence[int | None], ordered: bool) -> dict[int, int]:
    """Each empty cell and the first cell of its class (the board's own symmetries make the
    cells of a class alike: equal values, equal futures)."""
    keep = [p for p in symmetries(ordered) if all(board[p[i]] == board[i] for i in range(25))]
    first: dict[int, int] = {}
    for cell in range(25):
        if board[cell] is None and cell not in first:
            for p in keep:
                first.setdefault(p[cell], cell)
    return first


def representatives(board: Sequence[int | None], ordered: bool) -> list[int]:
    """One empty cell of each class of cells the board's own symmetries make alike."""
    return sorted(set(classes(board, ordered).values()))

"""The grids of Locus Poker (columns × rows), their cells (row by row, 0 top left) and each
cell's scoring area: the cell and its up to eight neighbours, with the bonus weight of each
neighbour (2 orthogonal, 1 diagonal)."""

from __future__ import annotations

from functools import cache

GRIDS = ("6x5", "6x6", "7x6", "8x6")
"""The sizes the original offers, columns × rows (every one has an even number of cards,
so both players place the same number of chips)."""


def dimensions(grid: str) -> tuple[int, int]:
    """Columns and rows of a grid size.

    >>> dimensions("7x6")
    (7, 6)
    """
    cols, rows = grid.split("x")
    return int(cols), int(rows)


@cache
def areas(cols: int, rows: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell its neighbours with their bonus weights, in reading order (the cell itself
    not included: it is the chosen card).

    >>> areas(6, 5)[0]
    ((1, 2), (6, 2), (7, 1))
    >>> len(areas(6, 5)[8]), len(areas(6, 5)[11])
    (8, 5)
    """
    out = []
    for cell in range(cols * rows):
        row, col = divmod(cell, cols)
        near = []
        for r in range(row - 1, row + 2):
            for c in range(col - 1, col + 2):
                if (r, c) != (row, col) and 0 <= r < rows and 0 <= c < cols:
                    near.append((r * cols + c, 2 if r == row or c == col else 1))
        out.append(tuple(near))
    return tuple(out)

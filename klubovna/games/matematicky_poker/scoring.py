"""Scoring of a Matematický poker board: the three tables as data, line scores and the total.
Only numbers on a 5x5 grid belong here; turns, the deck, time and views live elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

Cells = Sequence[int | None]
"""A board: 25 cells row by row (index r*5+c), each a value 1..13 or None when empty."""

LINES: tuple[tuple[int, int, int, int, int], ...] = (
    *((r * 5, r * 5 + 1, r * 5 + 2, r * 5 + 3, r * 5 + 4) for r in range(5)),
    *((c, c + 5, c + 10, c + 15, c + 20) for c in range(5)),
    (0, 6, 12, 18, 24),
    (4, 8, 12, 16, 20),
)
"""The twelve scored lines in their fixed order: rows 0-4, columns 0-4, main and anti-diagonal."""

DIAGONALS = (10, 11)
"""Indexes of the two diagonals in LINES (the matematico table pays a bonus on them)."""

LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if cell in line) for cell in range(25)
)
"""For each cell, the indexes of the lines that pass through it (2, 3 or 4 of them)."""

VALUES = range(1, 14)


class Line(NamedTuple):
    """What a combination test may ask about one line; computed once per line.

    Five-card combinations need all five cells: a straight or a special is five ranked
    values, a full house has counts (3, 2); an empty cell never joins a run.
    """

    counts: tuple[int, ...]
    """How often each filled value occurs, largest first; (0,) for an empty line."""
    runs: tuple[int, ...]
    """Lengths of unbroken runs of one value along the line, largest first; (0,) if none."""
    straight: bool
    """Five distinct consecutive values in any order (1 is low only)."""
    ordered: bool
    """A straight that also runs strictly ascending or descending along the line."""
    ranked: tuple[int, ...]
    """The filled values sorted from low to high."""


class Combination(NamedTuple):
    """One row of a scoring table; rows are read top to bottom, the first that holds scores."""

    points: int
    name: str
    """A message-catalogue key for the combination's name."""
    example: tuple[int | None, ...]
    """A line that scores exactly this row (shown on the rules page, checked by the tests)."""
    test: Callable[[Line], bool]


def _of_a_kind(n: int) -> Callable[[Line], bool]:
    return lambda line: line.counts[0] >= n


def _adjacent(n: int) -> Callable[[Line], bool]:
    return lambda line: line.runs[0] >= n


def _two_pairs(line: Line) -> bool:
    return len(line.counts) >= 2 and line.counts[1] >= 2


def _two_pairs_adjacent(line: Line) -> bool:
    return sum(run // 2 for run in line.runs) >= 2


def _full_house(line: Line) -> bool:
    return line.counts == (3, 2)


def _full_house_adjacent(line: Line) -> bool:
    # Two maximal runs of 3 and 2 cover all five cells: AAABB or AABBB.
    return line.runs == (3, 2)


def _ranked(*values: int) -> Callable[[Line], bool]:
    return lambda line: line.ranked == values


def _straight(line: Line) -> bool:
    return line.straight


def _ordered_straight(line: Line) -> bool:
    return line.ordered


def _four_ones(line: Line) -> bool:
    return line.ranked[:4] == (1, 1, 1, 1)


_: None = None  # an empty cell in the examples below

ADJACENT: tuple[Combination, ...] = (
    Combination(125, "five_of_a_kind", (7, 7, 7, 7, 7), _of_a_kind(5)),
    Combination(100, "four_of_a_kind_adjacent", (7, 7, 7, 7, 2), _adjacent(4)),
    Combination(75, "straight_in_order", (9, 8, 7, 6, 5), _ordered_straight),
    Combination(70, "four_of_a_kind", (7, 7, 2, 7, 7), _of_a_kind(4)),
    Combination(50, "straight", (5, 7, 6, 9, 8), _straight),
    Combination(50, "full_house_adjacent", (4, 4, 4, 9, 9), _full_house_adjacent),
    Combination(40, "full_house", (4, 9, 4, 9, 4), _full_house),
    Combination(35, "two_pairs_adjacent", (4, 4, _, 9, 9), _two_pairs_adjacent),
    Combination(30, "two_pairs", (4, 9, 4, 9, _), _two_pairs),
    Combination(25, "three_of_a_kind_adjacent", (_, 4, 4, 4, 1), _adjacent(3)),
    Combination(20, "three_of_a_kind", (4, 4, _, 4, 1), _of_a_kind(3)),
    Combination(15, "pair_adjacent", (2, 4, 4, _, _), _adjacent(2)),
    Combination(10, "pair", (4, _, 4, 2, 3), _of_a_kind(2)),
)
"""Matematický poker, the default table: equal numbers side by side score more."""

SCHOOL: tuple[Combination, ...] = (
    Combination(160, "four_of_a_kind", (7, 2, 7, 7, 7), _of_a_kind(4)),
    Combination(80, "full_house", (4, 9, 4, 9, 4), _full_house),
    Combination(50, "straight", (5, 7, 6, 9, 8), _straight),
    Combination(40, "three_of_a_kind", (4, 4, _, 4, 1), _of_a_kind(3)),
    Combination(20, "two_pairs", (4, 9, 4, 9, _), _two_pairs),
    Combination(10, "pair", (4, 4, _, 2, 3), _of_a_kind(2)),
)
"""The older school table: where the numbers stand in the line does not matter."""

MATEMATICO: tuple[Combination, ...] = (
    Combination(200, "four_ones", (1, 1, 5, 1, 1), _four_ones),
    Combination(160, "four_of_a_kind", (7, 2, 7, 7, 7), _of_a_kind(4)),
    Combination(150, "one_and_ten_to_thirteen", (12, 1, 10, 13, 11), _ranked(1, 10, 11, 12, 13)),
    Combination(100, "three_ones_two_thirteens", (1, 13, 1, 13, 1), _ranked(1, 1, 1, 13, 13)),
    Combination(80, "full_house", (4, 9, 4, 9, 4), _full_house),
    Combination(50, "straight", (5, 7, 6, 9, 8), _straight),
    Combination(40, "three_of_a_kind", (4, 4, _, 4, 1), _of_a_kind(3)),
    Combination(20, "two_pairs", (4, 9, 4, 9, _), _two_pairs),
    Combination(10, "pair", (4, 4, _, 2, 3), _of_a_kind(2)),
)
"""Matematico: the school table plus specials with 1s and 13s, and a bonus per diagonal."""

DIAGONAL_BONUS = 10
"""Matematico only: added to the total for each diagonal whose line scores more than zero."""

TABLES: Mapping[str, tuple[Combination, ...]] = {
    "adjacent": ADJACENT,
    "school": SCHOOL,
    "matematico": MATEMATICO,
}
"""Every table by name; "adjacent" is the default."""

_BONUS: Mapping[str, int] = {"adjacent": 0, "school": 0, "matematico": DIAGONAL_BONUS}

_CACHE_LIMIT = 1 << 15
"""Memoised line scores per table; the memo is emptied when it grows past this (bounded RAM)."""
_CACHES: dict[str, dict[tuple[int | None, ...], int]] = {name: {} for name in TABLES}
_LINE_CELLS = tuple(itemgetter(*line) for line in LINES)
_BOARD_VALUES = frozenset((None, *VALUES))


def describe_line(values: Sequence[int | None]) -> Line:
    """The facts the combination tests read, for five cells in line order.

    >>> describe_line((4, 4, None, 5, 4)).counts, describe_line((4, 4, None, 5, 4)).runs
    ((3, 1), (2, 1, 1))
    """
    cells = tuple(values)
    filled = [v for v in cells if v is not None]
    tally: dict[int, int] = {}
    for value in filled:
        tally[value] = tally.get(value, 0) + 1
    runs: list[int] = []
    previous: int | None = None
    for cell in cells:
        if cell is None:
            previous = None
        elif cell == previous:
            runs[-1] += 1
        else:
            runs.append(1)
            previous = cell
    complete = len(filled) == 5
    ranked = tuple(sorted(filled))
    straight = complete and len(tally) == 5 and ranked[4] - ranked[0] == 4
    step = filled[1] - filled[0] if straight else 0
    ordered = (
        straight
        and step in (1, -1)
        and all(b - a == step for a, b in zip(filled, filled[1:], strict=False))
    )
    return Line(
        counts=tuple(sorted(tally.values(), reverse=True)) or (0,),
        runs=tuple(sorted(runs, reverse=True)) or (0,),
        straight=straight,
        ordered=ordered,
        ranked=ranked,
    )


def best_combination(values: Sequence[int | None], table: str) -> Combination | None:
    """The row of `table` that one line scores, or None when it scores nothing.

    >>> best_combination((3, 3, 3, 9, 9), "adjacent").name
    'full_house_adjacent'
    """
    line = describe_line(values)
    for row in _rows(table):
        if row.test(line):
            return row
    return None


def score_line(values: Sequence[int | None], table: str) -> int:
    """Points of one line of five cells (in line order, None where empty) under `table`.

    >>> score_line((1, 10, 11, 12, 13), "matematico"), score_line((1, 10, 11, 12, 13), "adjacent")
    (150, 0)
    """
    key = tuple(values)
    cache = _cache(table)
    points = cache.get(key)
    if points is None:
        if len(key) != 5 or not _BOARD_VALUES.issuperset(key):
            raise ValueError(f"a line is five cells of 1..13 or None, got {list(key)}")
        points = _score_new(key, table, cache)
    return points


def score_board(cells: Cells, table: str) -> tuple[list[int], int]:
    """The twelve line scores (order of LINES) and the total of a board under `table`.

    Empty cells (None) break adjacency and five-card combinations need all five cells.
    The matematico diagonal bonus is in the total only, never in the line scores.

    >>> board = [7, 7, 7, 7, 2] + [None] * 20
    >>> lines, total = score_board(board, "adjacent")
    >>> lines[0], total
    (100, 100)
    >>> score_board([1, 1, 1, 1, 1] + [None] * 20, "matematico")[1]
    200
    >>> score_board([4] + [None] * 5 + [4] + [None] * 18, "matematico")
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0], 20)
    """
    cache = _cache(table)
    if len(cells) != 25 or not _BOARD_VALUES.issuperset(cells):
        raise ValueError("a board is 25 cells, each 1..13 or None")
    # Fast path: every line already memoised; a miss (None) is scored and stored below.
    found = [cache.get(cells_of(cells)) for cells_of in _LINE_CELLS]
    lines = [
        points if points is not None else _score_new(cells_of(cells), table, cache)
        for points, cells_of in zip(found, _LINE_CELLS, strict=True)
    ]
    return lines, total_of(lines, table)


@lru_cache(maxsize=8192)
def board_total(board: tuple[int | None, ...], table: str) -> int:
    """score_board's total, remembered by board: a group's ranking asks for 50 boards on
    every step, and a board changes only when its own player places a number.

    >>> board_total((7, 7, 7, 7, 2) + (None,) * 20, "adjacent")
    100
    """
    return score_board(board, table)[1]


def total_of(lines: Sequence[int], table: str) -> int:
    """The board total from its twelve line scores (adds the matematico diagonal bonus).

    >>> total_of([0] * 10 + [10, 20], "matematico"), total_of([0] * 10 + [10, 20], "school")
    (50, 30)
    """
    bonus = _BONUS[table]
    total = sum(lines)
    if bonus:
        total += sum(bonus for i in DIAGONALS if lines[i] > 0)
    return total


def forget_scores() -> None:
    """Empty the score memos (benchmarks measure scoring of never-seen lines with it)."""
    for cache in _CACHES.values():
        cache.clear()
    board_total.cache_clear()


def _rows(table: str) -> tuple[Combination, ...]:
    try:
        return TABLES[table]
    except KeyError:
        raise ValueError(f"unknown table {table!r}; expected one of {sorted(TABLES)}") from None


def _cache(table: str) -> dict[tuple[int | None, ...], int]:
    try:
        return _CACHES[table]
    except KeyError:
        raise ValueError(f"unknown table {table!r}; expected one of {sorted(TABLES)}") from None


def _score_new(
    key: tuple[int | None, ...], table: str, cache: dict[tuple[int | None, ...], int]
) -> int:
    row = best_combination(key, table)
    points = row.points if row is not None else 0
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = points
    return points

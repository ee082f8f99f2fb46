"""The choice of a cell: estimate after one card, the exact mean over the next card, then
an anytime Monte Carlo look-ahead over sampled card sequences for the best few cells.

Every candidate is played against the same sampled sequence in a round (common random
numbers: the comparison is fair and its noise small); each later card goes where the
evaluation gains most; the board at the end of the sequence is valued by the evaluation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import fmean, stdev

from klubovna.core import Rng
from klubovna.games.matematicky_poker.scoring import LINES, LINES_THROUGH

from .evaluation import Evaluator
from .symmetry import classes

Board = list[int | None]

SHORTLIST = 6
"""How many cells (best by the mean over the next card) the look-ahead compares."""
DEPTH = 4
"""Cards of each sampled sequence after the one in hand."""
Z95 = 1.96
"""A 95 % interval's half-width in standard errors."""


def line_cells(board: Sequence[int | None], line: int) -> tuple[int | None, ...]:
    return tuple(board[i] for i in LINES[line])


def gain(ev: Evaluator, board: Board, cell: int, value: int, draws: int, before: int) -> float:
    """How much the estimate grows when `value` goes to `cell` (`before`: draws to come
    before the placement, `draws` after it)."""
    old = sum(ev.line(line_cells(board, li), before) for li in LINES_THROUGH[cell])
    board[cell] = value
    new = sum(ev.line(line_cells(board, li), draws) for li in LINES_THROUGH[cell])
    board[cell] = None
    return new - old


def total(ev: Evaluator, board: Sequence[int | None], draws: int) -> float:
    return sum(ev.line(line_cells(board, li), draws) for li in range(len(LINES)))


def best_cell(ev: Evaluator, board: Board, value: int, empties: Sequence[int], draws: int) -> int:
    return max(empties, key=lambda c: (gain(ev, board, c, value, draws, draws + 1), -c))


@dataclass(frozen=True)
class Ideas:
    """The design's ideas, each of which bench/mp_bot.py switches off alone to measure it,
    and the clock a time budget is read from."""

    depth: int = DEPTH
    """Cards of each sampled sequence (0: no sampled look-ahead)."""
    shortlist: int = SHORTLIST
    next_card: bool = True
    """The exact mean over the next card (False: the one-card estimate only)."""
    symmetric: bool = True
    """Alike cells (the board's symmetries) are searched once."""
    clock: Callable[[], float] = time.perf_counter
    """Seconds; bench/mp_bot.py gives time.process_time, so that a budget buys the same work
    on a loaded machine."""


IDEAS = Ideas()


def values(
    board: Sequence[int | None],
    card: int,
    table: str,
    unseen: Sequence[int],
    samples: int,
    rng: Rng,
    budget_ms: float | None = None,
    kept: int = 0,
    ideas: Ideas = IDEAS,
) -> dict[int, float]:
    """The look-ahead's estimate of the final points for `card` at each empty cell, after
    exactly `samples` rounds (never the clock). Cells of the shortlist get their sampled
    mean; the others their mean over the next card, shifted onto the sampled scale (by the
    shortlist's mean difference between the two) and never above the worst of the
    shortlist, which the look-ahead ranked above them. Alike cells (symmetry) share a
    value. With `budget_ms` the clock stops the search instead, as in `place`
    (bench/mp_bot.py's timed players; tables never do). `kept` jokers held: they will fill
    as many cells (fewer numbers come to the board), each played at the end of a sampled
    sequence where it gains most, after seeing it.

    >>> v = values([7, 7, 7, None, 7] + [None] * 20, 7, "adjacent", [1, 2, 3] * 4, 4, Rng(1))
    >>> len(v), max(v, key=lambda c: v[c])
    (21, 3)
    """
    found, _ = _search(board, card, table, unseen, budget_ms or 0.0,
                       samples if budget_ms is None else None, rng, kept, ideas)
    return found


def choose(
    board: Sequence[int | None],
    card: int,
    table: str,
    unseen: Sequence[int],
    budget_ms: float,
    samples: int | None,
    rng: Rng,
    ideas: Ideas = IDEAS,
) -> int:
    """See `place`: the best of `values` (ties: the look-ahead's order)."""
    found, order = _search(board, card, table, unseen, budget_ms, samples, rng, 0, ideas)
    return max(order, key=lambda c: (found[c], -order.index(c)))


def _search(
    board: Sequence[int | None],
    card: int,
    table: str,
    unseen: Sequence[int],
    budget_ms: float,
    samples: int | None,
    rng: Rng,
    kept: int,
    ideas: Ideas,
) -> tuple[dict[int, float], list[int]]:
    """Every empty cell's estimate of the final points, and the representative cells in
    the order the search ranked them (best first) before the sampled look-ahead."""
    clock = ideas.clock
    depth, shortlist = ideas.depth, ideas.shortlist
    began = clock()
    work: Board = list(board)
    empties = [c for c in range(25) if work[c] is None]
    ev = Evaluator(table, unseen)
    draws = max(0, len(empties) - 1 - kept)  # the numbers still to come after this one
    now = total(ev, work, draws + 1)
    ordered = table == "adjacent"
    alike = classes(work, ordered) if ideas.symmetric else {c: c for c in empties}
    candidates = sorted(set(alike.values()))
    if len(empties) == 1:
        return {empties[0]: now + gain(ev, work, empties[0], card, 0, 1)}, empties
    numbers = [v for v in unseen if 1 <= v <= 13]
    weights = {v: numbers.count(v) / len(numbers) for v in set(numbers)}
    if not numbers or not draws:
        weights = {}

    def mean_next(cell: int) -> float:
        value = gain(ev, work, cell, card, draws, draws + 1)
        work[cell] = card
        rest = [c for c in empties if c != cell]
        value += sum(
            p * max(gain(ev, work, c, v, draws - 1, draws) for c in rest)
            for v, p in weights.items()
        )
        work[cell] = None
        return value

    one = {c: gain(ev, work, c, card, draws, draws + 1) for c in candidates}
    first = sorted(candidates, key=lambda c: (-one[c], c))
    if not ideas.next_card:
        return _spread({c: now + one[c] for c in first}, alike), first
    # Anytime: with a time budget, cells the mean over the next card had no time for keep
    # the order of the one-card estimate, after those it ranked (best first by the estimate).
    means: dict[int, float] = {}
    for cell in first:
        if samples is None and means and _ms(clock, began) >= budget_ms / 2:
            break
        means[cell] = mean_next(cell)
    ranked = sorted(means, key=lambda c: (-means[c], c))
    order = ranked + [c for c in first if c not in means]
    # The scale of a cell without the next-card mean: its one-card estimate, shifted by
    # the mean difference where both are known.
    shift = sum(means[c] - one[c] for c in means) / len(means)
    coarse = {c: now + means.get(c, one[c] + shift) for c in order}
    ranked = order[:shortlist]
    if len(ranked) == 1 or depth == 0 or not numbers:
        return _spread(_below(coarse, ranked[:1], order), alike), order
    sums = dict.fromkeys(ranked, 0.0)
    rounds = 0
    limit = samples if samples is not None else 1 << 30
    while rounds < limit:
        if samples is None and rounds and _ms(clock, began) >= budget_ms:
            break
        sequence = _sample(numbers, min(depth, draws), rng)
        for cell in ranked:
            sums[cell] += _play(ev, work, cell, card, sequence, draws, kept)
        rounds += 1
    if not rounds:
        return _spread(_below(coarse, ranked[:1], order), alike), order
    sampled = {c: sums[c] / rounds for c in ranked}
    offset = sum(sampled[c] - coarse[c] for c in ranked) / len(ranked)
    floor = min(sampled.values())
    found = {c: min(coarse[c] + offset, floor) for c in order}
    found.update(sampled)
    return _spread(found, alike), order


def compare(
    board: Sequence[int | None],
    first: tuple[int, int],
    second: tuple[int, int],
    table: str,
    unseen: Sequence[int],
    rounds: int,
    rng: Rng,
    kept: int = 0,
) -> tuple[float, float]:
    """How many more points the look-ahead expects after `first` (cell, value) than after
    `second`: the mean over `rounds` sampled card sequences, both played on the same ones
    (common random numbers), and the half-width of its 95 % interval (0 when nothing is
    left to sample). `kept`: jokers held, as in `values`.

    >>> board = [7, 7, 7, None, 7] + [None] * 20
    >>> gain, error = compare(board, (3, 7), (5, 7), "adjacent", [1, 2, 3] * 4, 16, Rng(1))
    >>> round(gain), round(error)  # five of a kind (125) against four (70), give or take a column
    (58, 5)
    """
    work: Board = list(board)
    ev = Evaluator(table, unseen)
    draws = max(0, work.count(None) - 1 - kept)
    numbers = [v for v in unseen if 1 <= v <= 13]
    depth = min(IDEAS.depth, draws) if numbers else 0
    differences = []
    for _ in range(rounds if depth else 1):
        sequence = _sample(numbers, depth, rng)
        differences.append(_play(ev, work, first[0], first[1], sequence, draws, kept)
                           - _play(ev, work, second[0], second[1], sequence, draws, kept))
    if len(differences) < 2:
        return differences[0], 0.0
    return fmean(differences), Z95 * stdev(differences) / len(differences) ** 0.5


def _below(coarse: dict[int, float], top: list[int], order: list[int]) -> dict[int, float]:
    """`coarse`, but no cell above the chosen one (`top`): the order is the search's."""
    best = coarse[top[0]]
    return {c: min(coarse[c], best) for c in order}


def _spread(found: dict[int, float], alike: dict[int, int]) -> dict[int, float]:
    """The value of each class's first cell for every cell of the class."""
    return {cell: found[first] for cell, first in alike.items()}


def _ms(clock: Callable[[], float], began: float) -> float:
    return (clock() - began) * 1000


def _sample(numbers: Sequence[int], n: int, rng: Rng) -> list[int]:
    pool = list(numbers)
    out = []
    for _ in range(min(n, len(pool))):
        i = rng.below(len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        out.append(pool.pop())
    return out


def _play(
    ev: Evaluator, board: Board, cell: int, card: int, sequence: Sequence[int], draws: int,
    kept: int = 0,
) -> float:
    """The estimate after `card` at `cell` and each card of `sequence` where it gains most,
    then each of the `kept` jokers where it gains most."""
    placed = [cell]
    board[cell] = card
    left = draws
    empties = [c for c in range(25) if board[c] is None]
    for value in sequence:
        left -= 1
        c = best_cell(ev, board, value, empties, left)
        board[c] = value
        empties.remove(c)
        placed.append(c)
    for _ in range(min(kept, len(empties))):
        c, value = best_joker(ev, board, empties, left)
        board[c] = value
        empties.remove(c)
        placed.append(c)
    estimate = total(ev, board, left)
    for c in placed:
        board[c] = None
    return estimate


def best_joker(
    ev: Evaluator, board: Board, empties: Sequence[int], draws: int
) -> tuple[int, int]:
    """The (cell, value) a joker gains most from, `draws` numbers still to come after it."""
    return max(
        ((c, v) for c in empties for v in range(1, 14)),
        key=lambda cv: (gain(ev, board, cv[0], cv[1], draws, draws), -cv[0], -cv[1]),
    )


def joker_now(
    board: Sequence[int | None], table: str, unseen: Sequence[int], reserve: int = 0
) -> tuple[int, int]:
    """Where a joker gains most now, by the estimate; `reserve`: cells other cards in hand
    (a number, kept jokers) will take, so that fewer numbers are still to come."""
    work: Board = list(board)
    empties = [c for c in range(25) if work[c] is None]
    ev = Evaluator(table, unseen)
    draws = max(0, len(empties) - 1 - reserve)
    return max(
        ((c, v) for c in empties for v in range(1, 14)),
        key=lambda cv: (gain(ev, work, cv[0], cv[1], draws, draws + 1), -cv[0], -cv[1]),
    )

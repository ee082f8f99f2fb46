"""A fast estimate of what a partial line will score by the end of the game.

For each row of the table, the cheapest set of cards that would still make it in this line
(`_needs`), the chance that those cards come among the draws left (hypergeometric, one value
at a time as if independent) and a discount per needed card (other lines want the cells and
the cards too). A line is worth the sum over the table's steps of the chance to reach each
(the best chance among the rows worth that much or more) times the step's height: a line
that may make four of a kind keeps the pair it has if the four never come. A full line is
worth its score.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb

from klubovna.games.matematicky_poker.scoring import TABLES, score_line

LineCells = tuple[int | None, ...]
Need = dict[int, int]
"""Needed cards: value -> how many more of it the line's empty cells must receive."""
Option = tuple[int, tuple[tuple[int, int], ...], float]

DISCOUNTS = {"adjacent": 0.75, "matematico": 0.6, "school": 0.6}
"""Per needed card: the cell may be spent on another line's card (tuned by table on
bench/mp_bot.py: docs/decisions/0168-mp-bot-evaluation-by-steps.md)."""
ROW_DISCOUNTS: dict[str, dict[str, float]] = {
    "matematico": {"pair": 0.3, "two_pairs": 0.3, "three_of_a_kind": 0.5, "full_house": 0.5,
                   "four_of_a_kind": 0.5},
}
"""Rows whose discount differs from their table's: on matematico, hoping for a kind (a pair
most of all) is worth less than hoping for its specials and straights (measured:
docs/decisions/0169-mp-bot-row-discounts.md)."""

_WINDOWS = {n: [range(s, s + n) for s in range(6 - n)] for n in (2, 3, 4)}
_PAIR_SLOTS = (((0, 1), (2, 3)), ((0, 1), (3, 4)), ((1, 2), (3, 4)))


@lru_cache(maxsize=1 << 16)
def at_least(m: int, available: int, unseen: int, draws: int) -> float:
    """P(at least m of `available` copies among `draws` cards taken from `unseen`)."""
    if m <= 0:
        return 1.0
    draws = min(draws, unseen)
    if m > available or m > draws:
        return 0.0  # (more needed than will come: kept jokers take cells without a draw)
    total = comb(unseen, draws)
    miss = sum(comb(available, j) * comb(unseen - available, draws - j) for j in range(m))
    return 1.0 - miss / total


class Evaluator:
    """Line estimates for one table and one multiset of unseen cards, memoised by line."""

    def __init__(self, table: str, unseen: Sequence[int]) -> None:
        self.table = table
        self.available = [0] * 14
        for card in unseen:
            if 1 <= card <= 13:
                self.available[card] += 1
        self.unseen = max(1, len(unseen))
        self._memo: dict[tuple[LineCells, int], float] = {}

    def line(self, cells: LineCells, draws: int) -> float:
        """The estimate of one line (line order) when `draws` cards still come to the board."""
        key = (cells, draws)
        value = self._memo.get(key)
        if value is None:
            value = self._estimate(cells, draws)
            self._memo[key] = value
        return value

    def _estimate(self, cells: LineCells, draws: int) -> float:
        if None not in cells:
            return float(score_line(cells, self.table))
        # The expected score is the sum over the table's steps of P(score >= step) times the
        # step's height; P(score >= p) is the best chance among the ways to p points or more.
        value = chance = 0.0
        last = 0
        for points, need, discount in options(cells, self.table):
            if points < last:
                value += chance * (last - points)
            last = points
            p = self._chance(need, draws, discount)
            if p > chance:
                chance = p
                if chance >= 1.0:
                    break
        return value + chance * last

    def _chance(self, need: tuple[tuple[int, int], ...], draws: int, discount: float) -> float:
        p = 1.0
        for value, m in need:
            p *= at_least(m, self.available[value], self.unseen, draws) * discount**m
            if p == 0.0:
                break
        return p


@lru_cache(maxsize=1 << 17)
def options(cells: LineCells, table: str) -> tuple[Option, ...]:
    """Every (points, needed cards, discount per needed card) way a partial line can still
    score, by falling points; independent of the unseen cards, so it is remembered across
    moves and games."""
    empty = cells.count(None)
    rows = ROW_DISCOUNTS.get(table, {})
    found = {
        (row.points, tuple(sorted(need.items())), rows.get(row.name, DISCOUNTS[table]))
        for row in TABLES[table]
        for need in _needs(row.name, cells, empty, table)
    }
    return tuple(sorted(found, key=lambda o: (-o[0], len(o[1]), o[1])))


def _needs(name: str, cells: LineCells, empty: int, table: str) -> Iterator[Need]:
    """The ways this line could still make row `name`: the cards each way needs."""
    filled = [v for v in cells if v is not None]
    tally: dict[int, int] = {}
    for v in filled:
        tally[v] = tally.get(v, 0) + 1
    positional = table == "adjacent"
    if name in ("four_of_a_kind", "three_of_a_kind", "pair", "four_ones", "five_of_a_kind"):
        n = {"five_of_a_kind": 5, "four_of_a_kind": 4, "three_of_a_kind": 3}.get(name, 2)
        if name == "four_ones":
            n, values = 4, [1]
        else:
            values = list(tally) or list(range(1, 14))
        for v in values:
            m = n - tally.get(v, 0)
            if 0 <= m <= empty:
                yield {v: m}
    elif name.endswith("_adjacent") and name.split("_")[0] in ("four", "three", "pair"):
        n = {"four": 4, "three": 3, "pair": 2}[name.split("_")[0]]
        for window in _WINDOWS[n]:
            yield from _same(cells, window)
    elif name in ("straight", "straight_in_order"):
        if len(tally) != len(filled):
            return
        for low in range(1, 10):
            run = range(low, low + 5)
            if not all(v in run for v in filled):
                continue
            if name == "straight":
                yield {v: 1 for v in run if v not in tally}
            else:
                for order in (tuple(run), tuple(reversed(run))):
                    if all(c is None or c == o for c, o in zip(cells, order, strict=True)):
                        yield {o: 1 for c, o in zip(cells, order, strict=True) if c is None}
    elif name in ("full_house", "full_house_adjacent"):
        if len(tally) > 2 or any(c > 3 for c in tally.values()):
            return
        present = list(tally)
        pairs = (
            [
                (a, b)
                for a in range(1, 14)
                for b in range(1, 14)
                if a != b and all(v in (a, b) for v in present)
            ]
            if len(present) < 2
            else [(present[0], present[1]), (present[1], present[0])]
        )
        for a, b in pairs:
            if name == "full_house":
                need = {a: 3 - tally.get(a, 0), b: 2 - tally.get(b, 0)}
                if min(need.values()) >= 0:
                    yield {v: m for v, m in need.items() if m}
            else:
                for target in ([a, a, a, b, b], [a, a, b, b, b]):
                    yield from _fixed(cells, target)
    elif name in ("two_pairs", "two_pairs_adjacent"):
        if not positional or name == "two_pairs":
            counts = sorted(tally.items(), key=lambda kv: -kv[1])
            if len(counts) >= 2 and counts[1][1] >= 2:
                yield {}
                return
            for a, b in _two_values(tally):
                need = {a: max(0, 2 - tally.get(a, 0)), b: max(0, 2 - tally.get(b, 0))}
                if sum(need.values()) <= empty:
                    yield {v: m for v, m in need.items() if m}
        else:
            for first, second in _PAIR_SLOTS:
                for left in _same(cells, first):
                    for right in _same(cells, second):
                        merged = dict(left)
                        for v, m in right.items():
                            merged[v] = merged.get(v, 0) + m
                        yield merged
    elif name == "one_and_ten_to_thirteen":
        yield from _multiset(tally, {1: 1, 10: 1, 11: 1, 12: 1, 13: 1})
    elif name == "three_ones_two_thirteens":
        yield from _multiset(tally, {1: 3, 13: 2})


def _same(cells: LineCells, window: Sequence[int]) -> Iterator[Need]:
    values = {v for v in (cells[i] for i in window) if v is not None}
    if len(values) > 1:
        return
    missing = sum(1 for i in window if cells[i] is None)
    for v in values or range(1, 14):
        yield {v: missing} if missing else {}


def _fixed(cells: LineCells, target: Sequence[int]) -> Iterator[Need]:
    need: Need = {}
    for c, t in zip(cells, target, strict=True):
        if c is None:
            need[t] = need.get(t, 0) + 1
        elif c != t:
            return
    yield need


def _multiset(tally: dict[int, int], target: dict[int, int]) -> Iterator[Need]:
    if all(target.get(v, 0) >= n for v, n in tally.items()):
        yield {v: n - tally.get(v, 0) for v, n in target.items() if n > tally.get(v, 0)}


def _two_values(tally: dict[int, int]) -> Iterator[tuple[int, int]]:
    present = list(tally)
    if len(present) >= 2:
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                yield a, b
    elif present:
        a = present[0]
        for b in range(1, 14):
            if b != a:
                yield a, b
    else:
        yield 1, 2  # an empty line: any two values, all alike by symmetry of the estimate

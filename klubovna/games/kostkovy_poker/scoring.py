"""Showdown values of Kostkový poker: the value table as data and the best six-die hand.
Only dice belong here; chips, turns, pots and views live elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

FACES = range(1, 7)
HAND_SIZE = 6
"""A showdown hand is always six dice: all k kept dice plus exactly 6 - k table dice."""
TABLE_DICE = 5
KEEP_MIN, KEEP_MAX = 1, 4

Six = tuple[int, ...]
"""Six dice sorted ascending."""


class Tally(NamedTuple):
    """What a line of the value table may ask about six dice; computed once per hand."""

    dice: Six
    counts: Mapping[int, int]
    """How many dice show each face (faces that do not show are missing)."""


class Line(NamedTuple):
    """One line of the value table; a hand is worth its single best line."""

    name: str
    """A message-catalogue key for the line's name."""
    points: int | None
    """The line's value, or None when it depends on the dice (two triples)."""
    example: Six
    """Six dice worth exactly this line (the rules page shows it, the tests check it)."""
    worth: Callable[[Tally], int]
    """The line's value for these dice, 0 when the line does not apply."""


TRIPLES: Mapping[int, int] = {1: 1000, 6: 600, 5: 500, 4: 400, 3: 300, 2: 200}
"""What three dice of a face are worth; four or five of a kind count as a triple too."""


def _fixed(points: int, test: Callable[[Tally], bool]) -> Callable[[Tally], int]:
    return lambda tally: points if test(tally) else 0


def _six_of_a_kind(tally: Tally) -> bool:
    return len(tally.counts) == 1


def _straight(tally: Tally) -> bool:
    return len(tally.counts) == HAND_SIZE


def _three_pairs(tally: Tally) -> bool:
    # 2+2+2 and 4+2 (six of a kind too, but its own line is worth more).
    return all(count % 2 == 0 for count in tally.counts.values())


def _two_triples(tally: Tally) -> int:
    faces = [face for face, count in tally.counts.items() if count == 3]
    return sum(TRIPLES[face] for face in faces) if len(faces) == 2 else 0


def _triple_of(face: int) -> Callable[[Tally], int]:
    return lambda tally: TRIPLES[face] if tally.counts.get(face, 0) >= 3 else 0


VALUE_TABLE: tuple[Line, ...] = (
    Line("six_of_a_kind", 5000, (4, 4, 4, 4, 4, 4), _fixed(5000, _six_of_a_kind)),
    Line("straight", 2000, (1, 2, 3, 4, 5, 6), _fixed(2000, _straight)),
    Line("three_pairs", 1000, (2, 2, 3, 3, 6, 6), _fixed(1000, _three_pairs)),
    Line("two_triples", None, (2, 2, 2, 5, 5, 5), _two_triples),
    Line("three_ones", 1000, (1, 1, 1, 2, 3, 5), _triple_of(1)),
    Line("three_sixes", 600, (2, 3, 4, 6, 6, 6), _triple_of(6)),
    Line("three_fives", 500, (1, 2, 5, 5, 5, 6), _triple_of(5)),
    Line("three_fours", 400, (1, 4, 4, 4, 5, 6), _triple_of(4)),
    Line("three_threes", 300, (3, 3, 3, 4, 5, 6), _triple_of(3)),
    Line("three_twos", 200, (1, 2, 2, 2, 5, 6), _triple_of(2)),
)
"""The value table top to bottom, as the rules page shows it; anything else is worth 0."""


def tally(dice: Iterable[int]) -> Tally:
    """The facts the value table reads, for six dice in any order.

    >>> tally([5, 1, 5]).counts
    {1: 1, 5: 2}
    """
    six = tuple(sorted(dice))
    counts: dict[int, int] = {}
    for face in six:
        counts[face] = counts.get(face, 0) + 1
    return Tally(six, counts)


def best_line(dice: Iterable[int]) -> Line | None:
    """The line six dice are worth (the first of equal best ones), None when they score nothing.

    >>> best_line([4, 4, 4, 4, 2, 2]).name, best_line([1, 2, 3, 4, 6, 6])
    ('three_pairs', None)
    """
    six = tuple(sorted(dice))
    if six not in _SIX_LINES:
        raise ValueError(f"a hand is six dice of 1..6, got {list(six)}")
    return _SIX_LINES[six]


def six_value(dice: Iterable[int]) -> int:
    """The value of exactly six dice: their single best line of the table, else 0.

    >>> six_value([1, 1, 1, 2, 2, 2]), six_value([6, 6, 6, 6, 6, 1]), six_value([1, 5, 1, 5, 2, 3])
    (1200, 600, 0)
    """
    six = tuple(sorted(dice))
    value = _SIX_VALUES.get(six)
    if value is None:
        raise ValueError(f"a hand is six dice of 1..6, got {list(six)}")
    return value


def hand_value(kept: Sequence[int], table: Sequence[int]) -> tuple[int, int, Six]:
    """The best showdown hand from all `kept` dice plus exactly 6 - k of the five `table` dice.

    Returns (value, pips, six): the best by value, then by the sum of pips; `six` is the
    chosen six dice sorted ascending. Of two different sixes with equal value and pips the
    higher one (compared as sorted tuples) is shown; they rank the same.

    >>> hand_value([2, 2], [1, 2, 1, 1, 2])
    (1200, 9, (1, 1, 1, 2, 2, 2))
    >>> hand_value([6, 6, 6, 6], [6, 6, 1, 2, 3])[0]  # only two table dice: six 6s
    5000
    >>> hand_value([1, 1, 1, 2], [3, 3, 3, 5, 5])  # the table's triple cannot be used whole
    (1000, 15, (1, 1, 1, 2, 5, 5))
    """
    return _best(tuple(sorted(kept)), tuple(sorted(table)))


_DICE = frozenset(FACES)


def _line_of(six: Six) -> Line | None:
    facts = tally(six)
    best: Line | None = None
    for line in VALUE_TABLE:
        points = line.worth(facts)
        if points and (best is None or points > best.worth(facts)):
            best = line
    return best


_SIX_LINES: dict[Six, Line | None] = {
    six: _line_of(six) for six in combinations_with_replacement(FACES, HAND_SIZE)
}
_SIX_VALUES: dict[Six, int] = {
    six: 0 if line is None else line.worth(tally(six)) for six, line in _SIX_LINES.items()
}
"""All 462 sorted sixes with their line and value: scoring is then one dictionary look-up."""


# A multiset of dice as one number: the count of each face in base 7 (a face's digit is at most
# 6), so that joining two multisets is adding their numbers. Every six's showdown rank (value,
# pips, the six) by its number: choosing the best six is then a sum and a look-up per choice.
_CODE: dict[tuple[int, ...], int] = {
    dice: sum(7 ** (face - 1) for face in dice)
    for size in range(HAND_SIZE + 1) for dice in combinations_with_replacement(FACES, size)
}
"""Every sorted tuple of up to six dice by its number."""

_RANK_BY_CODE: dict[int, tuple[int, int, Six]] = {
    _CODE[six]: (value, sum(six), six) for six, value in _SIX_VALUES.items()
}


@cache
def _choices(table: Six, count: int) -> tuple[int, ...]:
    """The numbers of the distinct choices of `count` dice from the sorted `table`."""
    return tuple(sorted({_CODE[chosen] for chosen in combinations(table, count)}))


@lru_cache(maxsize=1 << 16)
def _best(kept: Six, table: Six) -> tuple[int, int, Six]:
    # Memoised on sorted dice: the computer players ask for the same hands again and again
    # (there are about 52,000 kept/table pairs in all, a few MB when every one is asked).
    # Checked here, so only once per hand: a refusal is not memoised. The best of the
    # choices is the greatest (value, pips, six) (issue #34: a computer player's first
    # decision asks for thousands of new hands at once; this is the same answer, faster).
    if not KEEP_MIN <= len(kept) <= KEEP_MAX or len(table) != TABLE_DICE:
        raise ValueError(f"kept is 1 to 4 dice and table 5 dice, got {list(kept)}, {list(table)}")
    if not _DICE.issuperset(kept) or not _DICE.issuperset(table):
        raise ValueError(f"dice show 1 to 6, got {list(kept)}, {list(table)}")
    base = _CODE[kept]
    return max([_RANK_BY_CODE[base + chosen] for chosen in _choices(table, HAND_SIZE - len(kept))])


def sorted_hand_value(kept: Six, table: Six) -> tuple[int, int, Six]:
    """`hand_value` of dice already sorted ascending as tuples (a computer player's many
    look-ups over the same dice sort them once)."""
    return _best(kept, table)

"""Which tiles make a set: a group (3-4 tiles of one number in different colours) or a run
(3-13 consecutive numbers of one colour, 1 never after 13), a joker standing for any tile.
`judge` reads one set and says why it is not one; the turn as a whole is judged in rules.py.

A set's reading is the one of greatest value (a joker takes the value of the tile it stands
for: [J, 5, 6] of one colour reads 5 6 7), and its tiles are kept in the reading's order
(a run ascending with each joker in its place, a group by colour, jokers last).

>>> from .tiles import JOKER, make
>>> judge([make(1, 6), JOKER, make(1, 5)])
Reading(kind='run', tiles=(17, 18, 52), value=18)
>>> judge([make(0, 5), make(1, 5), make(0, 5)]).code
'group_colour_twice'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .tiles import COLOURS, JOKER, NUMBERS, Tile, colour, make, number

GROUP_MAX = COLOURS
SET_MIN = 3

SET_CODES = frozenset({
    "set_too_short", "group_too_big", "group_colour_twice", "run_number_twice", "run_gap",
    "run_wraps", "run_too_long", "not_a_set",
})
"""Why one set is not a set (each with its own message in `judge`)."""


class Reading(NamedTuple):
    """A valid set: its kind, its tiles in order, and its value (jokers as what they stand
    for: the initial meld counts it)."""

    kind: str
    tiles: tuple[Tile, ...]
    value: int


class NotASet(NamedTuple):
    """Why tiles are not a set: a code of SET_CODES and an English reason."""

    code: str
    reason: str


def judge(tiles: Sequence[Tile]) -> Reading | NotASet:
    """The best reading of `tiles` as one set, or why there is none."""
    n = len(tiles)
    if n < SET_MIN:
        return NotASet("set_too_short", f"a set needs at least {SET_MIN} tiles, this has {n}")
    real = sorted(t for t in tiles if t != JOKER)
    jokers = n - len(real)
    numbers = {number(t) for t in real}
    colours = {colour(t) for t in real}
    readings = []
    if len(numbers) == 1:
        readings.append(_group(real, jokers))
    if len(colours) == 1 and len(real) == len(numbers):
        readings.append(_run(real, jokers))
    valid = [r for r in readings if isinstance(r, Reading)]
    if valid:
        return max(valid, key=lambda r: (r.value, r.kind == "group"))
    if readings:
        return readings[0]
    if len(colours) == 1:  # one colour, a number twice
        twice = next(number(t) for t in real if real.count(t) > 1)
        return NotASet("run_number_twice", f"a run has each number once; {twice} is there twice")
    return NotASet("not_a_set", "it mixes colours and numbers: a group is one number in "
                   "different colours, a run one colour in consecutive numbers")


def _group(real: list[Tile], jokers: int) -> Reading | NotASet:
    n = len(real) + jokers
    if n > GROUP_MAX:
        return NotASet("group_too_big", f"a group has at most {GROUP_MAX} tiles, this has {n}")
    seen = [colour(t) for t in real]
    for c in seen:
        if seen.count(c) > 1:
            return NotASet("group_colour_twice",
                           f"a group has each colour once; colour {c} is there twice")
    value = number(real[0]) * n
    return Reading("group", (*real, *[JOKER] * jokers), value)


def _run(real: list[Tile], jokers: int) -> Reading | NotASet:
    n = len(real) + jokers
    if n > NUMBERS:
        return NotASet("run_too_long", f"a run has at most {NUMBERS} tiles, this has {n}")
    low, high = number(real[0]), number(real[-1])
    if high - low + 1 > n:
        if low == 1 and high == NUMBERS:
            return NotASet("run_wraps", f"1 never follows {NUMBERS} in a run")
        gaps = high - low + 1 - len(real)
        return NotASet("run_gap", f"{low} to {high} leaves {gaps} gaps and only {jokers} "
                       f"joker{'s' if jokers != 1 else ''} to fill them")
    start = min(low, NUMBERS + 1 - n)  # spare jokers go above the highest tile while they fit
    c = colour(real[0])
    present = {number(t) for t in real}
    ordered = tuple(make(c, k) if k in present else JOKER for k in range(start, start + n))
    return Reading("run", ordered, n * start + n * (n - 1) // 2)


def set_value(tiles: Sequence[Tile]) -> int:
    """The value of a valid set (its best reading); ValueError if it is not one."""
    reading = judge(tiles)
    if not isinstance(reading, Reading):
        raise ValueError(reading.reason)
    return reading.value

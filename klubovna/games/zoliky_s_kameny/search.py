"""The best move: the most rack tiles (or the most rack value) that can go to the table in
one turn, with the whole table rearranged, every table tile in a valid set; and the best
initial meld (new sets from the rack alone worth at least 30). Pure, exact, jokers included.

A dynamic programme over the numbers 1..13 (the idea of van Rijn, Takes and Vis, "The
complexity of Rummikub problems", 2015), written here afresh. It walks the cells (number,
colour) in order; its state is, per colour, the lengths of the runs still open (1, 2, or 3
for "three or more", so it may end), the jokers used, the initial meld's value so far
(capped at 30), and, within a number, how many colours put one or two tiles into groups.
At each cell it chooses how many of the tile's copies to use (every table copy, any rack
copy), how many of them go into groups, and how many jokers stand in a run there. The
runs then follow one rule: every short run must be extended, then as many long runs as
there are tiles left, the rest start new runs; extending a long run is never worse than
ending it and starting another. After the fourth colour the groups of that number must
be makeable (`groups_for`), and states beaten by another that differs only in one
colour's open runs (as long or longer, with no less gain: `_dominates`) are dropped. The
best final state gives the amount; its choices, walked back, give the sets. A colour may
have more than two runs open at once: a joker can make a third overlap.

>>> best_move([[[0, 5], [1, 5], [2, 5]]], [[3, 5], [0, 6], [0, 7], [2, 9]], "tiles")
(3, [[[0, 5], [0, 6], [0, 7]], [[1, 5], [2, 5], [3, 5]]])
>>> best_initial_meld([[1, 10], [1, 11], [1, 12], [2, 2], "J", [0, 4]], "tiles")
(4, [[[1, 10], [1, 11], [1, 12], 'J']])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from klubovna.core import Json

from .sets import Reading, judge
from .tiles import (
    COLOURS,
    COPIES,
    JOKER,
    JOKER_RACK_VALUE,
    JOKERS,
    NUMBERS,
    Tile,
    make,
    tile_from_json,
    tile_json,
)

MELD_MIN = 30
"""The initial meld's least value (a joker counts the tile it stands for)."""
OBJECTIVES = ("tiles", "value")
_TIE = 1024
"""The objective is lexicographic: the amount first, the other measure breaks ties (more
value among moves of as many tiles, and the other way round). Both stay below 1024."""


# ---------------------------------------------------------------- the runs of one colour

def _run_states() -> list[tuple[int, ...]]:
    states: set[tuple[int, ...]] = {()}
    for size in range(1, COPIES + JOKERS + 1):
        for lengths in combinations([1, 2, 3] * size, size):
            states.add(tuple(sorted(lengths)))
    return sorted(states, key=lambda s: (len(s), s))


RUN_STATES = _run_states()
"""The open runs of one colour: sorted lengths, 3 meaning three or more (at most four runs
at once: two copies of a tile and two jokers)."""
_INDEX = {state: i for i, state in enumerate(RUN_STATES)}


def _extend(state: tuple[int, ...], tiles: int) -> int:
    """The run state after `tiles` instances of this colour's next number go into runs, or
    -1 when a short run would be left unfinished."""
    short = [length for length in state if length < 3]
    if tiles < len(short):
        return -1
    long = len(state) - len(short)
    extended = min(long, tiles - len(short))
    new = tiles - len(short) - extended
    after = tuple(sorted([length + 1 for length in short] + [3] * extended + [1] * new))
    return _INDEX.get(after, -1)


def _dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether open runs `a` can do whatever `b` can: with some of a's long runs ended,
    a's runs match b's one for one, each at least as long (a longer run finishes sooner;
    a long one may end at any number)."""
    if a == b:
        return False
    extra = len(a) - len(b)
    if extra < 0 or a[len(a) - extra:].count(3) < extra:
        return False
    kept = a[:len(a) - extra]  # sorted ascending: the extra ones are the long runs at the end
    return all(x >= y for x, y in zip(kept, b, strict=True))


_MOST = COPIES + JOKERS
_NEXT = [[_extend(state, m) for m in range(_MOST + 1)] for state in RUN_STATES]
_DOMINATED = [[j for j, b in enumerate(RUN_STATES) if _dominates(a, b)] for a in RUN_STATES]
"""For each run state, the run states it dominates."""
_NEED = [max((3 - length for length in state), default=0) for state in RUN_STATES]
"""Numbers a colour's open runs still need before the longest may end."""

# A state is one int, so that the layers are dicts of ints (fast in CPython and Pyodide):
# bits 0-2 the colours with two tiles in this number's groups, 3-5 those with one, 6-10 the
# initial meld's value so far (capped), 11-12 the jokers used, then 6 bits per colour for
# the index of its open runs in RUN_STATES.
_ONE, _MELD, _JOKER, _RUNS, _COLOUR_BITS = 1 << 3, 6, 11, 13, 6
_LOW_MASK = (1 << _MELD) - 1


def _viable(key: int, numbers_left: int) -> bool:
    """Whether every open run can still reach three tiles before 13."""
    runs = key >> _RUNS
    for _ in range(COLOURS):
        if _NEED[runs & 63] > numbers_left:
            return False
        runs >>= _COLOUR_BITS
    return True


# ---------------------------------------------------------------- the groups of one number

Groups = tuple[tuple[tuple[int, ...], int], ...]
"""Groups of one number: per group its colours and its jokers."""


@cache
def groups_for(counts: tuple[int, ...], jokers: int) -> Groups | None:
    """Groups of one number from `counts` tiles of each colour (0-2) and `jokers` jokers:
    a tuple of (colours, jokers) per group, () for nothing, None when impossible.

    >>> groups_for((2, 1, 1, 0), 2)
    (((0,), 2), ((0, 1, 2), 0))
    >>> groups_for((2, 1, 1, 0), 1) is None  # five tiles make no groups
    True
    """
    if not any(counts):
        return () if jokers == 0 else None
    first = next(c for c, k in enumerate(counts) if k)  # the first tile's group, every way
    others = [c for c in range(COLOURS) if c != first and counts[c]]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            colours = (first, *chosen)
            for used in range(min(jokers, GROUP_SIZE[1]) + 1):
                if not GROUP_SIZE[0] <= len(colours) + used <= GROUP_SIZE[1]:
                    continue
                rest = tuple(k - (c in colours) for c, k in enumerate(counts))
                more = groups_for(rest, jokers - used)
                if more is not None:
                    return ((colours, used), *more)
    return None


GROUP_SIZE = (3, COLOURS)


def _group_jokers(low_bits: int, spare: int) -> tuple[int, ...]:
    """How many jokers a number's groups can take, given its state's low bits (colours with
    one and with two tiles in groups) and the jokers still spare."""
    ones, twos = low_bits >> 3 & 7, low_bits & 7
    if ones + twos > COLOURS:
        return ()
    counts = (2,) * twos + (1,) * ones + (0,) * (COLOURS - ones - twos)
    return tuple(j for j in range(spare + 1) if groups_for(counts, j) is not None)


_GROUP_JOKERS = [[_group_jokers(bits, spare) for spare in range(JOKERS + 1)]
                 for bits in range(64)]


# ---------------------------------------------------------------- the search

Counts = list[list[int]]
"""Tiles per colour and number: counts[colour][number] (index 0 unused)."""


def _count(tiles: Sequence[Tile]) -> tuple[Counts, int]:
    counts = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    jokers = 0
    for t in tiles:
        if t == JOKER:
            jokers += 1
        else:
            counts[t // NUMBERS][t % NUMBERS + 1] += 1
    return counts, jokers


Choice = tuple[int, int, int]
"""At a cell: the copies used, how many of them go into groups, jokers standing in runs;
after a number's last colour: (jokers in its groups, 0, 0)."""
Steps = dict[int, tuple[int, Choice]]
"""A layer's back pointers: state -> (the state before, the choice that led here)."""


def _solve(table: Sequence[Tile], rack: Sequence[Tile], objective: str,
           meld_min: int, trace: bool = True) -> tuple[int, list[tuple[Tile, ...]]] | None:
    """The best (amount, sets) over every table that holds all of `table` and some of
    `rack` (with `meld_min`, the new sets' value must reach it); None if there is none.
    Without `trace` no back pointers are kept and the sets come back empty (only whether
    and how much)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    must, must_jokers = _count(table)
    may, may_jokers = _count(rack)
    jokers = must_jokers + may_jokers
    if jokers > JOKERS or any(must[c][n] + may[c][n] > COPIES
                              for c in range(COLOURS) for n in range(1, NUMBERS + 1)):
        raise ValueError("more copies of a tile than the game has")
    by_tiles = objective == "tiles"
    layer: dict[int, int] = {0: 0}
    back: list[Steps] = []
    for n in range(1, NUMBERS + 1):
        tile_gain = _TIE + n if by_tiles else n * _TIE + 1
        for c in range(COLOURS):
            layer, steps = _cell(layer, c, n, must[c][n], must[c][n] + may[c][n], jokers,
                                 tile_gain, meld_min, trace)
            back.append(steps)
        layer, steps = _close_number(layer, n, jokers, meld_min, trace)
        if not layer:
            return None
        layer = _undominated(layer)
        back.append(steps)
    best: tuple[int, int] | None = None
    joker_gain = _TIE + JOKER_RACK_VALUE if by_tiles else JOKER_RACK_VALUE * _TIE + 1
    for key, gain in layer.items():  # after 13 only states whose runs may all end are left
        used, meld = key >> _JOKER & 3, key >> _MELD & 31
        if used < must_jokers or meld < meld_min:
            continue
        total = gain + (used - must_jokers) * joker_gain
        if best is None or total > best[0]:
            best = (total, key)
    if best is None:
        return None
    return best[0] // _TIE, _rebuild(back, best[1]) if trace else []


def _cell(layer: dict[int, int], c: int, n: int, low: int, high: int, jokers: int,
          tile_gain: int, cap: int, trace: bool) -> tuple[dict[int, int], Steps]:
    """One cell (number n, colour c): every state's every choice of low..high copies."""
    shift = _RUNS + c * _COLOUR_BITS
    options: dict[tuple[int, int], list[tuple[int, int, int, Choice]]] = {}
    following: dict[int, int] = {}
    steps: Steps = {}
    for key, gain in layer.items():
        index = key >> shift & 63
        spare = jokers - (key >> _JOKER & 3)
        moves = options.get((index, spare))
        if moves is None:
            moves = options[index, spare] = _moves(index, spare, shift, low, high, tile_gain, n)
        meld = key >> _MELD & 31
        for delta, got, worth, choice in moves:
            new = key + delta
            if cap:
                new += (min(meld + worth, cap) - meld) << _MELD
            got += gain
            if got > following.get(new, -1):
                following[new] = got
                if trace:
                    steps[new] = (key, choice)
    return following, steps


def _moves(index: int, spare: int, shift: int, low: int, high: int, tile_gain: int,
           n: int) -> list[tuple[int, int, int, Choice]]:
    """A cell's choices from one colour's run state: (change of the state int, gain, meld
    value, the choice)."""
    nexts = _NEXT[index]
    out = []
    for x in range(low, high + 1):
        for grouped in range(min(x, 2) + 1):
            for joker in range(spare + 1):
                after = nexts[x - grouped + joker]
                if after < 0:
                    continue
                delta = ((after - index) << shift) + (joker << _JOKER) + (
                    _ONE if grouped == 1 else 1 if grouped == 2 else 0)
                out.append((delta, (x - low) * tile_gain, n * (x + joker), (x, grouped, joker)))
    return out


def _undominated(layer: dict[int, int]) -> dict[int, int]:
    """`layer` without the states another state dominates: the same but in one colour's
    open runs, which are dominated there (_dominates), and no greater gain."""
    for c in range(COLOURS):
        shift = _RUNS + c * _COLOUR_BITS
        field = 63 << shift
        for key in list(layer):
            gain = layer.get(key)
            if gain is None:
                continue
            index = key >> shift & 63
            rest = key & ~field
            for weaker in _DOMINATED[index]:
                other = rest | weaker << shift
                if layer.get(other, gain + 1) <= gain:
                    del layer[other]
    return layer


def _close_number(layer: dict[int, int], n: int, jokers: int, cap: int,
                  trace: bool) -> tuple[dict[int, int], Steps]:
    """After a number's fourth colour: its groups must be makeable (with jokers), and every
    open run must still be able to reach three tiles."""
    following: dict[int, int] = {}
    steps: Steps = {}
    left = NUMBERS - n
    check_runs = left < max(_NEED)  # with two numbers left every open run can still end
    for key, gain in layer.items():
        if check_runs and not _viable(key, left):
            continue
        used = key >> _JOKER & 3
        base = key - (key & _LOW_MASK)
        meld = key >> _MELD & 31
        for joker in _GROUP_JOKERS[key & 63][jokers - used]:
            new = base + (joker << _JOKER)
            if cap:
                new += (min(meld + n * joker, cap) - meld) << _MELD
            if gain > following.get(new, -1):
                following[new] = gain
                if trace:
                    steps[new] = (key, (joker, 0, 0))
    return following, steps


def _rebuild(back: list[Steps], key: int) -> list[tuple[Tile, ...]]:
    """The sets of the choices that led to `key`, replayed forward."""
    choices: list[Choice] = []
    for steps in reversed(back):
        key, choice = steps[key]
        choices.append(choice)
    choices.reverse()
    sets: list[tuple[Tile, ...]] = []
    runs: list[list[list[Tile]]] = [[] for _ in range(COLOURS)]
    step = 0
    for n in range(1, NUMBERS + 1):
        grouped = []
        for c in range(COLOURS):
            x, into_groups, joker = choices[step]
            step += 1
            grouped.append(into_groups)
            tiles = [make(c, n)] * (x - into_groups) + [JOKER] * joker
            open_runs = sorted(runs[c], key=len)
            short = [run for run in open_runs if len(run) < 3]
            long = [run for run in open_runs if len(run) >= 3]
            extended = long[:max(0, len(tiles) - len(short))]
            sets.extend(tuple(run) for run in long[len(extended):])
            for run, tile in zip(short + extended, tiles, strict=False):
                run.append(tile)
            runs[c] = short + extended + [[tile] for tile in tiles[len(short) + len(extended):]]
        joker = choices[step][0]
        step += 1
        made = groups_for(tuple(grouped), joker)
        assert made is not None
        for colours, jokers_in in made:
            sets.append((*(make(c, n) for c in colours), *[JOKER] * jokers_in))
    sets.extend(tuple(run) for colour_runs in runs for run in colour_runs)
    out = []
    for made_set in sets:
        reading = judge(made_set)
        assert isinstance(reading, Reading), reading  # the programme makes valid sets only
        out.append(reading.tiles)
    return out


# ---------------------------------------------------------------- public

def _tiles(values: Sequence[Json]) -> list[Tile]:
    return [tile_from_json(v) for v in values]


def _json(sets: list[tuple[Tile, ...]]) -> list[list[Json]]:
    return sorted(([tile_json(t) for t in tiles] for tiles in sets), key=_order)


def _order(tiles: list[Json]) -> tuple[int, ...]:
    return tuple(52 if t == "J" else t[0] * 13 + t[1] for t in tiles)


def best_move(table_sets: Sequence[Sequence[Json]], rack: Sequence[Json],
              objective: str = "tiles") -> tuple[int, list[list[Json]]]:
    """The most rack tiles (objective "tiles", a joker counting one) or the most rack value
    ("value": numbers, a joker 30, as a rack counts them) that can join the table in one
    turn after the initial meld, and the whole new table that does it: every table tile,
    jokers included, in a valid set. (0, the table as sets) when nothing can be laid.
    Tiles are JSON: [colour 0-3, number 1-13] or "J". ValueError for impossible input."""
    table = [t for tiles in table_sets for t in _tiles(tiles)]
    found = _solve(table, _tiles(rack), objective, 0)
    if found is None:
        raise ValueError("the table's tiles make no valid table")
    amount, sets = found
    return amount, _json(sets)


def best_initial_meld(rack: Sequence[Json],
                      objective: str = "tiles") -> tuple[int, list[list[Json]]]:
    """The best initial meld from `rack` alone: new sets worth at least 30 together (a
    joker counting the tile it stands for), the most tiles or rack value (as best_move);
    (0, []) when no meld reaches 30. The table is untouched: the sets are the new ones."""
    found = _solve([], _tiles(rack), objective, MELD_MIN)
    if found is None:
        return 0, []
    amount, sets = found
    return amount, _json(sets)


def fits(table_sets: Sequence[Sequence[Json]], tiles: Sequence[Json]) -> bool:
    """Whether all of `tiles` can join the table in one turn, the whole table rearranged
    (every table tile in a valid set, as best_move): the same search, kept to the question
    whether, so no arrangement is built. Tiles are JSON, as best_move's.

    >>> fits([[[0, 5], [0, 6], [0, 7]]], [[0, 8], [1, 5]])
    False
    >>> fits([[[0, 5], [0, 6], [0, 7], [0, 8]]], [[1, 5], [2, 5]])
    True
    """
    table = [t for tiles_ in table_sets for t in _tiles(tiles_)]
    return _solve([*table, *_tiles(tiles)], [], "tiles", 0, trace=False) is not None

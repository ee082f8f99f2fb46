"""The best-move search: the optimum on the golden positions (rummikub-solver with HiGHS),
exact with jokers against a brute force on small random positions, and always a legal
new table. Timings are bench/zoliky.py's, never a test's."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from klubovna.games.zoliky_s_kameny import best_initial_meld, best_move, fits, judge_play
from klubovna.games.zoliky_s_kameny.sets import Reading, judge
from klubovna.games.zoliky_s_kameny.tiles import (
    COPIES,
    JOKER,
    JOKERS,
    Tile,
    rack_value,
    tile_from_json,
)
from tests.games.zoliky_s_kameny.helpers import J, js, run, t
from tests.vectors import vector_path

POSITIONS = json.loads(vector_path("zoliky-s-kameny-positions.json").read_text())["positions"]


def tiles(values: list[Any]) -> list[Tile]:
    return [tile_from_json(v) for v in values]


def laid_by(table_sets: list[list[Any]], rack: list[Any], sets: list[list[Any]],
            melded: bool = True) -> list[Tile]:
    """The rack tiles a new table lays, after checking it is a legal play (IllegalAction
    otherwise), or [] for the old table itself."""
    table = tuple(tuple(tiles(s)) for s in table_sets)
    new = [tiles(s) for s in sets]
    if Counter(x for s in new for x in s) == Counter(x for s in table for x in s):
        return []
    readings = judge_play(table, tiles(rack), melded, new)
    return list((Counter(x for r in readings for x in r.tiles)
                 - Counter(x for s in table for x in s)).elements())


# --- the golden positions -----------------------------------------------------------


def test_the_most_tiles_on_every_golden_position() -> None:
    for number, p in enumerate(POSITIONS):
        amount, sets = best_move(p["table_sets"], p["rack"], "tiles")
        assert amount == p["max_tiles"], number
        assert len(laid_by(p["table_sets"], p["rack"], sets)) == amount, number


def test_at_least_the_golden_value_on_every_position() -> None:
    """The file's max_value is the value of one arrangement of the most tiles, not the most
    value (rummikub-solver's value objective sums tiles x values as an outer product, which
    is a tile count): on 19 positions another arrangement of as many tiles is worth more,
    on 3 fewer tiles are worth more still. The search's value is proven by the brute force
    below; here it must reach at least the file's, with a legal table."""
    higher = 0
    for number, p in enumerate(POSITIONS):
        amount, sets = best_move(p["table_sets"], p["rack"], "value")
        assert amount >= p["max_value"], number
        assert rack_value(laid_by(p["table_sets"], p["rack"], sets)) == amount, number
        higher += amount > p["max_value"]
    assert higher == 22


# --- a brute force ------------------------------------------------------------------


@cache
def best_partition(multiset: tuple[Tile, ...]) -> int | None:
    """The greatest total value of `multiset` (sorted) cut into valid sets, None if it
    cannot be: every set the first tile could be in, then the rest the same way."""
    if not multiset:
        return 0
    first, rest = multiset[0], multiset[1:]
    best: int | None = None
    for size in range(2, len(rest) + 1):
        for others in set(combinations(rest, size)):
            reading = judge((first, *others))
            if not isinstance(reading, Reading):
                continue
            left = tuple(sorted((Counter(rest) - Counter(others)).elements()))
            more = best_partition(left)
            if more is not None and (best is None or reading.value + more > best):
                best = reading.value + more
    return best


def sub_racks(rack: list[Tile]) -> set[tuple[Tile, ...]]:
    return {c for k in range(len(rack) + 1) for c in combinations(sorted(rack), k)}


def brute_move(table: list[Tile], rack: list[Tile], objective: str) -> int:
    amounts = [len(part) if objective == "tiles" else rack_value(part)
               for part in sub_racks(rack)
               if best_partition(tuple(sorted([*table, *part]))) is not None]
    return max(amounts)


def brute_meld(rack: list[Tile], objective: str) -> int:
    amounts = [0] + [len(part) if objective == "tiles" else rack_value(part)
                     for part in sub_racks(rack) if (best_partition(part) or 0) >= 30]
    return max(amounts)


LOW = st.integers(1, 9)
"""Tiles of five numbers from LOW on, so that they meet in sets."""


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[list[list[Tile]], list[Tile]]:
    """A valid table of up to two sets (a joker or two among them) and a rack of up to
    five tiles, all within five numbers."""
    low = draw(LOW)
    numbers = st.integers(low, low + 4)
    table: list[list[Tile]] = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            more = draw(st.integers(2, 3))  # a run of 3 or 4 that ends by 13
            start = draw(st.integers(low, min(low + 2, 13 - more)))
            tiles_ = list(run(draw(st.integers(0, 3)), start, start + more))
        else:
            n = draw(numbers)
            colours = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
            tiles_ = [t(c, n) for c in colours]
        if draw(st.integers(0, 3)) == 0:
            tiles_[draw(st.integers(0, len(tiles_) - 1))] = J
        table.append(tiles_)
    tile = st.builds(t, st.integers(0, 3), numbers) | st.just(J)
    rack = draw(st.lists(tile, max_size=5))
    counts = Counter([*(x for s in table for x in s), *rack])
    assume(counts[JOKER] <= JOKERS and all(k <= COPIES for x, k in counts.items() if x != J))
    return table, rack


BRUTE = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@BRUTE
@given(position=small_positions(), objective=st.sampled_from(["tiles", "value"]))
def test_the_search_is_exact_against_a_brute_force(
        position: tuple[list[list[Tile]], list[Tile]], objective: str) -> None:
    table, rack = position
    table_json, rack_json = [js(s) for s in table], js(rack)
    amount, sets = best_move(table_json, rack_json, objective)
    assert amount == brute_move([x for s in table for x in s], rack, objective)
    laid = laid_by(table_json, rack_json, sets)
    assert (len(laid) if objective == "tiles" else rack_value(laid)) == amount


@settings(BRUTE, max_examples=60)
@given(position=small_positions())
def test_whether_a_rack_fits_is_exact_against_a_brute_force(
        position: tuple[list[list[Tile]], list[Tile]]) -> None:
    """fits (the question Těžká's endgame asks of a rack it imagines) says whether the
    whole rack can join the table, as the brute force does."""
    table, rack = position
    whole = tuple(sorted([*(x for s in table for x in s), *rack]))
    assert fits([js(s) for s in table], js(rack)) == (best_partition(whole) is not None)


@BRUTE
@given(low=st.integers(5, 9), data=st.data(), objective=st.sampled_from(["tiles", "value"]))
def test_the_initial_meld_is_exact_against_a_brute_force(
        low: int, data: st.DataObject, objective: str) -> None:
    tile = st.builds(t, st.integers(0, 3), st.integers(low, low + 4)) | st.just(J)
    rack = data.draw(st.lists(tile, max_size=8))
    counts = Counter(rack)
    assume(counts[JOKER] <= JOKERS and all(k <= COPIES for k in counts.values()))
    amount, sets = best_initial_meld(js(rack), objective)
    assert amount == brute_meld(rack, objective)
    if amount:
        laid = laid_by([], js(rack), sets, melded=False)  # judged as an initial meld
        assert (len(laid) if objective == "tiles" else rack_value(laid)) == amount
    else:
        assert sets == []


def test_three_runs_of_one_colour_may_overlap_with_a_joker() -> None:
    """Two full runs of one colour and a joker fit only as three runs, one of them with
    the joker, overlapping at one number (a search with two runs per colour misses it)."""
    table = [js(run(0, 1, 13)), [*js(run(0, 1, 6)), "J"], js(run(0, 7, 13))]
    amount, sets = best_move(table, [], "tiles")
    assert amount == 0 and laid_by(table, [], sets) == []
    assert sum(len(s) for s in sets) == 27


def test_a_meld_needs_30() -> None:
    assert best_initial_meld(js([*run(1, 1, 3), *run(2, 5, 7)])) == (0, [])
    assert best_initial_meld(js([*run(1, 9, 11), t(0, 1)]), "value") == (30, [js(run(1, 9, 11))])

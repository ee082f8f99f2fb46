"""The few simple plays `rules.legal` lists beside drawing or passing (every rearrangement
of a table cannot be listed): a rack tile added to a table set, a new set from the rack,
or, before the initial meld, new sets from the rack worth 30. Found greedily and cheaply,
never the best move (search.py finds that, for hints and the computer players)."""

from __future__ import annotations

from collections.abc import Sequence

from .search import MELD_MIN
from .sets import Reading, judge
from .tiles import COLOURS, JOKER, NUMBERS, Tile, make

Sets = tuple[tuple[Tile, ...], ...]


def rack_sets(rack: Sequence[Tile]) -> list[tuple[Tile, ...]]:
    """Disjoint sets made of rack tiles without jokers, greedily: the longest runs of each
    colour and the largest groups of each number, the most valuable first.

    >>> rack_sets([make(0, 1), make(0, 2), make(0, 3), make(1, 3), make(2, 3), make(3, 3)])
    [(2, 15, 28, 41)]
    """
    left = [t for t in rack if t != JOKER]
    found: list[tuple[Tile, ...]] = []
    while True:
        candidates = _candidates(left)
        if not candidates:
            return found
        best = max(candidates, key=lambda s: (_value(s), s))
        found.append(best)
        for t in best:
            left.remove(t)


def _candidates(tiles: list[Tile]) -> list[tuple[Tile, ...]]:
    have = set(tiles)
    out = []
    for c in range(COLOURS):
        run: list[Tile] = []
        for n in range(1, NUMBERS + 2):
            if n <= NUMBERS and make(c, n) in have:
                run.append(make(c, n))
                continue
            if len(run) >= 3:
                out.append(tuple(run))
            run = []
    for n in range(1, NUMBERS + 1):
        group = tuple(make(c, n) for c in range(COLOURS) if make(c, n) in have)
        if len(group) >= 3:
            out.append(group)
    return out


def _value(tiles: Sequence[Tile]) -> int:
    reading = judge(tiles)
    return reading.value if isinstance(reading, Reading) else 0


def simple_plays(table: Sets, rack: Sequence[Tile], melded: bool) -> list[Sets]:
    """At most two legal new tables: before the initial meld, greedy rack sets beside the
    table once they reach 30; after it, the first rack tile that fits at a table set, and
    a new set from the rack."""
    new_sets = rack_sets(rack)
    if not melded:
        meld: list[tuple[Tile, ...]] = []
        for s in new_sets:
            meld.append(s)
            if sum(_value(m) for m in meld) >= MELD_MIN:
                return [(*table, *meld)]
        return []
    plays: list[Sets] = []
    for tile in sorted(set(rack)):
        extended = next((i for i, s in enumerate(table)
                         if isinstance(judge((*s, tile)), Reading)), None)
        if extended is not None:
            grown = judge((*table[extended], tile))
            assert isinstance(grown, Reading)
            plays.append((*table[:extended], grown.tiles, *table[extended + 1:]))
            break
    if new_sets:
        plays.append((*table, new_sets[0]))
    return plays

"""Střední (medium): lays new sets from its rack and adds rack tiles to the table's sets,
one at a time, without splitting or rearranging them."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, Json, Rng, View
from klubovna.games.zoliky_s_kameny import judge
from klubovna.games.zoliky_s_kameny.sets import Reading
from klubovna.games.zoliky_s_kameny.tiles import tile_from_json, tile_json

from .common import Action, Sets, no_play, play, rack_sets, shared_move, without


def extended(table: Sets, rack: Sequence[Json]) -> tuple[Sets, list[Json]]:
    """The table with rack tiles added to its sets while any fits (the first set that takes
    it), and what is left of the rack.

    >>> extended([[[0, 4], [0, 5], [0, 6]]], [[0, 7], [0, 8], [1, 1]])
    ([[[0, 4], [0, 5], [0, 6], [0, 7], [0, 8]]], [[1, 1]])
    """
    sets = [list(s) for s in table]
    left = list(rack)
    grown = True
    while grown:
        grown = False
        for tile in list(left):
            for i, tiles in enumerate(sets):
                reading = judge([tile_from_json(t) for t in (*tiles, tile)])
                if isinstance(reading, Reading):
                    sets[i] = [tile_json(t) for t in reading.tiles]
                    left.remove(tile)
                    grown = True
                    break
    return sets, left


class Stredni:
    """The initial meld as soon as it has one; then new sets from its rack, and the rest of
    the rack added to the table's sets where a tile fits."""

    name = "stredni"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if (move := shared_move(view)) is not None:
            return move
        sets = rack_sets(view["rack"])
        table, left = extended([*view["table"], *sets],
                               without(view["rack"], [t for s in sets for t in s]))
        return play(table) if len(left) < len(view["rack"]) else no_play(view)


STREDNI = Stredni()

"""Positions for the Žolíky s kameny tests: tiles by colour and number, and a started round
with chosen racks, table and pool."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from klubovna.games.zoliky_s_kameny import Seat, State
from klubovna.games.zoliky_s_kameny.tiles import JOKER, Tile, make, tile_json

J = JOKER


def t(colour: int, number: int) -> Tile:
    return make(colour, number)


def run(colour: int, low: int, high: int) -> tuple[Tile, ...]:
    return tuple(make(colour, n) for n in range(low, high + 1))


def group(number: int, *colours: int) -> tuple[Tile, ...]:
    return tuple(make(c, number) for c in colours)


def js(tiles: Sequence[Tile]) -> list[Any]:
    """Tiles as JSON."""
    return [tile_json(x) for x in tiles]


def play(*sets: Sequence[Tile]) -> dict[str, Any]:
    """The play action whose new table is `sets`."""
    return {"type": "play", "table": [js(s) for s in sets]}


def position(racks: Sequence[Sequence[Tile]], table: Sequence[Sequence[Tile]] = (),
             pool: Sequence[Tile] = (), melded: Sequence[bool] | None = None,
             turn: int = 0) -> State:
    """A started round with these racks (sorted), table sets and pool."""
    melded = melded or [bool(table)] * len(racks)
    seats = tuple(Seat(rack=tuple(sorted(r)), melded=m) for r, m in zip(racks, melded,
                                                                        strict=True))
    state = State(round=1, seats=seats, pool=tuple(pool), started=True, turn=turn)
    return replace(state, table=tuple(tuple(s) for s in table))

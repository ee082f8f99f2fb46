"""What a seat of Žolíky s kameny may not know: the other racks and the pool (its order and
which tiles are in it; only the counts are public). Once the round is over every rack is
shown, and only the pool stays hidden. The contract suite (tests/contract) checks that a
seat's view is the same whatever those are."""

from __future__ import annotations

from dataclasses import replace

from klubovna.core import Rng

from .state import State


def hidden_variants(state: State, seat: int, seed: int) -> list[State]:
    """`state` with the other racks and the pool dealt anew from the same tiles (the same
    counts each), `seed` choosing how.

    >>> from klubovna.games.zoliky_s_kameny import ENGINE
    >>> state, _ = ENGINE.apply(ENGINE.new({}, 5), 0, {"type": "start"}, 0)
    >>> [other] = hidden_variants(state, 0, 1)
    >>> other.seats[0] == state.seats[0], other.seats[1] != state.seats[1]
    (True, True)
    """
    others = [] if state.over else [i for i in range(len(state.seats)) if i != seat]
    tiles = [*state.pool, *(t for i in others for t in state.seats[i].rack)]
    Rng(seed).shuffle(tiles)
    seats = list(state.seats)
    for i in others:
        size = len(seats[i].rack)
        seats[i] = replace(seats[i], rack=tuple(sorted(tiles[:size])))
        tiles = tiles[size:]
    return [replace(state, seats=tuple(seats), pool=tuple(tiles))]

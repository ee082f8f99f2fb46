"""What a seat of Kostkový poker may not know: the other seats' dice behind their screens
and every die still to be rolled (the generator's state). The contract suite
(tests/contract) checks that a seat's view is the same whatever those are.
"""

from __future__ import annotations

from dataclasses import replace

from klubovna.core import Rng

from .state import State


def hidden_variants(state: State, seat: int, seed: int) -> list[State]:
    """`state` with other dice rolled by every other seat (same count, `seed` choosing the
    values) and another generator for the rolls to come. A die once shown at a showdown is
    kept in `Seat.shown`, so it stays as it was.

    >>> from klubovna.games.kostkovy_poker import ENGINE
    >>> state, _ = ENGINE.apply(ENGINE.new({"seats": 2}, 5), 0, {"type": "start"}, 0)
    >>> [other] = hidden_variants(state, 0, 1)
    >>> other.seats[0] == state.seats[0], other.rng != state.rng
    (True, True)
    """
    rng = Rng(seed)
    seats = tuple(
        mine if i == seat else replace(mine, rolled=tuple(1 + rng.below(6) for _ in mine.rolled))
        for i, mine in enumerate(state.seats)
    )
    return [replace(state, seats=seats, rng=Rng(seed ^ state.rng).next64())]

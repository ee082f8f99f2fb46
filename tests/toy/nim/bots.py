"""Nim's computer players: perfect play by the nim-sum, and a random one. Both choose from
the seat's view only (Nim hides nothing, so the events they witnessed add nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor

from klubovna.core import Event, Json, Rng, View

Action = dict[str, Json]


def moves(view: View) -> list[Action]:
    """Every move the view allows (none when it is not this seat's turn)."""
    if view["over"] or view["seat"] not in view["turn"] or not view["started"]:
        return []  # people start games, computer players never do
    return [{"type": "take", "heap": heap, "count": count}
            for heap, size in enumerate(view["heaps"]) for count in range(1, size + 1)]


@dataclass(frozen=True)
class Perfect:
    """Leaves a nim-sum of 0 when it can (a lost position for the next seat in a duel);
    otherwise takes one stone at random, hoping for a mistake.

    >>> Perfect().choose({"seat": 0, "turn": [0], "over": False, "heaps": [3, 5]}, [], Rng(1))
    {'type': 'take', 'heap': 1, 'count': 2}
    """

    name: str = "perfect"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        heaps = view["heaps"]
        total = reduce(xor, heaps, 0)
        for heap, size in enumerate(heaps):
            if total and size ^ total < size:
                return {"type": "take", "heap": heap, "count": size - (size ^ total)}
        full = [heap for heap, size in enumerate(heaps) if size]
        return {"type": "take", "heap": full[rng.below(len(full))], "count": 1}


@dataclass(frozen=True)
class Random:
    """Any legal move, uniformly."""

    name: str = "random"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        legal = moves(view)
        return legal[rng.below(len(legal))]


PERFECT, RANDOM = Perfect(), Random()
BOTS = {PERFECT.name: PERFECT, RANDOM.name: RANDOM}
"""By name; the first fills empty seats by default."""

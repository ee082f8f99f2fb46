"""The one seeded random generator every game draws from.

SplitMix64: tiny, fast, identical on CPython and Pyodide, and its whole state
is one integer, so it serialises into a state's text form and replays exactly.
The global `random` module is never used by game code.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """Deterministic generator; `Rng(seed).state` round-trips through `Rng.from_state`.

    >>> a = Rng(42); b = Rng.from_state(a.state)
    >>> [a.below(13) for _ in range(3)] == [b.below(13) for _ in range(3)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        return cls(state)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

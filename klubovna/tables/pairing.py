"""Quick pairing ("Hrát s kýmkoli"): who of the people waiting plays whom.

Pure and deterministic, so the server (one matcher at a time, in memory or through Redis)
and bench/pairing.py run the very same rule (docs/decisions/0160-quick-pairing.md):

* Only people waiting for the same game, kind of room and main settings (one `pool`) meet.
* Each waits with a rating window that widens with time: WINDOW_START points either way at
  once, WINDOW_GROWTH more each second, anyone after WINDOW_ANY_MS.
* The one who has waited longest is served first, with the closest rating inside the wider
  of the two windows (theirs, as they waited longer); ties by who came first.

>>> a = Seeker("a", "p", 1500, since=0)
>>> b = Seeker("b", "p", 1800, since=1_000)
>>> pairs([a, b], now=1_000)
[]
>>> [(x.ticket, y.ticket) for x, y in pairs([a, b], now=6_000)]  # a's window: 340 points
[('a', 'b')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

WINDOW_START = 100
"""Rating points either way a new seeker accepts at once."""
WINDOW_GROWTH = 40
"""More points for each second waited."""
WINDOW_ANY_MS = 30_000
"""After this wait, anyone in the pool."""
OFFER_COMPUTER_MS = 45_000
"""After this wait the app offers a game against the computer instead (it keeps waiting)."""


@dataclass(frozen=True)
class Seeker:
    ticket: str
    pool: str
    """What they want to play: game, kind of room and main settings, as one key."""
    rating: int
    since: int
    """When they began to wait (Unix ms, the server's clock)."""


def window(waited_ms: int) -> int | None:
    """How far (rating points) a seeker who waited this long accepts; None: anyone."""
    if waited_ms >= WINDOW_ANY_MS:
        return None
    return WINDOW_START + WINDOW_GROWTH * max(0, waited_ms) // 1000


def pairs(seekers: Iterable[Seeker], now: int) -> list[tuple[Seeker, Seeker]]:
    """The pairs to make now, each (the one who waited longer, the other)."""
    pools: dict[str, list[Seeker]] = {}
    for seeker in seekers:
        pools.setdefault(seeker.pool, []).append(seeker)
    out: list[tuple[Seeker, Seeker]] = []
    for pool in pools.values():
        out.extend(_pairs_in(pool, now))
    return out


def _pairs_in(pool: list[Seeker], now: int) -> list[tuple[Seeker, Seeker]]:
    by_rating = sorted(pool, key=lambda s: (s.rating, s.since, s.ticket))
    ratings = [s.rating for s in by_rating]
    taken = [False] * len(by_rating)
    index = {s.ticket: i for i, s in enumerate(by_rating)}
    out = []
    for seeker in sorted(pool, key=lambda s: (s.since, s.ticket)):
        i = index[seeker.ticket]
        if taken[i]:
            continue
        reach = window(now - seeker.since)
        best: int | None = None
        # The nearest free neighbours below and above: the closest is one of the two.
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(by_rating) and taken[j]:
                j += step
            if not 0 <= j < len(by_rating):
                continue
            gap = abs(ratings[j] - seeker.rating)
            if reach is not None and gap > reach:
                continue
            if best is None or (gap, by_rating[j].since) < (
                    abs(ratings[best] - seeker.rating), by_rating[best].since):
                best = j
        if best is not None:
            taken[i] = taken[best] = True
            out.append((seeker, by_rating[best]))
    return out


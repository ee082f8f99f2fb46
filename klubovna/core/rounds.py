"""Games played again and again by the same people (a room's rounds, "play again" against
the computer): which round this is, and who begins it.

A game whose first player is random in the first game and then alternates declares
`round_settings()`. Whoever hosts the series (a room, a browser page) sets `round` to 1, 2,
... and keeps one `series` number for all its rounds; round 1's first seat is drawn from
that number, and each next round the next seat begins. A table's own seed cannot do it: each
round has a new one, so round 2 would repeat round 1's first player half the time.
"""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.core.declarations import Setting
from klubovna.core.rng import Rng
from klubovna.core.values import Json

ROUND = "round"
"""The game setting (and engine config key) that a room sets to its round: 1 for its first
table, one more for each next round (who starts may follow it)."""
SERIES = "series"
"""The setting a series of rounds keeps the same in all of them (any whole number the host
drew once, e.g. a room when it opens); who begins round 1 is drawn from it."""
SERIES_MAX = 2**63 - 1


def round_settings() -> tuple[Setting, Setting]:
    """The round (default 1) and the series (default none: a lone game draws from its seed);
    the series is set by the platform only."""
    return (Setting(ROUND, "int", 1, minimum=1),
            Setting(SERIES, "int", None, minimum=0, maximum=SERIES_MAX, optional=True,
                    public=False))


def first_seat(values: Mapping[str, Json], seed: int, seats: int, salt: int = 0) -> int:
    """Who begins this round: round 1's first seat is drawn from the series, and each next
    round the next seat begins. Without a series round 1 draws from the table's seed, and a
    later round begins with seat round - 1 (mod seats), as tables stored before series did.

    >>> [first_seat({"round": r, "series": 7}, seed=r * 11, seats=2) for r in (1, 2, 3, 4)]
    [1, 0, 1, 0]
    >>> [first_seat({"round": r, "series": 8}, seed=r * 11, seats=2) for r in (1, 2, 3, 4)]
    [0, 1, 0, 1]
    >>> first_seat({"round": 3}, seed=5, seats=2)
    0
    """
    round_ = values.get(ROUND, 1)
    series = values.get(SERIES)
    assert isinstance(round_, int) and (series is None or isinstance(series, int))
    if series is None:
        return Rng(seed ^ salt).below(seats) if round_ == 1 else (round_ - 1) % seats
    return (Rng(series ^ salt).below(seats) + round_ - 1) % seats

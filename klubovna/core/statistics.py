"""What a profile's statistics are made of: the finished recorded games of its seats.

The server keeps one result per seated profile of a finished game (the game's
SeatOutcome, plus when and how it was played) and hands a game the results of one profile
as `Played` records; the game's `statistics` (Engine.statistics) turns them into the
block its profile card shows. A game that names no statistics of its own gets
`game_statistics`: its games, wins, losses, draws and its figures summed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from klubovna.core.declarations import Outcome
from klubovna.core.values import Json


@dataclass(frozen=True)
class Played:
    """One finished recorded game of one profile's seat.

    `settings` are the settings a result keeps (Matematický poker's mode and seconds);
    `day` the Prague day of a daily challenge, else None."""

    kind: str
    place: int | None
    outcome: Outcome | None
    score: int | None
    figures: Mapping[str, Json] = field(default_factory=dict)
    settings: Mapping[str, Json] = field(default_factory=dict)
    duration_ms: int = 0
    day: date | None = None


def game_statistics(played: Sequence[Played], today: date) -> dict[str, Json]:
    """Any game's statistics: its games, their outcomes, its whole-number figures summed
    (the figures each game names in its outcomes).

    >>> game_statistics([Played("table", 1, "win", 40, {"hands": 3}),
    ...                  Played("table", 2, "loss", -20, {"hands": 5})], date(2026, 12, 1))
    {'games': 2, 'won': 1, 'lost': 1, 'drawn': 0, 'figures': {'hands': 8}}
    """
    figures: dict[str, Json] = {}
    for each in played:
        for name, value in each.figures.items():
            if isinstance(value, int) and not isinstance(value, bool):
                figures[name] = int(figures.get(name, 0)) + value
    return {"games": len(played), "won": sum(p.outcome == "win" for p in played),
            "lost": sum(p.outcome == "loss" for p in played),
            "drawn": sum(p.outcome == "draw" for p in played), "figures": figures}


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive days. The current run is alive while its last
    day is today or yesterday (today's challenge may still be played).

    >>> d = date.fromisoformat
    >>> streaks([d("2026-11-27"), d("2026-11-28"), d("2026-11-29")], d("2026-11-30"))
    (3, 3)
    >>> streaks([d("2026-11-20"), d("2026-11-21"), d("2026-11-29")], d("2026-12-01"))
    (0, 2)
    """
    ordered = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and (today - previous).days <= 1 else 0
    return current, best


def streak(days: Iterable[date], today: date) -> dict[str, Json]:
    """The daily streak, as statistics show it, from the days of finished daily games."""
    ordered = sorted(set(days))
    current, best = streaks(ordered, today)
    return {"current": current, "best": best,
            "last_day": ordered[-1].isoformat() if ordered else None}

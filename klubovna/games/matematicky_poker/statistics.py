"""Matematický poker's statistics card: records, completed boards, the fastest game, the
daily streak and duels, from a profile's finished recorded games (klubovna.core.statistics).

>>> from datetime import date
>>> from klubovna.core.statistics import Played
>>> full = {"filled": 25, "complete": True}
>>> s = statistics([Played("solo", 1, None, 120, full, {"mode": "easy"}, 90_000),
...                 Played("duel", 1, "win", 80, {"filled": 20, "complete": False},
...                        {"mode": "hard"}, 60_000)], date(2026, 12, 1))
>>> s["games"], s["completed"], s["record_easy"], s["record_hard"], s["fastest_ms"]
(2, 1, 120, 80, 90000)
>>> s["duels"]
{'won': 1, 'lost': 0, 'drawn': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from klubovna.core.statistics import Played, streak
from klubovna.core.values import Json

FASTEST_KINDS = ("solo", "ranked", "daily")
"""Kinds whose full boards count for the fastest game: a duel's or group's pace is set by
the others (the opponent, the dealer)."""


def statistics(played: Sequence[Played], today: date) -> dict[str, Json]:
    """Every result counts in `games` and `best_score`; records per difficulty take
    incomplete boards too; `completed` counts full boards, `fastest_ms` only those of
    solo, ranked and daily games; the streak counts Prague days with a finished daily
    game; `duels` the recorded duel outcomes."""
    full = [p for p in played if p.figures.get("complete") is True]

    def best(scores: Iterable[int | None]) -> int | None:
        return max((score for score in scores if score is not None), default=None)

    def duels(outcome: str) -> int:
        return sum(p.kind == "duel" and p.outcome == outcome for p in played)

    return {
        "games": len(played),
        "completed": len(full),
        "best_score": best(p.score for p in played),
        "record_easy": best(p.score for p in played if p.settings.get("mode") == "easy"),
        "record_hard": best(p.score for p in played if p.settings.get("mode") == "hard"),
        "fastest_ms": min((p.duration_ms for p in full if p.kind in FASTEST_KINDS),
                          default=None),
        "streak": streak((p.day for p in played if p.kind == "daily" and p.day), today),
        "duels": {"won": duels("win"), "lost": duels("loss"), "drawn": duels("draw")},
    }

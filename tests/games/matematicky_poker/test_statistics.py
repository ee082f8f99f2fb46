"""Matematický poker's statistics card (statistics.py): which results count for what, and
the daily streak (klubovna.core.statistics)."""

from __future__ import annotations

from datetime import date

from klubovna.core.statistics import Played, streak
from klubovna.games.matematicky_poker.statistics import statistics


def played(kind: str, mode: str, score: int, complete: bool, duration: int = 100_000,
           day: str | None = None) -> Played:
    return Played(kind, 1, None, score, {"filled": 25 if complete else 20,
                                         "complete": complete},
                  {"mode": mode}, duration, date.fromisoformat(day) if day else None)


def test_which_results_count_for_what() -> None:
    results = [
        played("solo", "easy", 150, True, 90_000),
        played("solo", "hard", 260, False, 40_000),  # incomplete: records yes, fastest no
        played("ranked", "hard", 210, True, 120_000),
        played("duel", "easy", 300, True, 10_000),  # a duel's pace is not the player's
        played("daily", "easy", 180, True, 95_000, "2026-11-29"),
        played("daily", "easy", 170, True, 99_000, "2026-11-30"),
    ]
    stats = statistics(results, date(2026, 11, 30))
    assert stats == {
        "games": 6, "completed": 5, "best_score": 300, "record_easy": 300,
        "record_hard": 260, "fastest_ms": 90_000,
        "streak": {"current": 2, "best": 2, "last_day": "2026-11-30"},
        "duels": {"won": 0, "lost": 0, "drawn": 0},
    }
    empty = statistics([], date(2026, 11, 30))
    assert (empty["games"], empty["best_score"], empty["fastest_ms"]) == (0, None, None)


def test_duel_outcomes_count() -> None:
    duel = [Played("duel", place, outcome, 100, {"complete": True}, {"mode": "easy"})
            for place, outcome in ((1, "win"), (2, "loss"), (1, "draw"), (1, None))]
    assert statistics(duel, date(2026, 11, 30))["duels"] == {"won": 1, "lost": 1, "drawn": 1}


def test_streak() -> None:
    days = [date.fromisoformat(day) for day in
            ("2026-11-20", "2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29")]
    assert streak(days, date(2026, 11, 30)) == {
        "current": 2, "best": 3, "last_day": "2026-11-29"}  # today may still be played
    assert streak(days, date(2026, 12, 1))["current"] == 0  # a day was missed
    assert streak([], date(2026, 12, 1)) == {"current": 0, "best": 0, "last_day": None}
    # Across the year's end.
    assert streak([date(2026, 12, 31), date(2027, 1, 1)], date(2027, 1, 1))["current"] == 2

"""The Europe/Prague calendar: days, Monday weeks and months as Unix-ms ranges.

Leaderboard periods, the daily challenge and streaks all count Prague days, whatever
the server's own time zone. The clock is always passed in (Unix ms).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

PRAGUE = ZoneInfo("Europe/Prague")
PERIODS = ("today", "week", "month", "all")


def prague_day(now_ms: int) -> date:
    """The Prague calendar day at `now_ms`.

    >>> str(prague_day(1798758000000))  # 2026-12-31 23:00 UTC is already 1 Jan in Prague
    '2027-01-01'
    """
    return datetime.fromtimestamp(now_ms / 1000, PRAGUE).date()


def day_start_ms(day: date) -> int:
    """Unix ms of local midnight starting `day` in Prague (DST-aware)."""
    return int(datetime.combine(day, time(0), PRAGUE).timestamp() * 1000)


def period_days(period: str, now_ms: int) -> tuple[date, date] | None:
    """First and last Prague day of `period` at `now_ms`; None for "all".

    >>> [str(d) for d in period_days("week", 1795694400000)]  # Thu 2026-11-26
    ['2026-11-23', '2026-11-29']
    """
    today = prague_day(now_ms)
    if period == "today":
        return today, today
    if period == "week":
        monday = today - timedelta(days=today.weekday())
        return monday, monday + timedelta(days=6)
    if period == "month":
        first = today.replace(day=1)
        following = (first + timedelta(days=32)).replace(day=1)
        return first, following - timedelta(days=1)
    if period == "all":
        return None
    raise ValueError(f"unknown period {period!r}")


def period_range_ms(period: str, now_ms: int) -> tuple[int, int] | None:
    """[start, end) in Unix ms of `period` at `now_ms`; None for "all"."""
    days = period_days(period, now_ms)
    if days is None:
        return None
    first, last = days
    return day_start_ms(first), day_start_ms(last + timedelta(days=1))

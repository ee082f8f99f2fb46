"""The Europe/Prague calendar: days across DST, Monday weeks, months, streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from klubovna.core.statistics import streaks  # the days' runs; the days are Prague's
from klubovna.server.calendar import (
    PERIODS,
    PRAGUE,
    day_start_ms,
    period_days,
    period_range_ms,
    prague_day,
)

HOUR_MS = 3_600_000
d = date.fromisoformat


def prague(*when: int, fold: int = 0) -> int:
    """Unix ms of a Prague wall-clock time (year, month, day[, hour, minute, second, ms])."""
    *wall, ms = [*when, 0, 0, 0, 0][:7]
    return int(datetime(*wall, tzinfo=PRAGUE, fold=fold).timestamp()) * 1000 + ms


def utc(*when: int) -> int:
    return int(datetime(*when, tzinfo=UTC).timestamp() * 1000)


def test_prague_day_is_not_the_utc_day() -> None:
    assert prague_day(utc(2026, 12, 31, 22, 59, 59) + 999) == d("2026-12-31")
    assert prague_day(utc(2026, 12, 31, 23)) == d("2027-01-01")  # CET, UTC+1
    assert prague_day(utc(2026, 7, 1, 21, 59, 59) + 999) == d("2026-07-01")
    assert prague_day(utc(2026, 7, 1, 22)) == d("2026-07-02")  # CEST, UTC+2


def test_day_start_is_local_midnight() -> None:
    assert day_start_ms(d("2026-01-15")) == utc(2026, 1, 14, 23)
    assert day_start_ms(d("2026-03-29")) == utc(2026, 3, 28, 23)  # still CET at midnight
    assert day_start_ms(d("2026-03-30")) == utc(2026, 3, 29, 22)  # CEST from 02:00 on the 29th
    assert day_start_ms(d("2026-10-25")) == utc(2026, 10, 24, 22)
    assert day_start_ms(d("2026-10-26")) == utc(2026, 10, 25, 23)


@pytest.mark.parametrize(("day", "hours"), [
    ("2026-03-28", 24), ("2026-03-29", 23), ("2026-03-30", 24),
    ("2026-10-24", 24), ("2026-10-25", 25), ("2026-10-26", 24),
])
def test_today_across_the_dst_changes(day: str, hours: int) -> None:
    for moment in (prague(*d(day).timetuple()[:3]), prague(*d(day).timetuple()[:3], 23, 59, 59)):
        bounds = period_range_ms("today", moment)
        assert bounds is not None
        start, end = bounds
        assert end - start == hours * HOUR_MS
        assert prague_day(start) == d(day) and prague_day(end) != d(day)
        assert prague_day(end - 1) == d(day)


def test_the_clock_moments_around_the_changes() -> None:
    # 02:00 CET on 29 March is 03:00 CEST; 03:00 CEST on 25 October is 02:00 CET again.
    assert prague(2026, 3, 29, 3) - prague(2026, 3, 29, 1) == HOUR_MS
    assert prague(2026, 10, 25, 2, fold=1) - prague(2026, 10, 25, 2, fold=0) == HOUR_MS
    assert period_days("today", prague(2026, 10, 25, 2, 30, fold=1)) == (d("2026-10-25"),) * 2


def test_weeks_start_on_monday() -> None:
    monday, sunday = d("2026-11-30"), d("2026-12-06")
    for day in range(30, 37):
        moment = prague(2026, 11, 30, 12) + (day - 30) * 24 * HOUR_MS
        assert period_days("week", moment) == (monday, sunday)
    last = prague(2026, 12, 6, 23, 59, 59, 999)
    assert period_days("week", last) == (monday, sunday)
    assert period_days("week", last + 1) == (d("2026-12-07"), d("2026-12-13"))
    bounds = period_range_ms("week", last)
    assert bounds == (prague(2026, 11, 30), prague(2026, 12, 7))


def test_a_week_across_dst_is_an_hour_short_or_long() -> None:
    spring = period_range_ms("week", prague(2026, 3, 26, 12))  # Mon 23 – Sun 29 March
    autumn = period_range_ms("week", prague(2026, 10, 25, 12))  # Mon 19 – Sun 25 October
    assert spring is not None and autumn is not None
    assert spring[1] - spring[0] == (7 * 24 - 1) * HOUR_MS
    assert autumn[1] - autumn[0] == (7 * 24 + 1) * HOUR_MS


def test_a_week_across_the_new_year() -> None:
    assert period_days("week", prague(2027, 1, 1, 12)) == (d("2026-12-28"), d("2027-01-03"))


@pytest.mark.parametrize(("now", "first", "last"), [
    ((2026, 12, 31, 23, 59, 59, 999), "2026-12-01", "2026-12-31"),
    ((2027, 1, 1), "2027-01-01", "2027-01-31"),
    ((2028, 2, 29, 12), "2028-02-01", "2028-02-29"),
    ((2027, 2, 14), "2027-02-01", "2027-02-28"),
    ((2026, 4, 30, 23, 59), "2026-04-01", "2026-04-30"),
    ((2026, 3, 15), "2026-03-01", "2026-03-31"),
])
def test_months(now: tuple[int, ...], first: str, last: str) -> None:
    assert period_days("month", prague(*now)) == (d(first), d(last))
    bounds = period_range_ms("month", prague(*now))
    assert bounds is not None
    assert prague_day(bounds[0]) == d(first) and prague_day(bounds[1] - 1) == d(last)
    assert prague_day(bounds[1]) != d(last)


def test_the_month_of_the_dst_change_is_an_hour_short() -> None:
    bounds = period_range_ms("month", prague(2026, 3, 10))
    assert bounds is not None and bounds[1] - bounds[0] == (31 * 24 - 1) * HOUR_MS


def test_all_time_has_no_bounds_and_unknown_periods_fail() -> None:
    assert PERIODS == ("today", "week", "month", "all")
    assert period_days("all", prague(2026, 6, 1)) is None
    assert period_range_ms("all", prague(2026, 6, 1)) is None
    with pytest.raises(ValueError, match="year"):
        period_days("year", prague(2026, 6, 1))


@pytest.mark.parametrize(("days", "today", "expected"), [
    ([], "2026-12-01", (0, 0)),
    (["2026-12-01"], "2026-12-01", (1, 1)),
    (["2026-11-30"], "2026-12-01", (1, 1)),  # today may still be played
    (["2026-11-29"], "2026-12-01", (0, 1)),  # a day was missed
    (["2026-11-29", "2026-11-30", "2026-12-01"], "2026-12-01", (3, 3)),
    (["2026-12-01", "2026-11-29", "2026-11-30", "2026-11-30"], "2026-12-01", (3, 3)),
    (["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-30", "2026-12-01"],
     "2026-12-01", (2, 4)),
    (["2026-11-20", "2026-11-21", "2026-11-23"], "2026-11-24", (1, 2)),  # a gap of one day
    (["2026-12-30", "2026-12-31", "2027-01-01"], "2027-01-02", (3, 3)),  # across the year
    (["2026-03-28", "2026-03-29", "2026-03-30"], "2026-03-30", (3, 3)),  # across DST
    (["2026-10-24", "2026-10-25", "2026-10-26"], "2026-10-26", (3, 3)),
    (["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-01", (3, 3)),  # leap day
])
def test_streaks(days: list[str], today: str, expected: tuple[int, int]) -> None:
    assert streaks([d(day) for day in days], d(today)) == expected

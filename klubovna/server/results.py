"""Results of recorded games, and the statistics derived from them.

A result is written only by the server, in the same transaction as the log entry that
ended the game (`record`); no endpoint takes a score. Statistics are never stored as
counters: `statistics` computes them from the results finished since the profile's last
reset (docs/api.md, "which results count for what").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from typing_extensions import TypedDict  # pydantic reads it on 3.11 too (API models)

from klubovna.server.calendar import prague_day, streaks
from klubovna.server.db import ProfileRow, ResultRow, SeatRow, TableRow

KINDS = ("solo", "ranked", "daily", "duel", "group")
MULTI_KINDS = ("duel", "group")
PUBLIC_KINDS = ("ranked", "daily")
"""Kinds whose results go to a public table (leaderboard, table of the day) with consent."""
FASTEST_KINDS = ("solo", "ranked", "daily")
"""Kinds whose full boards count for the fastest game: a duel's or group's pace is set by
the others (the opponent, the dealer)."""


class Streak(TypedDict):
    current: int
    best: int
    last_day: str | None


class Duels(TypedDict):
    won: int
    lost: int
    drawn: int


class Stats(TypedDict):
    games: int
    completed: int
    best_score: int | None
    record_easy: int | None
    record_hard: int | None
    fastest_ms: int | None
    streak: Streak
    duels: Duels


def record(
    session: Session, table_id: str, result: Mapping[str, Any], started_at: int,
    finished_at: int,
) -> list[ResultRow]:
    """Add the results of a table that has just ended: one per seat that records for a
    profile that still exists (a solo table's own profile; a duel's or group's seats')."""
    table = session.get(TableRow, table_id)
    if table is None:
        return []
    if result.get("variant") in MULTI_KINDS:
        seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
        profiles = {seat.seat: seat.profile_id for seat in seats if seat.profile_id}
        outcomes = duel_outcomes(result)
        entries = [(each, profiles[each["seat"]], str(result["variant"]),
                    outcomes.get(each["seat"]))
                   for each in result["seats"] if each["seat"] in profiles]
    elif table.profile_id is not None:
        entries = [({**result, "seat": 0}, table.profile_id, table.kind, None)]
    else:
        entries = []
    rows = []
    for seat_result, profile_id, kind, duel in entries:
        profile = session.get(ProfileRow, profile_id)
        if profile is None:  # deleted while the game ran
            continue
        complete = bool(seat_result["complete"])
        row = ResultRow(
            table_id=table_id,
            seat=int(seat_result["seat"]),
            profile_id=profile.id,
            kind=kind,
            mode=str(table.config.get("mode", "easy")),
            seconds=table.config.get("seconds"),
            score=int(seat_result["total"]),
            filled=int(seat_result["filled"]),
            complete=complete,
            started_at=started_at,
            finished_at=finished_at,
            duration_ms=max(0, finished_at - started_at),
            daily_date=table.daily_date,
            published=kind in PUBLIC_KINDS and complete and profile.consent is True,
            duel=duel,
        )
        session.add(row)
        rows.append(row)
    return rows


def duel_outcomes(result: Mapping[str, Any]) -> dict[int, str]:
    """Won/lost/drawn per seat of a finished duel; empty when the duel does not count: a
    player left, or never placed a number (the games still count, the duel does not)."""
    if result.get("variant") != "duel":
        return {}
    seats = result["seats"]
    if any(each["left"] or each["filled"] == 0 for each in seats):
        return {}
    winner = result["winner"]
    return {each["seat"]: "drawn" if winner is None else "won" if each["seat"] == winner
            else "lost" for each in seats}


def results_since(session: Session, profile_id: str, since: int) -> list[ResultRow]:
    return list(session.scalars(
        select(ResultRow)
        .where(ResultRow.profile_id == profile_id, ResultRow.finished_at >= since)
        .order_by(ResultRow.finished_at)
    ))


def streak(daily_days: Iterable[str], today: date) -> Streak:
    """The daily streak from the Prague days (ISO) of finished daily challenges."""
    days = sorted({date.fromisoformat(day) for day in daily_days})
    current, best = streaks(days, today)
    return {"current": current, "best": best,
            "last_day": days[-1].isoformat() if days else None}


def statistics(results: Iterable[ResultRow], today: date) -> Stats:
    """The statistics of these results (already filtered by the profile's reset time).

    Every result counts in `games` and `best_score`; records per difficulty take
    incomplete boards too; `completed` counts full boards, `fastest_ms` only those of solo,
    ranked and daily games; the streak counts Prague days with a finished daily game;
    `duels` the recorded duel outcomes.
    """
    rows = list(results)
    full = [r for r in rows if r.complete]

    def best(scores: Iterable[int]) -> int | None:
        return max(scores, default=None)

    return {
        "games": len(rows),
        "completed": len(full),
        "best_score": best(r.score for r in rows),
        "record_easy": best(r.score for r in rows if r.mode == "easy"),
        "record_hard": best(r.score for r in rows if r.mode == "hard"),
        "fastest_ms": min((r.duration_ms for r in full if r.kind in FASTEST_KINDS),
                          default=None),
        "streak": streak((r.daily_date for r in rows if r.kind == "daily" and r.daily_date),
                         today),
        "duels": {"won": sum(r.duel == "won" for r in rows),
                  "lost": sum(r.duel == "lost" for r in rows),
                  "drawn": sum(r.duel == "drawn" for r in rows)},
    }


def profile_statistics(session: Session, profile: ProfileRow, now: int) -> Stats:
    """A profile's statistics at `now` (Unix ms; the streak's today is Prague's)."""
    return statistics(results_since(session, profile.id, profile.stats_since), prague_day(now))


def result_json(row: ResultRow) -> dict[str, Any]:
    """A result as the export shows it."""
    return {
        "table": row.table_id, "kind": row.kind, "mode": row.mode, "seconds": row.seconds,
        "score": row.score, "filled": row.filled, "complete": row.complete,
        "started_at": row.started_at, "finished_at": row.finished_at,
        "duration_ms": row.duration_ms, "daily_date": row.daily_date,
        "published": row.published,
    }

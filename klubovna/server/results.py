"""Results of recorded games (one row per seated profile, from the game's outcomes), and
the statistics derived from them, per game.

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
from klubovna.tables.registry import REGISTRY, get_game

PUBLIC_GAME = "matematicky-poker"
"""The game of the leaderboard and the daily challenge, and whose statistics are its own
(`statistics`); the "ranked" and "daily" kinds are its alone (POST /api/tables refuses them
for any other game), so the public tables' queries select by kind."""
PUBLIC_KINDS = ("ranked", "daily")
"""Kinds whose results go to a public table (leaderboard, table of the day) with consent."""
FASTEST_KINDS = ("solo", "ranked", "daily")
"""Kinds whose full boards count for the fastest game: a duel's or group's pace is set by
the others (the opponent, the dealer)."""
OWN_COLUMNS = ("filled", "complete")
"""Figures of Matematický poker's that have their own columns (the leaderboard's index)."""


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


class GameStats(TypedDict):
    """A game's statistics from its seats' outcomes: games, their wins, losses and draws,
    and each of the game's own figures summed (Kostkový poker: hands played and won, chips
    won or lost)."""

    games: int
    won: int
    lost: int
    drawn: int
    figures: dict[str, int]


def record(
    session: Session, table_id: str, result: Mapping[str, Any], started_at: int,
    finished_at: int,
) -> list[ResultRow]:
    """Add the results of a table that has just ended: one per seat that records for a
    profile that still exists (a one-seat table's own profile; a room's seated people),
    from the game's own reading of its result (Game.outcomes)."""
    table = session.get(TableRow, table_id)
    if table is None:
        return []
    seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
    profiles = {seat.seat: seat.profile_id for seat in seats if seat.profile_id}
    if table.profile_id is not None:
        profiles[0] = table.profile_id
    if not profiles:
        return []
    rows = []
    for outcome in get_game(table.game).outcomes(dict(result)):
        profile = session.get(ProfileRow, profiles.get(outcome.seat, ""))
        if profile is None:  # a computer player or a guest; or deleted while the game ran
            continue
        figures = dict(outcome.figures)
        complete = figures.get("complete")
        row = ResultRow(
            table_id=table_id,
            seat=outcome.seat,
            profile_id=profile.id,
            game=table.game,
            kind=table.kind,
            place=outcome.place,
            outcome=outcome.outcome,
            score=outcome.score,
            figures=figures,
            mode=table.config.get("mode"),
            seconds=table.config.get("seconds"),
            filled=figures.get("filled"),
            complete=complete,
            started_at=started_at,
            finished_at=finished_at,
            duration_ms=max(0, finished_at - started_at),
            daily_date=table.daily_date,
            published=table.kind in PUBLIC_KINDS and complete is True
            and profile.consent is True,
        )
        session.add(row)
        rows.append(row)
    return rows


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
    """Matematický poker's statistics of these results (already filtered by the profile's
    reset time).

    Every result counts in `games` and `best_score`; records per difficulty take
    incomplete boards too; `completed` counts full boards, `fastest_ms` only those of solo,
    ranked and daily games; the streak counts Prague days with a finished daily game;
    `duels` the recorded duel outcomes.
    """
    rows = list(results)
    full = [r for r in rows if r.complete]

    def best(scores: Iterable[int | None]) -> int | None:
        return max((score for score in scores if score is not None), default=None)

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
        "duels": {"won": sum(r.kind == "duel" and r.outcome == "win" for r in rows),
                  "lost": sum(r.kind == "duel" and r.outcome == "loss" for r in rows),
                  "drawn": sum(r.kind == "duel" and r.outcome == "draw" for r in rows)},
    }


def game_statistics(results: Iterable[ResultRow]) -> GameStats:
    """Any game's statistics: its games, their outcomes, its whole-number figures summed
    (the figures every game names itself in its outcomes)."""
    rows = list(results)
    figures: dict[str, int] = {}
    for row in rows:
        for name, value in (row.figures or {}).items():
            if isinstance(value, int) and not isinstance(value, bool):
                figures[name] = figures.get(name, 0) + value
    return {"games": len(rows), "won": sum(r.outcome == "win" for r in rows),
            "lost": sum(r.outcome == "loss" for r in rows),
            "drawn": sum(r.outcome == "draw" for r in rows), "figures": figures}


Statistics = dict[str, Stats | GameStats]
"""A profile's statistics, each registered game's own block by its name."""


def profile_statistics(session: Session, profile: ProfileRow, now: int) -> Statistics:
    """A profile's statistics at `now` (Unix ms; the streak's today is Prague's): every
    registered game's block, Matematický poker's its own figures, every other one's the
    figures of its outcomes."""
    rows = results_since(session, profile.id, profile.stats_since)
    out: Statistics = {}
    for game in REGISTRY:
        mine = [row for row in rows if row.game == game]
        out[game] = (statistics(mine, prague_day(now)) if game == PUBLIC_GAME
                     else game_statistics(mine))
    return out


def result_json(row: ResultRow) -> dict[str, Any]:
    """A result as the export shows it."""
    return {
        "table": row.table_id, "game": row.game, "kind": row.kind, "seat": row.seat,
        "place": row.place, "outcome": row.outcome, "figures": row.figures,
        "mode": row.mode, "seconds": row.seconds,
        "score": row.score, "filled": row.filled, "complete": row.complete,
        "started_at": row.started_at, "finished_at": row.finished_at,
        "duration_ms": row.duration_ms, "daily_date": row.daily_date,
        "published": row.published,
    }

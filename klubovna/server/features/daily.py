"""The daily challenge's board: the Prague day's record, its table and a player's standing.

Query functions take the clock (Unix ms); the route `GET /api/daily` reads the server
clock and, when a profile key is sent, adds that player's attempt, rank and streak. An
earlier day can be asked for by date: an attempt begun before Prague midnight ends on the
next day, and its end dialog still shares the result of the day it was dealt.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import and_, func, or_, select, true

from klubovna.core.statistics import streak
from klubovna.server import calendar, clock
from klubovna.server.features.leaderboard import PLACES, Db, connected, engine_of
from klubovna.server.features.profiles import optional_profile_of
from klubovna.server.http.errors import ApiError, error_responses
from klubovna.server.storage import results
from klubovna.server.storage.db import DailyAttemptRow, ProfileRow, ResultRow
from klubovna.server.storage.results import Streak

router = APIRouter(prefix="/api")


class DailyRecord(BaseModel):
    score: int
    nickname: str


class DailyEntry(BaseModel):
    rank: int = Field(description="1-based place of the day; equal scores: the earlier first.")
    nickname: str
    score: int
    finished_at: int = Field(description="When the game ended, Unix ms.")


class DailyResult(BaseModel):
    score: int
    finished_at: int
    duration_ms: int = Field(description="From the start action to the last placement.")
    published: bool = Field(description="On the table of the day (publishing consent).")


class DailyBoard(BaseModel):
    date: str = Field(description="The day asked for; by default today in Prague (YYYY-MM-DD).")
    record: DailyRecord | None = Field(description="The best published result of the day.")
    played: bool = Field(description="The profile has used the day's attempt.")
    result: DailyResult | None = Field(description="The profile's finished attempt of the day.")
    rank: int | None = Field(
        description="The profile's place of the day (unpublished: the place it would have)."
    )
    entries: list[DailyEntry] = Field(description="The first 100 published results of the day.")
    streak: Streak | None = Field(
        description="The profile's streak as of today; null without a key."
    )


def daily_game() -> str | None:
    """The game of the daily challenge: the one that declares the daily kind (Matematický
    poker)."""
    return results.public_game("daily")


def _published_on(day: str) -> list[Any]:
    """The day's public results: the daily game's daily games of `day`."""
    return [ResultRow.game == daily_game(), ResultRow.kind == "daily",
            ResultRow.daily_date == day, ResultRow.published == true()]


def query_daily_entries(db: Db, day: str) -> list[DailyEntry]:
    """The first 100 published results of the Prague day `day` (one attempt each)."""
    statement = (
        select(ProfileRow.nickname, ResultRow.score, ResultRow.finished_at)
        .join(ProfileRow, ProfileRow.id == ResultRow.profile_id)
        .where(*_published_on(day))
        .order_by(ResultRow.score.desc(), ResultRow.finished_at.asc(), ResultRow.id.asc())
        .limit(PLACES)
    )
    with connected(db) as connection:
        rows = connection.execute(statement).all()
    return [
        DailyEntry(rank=rank, nickname=row.nickname, score=row.score, finished_at=row.finished_at)
        for rank, row in enumerate(rows, start=1)
    ]


def query_streak(db: Db, profile_id: str, now_ms: int) -> Streak:
    """Consecutive Prague days with a finished daily challenge, counted since the
    profile's statistics were last reset."""
    # The game and kind are checked here, not in SQL: with `kind = ?` SQLite (without ANALYZE)
    # walks the board index over every daily result instead of the player's own.
    game = daily_game()
    since = select(ProfileRow.stats_since).where(ProfileRow.id == profile_id)
    statement = (
        select(ResultRow.game, ResultRow.kind, ResultRow.daily_date)
        .where(ResultRow.profile_id == profile_id,
               ResultRow.finished_at >= since.scalar_subquery())
    )
    with connected(db) as connection:
        days = [date.fromisoformat(row.daily_date) for row in connection.execute(statement)
                if row.game == game and row.kind == "daily" and row.daily_date]
    return streak(days, calendar.prague_day(now_ms))  # type: ignore[return-value]


def query_daily(
    db: Db, now_ms: int, profile_id: str | None = None, day: date | None = None
) -> DailyBoard:
    """The board of `day` (by default the Prague day at `now_ms`), with `profile_id`'s
    standing if given; the streak is counted as of `now_ms`."""
    asked = (day or calendar.prague_day(now_ms)).isoformat()
    with connected(db) as connection:
        entries = query_daily_entries(connection, asked)
        record = DailyRecord(score=entries[0].score, nickname=entries[0].nickname) \
            if entries else None
        board = DailyBoard(date=asked, record=record, played=False, result=None, rank=None,
                           entries=entries, streak=None)
        if profile_id is None:
            return board
        board.played = connection.scalar(
            select(DailyAttemptRow.table_id)
            .where(DailyAttemptRow.profile_id == profile_id, DailyAttemptRow.day == asked)
        ) is not None
        board.streak = query_streak(connection, profile_id, now_ms)
        mine = connection.execute(
            select(ResultRow.id, ResultRow.score, ResultRow.finished_at, ResultRow.duration_ms,
                   ResultRow.published)
            .where(ResultRow.profile_id == profile_id, ResultRow.game == daily_game(),
                   ResultRow.kind == "daily", ResultRow.daily_date == asked)
            .order_by(ResultRow.id)
            .limit(1)
        ).first()
        if mine is None:
            return board
        board.played = True
        board.result = DailyResult(score=mine.score, finished_at=mine.finished_at,
                                   duration_ms=mine.duration_ms, published=mine.published)
        ahead = connection.scalar(
            select(func.count()).select_from(ResultRow)
            .where(*_published_on(asked), ResultRow.profile_id != profile_id,
                   or_(ResultRow.score > mine.score,
                       and_(ResultRow.score == mine.score,
                            or_(ResultRow.finished_at < mine.finished_at,
                                and_(ResultRow.finished_at == mine.finished_at,
                                     ResultRow.id < mine.id)))))
        )
        board.rank = 1 + (ahead or 0)
        return board


@router.get("/daily", response_model=DailyBoard,
            responses=error_responses(401, 403, 422))
def get_daily(
    request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
    day: Annotated[str | None, Query(
        pattern=r"^\d{4}-\d{2}-\d{2}$",
        description="A day up to today in Prague (YYYY-MM-DD); by default today.",
    )] = None,
) -> DailyBoard:
    """The day's board; with a profile key also the player's attempt, rank and streak."""
    now = clock.now_ms()
    # (A string with a pattern, not a date: pydantic would also take a number of seconds.)
    try:
        asked = None if day is None else date.fromisoformat(day)
    except ValueError:
        raise ApiError(422, "invalid_request", f"No such day: {day}.") from None
    if asked is not None and asked > calendar.prague_day(now):
        raise ApiError(422, "bad_day", "That day's challenge has not been dealt yet.")
    return query_daily(engine_of(request), now, None if profile is None else profile.id, asked)

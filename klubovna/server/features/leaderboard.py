"""The public leaderboard: ranked full boards with publishing consent, one best per player.

Query functions take the clock (Unix ms) and work on SQLite and PostgreSQL alike; the
route `GET /api/leaderboard` reads the server clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, func, select, true
from sqlalchemy.orm import Session

from klubovna.server import calendar, clock
from klubovna.server.http.errors import error_responses
from klubovna.server.storage.db import ProfileRow, ResultRow
from klubovna.server.storage.results import public_game

Period = Literal["today", "week", "month", "all"]
ModeFilter = Literal["all", "easy", "hard"]
Db = Engine | Connection | Session
"""Anything that executes a statement; an engine lends a connection for the call."""

PLACES = 100
LOWEST_SCORE = -(2**31)

router = APIRouter(prefix="/api")


class LeaderboardEntry(BaseModel):
    rank: int = Field(description="1-based place; equal scores: the earlier game first.")
    nickname: str
    score: int
    mode: Literal["easy", "hard"]
    seconds: int | None = Field(description="Seconds per number (hard); null for easy.")
    finished_at: int = Field(description="When the game ended, Unix ms.")


class Leaderboard(BaseModel):
    period: Period
    mode: ModeFilter
    first_day: str | None = Field(alias="from", description="First Prague day; null for all.")
    last_day: str | None = Field(alias="to", description="Last Prague day; null for all.")
    entries: list[LeaderboardEntry]


@contextmanager
def connected(db: Db) -> Iterator[Connection | Session]:
    """`db` itself, or a connection of the engine `db` for the duration."""
    if isinstance(db, Engine):
        with db.connect() as connection:
            yield connection
    else:
        yield db


def query_leaderboard(
    db: Db, period: Period, mode: ModeFilter, now_ms: int, game: str | None = None
) -> list[LeaderboardEntry]:
    """The first 100 players of `period` (Prague calendar at `now_ms`) in `mode`.

    Eligible: results of `game` (by default the one that declares the ranked kind:
    Matematický poker), ranked, full board, published.
    Each player's best result counts once (equal scores: the earlier one), picked with
    ROW_NUMBER() over the player's eligible results; players are ranked by that score,
    equal scores by the earlier game.
    """
    conditions: list[Any] = [
        ResultRow.game == (game or public_game("ranked")),
        ResultRow.kind == "ranked",
        ResultRow.published == true(),
        ResultRow.complete == true(),
    ]
    bounds = calendar.period_range_ms(period, now_ms)
    if bounds is not None:
        conditions += [ResultRow.finished_at >= bounds[0], ResultRow.finished_at < bounds[1]]
    if mode != "all":
        conditions.append(ResultRow.mode == mode)
    # A player places only if their best reaches the 100th-best player's best score, and
    # only results at or above it can be that best: the threshold (a GROUP BY read from
    # the index ix_results_best alone) keeps the window to a few hundred rows.
    best = (
        select(func.max(ResultRow.score).label("best"))
        .where(*conditions)
        .group_by(ResultRow.profile_id)
        .subquery()
    )
    threshold = (
        select(best.c.best).order_by(best.c.best.desc()).offset(PLACES - 1).limit(1)
        .scalar_subquery()
    )
    order = (ResultRow.score.desc(), ResultRow.finished_at.asc(), ResultRow.id.asc())
    place = func.row_number().over(partition_by=ResultRow.profile_id, order_by=order)
    candidates = (
        select(ResultRow.id, ResultRow.profile_id, ResultRow.score, ResultRow.mode,
               ResultRow.seconds, ResultRow.finished_at, place.label("place"))
        .where(*conditions, ResultRow.score >= func.coalesce(threshold, LOWEST_SCORE))
        .subquery()
    )
    statement = (
        select(ProfileRow.nickname, candidates.c.score, candidates.c.mode,
               candidates.c.seconds, candidates.c.finished_at)
        .join(ProfileRow, ProfileRow.id == candidates.c.profile_id)
        .where(candidates.c.place == 1)
        .order_by(candidates.c.score.desc(), candidates.c.finished_at.asc(),
                  candidates.c.id.asc())
        .limit(PLACES)
    )
    with connected(db) as connection:
        rows = connection.execute(statement).all()
    return [
        LeaderboardEntry(rank=rank, nickname=row.nickname, score=row.score, mode=row.mode,
                         seconds=row.seconds, finished_at=row.finished_at)
        for rank, row in enumerate(rows, start=1)
    ]


def engine_of(request: Request) -> Engine:
    engine: Engine = request.app.state.hub.store.engine
    return engine


def leaderboard(db: Db, period: Period, mode: ModeFilter, now_ms: int) -> Leaderboard:
    """The whole answer of `GET /api/leaderboard` at `now_ms`."""
    days = calendar.period_days(period, now_ms)
    return Leaderboard.model_validate({
        "period": period, "mode": mode,
        "from": None if days is None else days[0].isoformat(),
        "to": None if days is None else days[1].isoformat(),
        "entries": query_leaderboard(db, period, mode, now_ms),
    })


@router.get("/leaderboard", response_model=Leaderboard, response_model_by_alias=True,
            responses=error_responses(422))
def get_leaderboard(
    request: Request,
    period: Annotated[Period, Query(description="Europe/Prague calendar period.")] = "all",
    mode: Annotated[ModeFilter, Query(description="Difficulty.")] = "all",
) -> Leaderboard:
    return leaderboard(engine_of(request), period, mode, clock.now_ms())

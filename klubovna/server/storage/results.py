"""Results of recorded games (one row per seated profile, from the game's outcomes), and
the statistics derived from them, per game.

A result is written only by the server, in the same transaction as the log entry that
ended the game (`record`); no endpoint takes a score. Statistics are never stored as
counters: `profile_statistics` has each game compute its block from the results finished
since the profile's last reset (docs/api.md, "which results count for what").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from typing_extensions import TypedDict  # pydantic reads it on 3.11 too (API models)

from klubovna.core import Game
from klubovna.core.declarations import PublicKind
from klubovna.core.statistics import Played
from klubovna.server.calendar import prague_day
from klubovna.server.storage import ratings
from klubovna.server.storage.db import ProfileRow, ResultRow, SeatRow, TableRow
from klubovna.tables.registry import REGISTRY, get_game


class Streak(TypedDict):
    """A daily streak (klubovna.core.statistics.streak), as the daily board shows it."""

    current: int
    best: int
    last_day: str | None


Statistics = dict[str, dict[str, Any]]
"""A profile's statistics: each registered game's own block (Engine.statistics) by its
name."""


def public_kind(game: Game[Any], kind: str) -> PublicKind | None:
    """How `game` plays the public `kind` ("ranked", "daily"), or None if it has none."""
    return next((each for each in game.public if each.kind == kind), None)


def public_game(kind: str) -> str | None:
    """The game whose public table `kind` is (the leaderboard's, the daily challenge's):
    the first registered game that declares it."""
    return next((name for name, each in REGISTRY.items()
                 if any(public.kind == kind for public in each.game.public)), None)


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
    game = get_game(table.game)
    outcomes = game.outcomes(dict(result))
    for outcome in outcomes:
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
            published=public_kind(game, table.kind) is not None
            and complete is True and profile.consent is True,
        )
        session.add(row)
        rows.append(row)
    if table.profile_id is None:  # a room's table: people against each other
        ratings.rate(session, rows, len(outcomes), finished_at)
    return rows


def results_since(session: Session, profile_id: str, since: int) -> list[ResultRow]:
    return list(session.scalars(
        select(ResultRow)
        .where(ResultRow.profile_id == profile_id, ResultRow.finished_at >= since)
        .order_by(ResultRow.finished_at)
    ))


def played(row: ResultRow) -> Played:
    """A result as its game's statistics read it."""
    settings = {name: value for name, value in (("mode", row.mode), ("seconds", row.seconds))
                if value is not None}
    return Played(kind=row.kind, place=row.place, outcome=row.outcome,  # type: ignore[arg-type]
                  score=row.score, figures=row.figures or {}, settings=settings,
                  duration_ms=row.duration_ms,
                  day=date.fromisoformat(row.daily_date) if row.daily_date else None)


def profile_statistics(session: Session, profile: ProfileRow, now: int) -> Statistics:
    """A profile's statistics at `now` (Unix ms; today is Prague's): every registered
    game's own block, from the results finished since the profile's last reset."""
    rows = results_since(session, profile.id, profile.stats_since)
    today = prague_day(now)
    rated = ratings.of_profile(session, profile.id)
    return {name: {**each.game.statistics([played(row) for row in rows if row.game == name],
                                          today),
                   "rating": rating_json(session, profile.id, name, rated.get(name))}
            for name, each in REGISTRY.items()}


def rating_json(session: Session, profile_id: str, game: str,
                rating: ratings.Rating | None) -> dict[str, Any] | None:
    """A game's rating as the profile's statistics carry it (null: never rated; a reset of
    the statistics keeps it), with its recent history for a chart."""
    if rating is None:
        return None
    return {"rating": rating.rating, "games": rating.games, "provisional": rating.provisional,
            "history": [{"at": at, "rating": value}
                        for at, value in ratings.history(session, profile_id, game)]}


def result_json(row: ResultRow) -> dict[str, Any]:
    """A result as the export shows it."""
    return {
        "table": row.table_id, "game": row.game, "kind": row.kind, "seat": row.seat,
        "place": row.place, "outcome": row.outcome, "figures": row.figures,
        "mode": row.mode, "seconds": row.seconds,
        "score": row.score, "filled": row.filled, "complete": row.complete,
        "started_at": row.started_at, "finished_at": row.finished_at,
        "duration_ms": row.duration_ms, "daily_date": row.daily_date,
        "published": row.published, "rating": row.rating, "rating_change": row.rating_change,
    }

"""Ratings: one rating per profile and game, from online games between people
(docs/decisions/0158-ratings.md).

The model is OpenSkill's Weng-Lin Plackett-Luce: it rates two to fifty players from their
places (ties share one). A game is rated when it was a room's table (never a one-seat game)
with at least two places, and every seat with a place was a profile: a computer player or
a guest at the table leaves the whole game unrated. It is rated in the transaction that
records its results, so a rating changes exactly once per game, on any server process.

A rating shows as one number, `shown(mu)`: 1500 at the start, and the starting deviation
(25/3) is 350 points, as on the familiar Glicko scale. It is provisional while the
deviation is above PROVISIONAL_SIGMA.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from klubovna.server.storage.db import LogRow, ProfileRow, RatingRow, ResultRow

MODEL = PlackettLuce()
START = 1500
SCALE = 350 / MODEL.sigma
"""Rating points per unit of the model's mean: 42."""
PROVISIONAL_SIGMA = 6.5
"""A deviation above this is provisional: about ten duels from the start (8.33)."""
BOARD = 100
HISTORY = 60
"""The profile's chart: its last so many rated games."""


def shown(mu: float) -> int:
    """The model's mean as the one number people see."""
    return round(START + SCALE * (mu - MODEL.mu))


def provisional(sigma: float) -> bool:
    return sigma > PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Rating:
    rating: int
    games: int
    provisional: bool


def rating_of(row: RatingRow) -> Rating:
    return Rating(shown(row.mu), row.games, provisional(row.sigma))


def rate(session: Session, rows: Sequence[ResultRow], places: int, at: int) -> None:
    """Rate a room's finished game from its just-added results `rows` (one per seated
    profile), `places` the seats the game placed: unrated unless every placed seat is a
    profile and there are at least two. A seat that left the game before its end ranks
    below everyone who stayed, whatever its score: leaving never pays. Writes each
    profile's new rating, and on each row the rating after it and its change."""
    if places < 2 or len(rows) != places or any(row.place is None for row in rows):
        return
    table_id = rows[0].table_id
    left = set(session.scalars(select(LogRow.seat).where(
        LogRow.table_id == table_id, LogRow.kind == "leave")))
    last = max(row.place or 0 for row in rows) + 1
    ranks = [float(last if row.seat in left else row.place or 0) for row in rows]
    game = rows[0].game
    ids = [row.profile_id for row in rows]
    _ensure(session, game, ids, at)
    current = {rating.profile_id: rating for rating in session.scalars(
        select(RatingRow).where(RatingRow.game == game, RatingRow.profile_id.in_(ids))
        .with_for_update())}  # (PostgreSQL: two games of one person ending at once)
    rated = updated([(current[i].mu, current[i].sigma) for i in ids], ranks)
    for row, (mu, sigma) in zip(rows, rated, strict=True):
        rating = current[row.profile_id]
        before = shown(rating.mu)
        rating.mu, rating.sigma = mu, sigma
        rating.games += 1
        rating.updated_at = at
        row.rating = shown(mu)
        row.rating_change = row.rating - before


def updated(before: Sequence[tuple[float, float]],
            ranks: Sequence[float]) -> list[tuple[float, float]]:
    """Each player's (mu, sigma) after a game they finished in `ranks` (1 first).

    Shared places are rated as the mean of two strict orders, the tied players in seat
    order and in reverse: Plackett-Luce's own handling of ties gave the 4th of five the
    same gain as two who shared 2nd place (tests/server/test_ratings.py). For two players
    this is exactly a draw's meaning, half a win and half a loss.

    >>> [(round(mu, 2), round(sigma, 2)) for mu, sigma in updated([(25, 25 / 3)] * 2, [1, 1])]
    [(25.0, 8.07), (25.0, 8.07)]
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    if len(set(ranks)) == len(ranks):
        return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=list(ranks))]
    order = sorted(range(len(ranks)), key=lambda seat: (ranks[seat], seat))
    reverse = sorted(range(len(ranks)), key=lambda seat: (ranks[seat], -seat))
    outcomes = []
    for strict in (order, reverse):
        places = [0.0] * len(ranks)
        for place, seat in enumerate(strict, start=1):
            places[seat] = float(place)
        outcomes.append(MODEL.rate(teams, ranks=places))
    return [((a[0].mu + b[0].mu) / 2, (a[0].sigma + b[0].sigma) / 2)
            for a, b in zip(*outcomes, strict=True)]


def _ensure(session: Session, game: str, ids: Sequence[str], at: int) -> None:
    """A starting rating for each profile that has none in `game` yet; one inserted by
    another game's end at the same moment is kept."""
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    session.execute(insert(RatingRow).values([
        {"profile_id": each, "game": game, "mu": MODEL.mu, "sigma": MODEL.sigma, "games": 0,
         "updated_at": at} for each in ids]).on_conflict_do_nothing())


def of_profile(session: Session, profile_id: str) -> dict[str, Rating]:
    """The profile's rating in each game it has one in."""
    rows = session.scalars(select(RatingRow).where(RatingRow.profile_id == profile_id,
                                                  RatingRow.games > 0))
    return {row.game: rating_of(row) for row in rows}


def of_pairs(session: Session, pairs: Collection[tuple[str, str]]) -> dict[
        tuple[str, str], Rating]:
    """The ratings of these (profile, game) pairs that exist."""
    ids = {profile for profile, _ in pairs}
    rows = session.scalars(select(RatingRow).where(RatingRow.profile_id.in_(ids),
                                                  RatingRow.games > 0))
    return {(row.profile_id, row.game): rating_of(row) for row in rows
            if (row.profile_id, row.game) in pairs}


def history(session: Session, profile_id: str, game: str) -> list[tuple[int, int]]:
    """(finished at, rating after) of the profile's last HISTORY rated games, oldest first."""
    rows = session.execute(
        select(ResultRow.finished_at, ResultRow.rating)
        .where(ResultRow.profile_id == profile_id, ResultRow.game == game,
               ResultRow.rating.is_not(None))
        .order_by(ResultRow.finished_at.desc(), ResultRow.id.desc()).limit(HISTORY)).all()
    return [(at, rating or 0) for at, rating in reversed(rows)]  # (never None: filtered)


@dataclass(frozen=True)
class Standing:
    nickname: str
    rating: int
    games: int
    provisional: bool


def board(session: Session, game: str) -> list[Standing]:
    """The game's rating board: the best BOARD established ratings of profiles that agreed
    to appear on public boards (consent), best first."""
    rows = session.execute(
        select(ProfileRow.nickname, RatingRow.mu, RatingRow.games, RatingRow.sigma)
        .join(ProfileRow, ProfileRow.id == RatingRow.profile_id)
        .where(RatingRow.game == game, RatingRow.sigma <= PROVISIONAL_SIGMA,
               RatingRow.games > 0, ProfileRow.consent.is_(True))
        .order_by(RatingRow.mu.desc(), RatingRow.updated_at.asc()).limit(BOARD)).all()
    return [Standing(nickname, shown(mu), games, provisional(sigma))
            for nickname, mu, games, sigma in rows]


def of_table(session: Session, table_id: str) -> dict[int, tuple[int, int]]:
    """Each rated seat of a finished table: (rating after, change)."""
    return {seat: (rating or 0, change or 0) for seat, rating, change in session.execute(
        select(ResultRow.seat, ResultRow.rating, ResultRow.rating_change)
        .where(ResultRow.table_id == table_id, ResultRow.rating.is_not(None)))}

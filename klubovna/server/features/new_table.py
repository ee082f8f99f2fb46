"""What a new one-seat table (POST /api/tables) is made with: the settings as the game
declares them, whom it records for (solo, ranked, the daily challenge), the day's deck,
the think time of a recorded game, and its one seat.

The route (tables.py) resolves the game's registry entry once and passes its engine
here; it keeps only the request itself (its fields, the rate limits) and the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from klubovna.core import Game, IllegalAction
from klubovna.core.declarations import read_settings
from klubovna.server.calendar import prague_day
from klubovna.server.clock import now_ms
from klubovna.server.http.errors import ApiError
from klubovna.server.realtime.think import paced
from klubovna.server.storage.db import ProfileRow
from klubovna.server.storage.results import public_kind
from klubovna.server.storage.secret import daily_seed
from klubovna.server.storage.store import Recording, Store


@dataclass(frozen=True)
class NewTable:
    """A table to make: the engine's config, its seed (None: a random one), whom it
    records for."""

    config: dict[str, Any]
    seed: int | None
    recording: Recording


def read_config(game: Game[Any], sent: dict[str, Any], seed: int | None,
                allow_seed: bool) -> dict[str, Any]:
    """The settings a request sent, read by the game's declarations (its public ones);
    422 for a setting the game refuses, or for a seed on a server that deals its own."""
    try:
        config = read_settings(game.settings, sent, public_only=True)
    except IllegalAction as error:
        raise ApiError(422, error.code, error.message) from None
    if seed is not None and not allow_seed:
        raise ApiError(422, "seed_not_allowed", "This server deals its own cards.")
    return config


async def plan_table(
    game: Game[Any], config: dict[str, Any], *, kind: str, seed: int | None, replay: bool,
    profile: ProfileRow | None, secret: bytes, store: Store,
) -> NewTable:
    """The table a request of `kind` asks for: a ranked or daily game is played with the
    game's fixed settings and needs a profile; a recorded one is paced (think.py); the
    table has one seat (several: a room's, POST /api/lobbies)."""
    if kind != "daily" and replay:
        raise ApiError(422, "bad_config", "Only the daily challenge can be replayed.")
    if kind == "solo":
        recording = Recording("solo", profile.id if profile else None)
    else:
        public = public_kind(game, kind)
        if public is None:
            raise ApiError(422, "bad_config", f"{game.name} has no {kind} games.")
        if profile is None:
            raise ApiError(401, "profile_required",
                           f"A {kind} game needs a profile: send its key as "
                           "'Authorization: Bearer KEY'.")
        for name, value in public.requires.items():
            if config.get(name) != value:
                raise ApiError(422, "bad_config",
                               f"A {kind} game is played with {name} {value!r}.")
        config = {**config, **public.fixed}
        if kind == "ranked":
            recording = Recording("ranked", profile.id)
        else:
            recording, seed = await _daily(seed, replay, profile, secret, store)
    if recording.profile_id is not None:
        config = paced(game, config)
    try:
        if game.seats(game.new(config, 0)) != 1:
            raise ApiError(422, "bad_config",
                           f"A {game.name} table has several seats: open a room for it.")
    except IllegalAction as error:
        raise ApiError(422, error.code, error.message) from None
    return NewTable(config, seed, recording)


async def _daily(
    seed: int | None, replay: bool, profile: ProfileRow, secret: bytes, store: Store
) -> tuple[Recording, int]:
    """Whom a daily table records for and the day's seed; checks the attempt for a
    replay."""
    if seed is not None:
        raise ApiError(422, "bad_config", "The daily challenge deals the day's own deck.")
    day = prague_day(now_ms())
    seed = daily_seed(secret, day)
    if not replay:
        return Recording("daily", profile.id, day.isoformat(), daily_attempt=True), seed
    attempt = await run_in_threadpool(store.daily_attempt, profile.id, day.isoformat())
    if attempt is None or not attempt[1]:
        raise ApiError(409, "not_played_yet",
                       "Finish today's daily challenge first; then its deck can be replayed.")
    return Recording("daily", None, day.isoformat()), seed

"""`GET /healthz` and `GET /readyz`, for a proxy, a supervisor or an orchestrator.

`/healthz` answers 200 whenever the process answers (it touches nothing). `/readyz` answers
200 only when the process should be sent players: the database answers, its schema is at
the newest migration, Redis answers (cluster mode) and the process is not shutting down
(`app.state.draining`, set on SIGTERM: cli.py); else 503 with the reasons, stable codes
(`draining`, `database`, `migrations`, `redis`). The database is asked on a connection of
its own (no pool: a file moved away or a server stopped shows at once), in a worker thread,
one check at a time however many probes come, each waiting at most CHECK_SECONDS. Neither
is rate limited; neither is in the OpenAPI document (docs/decisions/0165).
"""

from __future__ import annotations

import asyncio
import contextlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool
from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from klubovna.server.http.ratelimit import RedisLink

router = APIRouter(include_in_schema=False)

CHECK_SECONDS = 2.0
"""What a probe waits at most for the database or Redis to answer."""
REASONS = {
    "draining": "the process is shutting down",
    "database": "the database does not answer",
    "migrations": "the database's schema is not at the newest migration (klubovna migrate)",
    "redis": "Redis does not answer",
}


@cache
def newest_migrations() -> frozenset[str]:
    """The heads of the migrations this code carries (read once)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import klubovna.server.storage.migrate as migrate

    config = Config()
    config.set_main_option("script_location", str(Path(migrate.__file__).parent / "migrations"))
    return frozenset(ScriptDirectory.from_config(config).get_heads())


class Readiness:
    """What `/readyz` asks: the database (its own connection each time) and Redis."""

    def __init__(self, database_url: str, redis: RedisLink | None = None) -> None:
        url = make_url(database_url)
        options: dict[str, Any] = {"poolclass": NullPool}
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            # Read-write, never created: a database file that is gone is not made anew.
            url = url.set(database=f"file:{url.database}", query={"mode": "rw", "uri": "true"})
        elif url.get_backend_name() == "postgresql":
            options["connect_args"] = {"connect_timeout": int(CHECK_SECONDS)}
        self.engine = create_engine(url, **options)
        self.redis = redis
        self._database: asyncio.Future[str | None] | None = None

    def database(self) -> str | None:
        """None when the database answers at the newest schema, else the reason (blocking)."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
                try:
                    found = set(connection.scalars(text("SELECT version_num FROM alembic_version")))
                except Exception:
                    return "migrations"
        except Exception:
            return "database"
        return None if found == newest_migrations() else "migrations"

    async def reasons(self, draining: bool) -> list[str]:
        reasons = ["draining"] if draining else []
        if self._database is None or self._database.done():
            self._database = asyncio.ensure_future(run_in_threadpool(self.database))
        try:
            if reason := await asyncio.wait_for(asyncio.shield(self._database), CHECK_SECONDS):
                reasons.append(reason)
        except TimeoutError:  # the check goes on; the next probe waits for it again
            reasons.append("database")
        if self.redis is not None and not await self._redis_answers(self.redis):
            reasons.append("redis")
        return reasons

    @staticmethod
    async def _redis_answers(redis: RedisLink) -> bool:
        with contextlib.suppress(Exception):
            return bool(await asyncio.wait_for(redis.client.ping(), CHECK_SECONDS))
        return False


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    readiness: Readiness = request.app.state.readiness
    reasons = await readiness.reasons(bool(getattr(request.app.state, "draining", False)))
    if not reasons:
        return JSONResponse({"status": "ready"})
    message = "Not ready: " + "; ".join(REASONS[reason] for reason in reasons) + "."
    return JSONResponse({"code": "not_ready", "message": message, "reasons": reasons},
                        status_code=503, headers={"Retry-After": "1"})

"""`/healthz` and `/readyz` (klubovna/server/http/health.py): on a real server, and in-process
on an app whose database is unmigrated, then moved away, and which is draining; Redis that
does not answer. Neither is in the OpenAPI document."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from klubovna.server.config import Config
from klubovna.server.http.health import Readiness
from klubovna.server.http.ratelimit import RedisLink
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.migrate import upgrade
from tests.server.live import LiveServer, free_port


def test_a_running_server_is_healthy_and_ready(server: LiveServer) -> None:
    healthy = httpx.get(f"{server.http}/healthz", timeout=10)
    assert (healthy.status_code, healthy.json()) == (200, {"status": "ok"})
    assert len(healthy.headers["x-request-id"]) == 16  # a new id: it came with none
    ready = httpx.get(f"{server.http}/readyz", timeout=10)
    assert (ready.status_code, ready.json()) == (200, {"status": "ready"})
    assert httpx.head(f"{server.http}/readyz", timeout=10).status_code == 200
    paths = httpx.get(f"{server.http}/api/openapi.json", timeout=10).json()["paths"]
    assert not {"/healthz", "/readyz", "/metrics"} & set(paths)


def readyz(app: object) -> httpx.Response:
    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://k") as client:
            return await client.get("/readyz")

    return asyncio.run(ask())


def not_ready(answer: httpx.Response, *reasons: str) -> None:
    assert answer.status_code == 503, answer.text
    body = answer.json()
    assert (body["code"], body["reasons"]) == ("not_ready", list(reasons)), body
    assert body["message"].startswith("Not ready: ") and answer.headers["retry-after"] == "1"


def test_not_ready_unmigrated_unreachable_or_draining(tmp_path: Path) -> None:
    from klubovna.server.app import create_app

    database = tmp_path / "k.db"
    app = create_app(Config(data_dir=tmp_path, database_url=f"sqlite:///{database}",
                            web_dir=tmp_path / "no-web"))
    engine = make_engine(f"sqlite:///{database}")
    with engine.connect():
        pass  # an empty database file: nothing migrated yet
    not_ready(readyz(app), "migrations")
    upgrade(engine)
    engine.dispose()
    assert readyz(app).status_code == 200
    app.state.draining = True  # (SIGTERM sets it: cli.py)
    not_ready(readyz(app), "draining")
    app.state.draining = False
    database.rename(tmp_path / "elsewhere.db")  # the file gone: not made anew
    not_ready(readyz(app), "database")
    assert not database.exists()
    (tmp_path / "elsewhere.db").rename(database)
    assert readyz(app).status_code == 200


def test_not_ready_while_redis_does_not_answer(tmp_path: Path) -> None:
    database = tmp_path / "k.db"
    upgrade(engine := make_engine(f"sqlite:///{database}"))
    engine.dispose()

    async def reasons() -> list[str]:
        link = RedisLink(f"redis://127.0.0.1:{free_port()}/0")  # nobody listens there
        try:
            return await Readiness(f"sqlite:///{database}", link).reasons(draining=False)
        finally:
            await link.aclose()

    assert asyncio.run(reasons()) == ["redis"]

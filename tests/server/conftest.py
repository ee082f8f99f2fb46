from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from klubovna.server.storage.db import make_engine
from klubovna.server.storage.migrate import upgrade
from klubovna.server.storage.store import Store
from tests.server.live import LiveServer
from tests.server.postgres import postgres_cluster


def started(live: LiveServer) -> Iterator[LiveServer]:
    """`live` running while the fixture that yields from this is in use."""
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def worker_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server with the default settings per test worker, for the modules that
    need nothing of their own: they share its data (each makes its own profiles, tables
    and rooms and asserts on those), and starting a server is seconds of CPU. All joins
    come from 127.0.0.1: the join limit is lifted (lobby tests of it have servers of their
    own)."""
    yield from started(LiveServer(tmp_path_factory.mktemp("worker-data"),
                                  env={"KLUBOVNA_RATE_JOINS": "10000"}))


@pytest.fixture(scope="module")
def server(worker_server: LiveServer) -> LiveServer:
    """The real server a test module talks to: the worker's. A module that needs settings
    of its own or data nobody else wrote (an empty leaderboard) defines its own `server`,
    usually `own_server`'s."""
    return worker_server


def own_server(tmp_path_factory: pytest.TempPathFactory, **options: Any) -> Iterator[LiveServer]:
    """A fresh server for one module (LiveServer's `options`), on data of its own."""
    yield from started(LiveServer(tmp_path_factory.mktemp("data"), **options))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


@pytest.fixture(scope="session")
def worker_pg_server(
    tmp_path_factory: pytest.TempPathFactory, postgres_url: str
) -> Iterator[LiveServer]:
    """The worker's server on PostgreSQL (the worker's cluster, whose data every test on
    PostgreSQL shares anyway), with the worker server's settings."""
    yield from started(LiveServer(tmp_path_factory.mktemp("worker-pg-data"),
                                  database_url=postgres_url,
                                  env={"KLUBOVNA_RATE_JOINS": "10000"}))


@pytest.fixture(params=["sqlite", "postgresql"])
def restartable(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """A real server the test may kill and start again, on SQLite and on PostgreSQL: the
    worker's. A restart keeps every confirmed thing (what these tests assert), so the
    modules after it find their server as it was; it is running again when the test ends.
    Sharing it saves a server start (seconds of CPU) per test and database."""
    live: LiveServer = request.getfixturevalue(
        "worker_pg_server" if request.param == "postgresql" else "worker_server")
    yield live
    if live.process is None or live.process.poll() is not None:
        live.start()  # the test failed between the kill and the start


def migrated_store(url: str) -> Iterator[Store]:
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    yield store
    store.close_now()
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An in-process Store on a migrated database, on SQLite and on PostgreSQL."""
    url = (request.getfixturevalue("postgres_url") if request.param == "postgresql"
           else f"sqlite:///{tmp_path / 'k.db'}")
    yield from migrated_store(url)


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    """An in-process Store on a migrated SQLite file."""
    yield from migrated_store(f"sqlite:///{tmp_path / 'k.db'}")

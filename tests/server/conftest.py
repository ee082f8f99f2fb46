from collections.abc import Iterator
from pathlib import Path

import pytest

from klubovna.server.storage.db import make_engine
from klubovna.server.storage.migrate import upgrade
from klubovna.server.storage.store import Store
from tests.server.live import LiveServer, free_port
from tests.server.postgres import postgres_cluster


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server for a test module."""
    live = LiveServer(tmp_path_factory.mktemp("data"), free_port())
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_server(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[LiveServer]:
    """A server of the test's own, for tests that kill it; on SQLite and on PostgreSQL."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    live = LiveServer(tmp_path, free_port(), database_url=url)
    live.start()
    yield live
    live.stop()


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

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.live import LiveServer, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server for a test module."""
    live = LiveServer(tmp_path_factory.mktemp("data"), free_port())
    live.start()
    yield live
    live.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of the test's own, for tests that kill it."""
    live = LiveServer(tmp_path, free_port())
    live.start()
    yield live
    live.stop()

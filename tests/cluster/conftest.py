"""One three-process set-up (tests/cluster/harness.py) for the whole `make test-cluster`
session; each test starts with every part of it running."""

from collections.abc import Iterator

import pytest

from tests.cluster.harness import Cluster


@pytest.fixture(scope="session")
def whole_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with Cluster(tmp_path_factory.mktemp("cluster")) as cluster:
        yield cluster


@pytest.fixture
def cluster(whole_cluster: Cluster) -> Cluster:
    """The session's set-up, every node up (a test that failed half-way may have left one
    down)."""
    whole_cluster.heal()
    return whole_cluster

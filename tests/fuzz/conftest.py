from collections.abc import Iterator

import pytest

from tests.fuzz.target import Target, target_for


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    """The server a fuzz module talks to (tests/fuzz/target.py)."""
    with target_for(tmp_path_factory.mktemp("fuzz")) as found:
        yield found

"""The table tests' own games (tests/tables/counting.py) are registered while each test runs."""

from collections.abc import Iterator

import pytest

from tests.tables import counting


@pytest.fixture(autouse=True)
def counting_registered() -> Iterator[None]:
    with counting.registered():
        yield

"""What every test module shares: the browser tests' event loop kept out of the others."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module", autouse=True)
def browser_loop_set_aside(request: pytest.FixtureRequest) -> Iterator[None]:
    """Outside tests/web, no event loop counts as running while the module's tests run.

    A test worker keeps one Chromium for all its browser modules (tests/web/conftest.py),
    and Playwright's sync API marks its event loop as running in this thread for as long
    as it lives; asyncio.run() in a later server module would then refuse to start
    ("cannot be called from a running event loop"). Playwright is not used meanwhile (it
    is only driven from tests/web), so its loop is set aside and put back after.
    """
    loop = asyncio.events._get_running_loop()
    if loop is None or request.module.__name__.startswith("tests.web."):
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)

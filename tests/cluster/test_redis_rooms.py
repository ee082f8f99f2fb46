"""Which rooms each address opened, in Redis (cluster mode; issue #34, item 4): every process
sees what the others noted, each address's set is forgotten with its last room, and a Redis
that does not answer bounds nothing (as the rate limits)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from klubovna.server.http.ratelimit import Limits
from tests.cluster.test_redis_limits import RedisServer

KEY = "0123456789abcdef0123456789abcdef"
"""An address's keyed hash (lobbies.address_key): Redis never holds the address."""
NOW = int(time.time() * 1000) + 60_000
"""The server clock's ms, ahead of Redis's: a set whose rooms all expired is gone at once."""


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.kill()


def test_every_process_sees_the_rooms_an_address_opened(redis_server: RedisServer) -> None:
    async def run() -> None:
        one, two = (Limits(6, 6, redis_url=redis_server.url) for _ in range(2))
        try:
            await one.rooms_by_address.add(KEY, "AAAAAA", NOW + 1000)
            await two.rooms_by_address.add(KEY, "BBBBBB", NOW + 5000)
            await one.rooms_by_address.add(KEY, "CCCCCC", NOW + 3000)
            assert sorted(await two.rooms_by_address.codes(KEY, NOW)) == [
                "AAAAAA", "BBBBBB", "CCCCCC"]
            await two.rooms_by_address.forget(KEY, ["CCCCCC"])
            assert await one.rooms_by_address.codes(KEY, NOW + 1000) == ["BBBBBB"]
            assert await one.rooms_by_address.codes("another", NOW) == []
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(run())
    inspect = redis_server.client()
    assert inspect.keys("klubovna:rooms:*") == [f"klubovna:rooms:{KEY}".encode()]
    # Redis forgets the set when its last room would expire (the latest, not the last added).
    assert inspect.pexpiretime(f"klubovna:rooms:{KEY}") == NOW + 5000


def test_a_redis_that_does_not_answer_bounds_nothing(redis_server: RedisServer) -> None:
    async def run() -> None:
        limits = Limits(6, 6, redis_url=redis_server.url)
        try:
            await limits.rooms_by_address.add(KEY, "AAAAAA", NOW + 1000)
            redis_server.kill()
            assert await limits.rooms_by_address.codes(KEY, NOW) == []
            await limits.rooms_by_address.add(KEY, "BBBBBB", NOW + 1000)  # no error
            await limits.rooms_by_address.forget(KEY, ["AAAAAA"])
        finally:
            await limits.aclose()

    asyncio.run(run())

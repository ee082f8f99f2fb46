"""Rate limits in Redis (cluster mode), against a throw-away redis-server: processes share
one budget, a refusal says when to retry, a Redis that dies lets everything through and
one that comes back counts again."""

from __future__ import annotations

import asyncio
import logging
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from klubovna.server.http import ratelimit
from klubovna.server.http.errors import ApiError
from klubovna.server.http.ratelimit import Limits
from tests.server.live import free_port

ADDRESS = "192.0.2.1"
KEY = f"klubovna:rate:tables_by_address:{ADDRESS}"


class RedisServer:
    """A redis-server of its own on a free port, without persistence: killed and started
    again on the same port, it comes back empty like a restarted cache."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is missing: run make test-cluster", pytrace=False)
        self.binary, self.folder, self.port = binary, folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=log, stderr=subprocess.STDOUT)
        log.close()
        client = self.client()
        deadline = time.monotonic() + 20  # a bound for a loaded machine, not a measure
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"redis-server did not start: {self.log()}", pytrace=False)
                time.sleep(0.01)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=5)

    def log(self) -> str:
        return (self.folder / "redis.log").read_text(errors="replace")[-2000:]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.kill()


def limits(url: str, clock: ratelimit.Clock = time.monotonic) -> Limits:
    """One process's limits: 6 a minute, one token back every 10 s."""
    return Limits(6, 6, 6, clock=clock, redis_url=url)


async def takes(limits: Limits, n: int, key: str = ADDRESS) -> list[bool]:
    return [await limits.tables_by_address.allow(key) for _ in range(n)]


def test_two_processes_share_one_budget(server: RedisServer) -> None:
    """Whichever process a request lands on, it takes from the same bucket; each process's
    own clock does not matter (they may disagree), Redis's does."""

    async def run() -> None:
        one, two = limits(server.url, clock=lambda: 0.0), limits(server.url, lambda: 1e6)
        try:
            taken = [await (one if n % 2 else two).tables_by_address.allow(ADDRESS)
                     for n in range(6)]
            assert taken == [True] * 6
            assert await takes(one, 1) == await takes(two, 1) == [False]
            assert await takes(one, 1, "192.0.2.2") == [True]  # another address
            assert await one.tables_by_profile.allow(ADDRESS)  # another limit
            assert await two.floods_by_address.allow(ADDRESS)
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(run())
    inspect = server.client()
    assert sorted(inspect.keys("klubovna:rate:*")) == sorted(
        f"klubovna:rate:{name}:{key}".encode() for name, key in [
            ("tables_by_address", ADDRESS), ("tables_by_address", "192.0.2.2"),
            ("tables_by_profile", ADDRESS), ("floods_by_address", ADDRESS)])
    assert 0 < inspect.pttl(KEY) <= ratelimit.BUCKET_TTL_MS  # forgotten once refilled


def test_many_checks_at_once_share_a_few_connections_and_all_count(
    server: RedisServer,
) -> None:
    """500 checks at once (a group joining) open at most REDIS_CONNECTIONS connections, and
    none of them is let through for want of one: each took its token."""
    inspect = server.client()

    async def run() -> list[bool]:
        many = Limits(600, 600, 600, redis_url=server.url)
        try:
            return list(await asyncio.gather(
                *(many.tables_by_address.allow(ADDRESS) for _ in range(500))))
        finally:
            await many.aclose()

    def connections() -> int:
        return int(inspect.info("stats")["total_connections_received"])

    before, started = connections(), time.monotonic()
    assert asyncio.run(run()) == [True] * 500
    refilled = 10 * (time.monotonic() - started)  # 600 a minute: 10 tokens a second
    tokens = float(inspect.hget(KEY, "tokens") or 0)
    assert 99 <= tokens <= 100 + refilled + 1  # 500 of the 600 taken
    assert 1 <= connections() - before <= ratelimit.REDIS_CONNECTIONS


def test_no_limit_touches_nothing(server: RedisServer) -> None:
    async def run() -> None:
        off = Limits(0, 0, 0, redis_url=server.url)
        try:
            assert all([await off.tables_by_address.allow(ADDRESS) for _ in range(50)])
            await off.tables_by_address.check(ADDRESS, "new tables")
        finally:
            await off.aclose()

    asyncio.run(run())
    assert server.client().keys("*") == []


def test_a_refusal_says_when_to_retry(server: RedisServer) -> None:
    inspect = server.client()

    async def run() -> None:
        one, two = limits(server.url), limits(server.url)
        try:
            assert await takes(one, 6) == [True] * 6
            for check in (two.tables_by_address.check, two.tables_by_address.check_left):
                with pytest.raises(ApiError) as caught:
                    await check(ADDRESS, "new tables")
                error = caught.value
                assert (error.status, error.code) == (429, "rate_limited")
                assert error.headers is not None
                wait = int(error.headers["Retry-After"])
                assert 1 <= wait <= 10 and f"try again in {wait} s" in error.message
            # Freeze the bucket at a quarter of a token (its time ahead of Redis's, so
            # nothing refills): 0.75 token at 0.1 a second is 8 s away.
            now = inspect.time()[0]
            inspect.hset(KEY, mapping={"tokens": "0.25", "at": str(now + 3600)})
            assert await one.tables_by_address.retry_after(ADDRESS) == 8
            with pytest.raises(ApiError) as caught:
                await two.tables_by_address.check(ADDRESS, "new tables")
            assert caught.value.headers == {"Retry-After": "8"}
            # Ten seconds on Redis's clock (the bucket's time moved back) give one back.
            inspect.hset(KEY, mapping={"tokens": "0", "at": str(now - 10)})
            assert await one.tables_by_address.retry_after(ADDRESS) == 0
            await two.tables_by_address.check(ADDRESS, "new tables")
            assert await takes(one, 1) == [False]
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(run())


def test_a_dead_redis_lets_everything_through_and_a_restarted_one_counts_again(
        server: RedisServer, caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    caplog.set_level(logging.WARNING, logger=ratelimit.__name__)

    def warnings() -> list[str]:
        return [r.getMessage().split(" (")[0] for r in caplog.records]

    async def run() -> None:
        process = limits(server.url, clock=lambda: now[0])
        limiter = process.tables_by_address
        try:
            assert await takes(process, 7) == [True] * 6 + [False]
            server.kill()
            for _ in range(3):  # tries again every RETRY_EVERY, warns once
                assert await takes(process, 10) == [True] * 10
                await limiter.check(ADDRESS, "new tables")
                await limiter.check_left(ADDRESS, "new tables")
                assert await limiter.retry_after(ADDRESS) == 0
                now[0] += ratelimit.RETRY_EVERY
            assert warnings() == ["Redis does not answer"]
            server.start()  # empty: no buckets, no script (EVALSHA loads it again)
            assert await takes(process, 7) == [True] * 6 + [False]
            assert warnings() == ["Redis does not answer", "Redis answers again: rate "
                                  "limits are back"]
        finally:
            await process.aclose()

    asyncio.run(run())

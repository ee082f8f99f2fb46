"""Rate limits (token buckets): new profiles per address, new tables per address and per
profile, wrong join codes and floods per address.

One process keeps its buckets in memory (`RateLimiter`). Several processes (cluster mode,
`KLUBOVNA_REDIS_URL`) share theirs in Redis (`RedisRateLimiter`), or each would count
alone. Either way a client address lives a minute or two, in memory only, and is never
written to disk (platform.md: no IP address is stored; the Redis server of a cluster is
started without persistence).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from klubovna.server.http.errors import ApiError
from klubovna.server.metrics import Metrics

if TYPE_CHECKING:  # imported when a Redis URL is given: 0.3 s a start without it
    import redis.asyncio
    from prometheus_client import Counter

T = TypeVar("T")
Clock = Callable[[], float]
"""Seconds on a monotonic clock (injectable for tests)."""

MAX_KEYS = 10_000
"""Above this many tracked keys, buckets that have refilled are forgotten."""

log = logging.getLogger(__name__)


class Limiter:
    """`per_minute` events per key per minute, in bursts of at most `per_minute`; 0: no
    limit. The backends answer two questions; the rest is shared."""

    per_minute: int
    refused: Counter | None = None
    """Counts the 429s this limiter answers (set by `Limits.count_into`)."""

    async def _take(self, key: str) -> int:
        """Take a token for `key`: 0 when taken, else the seconds until there is one."""
        raise NotImplementedError

    async def _peek(self, key: str) -> int:
        """Seconds until `key` has a token (0: it has one now); takes none."""
        raise NotImplementedError

    async def allow(self, key: str) -> bool:
        """Take one token for `key`; False (and nothing taken) when there is none."""
        return await self._take(key) == 0

    async def retry_after(self, key: str) -> int:
        """Whole seconds until `key` has a token again (0: it has one now)."""
        return await self._peek(key)

    async def check(self, key: str, what: str) -> None:
        """Take a token or raise 429 `rate_limited` saying when to try again."""
        if wait := await self._take(key):
            if self.refused is not None:
                self.refused.inc()
            raise _refusal(wait, what)

    async def check_left(self, key: str, what: str) -> None:
        """Raise 429 like `check` when `key` has no token left, but take none: for limits
        that count only failures (the caller takes a token with `allow` on one)."""
        if wait := await self._peek(key):
            if self.refused is not None:
                self.refused.inc()
            raise _refusal(wait, what)


def _refusal(wait: int, what: str) -> ApiError:
    wait = max(1, wait)
    return ApiError(429, "rate_limited", f"Too many {what} in a short time; try again in "
                    f"{wait} s.", headers={"Retry-After": str(wait)})


class RateLimiter(Limiter):
    """The buckets in this process's memory.

    >>> t = [0.0]
    >>> limit = RateLimiter(2, clock=lambda: t[0])
    >>> async def tries(*keys): return [await limit.allow(key) for key in keys]
    >>> asyncio.run(tries("a", "a", "a", "b"))
    [True, True, False, True]
    >>> t[0] = 30.0  # half a minute refills one token
    >>> asyncio.run(tries("a", "a"))
    [True, False]
    """

    def __init__(self, per_minute: int, clock: Clock = time.monotonic,
                 max_keys: int = MAX_KEYS) -> None:
        if per_minute < 0:
            raise ValueError("per_minute must be 0 (no limit) or more")
        self.per_minute = per_minute
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    @property
    def rate(self) -> float:
        """Tokens refilled per second."""
        return self.per_minute / 60

    def _tokens(self, key: str, now: float) -> float:
        tokens, at = self._buckets.get(key, (float(self.per_minute), now))
        return min(float(self.per_minute), tokens + max(0.0, now - at) * self.rate)

    def _wait(self, tokens: float) -> int:
        return max(0, math.ceil((1 - tokens) / self.rate))

    async def _take(self, key: str) -> int:
        if self.per_minute == 0:
            return 0
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return max(1, self._wait(tokens))
        if key not in self._buckets and len(self._buckets) >= self.max_keys:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1, now)
        return 0

    async def _peek(self, key: str) -> int:
        if self.per_minute == 0:
            return 0
        tokens = self._tokens(key, self.clock())
        return max(1, self._wait(tokens)) if tokens < 1 else 0

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled: they behave exactly like unknown keys."""
        full = [k for k in self._buckets if self._tokens(k, now) >= self.per_minute]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= self.max_keys:  # still full: forget the oldest ones
            oldest = sorted(self._buckets, key=lambda k: self._buckets[k][1])
            for key in oldest[: len(oldest) // 2]:
                del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


BUCKET_TTL_MS = 120_000
"""A bucket untouched this long has refilled (a minute at most): Redis forgets it."""

BUCKET_LUA = """
-- KEYS[1]: the bucket; ARGV: per_minute, 1 to take a token (0 to look), the TTL in ms.
-- Returns 0 (a token: taken if asked) or the whole seconds until there is one.
-- Redis's clock, not the caller's: every process sees the same time.
local per_minute, take = tonumber(ARGV[1]), ARGV[2] == '1'
local rate = per_minute / 60
local time = redis.call('TIME')
local now = tonumber(time[1]) + tonumber(time[2]) / 1000000
local tokens = per_minute
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
if saved[1] and saved[2] then
  tokens = math.min(per_minute,
                    tonumber(saved[1]) + math.max(0, now - tonumber(saved[2])) * rate)
end
if tokens < 1 then
  return math.max(1, math.ceil((1 - tokens) / rate))
end
if take then
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens - 1),
             'at', string.format('%.6f', now))
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0
"""

REDIS_TIMEOUT = 0.5
"""Seconds a Redis call may take before the limits let the request through."""

RETRY_EVERY = 1.0
"""Seconds between tries while Redis does not answer (meanwhile nothing is limited)."""
REDIS_CONNECTIONS = 128
"""Connections to Redis a process opens at most. A check holds one until its coroutine runs
again, late in a loaded process: with 32, checks ran out of the REDIS_TIMEOUT they may wait
while 1,000 players joined at once (bench/cluster.py's set-up, two processes); with 128
none did. Redis takes 10,000 clients by default (992 under an open-files limit of 1,024:
unbounded, the same set-up went past it)."""


class RedisLink:
    """The Redis client the limits share, and whether Redis answers.

    Redis down or restarting: every limit lets everything through (a missing limit for a
    few seconds beats a club that does not open), one warning per outage, and the link
    tries again every `RETRY_EVERY` seconds until Redis answers."""

    def __init__(self, url: str, clock: Clock = time.monotonic) -> None:
        import redis.asyncio

        from klubovna.server.storage.redis_client import retry_once

        self.errors = (redis.RedisError, OSError, asyncio.TimeoutError)
        # One immediate retry when a connection drops under us, none after a timeout, never
        # the client's default of ten with backoff: a request must not wait for Redis.
        # At most REDIS_CONNECTIONS, a check waiting up to REDIS_TIMEOUT for one: the
        # client's default pool opens one for every check under way, and 1,000 players
        # joining at once on two processes went past Redis's client limit.
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_TIMEOUT,
            socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT,
            retry=retry_once())
        self.client: redis.asyncio.Redis = redis.asyncio.Redis.from_pool(pool)
        self.script = self.client.register_script(BUCKET_LUA)  # EVALSHA; reloaded if lost
        self.clock = clock
        self.down = False
        self.next_try = 0.0

    async def bucket(self, key: str, per_minute: int, take: bool) -> int:
        """The script's answer for `key`; 0 (a token) while Redis does not answer."""
        now = self.clock()
        if self.down and now < self.next_try:
            return 0
        try:
            wait = await self.script(keys=[key], args=[per_minute, int(take), BUCKET_TTL_MS])
        except self.errors as error:
            if not self.down:
                log.warning("Redis does not answer (%s): rate limits are off until it does",
                            error)
            self.down, self.next_try = True, now + RETRY_EVERY
            return 0
        if self.down:
            log.warning("Redis answers again: rate limits are back")
            self.down = False
        return int(wait)

    async def run(self, call: Awaitable[T], otherwise: T) -> T:
        """`call`'s answer; `otherwise` while Redis does not answer (as `bucket`)."""
        now = self.clock()
        if self.down and now < self.next_try:
            if inspect.iscoroutine(call):
                call.close()
            return otherwise
        try:
            answer = await asyncio.wait_for(call, REDIS_TIMEOUT)
        except self.errors as error:
            if not self.down:
                log.warning("Redis does not answer (%s): rate limits are off until it does",
                            error)
            self.down, self.next_try = True, now + RETRY_EVERY
            return otherwise
        if self.down:
            log.warning("Redis answers again: rate limits are back")
            self.down = False
        return answer

    async def aclose(self) -> None:
        await self.client.aclose()


class RedisRateLimiter(Limiter):
    """The buckets in Redis, shared by every process: one hash a key,
    `klubovna:rate:{name}:{key}`, updated atomically by one Lua script."""

    def __init__(self, link: RedisLink, name: str, per_minute: int) -> None:
        if per_minute < 0:
            raise ValueError("per_minute must be 0 (no limit) or more")
        self.link, self.per_minute = link, per_minute
        self.prefix = f"klubovna:rate:{name}:"

    async def _take(self, key: str) -> int:
        if self.per_minute == 0:
            return 0
        return await self.link.bucket(self.prefix + key, self.per_minute, take=True)

    async def _peek(self, key: str) -> int:
        if self.per_minute == 0:
            return 0
        return await self.link.bucket(self.prefix + key, self.per_minute, take=False)


class RoomCodes:
    """The rooms each client address opened that may still wait for their start: a key
    (the address's keyed hash, never the address) to {code: until}, `until` the server ms
    the room expires unless something happens in it. The store says which still wait
    (lobbies.py counts them against KLUBOVNA_ROOMS_PER_ADDRESS); this only remembers who
    opened them, in this process's memory. Above `max_keys` keys, those whose rooms have
    all expired are forgotten, and if that is not enough the oldest half.

    >>> codes = RoomCodes(max_keys=2)
    >>> async def steps():
    ...     await codes.add("a", "ABCDEF", 100)
    ...     await codes.add("a", "GHIJKL", 200)
    ...     await codes.forget("a", ["ABCDEF"])
    ...     return await codes.codes("a", 150), await codes.codes("a", 200)
    >>> asyncio.run(steps())
    (['GHIJKL'], [])
    """

    def __init__(self, max_keys: int = MAX_KEYS) -> None:
        self.max_keys = max_keys
        self._codes: dict[str, dict[str, int]] = {}

    async def codes(self, key: str, now: int) -> list[str]:
        """The codes `key` opened whose rooms have not expired by `now`."""
        held = self._codes.get(key, {})
        for code in [code for code, until in held.items() if until <= now]:
            del held[code]
        if not held:
            self._codes.pop(key, None)
        return list(held)

    async def add(self, key: str, code: str, until: int, now: int = 0) -> None:
        if key not in self._codes and len(self._codes) >= self.max_keys:
            self._forget_expired(now)
        self._codes.setdefault(key, {})[code] = until

    async def forget(self, key: str, codes: list[str]) -> None:
        """Rooms that no longer wait (started, closed, expired)."""
        held = self._codes.get(key, {})
        for code in codes:
            held.pop(code, None)
        if not held:
            self._codes.pop(key, None)

    def _forget_expired(self, now: int) -> None:
        for key in [k for k, held in self._codes.items() if max(held.values()) <= now]:
            del self._codes[key]
        if len(self._codes) >= self.max_keys:
            oldest = sorted(self._codes, key=lambda k: max(self._codes[k].values()))
            for key in oldest[: len(oldest) // 2]:
                del self._codes[key]


class RedisRoomCodes(RoomCodes):
    """RoomCodes in Redis, shared by every process: a sorted set a key,
    `klubovna:rooms:{key}`, its codes scored by `until`, forgotten by Redis after the last
    one's `until`. While Redis does not answer, no code is known (nothing is limited)."""

    def __init__(self, link: RedisLink) -> None:
        super().__init__()
        self.link = link

    async def codes(self, key: str, now: int) -> list[str]:
        name = f"klubovna:rooms:{key}"

        async def read() -> list[str]:
            async with self.link.client.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(name, "-inf", now)
                pipe.zrange(name, 0, -1)
                _, codes = await pipe.execute()
            return [c.decode() if isinstance(c, bytes) else str(c) for c in codes]

        return await self.link.run(read(), [])

    async def add(self, key: str, code: str, until: int, now: int = 0) -> None:
        name = f"klubovna:rooms:{key}"

        async def write() -> None:
            async with self.link.client.pipeline(transaction=False) as pipe:
                pipe.zadd(name, {code: until})
                pipe.zrange(name, -1, -1, withscores=True)
                _, last = await pipe.execute()
            await self.link.client.pexpireat(name, int(last[0][1]) if last else until)

        await self.link.run(write(), None)

    async def forget(self, key: str, codes: list[str]) -> None:
        if codes:
            await self.link.run(self.link.client.zrem(f"klubovna:rooms:{key}", *codes), 0)


class Limits:
    """The server's limits, made from the settings: in Redis when given its URL, else in
    memory."""

    def __init__(self, profiles_per_minute: int, tables_per_minute: int,
                 joins_per_minute: int = 30, clock: Clock = time.monotonic,
                 redis_url: str | None = None) -> None:
        self.redis = RedisLink(redis_url, clock) if redis_url else None

        def limiter(name: str, per_minute: int) -> Limiter:
            if self.redis is None:
                return RateLimiter(per_minute, clock)
            return RedisRateLimiter(self.redis, name, per_minute)

        self.profiles_by_address = limiter("profiles_by_address", profiles_per_minute)
        self.tables_by_address = limiter("tables_by_address", tables_per_minute)
        self.tables_by_profile = limiter("tables_by_profile", tables_per_minute)
        self.wrong_codes_by_address = limiter("wrong_codes_by_address", joins_per_minute)
        """Counts look-ups of codes that do not exist: guessing is slow, a class behind one
        address joining a real game is never held up."""
        self.rooms_by_address = RoomCodes() if self.redis is None else RedisRoomCodes(self.redis)
        """Who opened which rooms, for the bound on rooms waiting per address (lobbies.py);
        the numbers are the settings', the truth about which rooms wait the store's."""
        self.floods_by_address = limiter("floods_by_address", FLOODS_PER_MINUTE)
        """Counts sockets closed for flooding (past their frame budget): an address that
        floods again and again gets no new socket until a token is back, so reconnecting
        does not renew the budget. Real clients never flood; sockets already open stay."""

    def count_into(self, metrics: Metrics) -> None:
        """Count each limiter's refusals in `metrics`, by the limiter's name."""
        for name, limiter in vars(self).items():
            if isinstance(limiter, Limiter):
                limiter.refused = metrics.rate_limited.labels(name)

    async def aclose(self) -> None:
        """Close the Redis client, if any (at the app's end)."""
        if self.redis is not None:
            await self.redis.aclose()


FLOODS_PER_MINUTE = 3


class FrameBudget:
    """One socket's frame budget: a token bucket of `burst` frames refilled at `rate` a second.

    `take()` answers each frame: OK (handle it), LIMITED (answer `rate_limited`, do not handle
    it) or CLOSE. Refused frames are charged too, so the bucket goes below zero: a client that
    slows down once told recovers, one that keeps sending past its budget digs down to
    `-abuse` and is closed. A few float operations a frame: the lobby socket is the hot path.

    >>> t = [0.0]
    >>> budget = FrameBudget(burst=3, rate=1.0, abuse=2, clock=lambda: t[0])
    >>> [budget.take() for _ in range(6)]
    ['ok', 'ok', 'ok', 'limited', 'limited', 'close']
    >>> t[0] = 10.0  # ten quiet seconds refill the burst
    >>> budget.take()
    'ok'
    """

    OK, LIMITED, CLOSE = "ok", "limited", "close"
    __slots__ = ("top", "rate", "floor", "clock", "tokens", "at")

    def __init__(self, burst: float, rate: float, abuse: float,
                 clock: Clock = time.monotonic) -> None:
        self.top = burst - 1.0  # what a full bucket holds after taking a frame
        self.rate, self.floor, self.clock = rate, -float(abuse), clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> str:
        now = self.clock()
        tokens = self.tokens + (now - self.at) * self.rate - 1.0
        self.at = now
        if tokens >= 0.0:
            self.tokens = tokens if tokens < self.top else self.top
            return self.OK
        self.tokens = tokens
        return self.CLOSE if tokens < self.floor else self.LIMITED

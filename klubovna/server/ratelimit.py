"""In-memory rate limits (token buckets): new profiles per address, new tables per address
and per profile.

Nothing is written anywhere: client addresses live only in this process's memory, for a
minute or so, and are forgotten on restart (platform.md: no IP address is stored).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from klubovna.server.errors import ApiError

Clock = Callable[[], float]
"""Seconds on a monotonic clock (injectable for tests)."""

MAX_KEYS = 10_000
"""Above this many tracked keys, buckets that have refilled are forgotten."""


class RateLimiter:
    """`per_minute` events per key per minute, in bursts of at most `per_minute`.

    >>> t = [0.0]
    >>> limit = RateLimiter(2, clock=lambda: t[0])
    >>> [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")]
    [True, True, False, True]
    >>> t[0] = 30.0  # half a minute refills one token
    >>> [limit.allow("a"), limit.allow("a")]
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

    def allow(self, key: str) -> bool:
        """Take one token for `key`; False (and nothing taken) when there is none."""
        if self.per_minute == 0:
            return True
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        if key not in self._buckets and len(self._buckets) >= self.max_keys:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1, now)
        return True

    def retry_after(self, key: str) -> int:
        """Whole seconds until `key` has a token again (0: it has one now)."""
        if self.per_minute == 0:
            return 0
        missing = 1 - self._tokens(key, self.clock())
        return max(0, math.ceil(missing / self.rate))

    def check(self, key: str, what: str) -> None:
        """Take a token or raise 429 `rate_limited` saying when to try again."""
        if not self.allow(key):
            raise self._refusal(key, what)

    def check_left(self, key: str, what: str) -> None:
        """Raise 429 like `check` when `key` has no token left, but take none: for limits
        that count only failures (the caller takes a token with `allow` on one)."""
        if self.per_minute and self._tokens(key, self.clock()) < 1:
            raise self._refusal(key, what)

    def _refusal(self, key: str, what: str) -> ApiError:
        wait = max(1, self.retry_after(key))
        return ApiError(429, "rate_limited", f"Too many {what} in a short time; try again in "
                        f"{wait} s.", headers={"Retry-After": str(wait)})

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


class Limits:
    """The server's limits, made from the settings."""

    def __init__(self, profiles_per_minute: int, tables_per_minute: int,
                 joins_per_minute: int = 30, clock: Clock = time.monotonic) -> None:
        self.profiles_by_address = RateLimiter(profiles_per_minute, clock)
        self.tables_by_address = RateLimiter(tables_per_minute, clock)
        self.tables_by_profile = RateLimiter(tables_per_minute, clock)
        self.wrong_codes_by_address = RateLimiter(joins_per_minute, clock)
        """Counts look-ups of codes that do not exist: guessing is slow, a class behind one
        address joining a real game is never held up."""
        self.floods_by_address = RateLimiter(FLOODS_PER_MINUTE, clock)
        """Counts sockets closed for flooding (past their frame budget): an address that
        floods again and again gets no new socket until a token is back, so reconnecting
        does not renew the budget. Real clients never flood; sockets already open stay."""


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

"""The Redis client of what every process shares beside the database (the club's presence,
quick pairing's line; the rate limits build their own pool on the same retry). Imported
only when Redis is configured: the package costs a process nothing otherwise."""

from __future__ import annotations

from typing import Any

import redis.asyncio
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

TIMEOUT_S = 2


def retry_once() -> Retry:
    """One immediate retry when a pooled connection was closed under us (Redis restarted:
    without it the first write after a restart was lost), none after a timeout."""
    return Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,))


def client(url: str, **options: Any) -> redis.asyncio.Redis:
    """A client for short commands: TIMEOUT_S to connect and to answer, retry_once."""
    return redis.asyncio.Redis.from_url(url, socket_timeout=TIMEOUT_S,
                                        socket_connect_timeout=TIMEOUT_S,
                                        retry=retry_once(), **options)

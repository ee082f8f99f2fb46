"""Presence in Redis across a Redis restart: the first presence a process writes after
Redis came back is kept, though the connections it held were closed under it."""

from __future__ import annotations

import asyncio
from typing import Any

from klubovna.server.realtime.club import RedisPresence
from tests.cluster.test_redis_limits import RedisServer, server

__all__ = ["server"]  # the fixture


async def _nothing(ids: list[str], message: dict[str, Any]) -> None:
    return None


def test_presence_written_right_after_a_restart_is_kept(server: RedisServer) -> None:
    async def run() -> None:
        presence = RedisPresence(server.url, "node", _nothing)
        try:
            await presence.set("ada", "c1", None)  # a connection now held in the pool
            server.kill()
            server.start()
            await presence.set("ada", "c2", "mathesso")
            assert await presence.states(["ada"]) == {"ada": (True, "mathesso", None)}
            # A socket's table to watch (decision 0159) is kept beside its game, and wins
            # over a socket's game without one.
            await presence.set("ada", "c3", "kostkovy-poker", "Xy_9-abcDEF012345")
            assert await presence.states(["ada"]) == {
                "ada": (True, "kostkovy-poker", "Xy_9-abcDEF012345")}
            await presence.refresh({"ada": {"c3": ("mathesso", None)}})  # watching turned off
            assert await presence.states(["ada"]) == {"ada": (True, "mathesso", None)}
        finally:
            await presence.aclose()

    asyncio.run(run())

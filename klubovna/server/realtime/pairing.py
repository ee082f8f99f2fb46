"""Quick pairing's waiting line and its matcher (the rule: klubovna/tables/pairing.py).

Who waits lives in Redis when configured, so people waiting on different server processes
meet; one process at a time pairs (a short Redis lock), opens the room of each pair in
its own process and leaves each ticket its seat. Without Redis all of it is this process's
own. A seeker whose app stops asking about its ticket for STALE_MS is dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from klubovna.core import IllegalAction, Json
from klubovna.server.clock import now_ms
from klubovna.server.realtime.lobbies import Lobbies, room_url
from klubovna.tables.pairing import Seeker, pairs

log = logging.getLogger("klubovna.pairing")

PAIR_EVERY = 0.5
"""Seconds between two rounds of the matcher."""
STALE_MS = 20_000
"""A seeker whose app has not asked about its ticket for this long is gone."""
PAIRED_KEPT_MS = 5 * 60_000
"""How long a ticket's seat waits to be fetched."""
LOCK = "klubovna:pairing:lock"
SEEKERS = "klubovna:pairing:seekers"


@dataclass(frozen=True)
class Wish:
    """What one seeker waits for, and who they are."""

    ticket: str
    profile: str
    nickname: str
    game: str
    kind: str
    settings: dict[str, Json]
    pool: str
    rating: int
    since: int
    seen: int
    """When the app last asked about the ticket."""

    def seeker(self) -> Seeker:
        return Seeker(self.ticket, self.pool, self.rating, self.since)


Found = dict[str, Any]
"""A paired ticket's answer: {"code", "key", "seat", "link"}, or {"error", "message"}."""


class Line(Protocol):
    async def add(self, wish: Wish) -> None: ...

    async def remove(self, ticket: str) -> bool: ...

    async def seen(self, ticket: str, now: int) -> Wish | None:
        """The ticket's wish, noted as asked about now; None when it waits no more (or its
        app stopped asking STALE_MS ago: then it is dropped)."""
        ...

    async def found(self, ticket: str) -> Found | None: ...

    async def turn(self) -> bool:
        """Whether this process pairs this round."""
        ...

    async def waiting(self) -> list[Wish]: ...

    async def settle(self, gone: list[str], found: dict[str, Found]) -> None: ...

    async def aclose(self) -> None: ...


class LocalLine:
    def __init__(self) -> None:
        self.wishes: dict[str, Wish] = {}
        self.results: dict[str, tuple[int, Found]] = {}

    async def add(self, wish: Wish) -> None:
        self.wishes[wish.ticket] = wish

    async def remove(self, ticket: str) -> bool:
        return self.wishes.pop(ticket, None) is not None

    async def seen(self, ticket: str, now: int) -> Wish | None:
        wish = self.wishes.get(ticket)
        if wish is not None and now - wish.seen > STALE_MS:
            del self.wishes[ticket]
            return None
        if wish is not None:
            wish = self.wishes[ticket] = Wish(**{**asdict(wish), "seen": now})
        return wish

    async def found(self, ticket: str) -> Found | None:
        kept = self.results.get(ticket)
        return None if kept is None else kept[1]

    async def turn(self) -> bool:
        return True

    async def waiting(self) -> list[Wish]:
        return list(self.wishes.values())

    async def settle(self, gone: list[str], found: dict[str, Found]) -> None:
        now = now_ms()
        for ticket in gone:
            self.wishes.pop(ticket, None)
        for ticket, answer in found.items():
            self.results[ticket] = (now + PAIRED_KEPT_MS, answer)
        for ticket, (until, _) in list(self.results.items()):
            if until < now:
                del self.results[ticket]

    async def aclose(self) -> None:
        return None


class RedisLine:
    """The line in one Redis hash; each paired ticket's seat under its own expiring key."""

    def __init__(self, url: str) -> None:
        from klubovna.server.storage import redis_client

        self.client = redis_client.client(url, decode_responses=True)
        self.me = secrets.token_hex(8)

    async def add(self, wish: Wish) -> None:
        await self.client.hset(SEEKERS, wish.ticket, json.dumps(asdict(wish)))

    async def remove(self, ticket: str) -> bool:
        return bool(await self.client.hdel(SEEKERS, ticket))

    async def seen(self, ticket: str, now: int) -> Wish | None:
        raw = await self.client.hget(SEEKERS, ticket)
        if raw is None:
            return None
        stored = json.loads(raw)
        if now - stored["seen"] > STALE_MS:  # (as the matcher's next round would)
            await self.client.hdel(SEEKERS, ticket)
            return None
        wish = Wish(**{**stored, "seen": now})
        # Only while it still waits: the matcher may have taken it meanwhile.
        if await self.client.hexists(SEEKERS, ticket):
            await self.client.hset(SEEKERS, ticket, json.dumps(asdict(wish)))
        return wish

    async def found(self, ticket: str) -> Found | None:
        raw = await self.client.get(f"klubovna:pairing:found:{ticket}")
        return None if raw is None else dict(json.loads(raw))

    async def turn(self) -> bool:
        # One matcher at a time: a lock a little longer than a round, renewed by its holder.
        if await self.client.set(LOCK, self.me, nx=True, px=int(PAIR_EVERY * 4000)):
            return True
        if await self.client.get(LOCK) == self.me:
            await self.client.pexpire(LOCK, int(PAIR_EVERY * 4000))
            return True
        return False

    async def waiting(self) -> list[Wish]:
        return [Wish(**json.loads(raw)) for raw in (await self.client.hvals(SEEKERS))]

    async def settle(self, gone: list[str], found: dict[str, Found]) -> None:
        async with self.client.pipeline(transaction=True) as pipe:
            for ticket, answer in found.items():
                pipe.set(f"klubovna:pairing:found:{ticket}", json.dumps(answer),
                         px=PAIRED_KEPT_MS)
            if gone:
                pipe.hdel(SEEKERS, *gone)
            await pipe.execute()

    async def aclose(self) -> None:
        await self.client.aclose()


class Pairing:
    """This process's part: it adds and answers tickets, and pairs when its turn comes."""

    def __init__(self, lobbies: Lobbies, redis_url: str | None) -> None:
        self.lobbies = lobbies
        self.line: Line = LocalLine() if redis_url is None else RedisLine(redis_url)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._forever())

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.line.aclose()

    async def _forever(self) -> None:
        while True:
            await asyncio.sleep(PAIR_EVERY)
            try:
                if await self.line.turn():
                    await self.pair_now(now_ms())
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis gone, say: the next round tries again
                log.exception("quick pairing: a round failed")

    async def pair_now(self, now: int) -> int:
        """One round: drop the stale, pair who may play, open their rooms. The pairs made."""
        wishes = {wish.ticket: wish for wish in await self.line.waiting()}
        gone = [ticket for ticket, wish in wishes.items() if now - wish.seen > STALE_MS]
        live = [wish.seeker() for ticket, wish in wishes.items() if ticket not in gone]
        found: dict[str, Found] = {}
        made = pairs(live, now)
        for first, second in made:
            a, b = wishes[first.ticket], wishes[second.ticket]
            try:
                found |= await self._open(a, b)
            except IllegalAction as error:  # (settings checked when they came: unlikely)
                found |= {wish.ticket: {"error": error.code, "message": error.message}
                          for wish in (a, b)}
            gone += [a.ticket, b.ticket]
        if gone or found:
            await self.line.settle(gone, found)
        return len(made)

    async def _open(self, host: Wish, guest: Wish) -> dict[str, Found]:
        """The pair's room: the one who waited longer hosts; it starts itself once both
        are in."""
        room, host_key, host_seat = await self.lobbies.create(
            host.game, host.kind, host.nickname, host.profile, host.settings)
        room.extras["start_when_here"] = True
        guest_key, guest_seat = await self.lobbies.join(room, guest.nickname, guest.profile)
        link = room_url(room.lobby)
        return {host.ticket: {"code": room.lobby.code, "key": host_key, "seat": host_seat,
                              "link": link},
                guest.ticket: {"code": room.lobby.code, "key": guest_key, "seat": guest_seat,
                               "link": link}}

"""Several server processes on one PostgreSQL database (cluster mode, `KLUBOVNA_REDIS_URL`).

Each table and lobby has one owning process at a time: the holder of its lease
(klubovna/server/storage/leases.py). This process's `Node` knows which leases it holds, renews
them, lets go of what it no longer has in memory, takes over tables whose owner died when
their deadline is due, and tells the hub and the rooms to drop what another process took
over (their sockets close with 1012, and the clients reconnect as after any drop). A
request or socket for something another process owns is relayed there (forward.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool

from klubovna.server.cluster.ring import Ring
from klubovna.server.storage.leases import Holder, Leases, lobby_resource, table_resource

log = logging.getLogger("klubovna.cluster")

LEASE_MS = 3000
"""A lease's length: an owner killed with kill -9 is replaced within this (plus a sweep)."""
HAND_BACK_S = 0.5
"""How long a process keeps a resource it hands back to the proxy's process (hand_back_soon)."""
ORPHANS_SECONDS = 1.0
"""How often a process looks for tables whose owner died and whose deadline is due."""


def wall_ms() -> int:
    """Leases run on the machines' real clocks, never the tests' skipped server clock."""
    return int(time.time() * 1000)


Drop = Callable[[str], Awaitable[None]]
"""Forget a resource another process has taken over (close its sockets)."""


class Moved(Exception):
    """Another process owns the table or lobby now (a take-over in between): the request
    is answered 503 and a socket closed with 1012, and the client tries again."""


CLOSE_MOVED = 1012
"""Another process took the table over: the client reconnects (WebSocket's "service
restart"), and its socket is relayed to the new owner."""


def new_key(node: Node | None, make: Callable[[], str]) -> str:
    """A new table id or join code from `make` that the proxy sends to this process: drawn
    again until one is (with N processes on the ring, N draws on average; any, alone)."""
    key = make()
    while node is not None and not node.mine(key):
        key = make()
    return key


class Node:
    def __init__(self, leases: Leases, ttl: int = LEASE_MS, ring: Ring | None = None,
                 name: str = "") -> None:
        self.leases = leases
        self.ttl = ttl
        self.ring = ring
        """The proxy's consistent hash ring, when it routes rooms by it (None: it does not)."""
        self.name = name
        """This process's server name on the ring."""
        self.held: dict[str, int] = {}
        """Resource -> the token this process writes under."""
        self.tables: dict[str, str] = {}
        """Table id -> its resource (a lobby's tables are the lobby's)."""
        self.lobby_of: Callable[[str], str | None] = lambda table_id: None
        """The lobby a table belongs to (the store's look-up; set by the app)."""
        self.in_memory: Callable[[], set[str]] = set
        """The resources the hub and the rooms have in memory (set by the app)."""
        self.drop: Drop | None = None
        self.orphans: Callable[[], Awaitable[None]] | None = None
        """Takes over due tables nobody owns (set by the app: the hub's)."""
        self.draining = False
        """Shutting down (SIGTERM): its leases are given up and no lease is taken again."""
        self._task: asyncio.Task[None] | None = None
        self._handing: set[str] = set()
        """Resources being handed back (hand_back_soon)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._claimed_at: dict[str, int] = {}
        """When each lease was taken: a just-taken one is not idle yet (its handler is still
        rebuilding the table)."""

    @classmethod
    def make(cls, engine_leases: Callable[[str, str], Leases], url: str,
             ttl: int = LEASE_MS, ring: Ring | None = None, name: str = "") -> Node:
        owner = f"{url}#{secrets.token_hex(4)}"  # a new owner at every start
        return cls(engine_leases(owner, url), ttl, ring, name)

    def mine(self, key: str) -> bool:
        """Whether the proxy sends a table id or join code to this process (always, without
        a ring): new tables and rooms are made only with ids that are (ring.py)."""
        return self.ring is None or self.ring.owner(key) == self.name

    # --- the store's fence ----------------------------------------------------
    def resource_of(self, table_id: str) -> str:
        found = self.tables.get(table_id)
        if found is None:
            code = self.lobby_of(table_id)
            found = self.tables[table_id] = (
                table_resource(table_id) if code is None else lobby_resource(code))
        return found

    def known(self, table_id: str) -> str:
        """A table's resource without asking the database (on the event loop)."""
        return self.tables.get(table_id) or table_resource(table_id)

    def token_of(self, resource: str) -> int:
        return self.held.get(resource, 0)  # (tokens start at 1: 0 never passes the check)

    def created(self, resource: str, table_id: str | None = None) -> tuple[int, int]:
        self.held.setdefault(resource, 1)
        self._claimed_at[resource] = wall_ms()
        if table_id is not None:
            self.tables[table_id] = resource
        return wall_ms(), self.ttl

    # --- ownership ------------------------------------------------------------
    async def claim(self, resource: str) -> Holder | None:
        """Make sure this process owns `resource`: None when it does now (or there is no
        such table or lobby: the local handler says so), else the live holder elsewhere."""
        if resource in self.held:
            return None
        if self.draining:
            raise Moved(resource)  # the client tries again, at another process
        taken = await run_in_threadpool(self.leases.take, resource, wall_ms(), self.ttl)
        if isinstance(taken, Holder):
            return taken
        if taken is not None:
            self.held[resource] = taken
            self._claimed_at[resource] = wall_ms()
        return None

    async def claim_table(self, table_id: str) -> Holder | None:
        return await self.claim(await self.resource_for("t", table_id))

    async def resource_for(self, kind: str, name: str) -> str:
        """The resource of ("t", table id) or ("l", lobby code)."""
        if kind == "l":
            return lobby_resource(name)
        return await run_in_threadpool(self.resource_of, name)

    async def claim_when_free(self, resource: str, holder: Holder) -> Holder | None:
        """The holder does not answer: wait for its lease to run out, then take it (None),
        or give the holder that has it by then: another process that was faster, or the
        same one having renewed it (it is alive: a lost connection, not a lost process).
        Waiting on a renewing owner would never end: it held a relayed request forever."""
        wait = holder.expires_at - wall_ms()
        if wait > 0:
            await asyncio.sleep(min(wait, self.ttl) / 1000 + 0.05)
        while (found := await self.claim(resource)) is not None:
            if found.owner != holder.owner or found.expires_at > holder.expires_at:
                return found
            await asyncio.sleep(0.05)  # expiring this very moment (clocks a little apart)
        return None

    def hand_back_soon(self, resource: str) -> None:
        """A socket or request for `resource`, which this process holds, was relayed here by
        the process the proxy sends its people to now (its place on the ring, back after a
        restart): in a moment (HAND_BACK_S: the relayed request is answered first) let go of
        it and close its sockets with 1012, so that they all come back through the proxy
        straight to that process, which takes it over, and nothing is relayed any more."""
        if resource in self.held and resource not in self._handing and not self.draining:
            self._handing.add(resource)
            task = asyncio.create_task(self._hand_back(resource))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _hand_back(self, resource: str) -> None:
        try:
            await asyncio.sleep(HAND_BACK_S)
            if resource not in self.held or self.draining:
                return
            del self.held[resource]  # from here its writes are refused (the store's fence)
            self._claimed_at.pop(resource, None)
            await run_in_threadpool(self.leases.release, [resource])
            log.info("%s handed back to the process the proxy sends it to", resource)
            if self.drop is not None:
                await self.drop(resource)
        finally:
            self._handing.discard(resource)

    # --- life cycle -----------------------------------------------------------
    async def start(self) -> None:
        self._task = asyncio.create_task(self._forever())

    async def stop(self) -> None:
        """Give up every lease, renew none again: the others take over at once. From then
        on a write of this process's is refused by the store's fence (Moved), so a move
        either was stored before or is sent again by its client to the new owner."""
        self.draining = True
        if self._task is not None:
            self._task.cancel()
        held = list(self.held)
        self.held.clear()
        await run_in_threadpool(self.leases.release, held)

    async def renew(self) -> None:
        """Renew what is held; let go of what is no longer in memory; drop what was lost."""
        in_memory, now = self.in_memory(), wall_ms()
        idle = [resource for resource in self.held if resource not in in_memory
                and now - self._claimed_at.get(resource, 0) > self.ttl]
        for resource in idle:
            del self.held[resource]
            self._claimed_at.pop(resource, None)
        await run_in_threadpool(self.leases.release, idle)
        # Judged are only the leases held before the renewal was asked for, and held still:
        # one taken while it ran (a lobby created, a table claimed) may have been written
        # after the renewal read its rows, and was not lost (a false "lost" dropped a new
        # lobby's room while its players joined; the next renewal extends it).
        before = dict(self.held)
        renewed = await run_in_threadpool(self.leases.renew, wall_ms(), self.ttl)
        for resource, token in before.items():
            if self.held.get(resource) == token and renewed.get(resource) != token:
                log.warning("lease of %s lost to another process", resource)
                self.leases.metrics.leases_lost.inc()
                del self.held[resource]
                if self.drop is not None:
                    await self.drop(resource)

    async def _forever(self) -> None:
        last_orphans = 0.0
        while True:
            try:
                await self.renew()
                if self.orphans is not None and time.monotonic() - last_orphans >= ORPHANS_SECONDS:
                    last_orphans = time.monotonic()
                    await self.orphans()
            except Exception:
                log.exception("renewing the leases failed")
            await asyncio.sleep(self.ttl / 3000)

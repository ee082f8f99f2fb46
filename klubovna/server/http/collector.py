"""The garbage collector, kept off the sockets' backs: no full pass while sockets are held.

A server with thousands of sockets holds about 150 tracked objects a socket, and each
heartbeat replaces a socket's waiting receive (~20 objects that then live ~10 s). Freeing
the old chain from an older generation counts against the new one's allocation, so the
young generation grows unseen by CPython's counter: measured 143,000 young objects at a
count of 10,000, and young passes of 110-134 ms (bench/realtime.py, 130 group tables;
docs/decisions/0044-collector-no-sockets.md). Full passes walk every socket (1.4-3 s at
7,500-15,000 sockets): every connected player sees such a pause.

So the process freezes its heap every second (`gc.freeze()`: O(1), the objects leave the
collector's generations; anything that dies by reference count is still freed at once):
the young generation only ever holds a second's objects, and young passes stay short.
What the frozen heap cannot free is cyclic garbage, and there is little: none while
sockets play (gc.DEBUG_SAVEALL), and 5 objects (0.5 KB) a socket closed, once
CountSockets drops the guard's frame extension (59 objects, 13 KB before;
docs/benchmarks.md has the figures).

It is reclaimed by a full collection, and a full collection never runs while the process
holds a WebSocket (`CountSockets` counts them, process-wide, as the collector is): it runs
at the first tick that finds no socket held, once sockets were held or the memory grew
since the last one, at most every EMPTY_SPACING seconds. A pause then stops no player's
stream (HTTP requests wait for it; the heap without sockets is small). Python 3.11 has no
incremental collection of the old generations, so the pass cannot be cut into pieces.

The bound against a leak (a process whose sockets never all go, whose cyclic garbage piles
up): once the peak memory passes CEILING_SHARE of the machine's memory (or of its cgroup's
limit) and RECLAIM_GROWTH times what it was after the last full pass, the pass runs even
with sockets held, logged as a warning with what it found. That pause is the price of a
leak, a bug to mend, and is smaller than what it prevents (the kernel killing the process
and every socket with it); the growth factor keeps a server whose memory is all live from
paying it again before it doubles. The peak (a getrusage call) measures the growth, since
counting the frozen heap walks it (115 ms at 700,000 objects).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import resource
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send

from klubovna.server.http.guard import FRAME_EXTENSION

log = logging.getLogger("klubovna.collector")

THRESHOLDS = (10_000, 20, 20)
"""Young passes every 10,000 allocations instead of 700: the default caught every fan-out's
views in flight and promoted them (session 15: p99 437 ms at 100 group tables)."""
FREEZE_SECONDS = 1.0
EMPTY_SPACING = 60.0
"""Seconds at least between two full collections of a process without sockets."""
RECLAIM_GROWTH = 2.0
"""With sockets held: a full collection only once the peak memory is this many times what
it was after the last one (and over the ceiling)."""
CEILING_SHARE = 0.5
"""With sockets held: a full collection only once the peak memory passes this share of the
machine's memory (or of the cgroup's limit, if lower)."""

# Sockets ---------------------------------------------------------------------------------

class Sockets:
    """The WebSocket connections the process holds, every app together: the collector is
    the process's (tests run several apps in one)."""

    held = 0


class CountSockets:
    """ASGI middleware: a WebSocket scope counts in `Sockets.held` for as long as the app
    serves it (the socket's life); nothing is done per message. When the app is done with
    the scope, the guard's frame extension leaves it: its bound methods of the protocol,
    whose scope holds them, made every closed socket ~59 objects (13 KB) of cyclic
    garbage that only a full collection frees (5 objects, 0.5 KB, without; #34)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        Sockets.held += 1
        try:
            await self.app(scope, receive, send)
        finally:
            Sockets.held -= 1
            scope.get("extensions", {}).pop(FRAME_EXTENSION, None)


def sockets_held() -> int:
    return Sockets.held


# Memory ----------------------------------------------------------------------------------


def peak_memory() -> int:
    """The process's peak resident memory so far (kB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def memory_ceiling(share: float = CEILING_SHARE) -> int:
    """`share` of the memory the process may use (kB, as peak_memory): the machine's, or
    its cgroup's limit when that is lower."""
    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    for limit in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        with contextlib.suppress(OSError, ValueError):
            total = min(total, int(Path(limit).read_text().strip()))
    return int(total * share) // 1024


def reclaim() -> int:
    """A full collection of the whole heap (frozen included), frozen again after; the
    number of unreachable objects it found."""
    started = time.perf_counter()
    held = Sockets.held
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    (log.warning if held else log.info)(
        "full collection: %d unreachable objects found in %.0f ms, %d sockets held",
        found, (time.perf_counter() - started) * 1000, held)
    return found


class Collector:
    """Freezes the heap on each tick. Reclaims it when no socket is held (`sockets`), once
    sockets were held or the memory (`memory`) grew since the last reclaim, at most every
    EMPTY_SPACING seconds (`clock`); with sockets held, only once the memory is over
    `ceiling` and RECLAIM_GROWTH times what it was after the last reclaim."""

    def __init__(self, sockets: Callable[[], int] = sockets_held,
                 memory: Callable[[], int] = peak_memory,
                 ceiling: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.sockets, self.memory, self.clock = sockets, memory, clock
        self.ceiling = memory_ceiling() if ceiling is None else ceiling
        gc.set_threshold(*THRESHOLDS)
        gc.freeze()
        self.floor = memory()
        """The memory after the last reclaim (or at the start)."""
        self.reclaimed_at = clock()
        self.dirty = False
        """Sockets were held, or the memory grew, since the last reclaim."""

    def tick(self) -> bool:
        """Freeze what is young; True when this tick made a full collection."""
        gc.freeze()
        held, memory = self.sockets(), self.memory()
        if held or memory > self.floor:
            self.dirty = True
        if held:
            if memory <= max(self.ceiling, self.floor * RECLAIM_GROWTH):
                return False
        elif not self.dirty or self.clock() - self.reclaimed_at < EMPTY_SPACING:
            return False
        reclaim()
        self.floor, self.reclaimed_at, self.dirty = self.memory(), self.clock(), False
        return True


async def keep_collector(seconds: float = FREEZE_SECONDS) -> None:
    """Run for the process's life (a task): a Collector's tick every `seconds`."""
    collector = Collector()
    while True:
        await asyncio.sleep(seconds)
        collector.tick()


@contextlib.asynccontextmanager
async def collecting(seconds: float = FREEZE_SECONDS) -> AsyncIterator[None]:
    """For a server's lifespan: keep_collector runs while it is open. The app must count
    its sockets (`CountSockets`, its outermost middleware)."""
    task = asyncio.create_task(keep_collector(seconds))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

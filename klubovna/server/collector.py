"""The garbage collector, kept off the sockets' backs.

A server with thousands of sockets holds about 150 tracked objects a socket, and each
heartbeat replaces a socket's waiting receive (~20 objects that then live ~10 s). Freeing
the old chain from an older generation counts against the new one's allocation, so the
young generation grows unseen by CPython's counter: measured 143,000 young objects at a
count of 10,000, and young passes of 110-134 ms (bench/realtime.py, 130 group tables;
docs/decisions.md, "Several server processes"). Full passes walk every socket (1.5 s at
1.2 million objects).

So the process freezes its heap every second (`gc.freeze()`: O(1), the objects leave the
collector's generations; anything that dies by reference count is still freed at once):
the young generation only ever holds a second's objects. What the frozen heap cannot free
is cyclic garbage, and there is little (measured: 0-233 objects after 5,000 joins and
sockets). It is reclaimed by a full collection once the process's peak memory has
doubled since the last one (Go's default pacing): garbage can at most double the memory,
and a server that keeps as many sockets and tables never pauses for it. The peak (a
getrusage call) measures the growth, since counting the frozen heap walks it (115 ms at
700,000 objects).

A full collection stops the server for as long as it walks the heap (1.4-3 s at 7,500-
15,000 sockets), and the memory doubles mostly because sockets come in, not garbage: the
collection then waits for QUIET_TICKS quiet seconds in a row (the process used less
than QUIET_SHARE of a core in each), so the people who just came in do not wait for it,
nor those who come after a short lull (one quiet second, such as the benchmark's pause
before it measures, was followed by a 2 s pause under load); a server busy for
RECLAIM_WAIT after the memory doubled collects anyway (the price of a leak the busy
hours would feed).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import resource
import time
from collections.abc import AsyncIterator, Callable

log = logging.getLogger("klubovna.collector")

THRESHOLDS = (10_000, 20, 20)
"""Young passes every 10,000 allocations instead of 700: the default caught every fan-out's
views in flight and promoted them (session 15: p99 437 ms at 100 group tables)."""
FREEZE_SECONDS = 1.0
RECLAIM_GROWTH = 2.0
"""A full collection once the peak memory is this many times what it was after the last,
in a quiet second."""
RECLAIM_WAIT = 3600.0
"""Seconds a full collection waits for a quiet second, once the memory has doubled."""
QUIET_SHARE = 0.25
"""A quiet second: the process's CPU over the last tick, in cores."""
QUIET_TICKS = 10
"""Quiet seconds in a row a full collection waits for."""


def peak_memory() -> int:
    """The process's peak resident memory so far (kB on Linux; only ratios are used)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def reclaim() -> None:
    """A full collection of the whole heap (frozen included), frozen again after."""
    started = time.perf_counter()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    log.info("full collection: %d unreachable objects found in %.0f ms", found,
             (time.perf_counter() - started) * 1000)


class Collector:
    """Freezes the heap on each tick; reclaims it once the memory has grown by
    RECLAIM_GROWTH (as `memory` measures it) and the process was quiet for the last
    QUIET_TICKS ticks (as `cpu`, its CPU seconds, and `clock` measure it), or RECLAIM_WAIT
    after it grew."""

    def __init__(self, memory: Callable[[], int] = peak_memory,
                 cpu: Callable[[], float] = time.process_time,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.memory, self.cpu, self.clock = memory, cpu, clock
        gc.set_threshold(*THRESHOLDS)
        gc.freeze()
        self.floor = memory()
        self.last = (clock(), cpu())
        self.grown_at: float | None = None
        """When the memory was first seen grown by RECLAIM_GROWTH (None: it has not)."""
        self.quiet = 0
        """Quiet ticks in a row, up to this one."""

    def tick(self) -> bool:
        """Freeze what is young; True when this tick made a full collection."""
        gc.freeze()
        (then, used), now = self.last, (self.clock(), self.cpu())
        self.last = now
        quiet = now[1] - used < QUIET_SHARE * (now[0] - then)
        self.quiet = self.quiet + 1 if quiet else 0
        if self.memory() <= self.floor * RECLAIM_GROWTH:
            return False
        if self.grown_at is None:
            self.grown_at = now[0]
        if self.quiet < QUIET_TICKS and now[0] - self.grown_at < RECLAIM_WAIT:
            return False
        reclaim()
        self.floor, self.grown_at = self.memory(), None
        self.last = (self.clock(), self.cpu())  # (the collection's own CPU is not load)
        return True


async def keep_collector(seconds: float = FREEZE_SECONDS) -> None:
    """Run for the process's life (a task): a Collector's tick every `seconds`."""
    collector = Collector()
    while True:
        await asyncio.sleep(seconds)
        collector.tick()


@contextlib.asynccontextmanager
async def collecting(seconds: float = FREEZE_SECONDS) -> AsyncIterator[None]:
    """For a server's lifespan: keep_collector runs while it is open."""
    task = asyncio.create_task(keep_collector(seconds))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

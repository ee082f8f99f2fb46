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
is cyclic garbage, and there is little (measured: 233 objects after 5,000 joins and
sockets). It is reclaimed by a full collection once the process's peak memory has
doubled since the last one (Go's default pacing): garbage can at most double the memory,
and a server that keeps as many sockets and tables never pauses for it. The peak (a
getrusage call) measures the growth, since counting the frozen heap walks it (115 ms at
700,000 objects).
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
"""A full collection once the peak memory is this many times what it was after the last."""


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
    RECLAIM_GROWTH (as `memory` measures it)."""

    def __init__(self, memory: Callable[[], int] = peak_memory) -> None:
        self.memory = memory
        gc.set_threshold(*THRESHOLDS)
        gc.freeze()
        self.floor = memory()

    def tick(self) -> bool:
        """Freeze what is young; True when this tick made a full collection."""
        gc.freeze()
        if self.memory() <= self.floor * RECLAIM_GROWTH:
            return False
        reclaim()
        self.floor = self.memory()
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

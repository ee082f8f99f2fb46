"""The server's event loop: asyncio's own, with an epoll that fetches a few events a call.

selectors.EpollSelector asks the kernel for as many events as it watches sockets, and
Python allocates a buffer that large for every call: with a group server's 19,000 sockets,
228 KB each time the loop polls, from the C heap. In a server whose heap is full of live
tables that allocation was 1 % of all its CPU (perf, bench/realtime.py;
docs/decisions/0040-cheap-fan-out.md, #18). Epoll hands out the rest at the next call, in turn
(level-triggered), so a cap changes nothing but the buffer; the loop polls again at once while more
are ready. `uvicorn.run(loop="klubovna.server.http.loop:new_event_loop")`.
"""

from __future__ import annotations

import asyncio
import math
import select
import selectors
import sys

MAX_EVENTS = 32
"""Events fetched by one poll: a buffer Python's small-object allocator serves (32 x 12 or
16 bytes). Handling an event costs far more than the system call (~1 us) each 32 add."""


class Epoll(selectors.EpollSelector):
    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        # EpollSelector.select of CPython 3.11-3.13, with MAX_EVENTS for its maximum (its
        # private `_selector` and `_key_from_fd` too: tests/server/test_loop.py checks them).
        if timeout is None:
            timeout = -1
        elif timeout <= 0:
            timeout = 0
        else:
            # epoll_wait() has a resolution of 1 ms: round up so as not to wake too early.
            timeout = math.ceil(timeout * 1e3) * 1e-3
        ready: list[tuple[selectors.SelectorKey, int]] = []
        try:
            fd_event_list = self._selector.poll(  # type: ignore[attr-defined]
                timeout, MAX_EVENTS)
        except InterruptedError:
            return ready
        for fd, event in fd_event_list:
            events = 0
            if event & ~select.EPOLLIN:
                events |= selectors.EVENT_WRITE
            if event & ~select.EPOLLOUT:
                events |= selectors.EVENT_READ
            key = self._key_from_fd(fd)  # type: ignore[attr-defined]
            if key:
                ready.append((key, events & key.events))
        return ready


def new_event_loop() -> asyncio.AbstractEventLoop:
    """uvicorn's loop factory (its `loop` setting takes the import path); asyncio's own loop
    where there is no epoll (not Linux)."""
    if sys.platform != "linux":
        return asyncio.new_event_loop()
    return asyncio.SelectorEventLoop(Epoll())

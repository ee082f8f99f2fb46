"""The server's collector (server/collector.py): the heap is frozen on each tick, and the
cyclic garbage frozen with it is reclaimed by a full collection only when no socket is held,
or, against a leak, once the memory passes a ceiling and has doubled."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.types import Message, Receive, Scope, Send

from klubovna.server.app import create_app
from klubovna.server.config import Config
from klubovna.server.http.collector import (
    EMPTY_SPACING,
    RECLAIM_GROWTH,
    Collector,
    CountSockets,
    Sockets,
)
from klubovna.server.http.guard import FRAME_EXTENSION

CEILING = 100_000


class Node:
    """A cycle: reference counting alone never frees it."""

    def __init__(self) -> None:
        self.me = self


class Process:
    """What the collector reads, set by the test: the sockets held, the peak memory (kB)
    and the clock (seconds; `second()` is one tick's)."""

    def __init__(self) -> None:
        self.held = 0
        self.size = 1000
        self.now = 0.0

    def sockets(self) -> int:
        return self.held

    def memory(self) -> int:
        return self.size

    def clock(self) -> float:
        return self.now

    def second(self) -> None:
        self.now += 1.0


@pytest.fixture
def process() -> Iterator[Process]:
    thresholds = gc.get_threshold()
    yield Process()
    gc.set_threshold(*thresholds)
    gc.unfreeze()


def collector_of(process: Process) -> Collector:
    return Collector(process.sockets, process.memory, CEILING, process.clock)


def tracked(thing: object) -> bool:
    """Whether the collector's generations (not the frozen heap) hold `thing`."""
    return any(other is thing for other in gc.get_objects())


def frozen_cycle() -> weakref.ref[Node]:
    """A cycle frozen by a tick, then dropped: only a full collection frees it."""
    cycle = Node()
    gone = weakref.ref(cycle)
    gc.freeze()
    del cycle
    gc.collect()  # a full pass leaves frozen objects alone
    assert gone() is not None
    return gone


def test_a_tick_freezes_what_is_young(process: Process) -> None:
    collector = collector_of(process)
    young = Node()
    assert tracked(young)
    assert collector.tick() is False
    assert not tracked(young)


def test_no_full_collection_while_sockets_are_held_however_long_and_grown(
    process: Process,
) -> None:
    """The old collector collected after ten quiet seconds once the memory had doubled: in
    the middle of play (p99 0.8-1 s at 100 tables of 50, issue #34)."""
    collector = collector_of(process)
    gone = frozen_cycle()
    process.held = 5000
    process.size = CEILING  # ten times the start, at the ceiling
    for _ in range(int(EMPTY_SPACING) * 10):  # quiet or busy, the server is never paused
        process.second()
        assert collector.tick() is False
    assert gone() is not None
    process.held = 0  # the last socket went: the next tick reclaims
    process.second()
    assert collector.tick() is True
    assert gone() is None
    assert collector.floor == CEILING


def test_an_empty_server_collects_only_after_sockets_or_growth_and_spaced(
    process: Process,
) -> None:
    collector = collector_of(process)
    for _ in range(int(EMPTY_SPACING) * 2):  # nothing happened: no pass
        process.second()
        assert collector.tick() is False
    process.held = 1
    process.second()
    assert collector.tick() is False
    process.held = 0
    gone = frozen_cycle()
    process.second()
    assert collector.tick() is True  # sockets were held since the last pass
    assert gone() is None
    process.held = 2  # a visit at once after: its end waits for the spacing
    process.second()
    assert collector.tick() is False
    process.held = 0
    for _ in range(int(EMPTY_SPACING) - 2):
        process.second()
        assert collector.tick() is False
    process.second()
    assert collector.tick() is True  # EMPTY_SPACING after the last pass
    for _ in range(int(EMPTY_SPACING) * 2):
        process.second()
        assert collector.tick() is False
    process.size += 1  # no sockets, but the memory grew (HTTP only): collected
    process.second()
    assert collector.tick() is True


def test_a_leak_is_bounded_by_the_ceiling_then_by_doubling(process: Process) -> None:
    collector = collector_of(process)
    process.held = 10
    gone = frozen_cycle()
    process.size = CEILING
    process.second()
    assert collector.tick() is False  # at the ceiling, not over it
    process.size = CEILING + 1
    process.second()
    assert collector.tick() is True  # over it: a leak's pause beats the kernel's kill
    assert gone() is None
    floor = process.size  # (the peak memory does not fall)
    process.size = int(floor * RECLAIM_GROWTH)
    for _ in range(int(EMPTY_SPACING) * 2):  # all live: not paused again before doubling
        process.second()
        assert collector.tick() is False
    process.size += 1
    process.second()
    assert collector.tick() is True


def test_count_sockets_counts_a_websocket_for_its_life_and_http_not_at_all() -> None:
    seen: list[tuple[str, int]] = []

    async def app(scope: Scope, _receive: Receive, _send: Send) -> None:
        seen.append((scope["type"], Sockets.held))
        if scope.get("path") == "/fails":
            raise RuntimeError("the socket's handler failed")

    async def nothing() -> Message:
        return {}

    async def ignore(_message: Message) -> None:
        pass

    async def serve() -> None:
        counted = CountSockets(app)
        await counted({"type": "http", "path": "/"}, nothing, ignore)
        await counted({"type": "websocket", "path": "/ws"}, nothing, ignore)
        with pytest.raises(RuntimeError):
            await counted({"type": "websocket", "path": "/fails"}, nothing, ignore)

    before = Sockets.held
    asyncio.run(serve())
    assert seen == [("http", before), ("websocket", before + 1), ("websocket", before + 1)]
    assert Sockets.held == before  # each counted until its handler returned or failed


def test_the_server_counts_its_sockets_outermost(tmp_path: Path) -> None:
    app = create_app(Config.from_env(tmp_path))
    outermost: object = app.user_middleware[0].cls
    assert outermost is CountSockets


def test_a_closed_socket_leaves_no_cycle_through_its_frame_extension() -> None:
    """The guard's protocol puts its bound `write_frame` into its own scope: a cycle that
    outlived the socket in the frozen heap (59 objects, 13 KB a socket closed)."""

    class Protocol:  # as guard.GuardedWebSocket: the scope is its own, the method too
        def __init__(self) -> None:
            self.scope: Scope = {"type": "websocket", "path": "/ws", "extensions": {
                FRAME_EXTENSION: {"write_frame": self.write_frame}}}

        def write_frame(self, frame: bytes) -> bool:
            return bool(frame)

    async def app(_scope: Scope, _receive: Receive, _send: Send) -> None:
        pass

    async def nothing() -> Message:
        return {}

    async def ignore(_message: Message) -> None:
        pass

    protocol = Protocol()
    gone = weakref.ref(protocol)
    gc.disable()  # reference counting alone must free it
    try:
        asyncio.run(CountSockets(app)(protocol.scope, nothing, ignore))
        del protocol
        assert gone() is None
    finally:
        gc.enable()

"""The server's collector (server/collector.py): the heap is frozen on each tick, and the
cyclic garbage frozen with it is reclaimed once the memory has doubled."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from klubovna.server.collector import (
    QUIET_SHARE,
    QUIET_TICKS,
    RECLAIM_GROWTH,
    RECLAIM_WAIT,
    Collector,
)


class Node:
    """A cycle: reference counting alone never frees it."""

    def __init__(self) -> None:
        self.me = self


class Memory:
    """A process memory the test sets (peak_memory only grows, and slowly)."""

    def __init__(self) -> None:
        self.size = 1000

    def __call__(self) -> int:
        return self.size


class Load:
    """A process's CPU seconds and the clock, which the test moves: `second(share)` is one
    tick's second with the process busy `share` of a core."""

    def __init__(self) -> None:
        self.now = self.used = 0.0

    def cpu(self) -> float:
        return self.used

    def clock(self) -> float:
        return self.now

    def second(self, share: float) -> None:
        self.now += 1.0
        self.used += share


@pytest.fixture
def memory() -> Iterator[Memory]:
    thresholds = gc.get_threshold()
    yield Memory()
    gc.set_threshold(*thresholds)
    gc.unfreeze()


@pytest.fixture
def load() -> Load:
    return Load()


def collector_of(memory: Memory, load: Load) -> Collector:
    return Collector(memory, cpu=load.cpu, clock=load.clock)


def tracked(thing: object) -> bool:
    """Whether the collector's generations (not the frozen heap) hold `thing`."""
    return any(other is thing for other in gc.get_objects())


def test_a_tick_freezes_what_is_young(memory: Memory, load: Load) -> None:
    collector = collector_of(memory, load)
    young = Node()
    assert tracked(young)
    assert collector.tick() is False  # (the memory has not doubled)
    assert not tracked(young)


def test_frozen_cycles_are_reclaimed_once_the_memory_has_doubled(
    memory: Memory, load: Load
) -> None:
    collector = collector_of(memory, load)
    cycle = Node()
    gone = weakref.ref(cycle)
    collector.tick()
    del cycle
    gc.collect()  # a full pass leaves frozen objects alone
    assert gone() is not None
    memory.size = int(1000 * RECLAIM_GROWTH)
    for _ in range(QUIET_TICKS):
        load.second(0.0)
        assert collector.tick() is False  # doubled, not more
    assert gone() is not None
    memory.size += 1
    load.second(0.0)
    assert collector.tick() is True
    assert gone() is None
    assert collector.floor == memory.size
    load.second(0.0)
    assert collector.tick() is False  # the next doubling counts from here


def test_a_busy_process_waits_for_a_quiet_second_at_most_reclaim_wait(
    memory: Memory, load: Load
) -> None:
    collector = collector_of(memory, load)
    memory.size = int(1000 * RECLAIM_GROWTH) + 1
    for _ in range(3):  # doubled, but busy: the people coming in are not kept waiting
        load.second(QUIET_SHARE + 0.1)
        assert collector.tick() is False
    for _ in range(QUIET_TICKS - 1):  # a lull is not yet quiet
        load.second(QUIET_SHARE - 0.1)
        assert collector.tick() is False
    load.second(QUIET_SHARE + 0.1)
    assert collector.tick() is False  # (and busy again: the quiet seconds count anew)
    for _ in range(QUIET_TICKS - 1):
        load.second(QUIET_SHARE - 0.1)
        assert collector.tick() is False
    load.second(QUIET_SHARE - 0.1)  # the tenth quiet second in a row
    assert collector.tick() is True
    memory.size = int(memory.size * RECLAIM_GROWTH) + 1
    load.second(1.0)
    assert collector.tick() is False  # (the wait starts now)
    for _ in range(int(RECLAIM_WAIT) - 1):
        load.second(1.0)
        assert collector.tick() is False
    load.second(1.0)
    assert collector.tick() is True  # busy all the while: collected after RECLAIM_WAIT


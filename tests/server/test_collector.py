"""The server's collector (server/collector.py): the heap is frozen on each tick, and the
cyclic garbage frozen with it is reclaimed once the memory has doubled."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from klubovna.server.collector import RECLAIM_GROWTH, Collector


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


@pytest.fixture
def memory() -> Iterator[Memory]:
    thresholds = gc.get_threshold()
    yield Memory()
    gc.set_threshold(*thresholds)
    gc.unfreeze()


def tracked(thing: object) -> bool:
    """Whether the collector's generations (not the frozen heap) hold `thing`."""
    return any(other is thing for other in gc.get_objects())


def test_a_tick_freezes_what_is_young(memory: Memory) -> None:
    collector = Collector(memory)
    young = Node()
    assert tracked(young)
    assert collector.tick() is False  # (the memory has not doubled)
    assert not tracked(young)


def test_frozen_cycles_are_reclaimed_once_the_memory_has_doubled(memory: Memory) -> None:
    collector = Collector(memory)
    cycle = Node()
    gone = weakref.ref(cycle)
    collector.tick()
    del cycle
    gc.collect()  # a full pass leaves frozen objects alone
    assert gone() is not None
    memory.size = int(1000 * RECLAIM_GROWTH)
    assert collector.tick() is False  # doubled, not more
    assert gone() is not None
    memory.size += 1
    assert collector.tick() is True
    assert gone() is None
    assert collector.floor == memory.size
    assert collector.tick() is False  # the next doubling counts from here


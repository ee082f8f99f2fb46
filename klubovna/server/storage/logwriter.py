"""The log writer: stores the confirmed log entries, before they are acknowledged.

On SQLite a plain entry is stored at once, on the event loop (Store.append_now): that
costs less than any hand-over to a thread. Everything else (PostgreSQL, an entry that ends
a game, SQLite while another transaction holds its lock) goes to one long-lived thread
that takes whatever has queued up meanwhile, stores it in one transaction and wakes the
event loop once per batch (a pool thread per entry, anyio's `run_in_threadpool`, cost the
loop more than the insert itself: bench/realtime.py). The thread also checkpoints SQLite's
write-ahead log for append_now, whose connection never does, starting it afresh every
CHECKPOINT_EVERY entries; entries come to the thread instead while a checkpoint is overdue,
so the log's size stays bounded however fast moves come (docs/decisions/0032-durability-and-wal.md,
"The write-ahead log"). A table waits for its entry
before it goes on (under its lock), so a batch never holds two entries of one table and
the order within a table is kept, whichever way each entry went.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections import defaultdict
from dataclasses import dataclass

from klubovna.server.metrics import UNMETERED, Metrics
from klubovna.server.storage.store import Append, Store

log = logging.getLogger("klubovna.logwriter")
MAX_BATCH = 256
CHECKPOINT_EVERY = 500
"""Entries stored between two checkpoints (SQLite's own default is 1,000 pages, and an entry
writes two to three)."""
CHECKPOINT_OVERDUE = 2 * CHECKPOINT_EVERY
"""Entries stored since the last checkpoint after which no more are stored at once: they
queue for the writer's thread, behind the checkpoint. (A checkpoint copies only the frames
there when it began, and SQLite starts the log afresh only once all are copied: under a
steady stream of moves stored at once, the log never started afresh, 173 MB after 20,000
moves.)"""
_CHECKPOINT = "checkpoint"


@dataclass(frozen=True)
class _Job:
    append: Append
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


Outcome = tuple[asyncio.Future[None], Exception | None]


class LogWriter:
    """`await writer.append(...)` returns once the entry is committed, or raises what the
    database raised (nothing of that entry is stored then)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.metrics: Metrics = UNMETERED
        """The app's metrics (set by the app): how long each write took."""
        self._queue: queue.SimpleQueue[_Job | str | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._counts = threading.Lock()
        """Both threads store entries and count them."""
        self._since_checkpoint = 0
        """Entries stored since the last checkpoint was queued."""
        self._entries = 0
        """Entries stored, by both threads."""
        self._restarted_at = 0
        """`_entries` when the last checkpoint that started the log afresh began: the log
        holds at most the entries stored since. (Counted from when it was done, the entries
        stored while a starved thread came back from it went uncounted: beside a busy loop
        the log grew past its bound, 17 MB.)"""

    async def append(self, append: Append) -> None:
        began = time.perf_counter()
        overdue = self._entries - self._restarted_at >= CHECKPOINT_OVERDUE
        if not overdue and self.store.append_now([append]):
            self.metrics.write_now.observe(time.perf_counter() - began)
            self._stored(1)
            return
        self._ensure_thread()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(append, future, loop))
        await future
        self.metrics.write_queued.observe(time.perf_counter() - began)

    def stop(self) -> None:
        """Store what is queued, then end the thread (a later append starts a new one)."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join()
        self.store.close_now()

    def _stored(self, entries: int) -> None:
        """Count stored entries; every CHECKPOINT_EVERY a checkpoint is queued."""
        with self._counts:
            self._entries += entries
            self._since_checkpoint += entries
            due = self._since_checkpoint >= CHECKPOINT_EVERY and self.store.checkpoints
            if due:
                self._since_checkpoint = 0
        if due:
            self._ensure_thread()
            self._queue.put(_CHECKPOINT)

    def _ensure_thread(self) -> None:
        with self._lock:
            if self._thread is None:
                # A daemon: a process that never called stop() still exits.
                self._thread = threading.Thread(target=self._run, name="klubovna-log-writer",
                                                daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job is _CHECKPOINT:
                self._checkpoint()
                continue
            assert isinstance(job, _Job)
            batch, stopping = [job], False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                if more is _CHECKPOINT:
                    self._checkpoint()
                    continue
                assert isinstance(more, _Job)
                batch.append(more)
            by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = defaultdict(list)
            began = time.perf_counter()
            errors = self._write(batch)
            self.metrics.write_batch.observe(time.perf_counter() - began)
            self._stored(errors.count(None))
            for each, error in zip(batch, errors, strict=True):
                by_loop[each.loop].append((each.future, error))
            for loop, outcomes in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                    loop.call_soon_threadsafe(_settle, outcomes)
            if stopping:
                return

    def _checkpoint(self) -> None:
        """Start the log afresh; until one does, entries keep coming to this thread, behind
        the next checkpoint (one is queued every CHECKPOINT_EVERY entries)."""
        with self._counts:
            began = self._entries
        try:
            if self.store.checkpoint():
                self._restarted_at = began
            else:
                log.warning("the write-ahead log could not start afresh (a reader held it)")
        except Exception:  # the next one copies what this one left
            log.exception("checkpointing the database failed")

    def _write(self, batch: list[_Job]) -> list[Exception | None]:
        """Each job's error (None: stored). A failed batch is tried entry by entry, so one
        bad entry does not fail the others."""
        try:
            self.store.append_all([job.append for job in batch])
            return [None] * len(batch)
        except Exception as error:
            if len(batch) == 1:
                return [error]
            log.warning("a batch of %d log entries failed; storing them one by one", len(batch))
            return [self._write([job])[0] for job in batch]


def _settle(outcomes: list[Outcome]) -> None:
    for future, error in outcomes:
        if future.done():  # its waiter was cancelled
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)

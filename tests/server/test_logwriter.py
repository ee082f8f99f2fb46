"""The log writer: entries that queue up meanwhile are stored in one transaction, each
waiter learns its own outcome, and a failed entry fails nobody else."""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import Iterator, Sequence

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from klubovna.server.storage.db import LogRow, TableRow
from klubovna.server.storage.logwriter import LogWriter
from klubovna.server.storage.store import Append, Store
from klubovna.tables import LogEntry
from tests.server.test_recording import RESULT, stored_result


class HeldStore(Store):
    """A Store whose first write waits until released, so that others queue up behind it;
    it notes the size of every batch. Nothing is stored at once (append_now)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store.engine)
        self.batches: list[int] = []
        self.writing = threading.Event()
        self.release = threading.Event()

    def append_now(self, appends: Sequence[Append]) -> bool:
        return False

    def append_all(self, appends: Sequence[Append]) -> None:
        self.batches.append(len(appends))
        self.writing.set()
        self.release.wait(10)
        super().append_all(appends)


@pytest.fixture
def made(store: Store) -> Iterator[list[str]]:
    """The tables a test makes: abandoned afterwards, since their logs are not games (a
    server on the session's PostgreSQL database would try to replay them)."""
    tables: list[str] = []
    yield tables
    for table_id in tables:
        store.abandon_table(table_id)


def new_table(store: Store, made: list[str]) -> str:
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, "matematicky-poker", {"mode": "easy"}, 7, ["h"], 1)
    made.append(table_id)
    return table_id


def entry(version: int, now: int = 1_000) -> LogEntry:
    return LogEntry(version, "act", now, 0, version, {"type": "place", "cell": version})


def stored_versions(store: Store, table_id: str) -> list[int]:
    with Session(store.engine) as session:
        return list(session.scalars(select(LogRow.version).where(LogRow.table_id == table_id)
                                    .order_by(LogRow.version)))


async def write_while_held(store: HeldStore, appends: list[Append]) -> list[BaseException | None]:
    """The first append alone, then the rest queued behind it; each one's outcome."""
    writer = LogWriter(store)
    first = asyncio.create_task(writer.append(appends[0]))
    await asyncio.to_thread(store.writing.wait, 10)
    rest = [asyncio.create_task(writer.append(each)) for each in appends[1:]]
    await asyncio.sleep(0.05)  # all of them in the queue
    store.release.set()
    outcomes = await asyncio.gather(first, *rest, return_exceptions=True)
    writer.stop()
    return list(outcomes)


def test_entries_that_queue_up_are_one_batch(store: Store, made: list[str]) -> None:
    held = HeldStore(store)
    tables = [new_table(store, made) for _ in range(3)]
    ended = new_table(store, made)
    appends = [Append(tables[0], entry(1))]
    appends += [Append(table_id, entry(1)) for table_id in tables[1:]]
    appends += [Append(ended, entry(1)), Append(ended, entry(2, 60_000), RESULT, 1_000)]
    # (two entries of one table never wait at once in the server; here they may)
    outcomes = asyncio.run(write_while_held(held, appends))
    assert outcomes == [None] * len(appends)
    assert held.batches == [1, len(appends) - 1]
    for table_id in tables:
        assert stored_versions(store, table_id) == [1]
    assert stored_versions(store, ended) == [1, 2]
    assert stored_result(store, ended) is None  # the table records for nobody ...
    with Session(store.engine) as session:  # ... but it is over
        row = session.get(TableRow, ended)
        assert row is not None and row.status == "over" and row.result == RESULT


def test_a_bad_entry_fails_only_its_own_waiter(store: Store, made: list[str]) -> None:
    held = HeldStore(store)
    good, bad = new_table(store, made), new_table(store, made)
    store.append(bad, entry(1), None)
    # Version 1 of `bad` is stored already: storing it again breaks the primary key.
    appends = [Append(good, entry(1)), Append(bad, entry(1)), Append(good, entry(2))]
    outcomes = asyncio.run(write_while_held(held, appends))
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], Exception)
    # The batch of two failed, then each was tried alone.
    assert held.batches == [1, 2, 1, 1]
    assert stored_versions(store, good) == [1, 2]
    assert stored_versions(store, bad) == [1]


def test_stop_stores_what_is_queued_and_a_later_append_starts_again(
    store: Store, made: list[str]
) -> None:
    table_id = new_table(store, made)
    writer = LogWriter(store)

    async def run() -> None:
        waiting = [asyncio.create_task(writer.append(Append(table_id, entry(v))))
                   for v in (1, 2, 3)]
        await asyncio.sleep(0)  # queued
        await asyncio.to_thread(writer.stop)
        await asyncio.gather(*waiting)
        await writer.append(Append(table_id, entry(4)))
        writer.stop()

    asyncio.run(run())
    assert stored_versions(store, table_id) == [1, 2, 3, 4]


def test_moves_are_stored_alike_on_every_database(store: Store, made: list[str]) -> None:
    """SQLite's move paths use the driver directly (at once, or in the writer's batch): the
    rows must be those SQLAlchemy writes (PostgreSQL always goes through it), and read back
    the same."""
    now, fast, plain = (new_table(store, made) for _ in range(3))
    moves = [entry(1), LogEntry(version=2, kind="tick", now=2_000),
             LogEntry(version=3, kind="act", now=3_000, seat=0, seq=2,
                      action={"type": "place", "cell": 3, "note": "žluť"})]
    sqlite = store.engine.dialect.name == "sqlite"
    assert store.append_now([Append(now, each) for each in moves]) is sqlite
    if not sqlite:
        store.append_all([Append(now, each) for each in moves])
    store.append_all([Append(fast, each) for each in moves])
    store._sqlite_insert_log = None  # the SQLAlchemy path, as on PostgreSQL
    store.append_all([Append(plain, each) for each in moves])

    def rows(table_id: str) -> list[tuple[object, ...]]:
        with store.engine.connect() as connection:
            return [tuple(row[1:]) for row in connection.execute(
                select(LogRow).where(LogRow.table_id == table_id).order_by(LogRow.version))]

    assert rows(now) == rows(fast) == rows(plain)
    for table_id in (now, fast, plain):
        stored = store.load(table_id)
        assert stored is not None and stored.entries == moves


def test_sqlite_stores_at_once_but_never_waits_for_a_busy_database(
    sqlite_store: Store, made: list[str]
) -> None:
    """While another transaction holds SQLite's write lock, append_now stores nothing and
    says so at once; the writer then queues the entry, and it is stored once the lock is
    free. A bad entry stored at once fails with nothing of it stored."""
    store = sqlite_store
    table_id = new_table(store, made)
    other = store.engine.raw_connection()
    cursor = other.cursor()
    cursor.execute("BEGIN IMMEDIATE")  # the lock, as a running transaction holds it
    assert store.append_now([Append(table_id, entry(1))]) is False
    writer = LogWriter(store)

    async def run() -> None:
        waiting = asyncio.create_task(writer.append(Append(table_id, entry(1))))
        await asyncio.sleep(0.05)
        assert not waiting.done()  # queued behind the lock
        other.rollback()
        await waiting
        await writer.append(Append(table_id, entry(2)))  # the lock is free: at once
        with pytest.raises(Exception, match="UNIQUE"):
            await writer.append(Append(table_id, entry(2)))

    try:
        asyncio.run(run())
    finally:
        other.close()
        writer.stop()
    assert stored_versions(store, table_id) == [1, 2]


def test_the_writer_checkpoints_what_sqlite_stored_at_once(
    sqlite_store: Store, made: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("klubovna.server.storage.logwriter.CHECKPOINT_EVERY", 3)
    checkpoints = threading.Semaphore(0)
    store = sqlite_store
    real = store.checkpoint

    def checkpoint() -> None:
        real()
        checkpoints.release()

    monkeypatch.setattr(store, "checkpoint", checkpoint)
    table_id = new_table(store, made)
    writer = LogWriter(store)

    async def run() -> None:
        for version in range(1, 8):
            await writer.append(Append(table_id, entry(version)))

    asyncio.run(run())
    writer.stop()
    assert checkpoints.acquire(timeout=0) and checkpoints.acquire(timeout=0)
    assert not checkpoints.acquire(timeout=0)  # after the 3rd and the 6th only
    assert stored_versions(store, table_id) == list(range(1, 8))


WAL_BOUND = 16 * 1024 * 1024
"""The write-ahead log's stated bound: SQLite keeps JOURNAL_SIZE_LIMIT (8 MiB) of it, and at
most CHECKPOINT_OVERDUE entries (~8.7 MB) are stored at once between two checkpoints."""


def test_the_write_ahead_log_stays_bounded_under_a_stream_of_moves(sqlite_store: Store) -> None:
    """Moves stored at once as fast as they come (a no-op flood used to be such a stream):
    the log used to grow by ~8 KB a move, since a checkpoint running beside the writes
    never caught up with them and SQLite never started the log afresh (173 MB after
    20,000 moves)."""
    store = sqlite_store
    table_id = new_table(store, [])  # (a file of its own: nothing to abandon afterwards)
    wal = f"{store.engine.url.database}-wal"
    writer = LogWriter(store)
    moves = 20_000

    async def run() -> int:
        largest = 0
        for version in range(1, moves + 1):
            await writer.append(Append(table_id, entry(version)))
            if version % 100 == 0:
                largest = max(largest, os.path.getsize(wal))
        return largest

    largest = asyncio.run(run())
    writer.stop()
    assert largest < WAL_BOUND, f"the write-ahead log reached {largest} bytes"
    assert stored_versions(store, table_id) == list(range(1, moves + 1))

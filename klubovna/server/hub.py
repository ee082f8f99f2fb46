"""Live tables in this process: who is connected, one lock per table, the sweeper.

Every step is persisted before it is committed and sent, so what a client saw
acknowledged survives a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from klubovna.games import get_game
from klubovna.server.clock import now_ms
from klubovna.server.logwriter import LogWriter
from klubovna.server.store import Append, Recording, Store, StoredTable
from klubovna.server.wire import Encoder
from klubovna.tables import Lobby, LogEntry, Step, Table, hash_key
from klubovna.tables.table import Message, Outbox

log = logging.getLogger("klubovna.hub")
SWEEP_SECONDS = 0.1
MAX_ROBOT_MOVES = 1000


class Connection(Protocol):
    async def send_text(self, data: str) -> None: ...


@dataclass
class LiveTable:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: dict[int, set[Connection]] = field(default_factory=dict)
    encoder: Encoder = field(default_factory=Encoder)
    """The last fan-out's encoder: its texts of unchanged view parts are used again."""


class StorageError(Exception):
    """The database refused a write; nothing was committed."""


class Hub:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = LogWriter(store)
        self.live: dict[str, LiveTable] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.on_over: Callable[[str], Coroutine[Any, Any, None]] | None = None
        """Called (as a task) with a table's id when its game has just ended."""
        self._tasks: set[asyncio.Task[None]] = set()

    # --- life cycle -------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished table from its log, then start the sweeper."""
        for stored in await run_in_threadpool(self.store.load_active):
            self.live[stored.id] = LiveTable(self._restore(stored))
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.writer.stop()

    @staticmethod
    def _restore(stored: StoredTable) -> Table:
        return Table.restore(
            stored.id, get_game(stored.game), stored.config, stored.seed,
            stored.key_hashes, stored.entries,
        )

    # --- tables -----------------------------------------------------------
    async def create(
        self, game_name: str, config: Mapping[str, Any], seed: int | None = None,
        recording: Recording | None = None,
    ) -> tuple[str, str]:
        """A new one-seat table; returns (table id, seat access key). Raises IllegalAction,
        and store.AlreadyPlayed for a used daily attempt."""
        key = secrets.token_urlsafe(32)  # 256 bits; only its hash is stored
        live = await self.create_table(game_name, config, [hash_key(key)], seed, recording)
        return live.table.id, key

    async def create_table(
        self, game_name: str, config: Mapping[str, Any], key_hashes: list[str],
        seed: int | None = None, recording: Recording | None = None, lobby: Lobby | None = None,
    ) -> LiveTable:
        """A new table with these seats, stored (with its lobby, if any) before it exists."""
        game = get_game(game_name)
        table_id = secrets.token_urlsafe(12)
        seed = secrets.randbits(63) if seed is None else seed
        table = Table(table_id, game, config, seed, key_hashes)
        await run_in_threadpool(
            self.store.create_table, table_id, game_name, table.config, seed,
            table.key_hashes, now_ms(), recording, lobby,
        )
        live = self.live[table_id] = LiveTable(table)
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        live = self.live.get(table_id)
        if live is None:
            stored = await run_in_threadpool(self.store.load, table_id)
            if stored is None:
                return None
            live = self.live.setdefault(table_id, LiveTable(self._restore(stored)))
        return live

    # --- messages ---------------------------------------------------------
    async def handle(self, live: LiveTable, seat: int, data: Any) -> Message | None:
        """Run one client message through the table; persist, commit and fan out.

        Returns an error message for the sender when the store failed, else None.
        """
        async with live.lock:
            now = now_ms()
            try:
                # A due deadline is settled (and logged) before the action is judged.
                await self._commit(live, live.table.tick(now), now)
                await self._commit(live, live.table.handle(seat, data, now), now)
                await self._robots(live, now)
            except StorageError:
                return {"t": "error", "seq": data.get("seq") if isinstance(data, dict) else None,
                        "code": "unavailable",
                        "message": "The game could not be saved; please send the move again."}
        return None

    async def join(
        self, live: LiveTable, seat: int, connection: Connection, since: int | None
    ) -> None:
        """Add a connection to a seat's fan-out and send it the seat's view with the events
        after `since`. Under the lock, and after the seat's other connections got any stale
        update, so every connection sees each version once."""
        async with live.lock:
            now = now_ms()
            if seat in live.table.stale:
                await self.send(live, seat, live.table.update(seat, now))
            live.connections.setdefault(seat, set()).add(connection)
            await connection.send_text(Encoder().message(
                live.table.view_message(seat, now, since=since)))

    async def act_for(self, live: LiveTable, seat: int, action: dict[str, Any]) -> None:
        """Take an action for a seat (see Table.act_for). Raises IllegalAction, StorageError."""
        async with live.lock:
            now = now_ms()
            await self._commit(live, live.table.tick(now), now)
            await self._commit(live, live.table.act_for(seat, action, now), now)
            await self._robots(live, now)

    async def _robots(self, live: LiveTable, now: int) -> None:
        """Computer players move (each move stored and sent like any other) until none has
        a move; a bounded loop, so a bot bug cannot hang the table."""
        for _ in range(MAX_ROBOT_MOVES):
            step = live.table.robot_step(now)
            if step.entry is None:
                return
            await self._commit(live, step, now)

    async def _commit(self, live: LiveTable, step: Step, now: int) -> None:
        table = live.table
        if step.entry is not None:
            result = table.game.result(step.state)
            # The entry that ends the game also writes the result (if the table records).
            ends = result is not None and table.game.result(table.state) is None
            started_at = started_at_of(table.log, step.entry) if ends else None
            try:
                await self.writer.append(Append(table.id, step.entry, result, started_at))
            except Exception as error:  # the database said no: commit nothing
                log.exception("storing %s v%s failed", table.id, step.entry.version)
                raise StorageError from error
        was_over = table.over
        await self.send_all(live, table.commit(step, now))
        if table.over and not was_over and self.on_over is not None:
            # A task, not a call: the listener may wait for locks held by our caller.
            task = asyncio.create_task(self.on_over(table.id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def send_all(self, live: LiveTable, outbox: Outbox) -> None:
        """One fan-out: the seats' views share their public part, encoded once."""
        if not outbox:  # (a tick with nothing due) keep the texts of the last fan-out
            return
        encoder = live.encoder = live.encoder.next()
        for seat, message in outbox:
            await self.send(live, seat, message, encoder)

    async def send(
        self, live: LiveTable, seat: int, message: Message, encoder: Encoder | None = None
    ) -> None:
        text = (encoder or Encoder()).message(message)
        for connection in list(live.connections.get(seat, ())):
            try:
                await connection.send_text(text)
            except Exception:  # a closed socket: its reader removes it
                live.connections.get(seat, set()).discard(connection)

    # --- deadlines --------------------------------------------------------
    async def sweep(self) -> None:
        """Settle every deadline that is due on the server clock."""
        now = now_ms()
        for live in list(self.live.values()):
            deadline = live.table.next_deadline()
            if live.table.stale:
                async with live.lock:
                    await self.send_all(live, live.table.flush(now_ms()))
            if deadline is None or deadline > now:
                continue
            async with live.lock:
                now = now_ms()
                with contextlib.suppress(StorageError):  # tried again on the next sweep
                    await self._commit(live, live.table.tick(now), now)
                    await self._robots(live, now)
        for table_id, live in list(self.live.items()):
            if live.table.over and not any(live.connections.values()):
                del self.live[table_id]  # reloaded from the store when asked for

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("sweep failed")
            await asyncio.sleep(SWEEP_SECONDS)


def started_at_of(log: list[LogEntry], last: LogEntry) -> int:
    """When the game started: the `now` of the first start action (else of the first entry)."""
    for entry in log:
        if entry.kind == "act" and entry.action is not None and (
            entry.action.get("type") == "start"
        ):
            return entry.now
    return log[0].now if log else last.now

"""Live tables in this process: who is connected, one lock per table, the sweeper.

Every step is persisted before it is committed and sent, so what a client saw
acknowledged survives a crash. After a restart the unfinished tables sleep (`dormant`):
only their next deadlines are read, and a table is rebuilt from its log when first asked
for or when its deadline is due, so the server listens at once however many are stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import secrets
from collections.abc import Callable, Collection, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from klubovna.core import Game, IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.cluster.node import CLOSE_MOVED, Moved, Node, new_key, wall_ms
from klubovna.server.logs import table_id as table_in_log
from klubovna.server.metrics import UNMETERED, Metrics
from klubovna.server.realtime.wire import Encoder, dumps
from klubovna.server.storage.logwriter import LogWriter
from klubovna.server.storage.store import NO_DEADLINE, Append, Recording, Store, StoredTable
from klubovna.tables import Lobby, LogEntry, ProtocolError, Step, Table, hash_key
from klubovna.tables.pipeline import (
    INTERNAL,
    INTERNAL_MESSAGE,
    MakeStep,
    robot_steps,
    steps,
)
from klubovna.tables.pipeline import InternalError as InternalError  # (the server's name)
from klubovna.tables.pipeline import internal_error as internal_error
from klubovna.tables.registry import get_game
from klubovna.tables.table import Message, Outbox, left_game

log = logging.getLogger("klubovna.hub")
SWEEP_SECONDS = 0.1
FULL_SWEEP_EVERY = 10
"""A sweep looks only at the tables noted due or stale since the last (`Hub._note`); every
tenth (once a second) looks at every live table: it drops the finished ones nobody watches,
and would settle a deadline that a change failed to note. (Looking at all 380 tables of a
loaded server ten times a second cost 1.1 ms a sweep, a tenth of its draws' CPU beyond a
bare broadcast: bench/realtime.py.)"""
FAILED_PAUSE_MS = 5000
"""A table whose sweep raised is left alone this long (logged once, not ten times a second)."""


class Connection(Protocol):
    async def send_text(self, data: str) -> None: ...

    def send_now(self, data: str) -> bool:
        """Write `data` at once if that needs no waiting (True); False: nothing written, the
        caller awaits send_text. Never raises."""
        ...

    async def close(self, code: int = 1000) -> None: ...


CLOSE_LEFT = 4403
"""A table socket of a seat that has left the game is closed with this code."""


@dataclass
class LiveTable:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: dict[int, set[Connection]] = field(default_factory=dict)
    encoder: Encoder = field(default_factory=Encoder)
    """The last fan-out's encoder: its texts of unchanged view parts are used again."""
    paused_until: int = 0
    """The sweeper skips the table until then (server ms): its last sweep raised."""
    noted: int | None = None
    """The deadline last put on the hub's timers for it (None: none is on them)."""
    robots_due: bool = False
    """Its computer players may have a move nobody has asked for yet (a table rebuilt after
    a restart in the middle of their turn): the next sweep runs them."""
    watchers: set[Connection] = field(default_factory=set)
    """The sockets of those who watch: each step sends them the view of no seat."""


class StorageError(Exception):
    """The database refused a write; nothing was committed."""


class Hub:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = LogWriter(store)
        self.metrics: Metrics = UNMETERED
        """The app's metrics (set by the app; the writer's too)."""
        self.live: dict[str, LiveTable] = {}
        self.dormant: dict[str, int | None] = {}
        """Unfinished tables not rebuilt since the start, with their next deadlines (None:
        none); rebuilt by `get` when asked for, or by the sweeper when the deadline is due."""
        self._timers: list[tuple[int, str]] = []
        """The tables' deadlines as noted, dormant and live, soonest first (a heap; an entry
        whose table has moved on is passed over)."""
        self._stale: set[str] = set()
        """Live tables noted with stale seats (their views are sent by the next sweep)."""
        self._sweeps = 0
        self._sweeper: asyncio.Task[None] | None = None
        self.on_over: Callable[[str], Coroutine[Any, Any, None]] | None = None
        """Called (as a task) with a table's id when its game has just ended."""
        self.on_watchers: Callable[[str, int], Coroutine[Any, Any, None]] | None = None
        """Called (as a task) with a table's id and how many watch it, when that changed."""
        self.on_turn: Callable[[str, list[int], list[int]], Coroutine[Any, Any, None]] | None \
            = None
        """Turn-based tables: called (as a task) with a table's id, the seats the game began
        to wait for and those it no longer waits for, when they changed."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.node: Node | None = None
        """Cluster mode: this process's leases (set by the app)."""
        self._robot_turn = asyncio.Lock()
        """Held while a computer player chooses its move, at any table, and for one pass of
        the loop after (see _run): the waiting ones are served in turn, one a pass."""

    # --- life cycle -------------------------------------------------------
    async def start(self) -> None:
        """Note every unfinished table's next deadline (one query, no log is read), then
        start the sweeper. No table is rebuilt here: see `get` and `sweep`. In cluster mode
        the node takes over the due tables nobody owns instead (`orphans`)."""
        if self.node is None:
            self.dormant = dict(await run_in_threadpool(self.store.dormant))
        self._timers.extend((deadline, table_id) for table_id, deadline in self.dormant.items()
                            if deadline is not None)
        heapq.heapify(self._timers)
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
        self, game: Game[Any], config: Mapping[str, Any], seed: int | None = None,
        recording: Recording | None = None,
    ) -> tuple[str, str]:
        """A new one-seat table; returns (table id, seat access key). Raises IllegalAction,
        and store.AlreadyPlayed for a used daily attempt."""
        key = secrets.token_urlsafe(32)  # 256 bits; only its hash is stored
        live = await self.create_table(game, config, [hash_key(key)], seed, recording)
        return live.table.id, key

    async def create_table(
        self, game: Game[Any], config: Mapping[str, Any], key_hashes: list[str],
        seed: int | None = None, recording: Recording | None = None, lobby: Lobby | None = None,
    ) -> LiveTable:
        """A new table of `game` (the registered engine, looked up by the caller) with these
        seats, stored (with its lobby, if any) before it exists."""
        table_id = self.new_id()
        seed = secrets.randbits(63) if seed is None else seed
        table = Table(table_id, game, config, seed, key_hashes)
        await run_in_threadpool(
            self.store.create_table, table_id, game.name, table.config, seed,
            table.key_hashes, now_ms(), recording, lobby,
        )
        live = self.live[table_id] = LiveTable(table)
        self._note(live)
        return live

    def new_id(self) -> str:
        """A new table id, one the proxy routes to this process (cluster/ring.py)."""
        return new_key(self.node, lambda: secrets.token_urlsafe(12))

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store (in a worker thread: a long log takes a
        while to replay) when it is not in memory; None when there is no such table."""
        live = self.live.get(table_id)
        if live is None:
            if self.node is not None and await self.node.claim_table(table_id) is not None:
                raise Moved(table_id)
            table = await run_in_threadpool(self._load, table_id)
            if table is None:
                return None
            self.dormant.pop(table_id, None)
            if table_id not in self.live:  # (else another get was first)
                # Rebuilt in the middle of the computer players' turn: they go on by
                # themselves at the next sweep, with nobody's message.
                self.live[table_id] = LiveTable(table, robots_due=table.robots_due())
            live = self.live[table_id]
            self._note(live)
        return live

    def _load(self, table_id: str) -> Table | None:
        stored = self.store.load(table_id)
        return None if stored is None else self._restore(stored)

    def forget(self, table_id: str) -> None:
        """A table nobody will play again (its lobby expired): out of memory, and never
        rebuilt for a deadline."""
        self.live.pop(table_id, None)
        self.dormant.pop(table_id, None)

    async def drop(self, resource: str) -> None:
        """Another process took these tables over: out of memory, their sockets closed."""
        assert self.node is not None
        for table_id, live in list(self.live.items()):
            if self.node.known(table_id) != resource:
                continue
            del self.live[table_id]
            for connections in (*live.connections.values(), live.watchers):
                for connection in list(connections):
                    with contextlib.suppress(Exception):
                        await connection.close(code=CLOSE_MOVED)

    async def orphans(self) -> None:
        """Cluster mode: take over the unfinished tables whose deadline is due and whose
        owner is gone (no live lease), and rebuild them, so their clocks and computer
        players go on with nobody connected (one look at every unfinished table: fine for
        thousands, a query by deadline beyond)."""
        assert self.node is not None
        now = now_ms()
        due = [table_id for table_id, deadline in
               await run_in_threadpool(self.store.dormant)
               if deadline is not None and deadline <= now and table_id not in self.live]
        resources = {table_id: await run_in_threadpool(self.node.resource_of, table_id)
                     for table_id in due}
        free = set(await run_in_threadpool(
            self.node.leases.free, sorted(set(resources.values())), wall_ms()))
        for table_id, resource in resources.items():
            if resource not in free:
                continue
            try:
                await self.get(table_id)
            except Moved:
                continue  # another process was faster
            except Exception:
                log.exception("taking over table %s failed", table_id)

    # --- messages ---------------------------------------------------------
    async def handle(self, live: LiveTable, seat: int, data: Any,
                     sender: Connection | None = None) -> Message | None:
        """Run one client message through the table; persist, commit and fan out. What
        answers the sending connection alone (Step.own) goes to `sender`, when given.

        Returns an error message for the sender when the store failed, the game raised
        something unexpected (`internal`: logged; nothing of a step that failed before it
        was stored is committed) or the seat has left (`left_game`), else None. The socket
        stays open either way.
        """
        seq = data.get("seq") if isinstance(data, dict) else None
        if seat in live.table.closed:  # its connections are out of the fan-out: answer here
            return {"t": "error", "seq": seq, **left_game().to_json()}
        async with live.lock:
            now = now_ms()
            try:
                await self._run(live, now, lambda now: live.table.handle(seat, data, now),
                                sender)
            except StorageError:
                return {"t": "error", "seq": seq, "code": "unavailable",
                        "message": "The game could not be saved; please send the move again."}
            except InternalError:  # (logged by the pipeline)
                return internal_error(seq)
            except Exception:
                log.exception("table %s failed on a message of seat %s", live.table.id, seat)
                return internal_error(seq)
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
            try:
                text = Encoder().message(live.table.welcome(seat, now, since=since))
            except Exception:  # the game's view raised: an answer, not a dropped socket
                log.exception("the view of %s for seat %s failed", live.table.id, seat)
                raise ProtocolError(INTERNAL, INTERNAL_MESSAGE) from None
            live.connections.setdefault(seat, set()).add(connection)
            await connection.send_text(text)

    async def watch(self, live: LiveTable, connection: Connection, since: int | None) -> None:
        """Add one who watches: sent the view of no seat now and after every step."""
        async with live.lock:
            try:
                text = Encoder().message(live.table.watch_message(now_ms(), since))
            except Exception:  # the game's view raised: an answer, not a dropped socket
                log.exception("the watchers' view of %s failed", live.table.id)
                raise ProtocolError(INTERNAL, INTERNAL_MESSAGE) from None
            live.watchers.add(connection)
            await connection.send_text(text)
        self._watchers_changed(live)

    def unwatch(self, live: LiveTable, connection: Connection) -> None:
        if connection in live.watchers:
            live.watchers.discard(connection)
            self._watchers_changed(live)

    def _watchers_changed(self, live: LiveTable) -> None:
        if self.on_watchers is not None:
            self._task(self.on_watchers(live.table.id, len(live.watchers)))

    async def close_watchers(self, live: LiveTable, error: IllegalAction) -> None:
        """Stop everybody watching (the host turned watching off), telling them why."""
        text = dumps({"t": "error", "seq": None, **error.to_json()})
        watchers, live.watchers = live.watchers, set()
        for connection in watchers:
            with contextlib.suppress(Exception):  # already closed: nothing to tell
                await connection.send_text(text)
                await connection.close(code=CLOSE_LEFT)
        if watchers:
            self._watchers_changed(live)

    async def _send_watchers(self, live: LiveTable, now: int) -> None:
        """The step just committed, to those who watch: one text for all."""
        try:
            text = Encoder().message(live.table.watch_message(now, live.table.version - 1))
        except Exception:
            log.exception("the watchers' view of %s failed", live.table.id)
            return
        for connection in list(live.watchers):
            if not connection.send_now(text):
                try:
                    await connection.send_text(text)
                except Exception:  # a closed socket: its reader removes it
                    live.watchers.discard(connection)

    async def act_for(self, live: LiveTable, seat: int, action: dict[str, Any]) -> None:
        """Take an action for a seat (see Table.act_for). Raises IllegalAction (InternalError
        when the game raised anything else), StorageError."""
        await self._host_step(live, lambda now: live.table.act_for(seat, action, now))

    async def leave(
        self, live: LiveTable, seat: int, keep: Collection[Connection] = ()
    ) -> None:
        """A seat leaves the table for good (see Table.leave), stored like a move; its
        connections get no more views, and its table sockets (all but `keep`: the lobby's
        own, which it closes itself) are told and closed. Raises IllegalAction,
        StorageError."""
        await self._host_step(live, lambda now: live.table.leave(seat, now))
        gone = dumps({"t": "error", "seq": None, **left_game().to_json()})
        for connection in live.connections.pop(seat, set()).difference(keep):
            with contextlib.suppress(Exception):  # already closed: nothing to tell
                await connection.send_text(gone)
                await connection.close(code=CLOSE_LEFT)
        if live.table.unattended and not live.table.over:
            await self.abandon(live)

    async def abandon(self, live: LiveTable) -> None:
        """The last person left an unfinished table: it ends at once, as `abandoned` (as a
        lobby that expired: nothing recorded, never rebuilt for a deadline), and its
        computer players never move again (Table.robot_step).
        docs/decisions/0018-abandoned-tables.md, "Nobody left at a table"."""
        table_id = live.table.id
        live.robots_due = False
        self.dormant.pop(table_id, None)
        try:
            await run_in_threadpool(self.store.abandon_table, table_id)
        except Exception:  # unfinished in the store then, but unattended: nobody moves
            log.exception("abandoning table %s failed", table_id)

    async def _host_step(self, live: LiveTable, make: MakeStep) -> None:
        async with live.lock:
            now = now_ms()
            try:
                await self._run(live, now, make)
            except (IllegalAction, StorageError):
                raise
            except Exception as error:
                log.exception("table %s failed on an action of the server", live.table.id)
                raise InternalError from error

    async def _run(self, live: LiveTable, now: int, first: MakeStep | None = None,
                   sender: Connection | None = None) -> None:
        """The table's step pipeline (klubovna.tables.pipeline): each step is stored, then
        committed and sent, before the next is made. Raises StorageError, IllegalAction
        (InternalError)."""
        live.robots_due = False
        in_log = table_in_log.set(live.table.id)  # (the log lines of the step name it)
        try:
            for step in steps(live.table, now, first, robots=False):
                if step.entry is not None or step.replies:  # (most ticks: nothing is due)
                    await self._commit(live, step, now, sender)
            moves = robot_steps(live.table, now)
            while True:
                # The computer players of all tables take turns: one chooses a move, and
                # holds the turn until the loop has served everybody else once. So no
                # table holds the event loop for more than one move (a room of five "slon"
                # once held it 3.7 s), nor do many tables together (a yield alone let 20
                # rooms make a move each in every pass of the loop: bench/robot_loop.py).
                async with self._robot_turn:
                    move = next(moves, None)
                    await asyncio.sleep(0)
                if move is None:
                    break
                await self._commit(live, move, now)
        except StorageError:
            live.robots_due = live.table.robots_due()  # (the next sweep tries them again)
            raise
        finally:
            table_in_log.reset(in_log)
            self._note(live)

    def _note(self, live: LiveTable) -> None:
        """Note what the sweeper is to do for the table after a change: settle its next
        deadline when due, send its stale seats their views. Every change of a live table
        is a step of `_run` (or its making: create_table, get)."""
        table = live.table
        deadline = table.next_deadline()
        if live.robots_due:
            deadline = now_ms()  # (due at once: see LiveTable.robots_due)
        if deadline is not None and deadline != live.noted:
            live.noted = deadline
            heapq.heappush(self._timers, (deadline, table.id))
        if table.stale:
            self._stale.add(table.id)

    async def _commit(self, live: LiveTable, step: Step, now: int,
                      sender: Connection | None = None) -> None:
        table = live.table
        if step.entry is None:
            if step.own and sender is not None:
                for _, message in table.commit(step, now):
                    with contextlib.suppress(Exception):  # closed: its reader ends
                        await sender.send_text(Encoder().message(message))
                return
            await self.send_all(live, table.commit(step, now))
            return
        was_over = table.over
        deadline, result = table.outcome(step.state)
        late = table.move_deadline_after(step)  # (a turn-based table's person's time)
        if late is not None:
            deadline = late if deadline is None else min(deadline, late)
        # The entry that ends the game also writes the result (if the table records).
        ends = result is not None and not was_over
        started_at = started_at_of(table.log, step.entry) if ends else None
        if table.robots_due(step):
            # A computer player may move next: the row says the table is due at once, so
            # that a restart (Hub.start, store.dormant) or another process (orphans)
            # rebuilds it and its computer players go on by themselves (a game without
            # deadlines, Mathesso, once stopped for good).
            deadline = step.entry.now if deadline is None else min(deadline, step.entry.now)
        try:
            await self.writer.append(Append(
                table.id, step.entry, result if ends else None, started_at,
                NO_DEADLINE if deadline is None else deadline))
        except Exception as error:  # the database said no: commit nothing
            log.exception("storing %s v%s failed", table.id, step.entry.version)
            raise StorageError from error
        if step.entry.kind == "act":
            self.metrics.moves_of(table.game.name).inc()
        waited = set(table.waiting_since)
        await self.send_all(live, table.commit(step, now))
        if live.watchers:
            await self._send_watchers(live, now)
        # Tasks, not calls: the listeners may wait for locks held by our caller.
        if ends and self.on_over is not None:
            self._task(self.on_over(table.id))
        now_waited = set(table.waiting_since)
        if self.on_turn is not None and waited != now_waited:
            self._task(self.on_turn(table.id, sorted(now_waited - waited),
                                    sorted(waited - now_waited)))

    def _task(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def send_all(self, live: LiveTable, outbox: Outbox) -> None:
        """One fan-out: the seats' views share their public part, encoded once."""
        if not outbox:  # (a tick with nothing due) keep the texts of the last fan-out
            return
        encoder = live.encoder = live.encoder.next()
        last: tuple[Message, str] | None = None
        later: list[tuple[int, Connection, str]] = []
        for seat, message in outbox:
            if last is None or last[0] is not message:  # a public update: one text for all
                last = message, encoder.message(message)
            # Most sockets take the text at once: no coroutine, no copy per socket (a group's
            # draw is 50 of them, and this loop was a tenth of a loaded server's CPU).
            for connection in live.connections.get(seat, ()):
                if not connection.send_now(last[1]):
                    later.append((seat, connection, last[1]))
        for seat, connection, text in later:
            await self._send_to(live, seat, connection, text)

    async def send(
        self, live: LiveTable, seat: int, message: Message, encoder: Encoder | None = None
    ) -> None:
        await self.send_text(live, seat, (encoder or Encoder()).message(message))

    async def send_text(self, live: LiveTable, seat: int, text: str) -> None:
        for connection in list(live.connections.get(seat, ())):
            await self._send_to(live, seat, connection, text)

    @staticmethod
    async def _send_to(live: LiveTable, seat: int, connection: Connection, text: str) -> None:
        try:
            await connection.send_text(text)
        except Exception:  # a closed socket: its reader removes it
            live.connections.get(seat, set()).discard(connection)

    # --- deadlines --------------------------------------------------------
    async def sweep(self, full: bool = False) -> None:
        """Settle every deadline that is due on the server clock and send the stale seats
        their views: first the dormant tables whose deadline is due are rebuilt, then the
        live tables noted due or stale are swept (`full`: every live table, and the
        finished ones nobody watches are dropped). Each table on its own: one that raises
        is logged and left alone for FAILED_PAUSE_MS, the others are swept on time."""
        now = now_ms()
        noted, self._stale = self._stale, set()
        while self._timers and self._timers[0][0] <= now:
            noted.add(heapq.heappop(self._timers)[1])
        for table_id in [each for each in noted if each in self.dormant]:
            try:
                await self.get(table_id)
            except Exception:  # rebuilt when next asked for; the others go on
                log.exception("restoring table %s failed", table_id)
        sweeping = list(self.live.values()) if full else [
            live for table_id in noted if (live := self.live.get(table_id))]
        for live in sweeping:
            if live.paused_until > now:
                heapq.heappush(self._timers, (live.paused_until, live.table.id))
                continue
            try:
                deadline = live.table.next_deadline()
                due = live.robots_due or (deadline is not None and deadline <= now)
                if live.table.stale or due:
                    live.noted = None  # (_run notes the deadline again, settled or not)
                    await self._sweep_table(live, due)
            except Exception:
                log.exception("sweeping table %s failed", live.table.id)
                live.paused_until = now + FAILED_PAUSE_MS
                heapq.heappush(self._timers, (live.paused_until, live.table.id))
        if full:
            for table_id, live in list(self.live.items()):
                done = live.table.over or live.table.unattended
                if done and not any(live.connections.values()):
                    del self.live[table_id]  # reloaded from the store when asked for

    async def settle(self, table_id: str) -> None:
        """Settle the table's deadline now if it is due on the server clock, as the next
        sweep would: a sleeping table is rebuilt only when its noted deadline is due."""
        if table_id not in self.live:
            noted = self.dormant.get(table_id)
            if noted is None or noted > now_ms():
                return  # (nothing due: a finished table is not replayed for nothing)
        live = await self.get(table_id)
        if live is None:
            return
        deadline = live.table.next_deadline()
        if deadline is not None and deadline <= now_ms():
            await self._sweep_table(live, True)

    async def _sweep_table(self, live: LiveTable, due: bool) -> None:
        """Send the stale seats their views; then settle the deadline if it is `due`."""
        if live.table.stale:
            async with live.lock:
                await self.send_all(live, live.table.flush(now_ms()))
        if not due:
            return
        async with live.lock:
            with contextlib.suppress(StorageError):  # noted again: tried on the next sweep
                await self._run(live, now_ms())

    async def _sweep_forever(self) -> None:
        while True:
            self._sweeps += 1
            try:
                await self.sweep(full=self._sweeps % FULL_SWEEP_EVERY == 0)
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

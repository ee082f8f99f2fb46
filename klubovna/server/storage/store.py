"""Reading and writing tables, their logs, profiles and results in the database.

Synchronous SQLAlchemy; the hub and the API call it from a worker thread (but for
`append_now`, SQLite's move path that never waits). Each write is one transaction,
committed before the caller acknowledges anything. Write transactions begin with a write,
so SQLite takes its lock first and never fails a stale read.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import (
    Connection,
    Engine,
    Text,
    case,
    cast,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from klubovna.server.storage import ratings, results
from klubovna.server.storage.db import (
    JOURNAL_SIZE_LIMIT,
    DailyAttemptRow,
    DeviceRow,
    LobbyRow,
    LogRow,
    PasskeyRow,
    ProfileRow,
    RatingRow,
    ResultRow,
    SeatRow,
    TableRow,
)
from klubovna.server.storage.devices import Devices
from klubovna.server.storage.friends import Friends
from klubovna.server.storage.leases import Leases, lobby_resource, table_resource
from klubovna.server.storage.push import Push
from klubovna.server.storage.reports import Reports
from klubovna.tables import Lobby, LogEntry


class Fence(Protocol):
    """Several processes (klubovna/server/cluster/node.py): the leases this process writes under.
    Every write of a table's log or a lobby checks the lease's token in its transaction."""

    leases: Leases

    def resource_of(self, table_id: str) -> str: ...

    def token_of(self, resource: str) -> int: ...

    def created(self, resource: str, table_id: str | None = None) -> tuple[int, int]:
        """A new table or lobby is stored by this process: note it (with the table of a
        lobby) and give the lease's (now, length) in ms."""
        ...


class AlreadyPlayed(Exception):
    """The profile has already used this day's daily attempt; nothing was written."""


class NicknameTaken(Exception):
    """Another profile has this nickname (ignoring case); nothing was written."""


@dataclass(frozen=True)
class Recording:
    """Who a new table records for: kind, profile (None: nobody), the daily day.

    `daily_attempt`: the table is the profile's one attempt of `daily_date`."""

    kind: str = "solo"
    profile_id: str | None = None
    daily_date: str | None = None
    daily_attempt: bool = False


NO_DEADLINE = 0
"""A log row's `deadline` when the table has none after it (NULL: not noted)."""


@dataclass(frozen=True)
class Append:
    """One confirmed log entry to store; `result` when the entry ended the game; `deadline`:
    the table's next deadline after it, NO_DEADLINE for none (Hub.start reads it back instead
    of the whole log); None: not known, and a restart then rebuilds the table soon."""

    table_id: str
    entry: LogEntry
    result: dict[str, Any] | None = None
    started_at: int | None = None
    deadline: int | None = None


@dataclass(frozen=True)
class StoredTable:
    """Everything needed to rebuild a Table."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    key_hashes: list[str]
    entries: list[LogEntry]


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._insert_log = insert(LogRow)
        columns = [column.name for column in LogRow.__table__.columns]
        self._columns = columns
        self._sqlite_insert_log = (
            f"INSERT INTO {LogRow.__tablename__} ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' * len(columns))})"
            if engine.dialect.name == "sqlite" else None
        )
        database = engine.url.database if engine.dialect.name == "sqlite" else None
        self._now_path = database if database and database != ":memory:" else None
        self._now: sqlite3.Connection | None = None
        self._now_lock = threading.Lock()
        self.checkpoints = engine.dialect.name == "sqlite"
        """Whether `checkpoint` means anything (SQLite's write-ahead log)."""
        self.fence: Fence | None = None
        """Set in cluster mode: writes check this process's leases."""
        self.devices = Devices(engine)
        self.friends = Friends(engine)
        self.push = Push(engine)
        self.reports = Reports(engine)

    def _fenced(self, connection: Connection, table_ids: Sequence[str] = (),
                codes: Sequence[str] = ()) -> None:
        """Raise LeaseLost (in the transaction, before it writes) unless this process holds
        the leases of these tables and lobbies."""
        fence = self.fence
        if fence is None:
            return
        resources = {fence.resource_of(t) for t in table_ids} | {lobby_resource(c) for c in codes}
        for resource in sorted(resources):  # one order: no two writers deadlock
            Leases.check(connection, resource, fence.token_of(resource))

    def create_table(
        self, table_id: str, game: str, config: dict[str, Any], seed: int,
        key_hashes: list[str], created_at: int, recording: Recording | None = None,
        lobby: Lobby | None = None,
    ) -> None:
        """Store a new table; with `recording.daily_attempt` also the day's attempt, in the
        same transaction: raises AlreadyPlayed (and stores nothing) when it is used.
        With `lobby` (a duel or group that starts) the lobby is saved with it, and each
        seat records for its member's profile."""
        recording = recording or Recording()
        profiles = [m.profile for m in lobby.members] if lobby else []
        profiles += [None] * (len(key_hashes) - len(profiles))  # computer players: nobody
        try:
            with Session(self.engine) as session, session.begin():
                session.add(TableRow(
                    id=table_id, game=game, config=config, seed=seed,
                    created_at=created_at, status="active", kind=recording.kind,
                    profile_id=recording.profile_id, daily_date=recording.daily_date,
                ))
                session.flush()  # the table row first: seats refer to it
                if self.fence is not None:
                    if lobby is not None:
                        self._fenced(session.connection(), codes=[lobby.code])
                        self.fence.created(lobby_resource(lobby.code), table_id)
                    else:
                        now, ttl = self.fence.created(table_resource(table_id), table_id)
                        self.fence.leases.create(session.connection(),
                                                 table_resource(table_id), now, ttl)
                for seat, key_hash in enumerate(key_hashes):
                    session.add(SeatRow(table_id=table_id, seat=seat, key_hash=key_hash,
                                        profile_id=profiles[seat]))
                if lobby is not None:
                    self._save_lobby(session, lobby, table_id)
                if recording.daily_attempt:
                    assert recording.profile_id is not None and recording.daily_date is not None
                    session.add(DailyAttemptRow(
                        profile_id=recording.profile_id, day=recording.daily_date,
                        table_id=table_id,
                    ))
        except IntegrityError:
            if recording.daily_attempt and self.daily_attempt(
                recording.profile_id or "", recording.daily_date or ""
            ) is not None:
                raise AlreadyPlayed from None
            raise

    def append(
        self, table_id: str, entry: LogEntry, result: dict[str, Any] | None,
        started_at: int | None = None,
    ) -> None:
        """Store one confirmed log entry (and the result, when it ended the game)."""
        self.append_all([Append(table_id, entry, result, started_at)])

    def append_all(self, appends: Sequence[Append]) -> None:
        """Store confirmed log entries, all in one transaction (the log writer's batch).

        For an entry that ends its game (`result`), the table is marked over and, when it
        records for a profile, the result row written in the same transaction (started at
        `started_at`, finished at the entry's `now`)."""
        rows = self._log_rows(appends)
        if all(each.result is None for each in appends):
            # Once per move: a plain insert, without an ORM session's cost.
            if self._sqlite_insert_log is not None and self.fence is None:
                self._append_sqlite(rows)
                return
            with self.engine.begin() as connection:
                self._fenced(connection, [each.table_id for each in appends])
                connection.execute(self._insert_log, rows[0] if len(rows) == 1 else rows)
            return
        with Session(self.engine) as session, session.begin():
            self._fenced(session.connection(), [each.table_id for each in appends])
            session.execute(self._insert_log, rows)
            for each in appends:
                if each.result is None:
                    continue
                ended = session.execute(
                    update(TableRow)
                    .where(TableRow.id == each.table_id, TableRow.status == "active")
                    .values(status="over", result=each.result)
                )
                if ended.rowcount == 1:  # type: ignore[attr-defined]
                    started = each.entry.now if each.started_at is None else each.started_at
                    results.record(session, each.table_id, each.result, started, each.entry.now)

    def _append_sqlite(self, rows: list[dict[str, Any]]) -> None:
        """The move path on SQLite, through the driver itself: 30 µs of CPU an entry against
        SQLAlchemy's 80 (measured), and a group server writes every draw and placement.
        The action is stored as SQLAlchemy's JSON type stores it (None as JSON null)."""
        connection = self.engine.raw_connection()
        try:
            connection.cursor().executemany(self._sqlite_insert_log, self._log_values(rows))
            connection.commit()
        except BaseException:
            connection.rollback()
            raise
        finally:
            connection.close()

    def append_now(self, appends: Sequence[Append]) -> bool:
        """Store plain log entries (no result) at once, if that needs no waiting: on a SQLite
        file whose write lock is free. True: stored; False: nothing was done (PostgreSQL,
        another transaction holds the lock), so the caller queues them for the log writer's
        thread. Raises what SQLite raises for a bad entry (nothing of it stored).

        Called on the event loop: an insert into SQLite's write-ahead log is a write into the
        file system's cache, 15-30 µs, cheaper than handing it to a thread and back (the two
        threads' hand-overs of the interpreter lock cost the loop more: bench/realtime.py).
        Its connection never checkpoints (a checkpoint syncs the disk): `checkpoint` does,
        on the log writer's thread."""
        if (self._now_path is None or any(each.result is not None for each in appends)
                or not self._now_lock.acquire(blocking=False)):
            return False
        try:
            connection = self._now or self._open_now()
            try:
                connection.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:  # busy: another writer holds the database
                return False
            assert self._sqlite_insert_log is not None
            try:
                connection.executemany(self._sqlite_insert_log,
                                       self._log_values(self._log_rows(appends)))
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            return True
        finally:
            self._now_lock.release()

    def _open_now(self) -> sqlite3.Connection:
        assert self._now_path is not None
        # timeout=0: a busy database answers at once (append_now then returns False).
        connection = sqlite3.connect(self._now_path, timeout=0, isolation_level=None,
                                     check_same_thread=False)
        for pragma in ("synchronous=NORMAL", "foreign_keys=ON", "wal_autocheckpoint=0",
                       f"journal_size_limit={JOURNAL_SIZE_LIMIT}"):
            connection.execute(f"PRAGMA {pragma}")
        self._now = connection
        return connection

    def checkpoint(self) -> bool:
        """Copy the write-ahead log into the database file and start it afresh (the log
        writer's thread does this for `append_now`'s connection): first while writers go on
        (PASSIVE), then the rest while they wait (RESTART; append_now meanwhile hands its
        entries to the writer's thread). SQLite then writes the log from its start again and
        cuts the file to JOURNAL_SIZE_LIMIT. True when it did; False when a reader still
        needed the log (it is then only copied as far as it could be)."""
        if not self.checkpoints:
            return True
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
            busy, _, _ = cursor.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
            return not busy
        finally:
            connection.close()

    def close_now(self) -> None:
        """Close `append_now`'s connection (opened again when needed)."""
        with self._now_lock:
            if self._now is not None:
                self._now.close()
                self._now = None

    @staticmethod
    def _log_rows(appends: Sequence[Append]) -> list[dict[str, Any]]:
        return [{"table_id": each.table_id, **each.entry.to_json(), "deadline": each.deadline}
                for each in appends]

    def _log_values(self, rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [tuple(json.dumps(row[name]) if name == "action" else row[name]
                      for name in self._columns) for row in rows]

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            return None if row is None else self._stored(session, row)

    def dormant(self) -> list[tuple[str, int | None]]:
        """Every unfinished table's id and next deadline (None: none), from its last log
        row alone: one index look-up per table, no log is read. A table whose last row
        predates the deadlines (NULL) comes with 0, due at once: it is rebuilt soon and its
        deadline known. A table without rows has none (no game's new state has one)."""
        of_table = LogRow.table_id == TableRow.id
        last = (select(LogRow.deadline).where(of_table).order_by(LogRow.version.desc())
                .limit(1).correlate(TableRow).scalar_subquery())
        logged = select(LogRow.version).where(of_table).correlate(TableRow).exists()
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, last, logged).where(TableRow.status == "active")
            ).all()
        out: list[tuple[str, int | None]] = []
        for table_id, deadline, any_rows in rows:
            if not any_rows or deadline == NO_DEADLINE:
                out.append((table_id, None))
            else:
                out.append((table_id, 0 if deadline is None else deadline))
        return out

    @staticmethod
    def _stored(session: Session, row: TableRow) -> StoredTable:
        seats = session.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
        ).all()
        logs = session.scalars(
            select(LogRow).where(LogRow.table_id == row.id).order_by(LogRow.version)
        ).all()
        entries = [
            LogEntry(version=log.version, kind=log.kind, now=log.now,  # type: ignore[arg-type]
                     seat=log.seat, seq=log.seq, action=log.action)
            for log in logs
        ]
        return StoredTable(
            id=row.id, game=row.game, config=row.config, seed=row.seed,
            key_hashes=[seat.key_hash for seat in seats], entries=entries,
        )

    def abandon_table(self, table_id: str) -> None:
        """A game nobody will finish (its lobby expired): not loaded again, nothing recorded."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(TableRow).where(TableRow.id == table_id,
                                                   TableRow.status == "active")
                            .values(status="abandoned"))

    # --- lobbies ------------------------------------------------------------
    def create_lobby(self, lobby: Lobby, game: str) -> bool:
        """Store a new lobby; False (nothing stored) when its code is taken."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(LobbyRow(code=lobby.code, game=game, state=lobby.to_json(),
                                     status=lobby.status, last_activity=lobby.last_activity,
                                     listed=lobby.listed))
                if self.fence is not None:
                    session.flush()  # (a taken code fails here, before any lease)
                    resource = lobby_resource(lobby.code)
                    now, ttl = self.fence.created(resource)
                    self.fence.leases.create(session.connection(), resource, now, ttl)
        except IntegrityError:
            return False
        return True

    def save_lobby(self, lobby: Lobby) -> None:
        with Session(self.engine) as session, session.begin():
            self._fenced(session.connection(), codes=[lobby.code])
            self._save_lobby(session, lobby, None)

    @staticmethod
    def _save_lobby(session: Session, lobby: Lobby, table_id: str | None) -> None:
        values: dict[str, Any] = {"state": lobby.to_json(), "status": lobby.status,
                                  "last_activity": lobby.last_activity}
        if table_id is not None:
            values["table_id"] = table_id
        session.execute(update(LobbyRow).where(LobbyRow.code == lobby.code).values(**values))

    def load_lobby(self, code: str) -> tuple[Lobby, str, str | None] | None:
        """(lobby, game, table id or None) for a code."""
        with Session(self.engine) as session:
            row = session.get(LobbyRow, code)
            if row is None:
                return None
            return Lobby.from_json(row.state, row.game), row.game, row.table_id

    def waiting_lobbies(
        self, now: int, idle: Mapping[str, int], *, profile: str | None = None,
    ) -> tuple[int, int | None]:
        """How many lobbies wait for their start and have not expired, and when the first
        of them expires unless something happens in it (server ms; None: there is none):
        every such lobby, or only those whose host (seat 0) is `profile`. `idle` is each
        game's longest idle time (its rooms' RoomPolicy.idle_ms); lobbies of other games
        are not counted."""
        if not idle:
            return 0, None
        until = self._until(idle)
        query = select(func.count(), func.min(until)).where(*self._waiting(now, idle))
        if profile is not None:
            query = query.where(
                LobbyRow.state["members"][0]["profile"].as_string() == profile)
        with Session(self.engine) as session:
            count, first = session.execute(query).one()
        return int(count), None if first is None else int(first)

    def waiting_of(
        self, codes: Sequence[str], now: int, idle: Mapping[str, int]
    ) -> dict[str, int]:
        """The lobbies of `codes` that wait as `waiting_lobbies` counts them, each with the
        time it expires unless something happens in it."""
        if not idle or not codes:
            return {}
        query = select(LobbyRow.code, self._until(idle)).where(
            *self._waiting(now, idle), LobbyRow.code.in_(list(codes)))
        with Session(self.engine) as session:
            return {code: int(until) for code, until in session.execute(query)}

    @staticmethod
    def _until(idle: Mapping[str, int]) -> Any:
        """When a lobby expires (server ms) unless something happens in it."""
        return LobbyRow.last_activity + case(dict(idle), value=LobbyRow.game, else_=0)

    @classmethod
    def _waiting(cls, now: int, idle: Mapping[str, int]) -> tuple[Any, ...]:
        return (LobbyRow.status == "waiting", LobbyRow.game.in_(list(idle)),
                cls._until(idle) > now)

    def open_lobbies(
        self, game: str | None, now: int, idle: Mapping[str, int], status: str = "waiting",
        limit: int = 100,
    ) -> list[tuple[Lobby, str | None]]:
        """Public rooms (of `game`, or of every game) that wait for players (or play, for
        `status` "playing"), not expired, the newest first: (lobby, table id)."""
        if not idle:
            return []
        games = [game] if game is not None else list(idle)
        query = (select(LobbyRow.state, LobbyRow.game, LobbyRow.table_id)
                 .where(LobbyRow.listed.is_(True), LobbyRow.status == status,
                        LobbyRow.game.in_(games), self._until(idle) > now)
                 .order_by(LobbyRow.last_activity.desc()).limit(limit))
        with Session(self.engine) as session:
            return [(Lobby.from_json(state, name), table_id)
                    for state, name, table_id in session.execute(query)]

    def rooms_of(self, profile: str) -> list[tuple[Lobby, str | None, int]]:
        """The rooms not closed (waiting or playing) that `profile` may be a member of, each
        with its table id (None before the start) and how many entries its table's log holds
        (0: none, or no table): rows whose JSON names the profile, read in full; the caller
        checks membership, leaving and expiry (Lobby.expired). No index on members: a scan
        of the open rooms (the status index), fine for thousands (docs/decisions/0162)."""
        last = (select(func.max(LogRow.version)).where(LogRow.table_id == LobbyRow.table_id)
                .correlate(LobbyRow).scalar_subquery())
        needle = json.dumps(profile)  # as the JSON holds it, quotes and all
        query = (select(LobbyRow.state, LobbyRow.game, LobbyRow.table_id, last)
                 .where(LobbyRow.status.in_(("waiting", "playing")),
                        cast(LobbyRow.state, Text).contains(needle, autoescape=True)))
        with Session(self.engine) as session:
            return [(Lobby.from_json(state, name), table_id, int(version or 0))
                    for state, name, table_id, version in session.execute(query)]

    def ratings_of(
        self, pairs: Collection[tuple[str, str]]
    ) -> dict[tuple[str, str], ratings.Rating]:
        """The ratings of these (profile, game) pairs that exist."""
        with Session(self.engine) as session:
            return ratings.of_pairs(session, pairs)

    def ratings_of_table(self, table_id: str) -> dict[int, tuple[int, int]]:
        """Each rated seat of a finished table: (rating after, change)."""
        with Session(self.engine) as session:
            return ratings.of_table(session, table_id)

    def lobby_of_table(self, table_id: str) -> str | None:
        with Session(self.engine) as session:
            return session.scalars(
                select(LobbyRow.code).where(LobbyRow.table_id == table_id)
            ).first()

    # --- profiles -----------------------------------------------------------
    def create_profile(
        self, profile_id: str, nickname: str, folded: str, created_at: int,
        device: tuple[str, str, str],
    ) -> ProfileRow:
        """A new profile with its first device (id, key hash, name); raises NicknameTaken
        when the nickname is in use."""
        row = ProfileRow(
            id=profile_id, nickname=nickname, nickname_folded=folded,
            created_at=created_at, consent=None, stats_since=0, free_chat=False,
        )
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                session.add(row)
                session.flush()  # the profile before the device that refers to it
                Devices.add(session, device[0], profile_id, device[1], device[2], created_at)
        except IntegrityError:
            if self._nickname_used(folded):
                raise NicknameTaken from None
            raise
        return row

    def update_profile(
        self, profile_id: str, nickname: tuple[str, str] | None = None,
        consent: bool | None = None, free_chat: bool | None = None,
    ) -> ProfileRow | None:
        """Rename (nickname, folded) and/or answer the consent question. Withdrawing
        consent also takes the profile's results off the public tables. Raises
        NicknameTaken; None when the profile is gone."""
        values: dict[str, Any] = {}
        if nickname is not None:
            values.update(nickname=nickname[0], nickname_folded=nickname[1])
        if consent is not None:
            values.update(consent=consent)
        if free_chat is not None:
            values.update(free_chat=free_chat)
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                if values:
                    session.execute(
                        update(ProfileRow).where(ProfileRow.id == profile_id).values(**values)
                    )
                if consent is False:
                    session.execute(
                        update(ResultRow).where(ResultRow.profile_id == profile_id)
                        .values(published=False)
                    )
                return session.get(ProfileRow, profile_id)
        except IntegrityError:
            if nickname is not None and self._nickname_used(nickname[1]):
                raise NicknameTaken from None
            raise

    def free_chat(self, profile_id: str) -> bool:
        """Whether the profile chose own words in chats (False when it is gone)."""
        with Session(self.engine) as session:
            return bool(session.scalar(
                select(ProfileRow.free_chat).where(ProfileRow.id == profile_id)))

    def clear_notice(self, profile_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(update(ProfileRow).where(ProfileRow.id == profile_id)
                            .values(notice=None))

    def reset_stats(self, profile_id: str, now: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ProfileRow).where(ProfileRow.id == profile_id).values(stats_since=now)
            )

    def delete_profile(self, profile_id: str) -> None:
        """The profile, its results and daily attempts are gone; its tables record nothing
        any more (a game still running ends unrecorded)."""
        for attempt in range(3):
            try:
                with Session(self.engine) as session, session.begin():
                    # Tables first: a game ending at this moment waits for this row lock
                    # and then finds nobody to record for.
                    session.execute(
                        update(TableRow).where(TableRow.profile_id == profile_id)
                        .values(profile_id=None)
                    )
                    session.execute(
                        update(SeatRow).where(SeatRow.profile_id == profile_id)
                        .values(profile_id=None)
                    )
                    session.execute(delete(ResultRow).where(ResultRow.profile_id == profile_id))
                    session.execute(delete(RatingRow).where(RatingRow.profile_id == profile_id))
                    session.execute(
                        delete(DailyAttemptRow).where(DailyAttemptRow.profile_id == profile_id)
                    )
                    Devices.forget_profile(session, profile_id)
                    Friends.forget_profile(session, profile_id)
                    session.execute(delete(ProfileRow).where(ProfileRow.id == profile_id))
                return
            except IntegrityError:  # a row referring to it was added meanwhile: again
                if attempt == 2:
                    raise

    def statistics(self, profile_id: str, now: int) -> results.Statistics | None:
        with Session(self.engine) as session:
            profile = session.get(ProfileRow, profile_id)
            return None if profile is None else results.profile_statistics(session, profile, now)

    def profile_with_stats(
        self, profile_id: str, now: int
    ) -> tuple[ProfileRow, results.Statistics] | None:
        with Session(self.engine) as session:
            profile = session.get(ProfileRow, profile_id)
            if profile is None:
                return None
            return profile, results.profile_statistics(session, profile, now)

    def export(self, profile_id: str, now: int) -> dict[str, Any] | None:
        """Everything stored about the profile (but its keys' hashes and the decks)."""
        with Session(self.engine) as session:
            profile = session.get(ProfileRow, profile_id)
            if profile is None:
                return None
            rows = session.scalars(
                select(ResultRow).where(ResultRow.profile_id == profile_id)
                .order_by(ResultRow.finished_at)
            ).all()
            attempts = session.scalars(
                select(DailyAttemptRow).where(DailyAttemptRow.profile_id == profile_id)
                .order_by(DailyAttemptRow.day)
            ).all()
            tables = session.scalars(
                select(TableRow).where(TableRow.profile_id == profile_id)
                .order_by(TableRow.created_at)
            ).all()
            return {
                "profile": {
                    "id": profile.id, "nickname": profile.nickname,
                    "consent": profile.consent, "created_at": profile.created_at,
                    "stats_since": profile.stats_since,
                },
                "stats": results.profile_statistics(session, profile, now),
                "results": [results.result_json(row) for row in rows],
                "daily_attempts": [
                    {"day": a.day, "table": a.table_id} for a in attempts
                ],
                "devices": [
                    {"id": d.id, "name": d.name, "created_at": d.created_at,
                     "last_seen": d.last_seen}
                    for d in session.scalars(select(DeviceRow).where(
                        DeviceRow.profile_id == profile_id).order_by(DeviceRow.created_at))
                ],
                "passkeys": [
                    {"name": p.name, "created_at": p.created_at, "last_used": p.last_used}
                    for p in session.scalars(select(PasskeyRow).where(
                        PasskeyRow.profile_id == profile_id).order_by(PasskeyRow.created_at))
                ],
                **self._people(profile_id),
                "tables": [
                    {"id": t.id, "game": t.game, "kind": t.kind, "config": t.config,
                     "created_at": t.created_at, "status": t.status, "result": t.result,
                     "daily_date": t.daily_date}
                    for t in tables
                ],
            }

    def _people(self, profile_id: str) -> dict[str, Any]:
        """The export's friends, requests both ways and blocks, by nickname."""
        lists = self.friends.lists(profile_id)
        return {
            "friends": [p.nickname for p in lists.friends],
            "friend_requests": {"incoming": [p.nickname for p in lists.incoming],
                                "outgoing": [p.nickname for p in lists.outgoing]},
            "blocks": [p.nickname for p in self.friends.blocks(profile_id)],
        }

    def daily_attempt(self, profile_id: str, day: str) -> tuple[str, bool] | None:
        """(table id, over?) of the profile's daily attempt of `day`, or None."""
        with Session(self.engine) as session:
            attempt = session.get(DailyAttemptRow, (profile_id, day))
            if attempt is None:
                return None
            table = session.get(TableRow, attempt.table_id)
            return attempt.table_id, table is not None and table.status == "over"

    def _nickname_used(self, folded: str) -> bool:
        with Session(self.engine) as session:
            return session.scalars(
                select(ProfileRow.id).where(ProfileRow.nickname_folded == folded)
            ).first() is not None

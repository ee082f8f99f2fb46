"""Reading and writing tables and their logs in the database.

Synchronous SQLAlchemy; the hub calls it from a worker thread. Each write is
one transaction, committed before the caller acknowledges anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from klubovna.server.db import LogRow, SeatRow, TableRow
from klubovna.tables import LogEntry


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

    def create_table(
        self, table_id: str, game: str, config: dict[str, Any], seed: int,
        key_hashes: list[str], created_at: int,
    ) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(
                id=table_id, game=game, config=config, seed=seed,
                created_at=created_at, status="active",
            ))
            session.flush()  # the table row first: seats refer to it
            for seat, key_hash in enumerate(key_hashes):
                session.add(SeatRow(table_id=table_id, seat=seat, key_hash=key_hash))

    def append(self, table_id: str, entry: LogEntry, result: dict[str, Any] | None) -> None:
        """Store one confirmed log entry (and the result, when it ended the game)."""
        with Session(self.engine) as session, session.begin():
            session.add(LogRow(table_id=table_id, **entry.to_json()))
            if result is not None:
                session.execute(
                    update(TableRow).where(TableRow.id == table_id)
                    .values(status="over", result=result)
                )

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            return None if row is None else self._stored(session, row)

    def load_active(self) -> list[StoredTable]:
        with Session(self.engine) as session:
            rows = session.scalars(select(TableRow).where(TableRow.status == "active")).all()
            return [self._stored(session, row) for row in rows]

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

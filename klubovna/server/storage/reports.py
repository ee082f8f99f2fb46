"""Reports of chat messages and nicknames, for the moderators (features/chat.py files
them; `klubovna admin` reads them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from klubovna.server.storage.db import ReportRow


class Reports:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, now: int, room: str, game: str, by_profile: str | None, by_nickname: str,
            profile_id: str | None, nickname: str, message: dict[str, Any] | None,
            context: list[dict[str, Any]], reason: str) -> int:
        row = ReportRow(created_at=now, room=room, game=game, by_profile=by_profile,
                        by_nickname=by_nickname, profile_id=profile_id, nickname=nickname,
                        message=message, context=context, reason=reason, status="open")
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)
        return row.id

    def listed(self, status: str | None = "open") -> Sequence[ReportRow]:
        """Reports, oldest first; `status` None: all."""
        query = select(ReportRow).order_by(ReportRow.created_at, ReportRow.id)
        if status is not None:
            query = query.where(ReportRow.status == status)
        with Session(self.engine) as session:
            return session.scalars(query).all()

    def close(self, report_id: int) -> bool:
        with Session(self.engine) as session, session.begin():
            done = session.execute(update(ReportRow).where(ReportRow.id == report_id)
                                   .values(status="done"))
            return bool(done.rowcount)  # type: ignore[attr-defined]

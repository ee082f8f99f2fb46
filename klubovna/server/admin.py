"""Moderation (`klubovna admin`, docs/operations.md "Moderation"): reports with their context,
hiding a nickname from every public board, barring a profile from online play for a time,
closing a room. Every action is written to the audit log in the transaction that does it.

Hiding renames the profile to the first free "Hráč N" (boards show a profile's current
nickname) and leaves the person a notice saying why, shown in their app until read. A bar
refuses the profile's new rooms, joins and challenges until it ends. Closing a room runs in
the server process that holds the room: the command asks the server over HTTP, with a token
derived from the server secret (`admin_token`), and the several-process set-up relays the
request to the room's owner like any other request about that room.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from klubovna.server.clock import now_ms
from klubovna.server.features import nicknames
from klubovna.server.storage.db import AuditRow, ProfileRow, ReportRow

PLACEHOLDER = "Hráč"
DAY_MS = 24 * 3600_000


class NotFound(LookupError):
    """No profile (or report) answers to what was named."""


def admin_token(secret: bytes) -> str:
    """The moderators' bearer token: only who can read the server secret can make it."""
    return hmac.new(secret, b"admin", hashlib.sha256).hexdigest()


def _audit(session: Session, action: str, target: str, reason: str,
           detail: dict[str, Any]) -> None:
    session.add(AuditRow(at=now_ms(), action=action, target=target, reason=reason,
                         detail=detail))


def audit(engine: Engine, action: str, target: str, reason: str,
          detail: dict[str, Any]) -> None:
    with Session(engine) as session, session.begin():
        _audit(session, action, target, reason, detail)


def _profile(session: Session, nickname: str) -> ProfileRow:
    try:
        folded = nicknames.key(nicknames.enforce(nickname))
    except nicknames.BadNickname:
        raise NotFound(f"no profile is called {nickname!r}") from None
    row = session.scalar(select(ProfileRow).where(ProfileRow.nickname_folded == folded))
    if row is None:
        raise NotFound(f"no profile is called {nickname!r}")
    return row


def hide_nickname(engine: Engine, nickname: str, reason: str) -> str:
    """Rename the profile to the first free "Hráč N" and tell the person why: the new name."""
    with Session(engine) as session, session.begin():
        row = _profile(session, nickname)
        number = 1
        while session.scalar(select(ProfileRow.id).where(
                ProfileRow.nickname_folded == nicknames.key(f"{PLACEHOLDER} {number}"))):
            number += 1
        new = f"{PLACEHOLDER} {number}"
        old = row.nickname
        row.nickname, row.nickname_folded = new, nicknames.key(new)
        row.notice = f"hidden:{reason}"[:300]
        _audit(session, "hide_nickname", row.id, reason, {"old": old, "new": new})
        return new


def bar(engine: Engine, nickname: str, days: float, reason: str) -> int:
    """No online play for `days`: when the bar ends (Unix ms)."""
    until = now_ms() + int(days * DAY_MS)
    with Session(engine) as session, session.begin():
        row = _profile(session, nickname)
        row.barred_until, row.bar_reason = until, reason[:300]
        _audit(session, "bar", row.id, reason, {"nickname": row.nickname, "until": until})
    return until


def unbar(engine: Engine, nickname: str, reason: str) -> None:
    with Session(engine) as session, session.begin():
        row = _profile(session, nickname)
        row.barred_until, row.bar_reason = None, None
        _audit(session, "unbar", row.id, reason, {"nickname": row.nickname})


def reports(engine: Engine, every: bool = False) -> Sequence[ReportRow]:
    query = select(ReportRow).order_by(ReportRow.created_at, ReportRow.id)
    if not every:
        query = query.where(ReportRow.status == "open")
    with Session(engine) as session:
        return session.scalars(query).all()


def close_report(engine: Engine, report_id: int, reason: str) -> None:
    with Session(engine) as session, session.begin():
        done = session.execute(update(ReportRow).where(ReportRow.id == report_id)
                               .values(status="done"))
        if not done.rowcount:  # type: ignore[attr-defined]
            raise NotFound(f"no report {report_id}")
        _audit(session, "report_done", str(report_id), reason, {})


def audit_log(engine: Engine, limit: int = 100) -> Sequence[AuditRow]:
    with Session(engine) as session:
        return session.scalars(select(AuditRow).order_by(AuditRow.id.desc()).limit(limit)).all()


def describe_report(row: ReportRow) -> str:
    """A report as the moderator reads it: who, whom, what, and the messages around it."""
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(row.created_at / 1000))
    lines = [f"#{row.id} {when} UTC [{row.status}] room {row.room} ({row.game})",
             f"  {row.by_nickname!r} reports {row.nickname!r}"
             + (f" (profile {row.profile_id})" if row.profile_id else " (a guest)")
             + (f": {row.reason}" if row.reason else "")]
    if row.message is not None:
        lines.append(f"  message: {_said(row.message)}")
    else:
        lines.append("  the nickname")
    for message in row.context:
        mark = ">" if row.message and message.get("id") == row.message.get("id") else " "
        lines.append(f"   {mark} {message.get('nickname')}: {_said(message)}")
    return "\n".join(lines)


def _said(message: dict[str, Any]) -> str:
    if "text" in message:
        return json.dumps(message["text"], ensure_ascii=False)
    return f"[{message.get('phrase') or message.get('emoji')}]"

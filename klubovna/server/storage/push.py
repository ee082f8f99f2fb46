"""Web Push in the database: browsers' subscriptions, the outbox, a profile's quiet hours
(realtime/push.py sends; features/push.py is the HTTP side).

The outbox holds one row per (profile, topic): queued until it is sent, then kept as
"sent" until the person looks (`seen` deletes it), so a topic says one thing at a time.
Every process of a cluster sends from the same outbox; a process takes a row with a
conditional UPDATE (`claim`), so each row is sent by one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlalchemy import Engine, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from klubovna.server.calendar import PRAGUE
from klubovna.server.storage.db import ProfileRow, PushOutboxRow, PushSubscriptionRow

QUIET_DEFAULT = (21 * 60, 8 * 60)
"""Quiet hours unless the person chose others: 21:00 to 8:00 in Prague."""
SUBSCRIPTIONS_PER_PROFILE = 20
"""A profile's newest subscriptions kept (a browser subscribes once; a new one past this
replaces the oldest), so one profile cannot grow the table without end."""
SENT_KEPT_MS = 30 * 24 * 3600 * 1000
"""A sent message nobody looked at stops holding its topic after 30 days."""
SENDING, QUEUED, SENT = "sending", "queued", "sent"


@dataclass(frozen=True)
class Subscription:
    id: int
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class Message:
    id: int
    profile_id: str
    topic: str
    title: str
    body: str
    url: str
    attempts: int
    """Tries so far, this one included."""


def quiet_hours(quiet_from: int | None, quiet_to: int | None) -> tuple[int, int] | None:
    """A profile's quiet hours as minutes of the Prague day; None: none at all."""
    if quiet_from is None or quiet_to is None:
        return QUIET_DEFAULT
    return None if quiet_from == quiet_to else (quiet_from, quiet_to)


def quiet_window(now: int, hours: tuple[int, int] | None) -> tuple[int, int] | None:
    """The quiet hours `now` falls in, as when they began and when they end (Unix ms); None
    when `now` is not quiet. Prague's clock, summer time included; a window may run past
    midnight.

    >>> at = int(datetime(2026, 12, 8, 3, 0, tzinfo=PRAGUE).timestamp() * 1000)
    >>> [datetime.fromtimestamp(ms / 1000, PRAGUE).isoformat()
    ...  for ms in quiet_window(at, QUIET_DEFAULT)]
    ['2026-12-07T21:00:00+01:00', '2026-12-08T08:00:00+01:00']
    """
    if hours is None:
        return None
    start, end = hours
    local = datetime.fromtimestamp(now / 1000, PRAGUE)
    minute, today = local.hour * 60 + local.minute, local.date()
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    began = today if minute >= start else today - timedelta(days=1)
    ends = today if minute < end else today + timedelta(days=1)
    return _prague_ms(began, start), _prague_ms(ends, end)


def _prague_ms(day: date, minute: int) -> int:
    return int(datetime.combine(day, time(minute // 60, minute % 60), PRAGUE).timestamp() * 1000)


def quiet_until(now: int, hours: tuple[int, int] | None) -> int | None:
    """When the quiet hours `now` falls in end (Unix ms); None when `now` is not quiet.

    >>> at = int(datetime(2026, 12, 7, 22, 30, tzinfo=PRAGUE).timestamp() * 1000)
    >>> end = quiet_until(at, QUIET_DEFAULT)
    >>> datetime.fromtimestamp(end / 1000, PRAGUE).isoformat()
    '2026-12-08T08:00:00+01:00'
    >>> quiet_until(at, (8 * 60, 21 * 60)) is None, quiet_until(at, None) is None
    (True, True)
    """
    window = quiet_window(now, hours)
    return None if window is None else window[1]


class Push:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.on_queued: Callable[[], None] | None = None
        """Called after a message is queued: wakes this process's sender."""

    # --- subscriptions ------------------------------------------------------------
    def subscribe(self, profile_id: str, device_id: str, endpoint: str, p256dh: str,
                  auth: str, now: int) -> None:
        """Keep a browser's subscription for the profile; the same endpoint again replaces
        its keys and owner (the browser signed in to another profile since)."""
        for attempt in range(2):  # the same endpoint stored meanwhile: update it
            try:
                with Session(self.engine) as session, session.begin():
                    row = session.scalar(select(PushSubscriptionRow).where(
                        PushSubscriptionRow.endpoint == endpoint))
                    if row is None:
                        session.add(PushSubscriptionRow(
                            profile_id=profile_id, device_id=device_id, endpoint=endpoint,
                            p256dh=p256dh, auth=auth, created_at=now, last_used=None))
                    else:
                        row.profile_id, row.device_id = profile_id, device_id
                        row.p256dh, row.auth, row.created_at = p256dh, auth, now
                    session.flush()
                    kept = select(PushSubscriptionRow.id).where(
                        PushSubscriptionRow.profile_id == profile_id
                    ).order_by(PushSubscriptionRow.created_at.desc(),
                               PushSubscriptionRow.id.desc()
                               ).limit(SUBSCRIPTIONS_PER_PROFILE).subquery()
                    session.execute(delete(PushSubscriptionRow).where(
                        PushSubscriptionRow.profile_id == profile_id,
                        PushSubscriptionRow.id.not_in(select(kept.c.id))))
                return
            except IntegrityError:
                if attempt == 1:
                    raise

    def unsubscribe(self, profile_id: str, endpoint: str) -> bool:
        with Session(self.engine) as session, session.begin():
            gone = session.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.profile_id == profile_id,
                PushSubscriptionRow.endpoint == endpoint))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def subscriptions(self, profile_id: str) -> list[Subscription]:
        with Session(self.engine) as session:
            return [Subscription(row.id, row.endpoint, row.p256dh, row.auth)
                    for row in session.scalars(select(PushSubscriptionRow).where(
                        PushSubscriptionRow.profile_id == profile_id)
                        .order_by(PushSubscriptionRow.id))]

    def gone(self, subscription_id: int) -> None:
        """The push service says the subscription is no more (404, 410)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.id == subscription_id))

    def used(self, subscription_id: int, now: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(update(PushSubscriptionRow).where(
                PushSubscriptionRow.id == subscription_id).values(last_used=now))

    # --- quiet hours --------------------------------------------------------------
    def quiet(self, profile_id: str) -> tuple[int, int] | None:
        with Session(self.engine) as session:
            found = session.execute(select(ProfileRow.quiet_from, ProfileRow.quiet_to).where(
                ProfileRow.id == profile_id)).first()
        return quiet_hours(*found) if found is not None else QUIET_DEFAULT

    def set_quiet(self, profile_id: str, hours: tuple[int, int] | None) -> None:
        """Other quiet hours (None: none); what waited for the old ones is looked at again."""
        start, end = hours if hours is not None and hours[0] != hours[1] else (0, 0)
        with Session(self.engine) as session, session.begin():
            session.execute(update(ProfileRow).where(ProfileRow.id == profile_id)
                            .values(quiet_from=start, quiet_to=end))
            session.execute(update(PushOutboxRow).where(
                PushOutboxRow.profile_id == profile_id, PushOutboxRow.state == QUEUED,
                PushOutboxRow.attempts == 0).values(next_try=PushOutboxRow.not_before))
        if self.on_queued is not None:
            self.on_queued()

    # --- the outbox ---------------------------------------------------------------
    def enqueue(self, profile_id: str, topic: str, title: str, body: str, url: str,
                not_before: int, now: int) -> bool:
        """Queue a message unless the topic has one the person has not looked at: a queued
        one takes the new words (and keeps its time), a sent one holds the topic. Whether
        a row was written."""
        words = {"title": title, "body": body, "url": url}
        try:
            with Session(self.engine) as session, session.begin():
                changed = session.execute(update(PushOutboxRow).where(
                    PushOutboxRow.profile_id == profile_id, PushOutboxRow.topic == topic,
                    PushOutboxRow.state == QUEUED).values(**words)).rowcount  # type: ignore[attr-defined]
                if not changed:
                    held = session.scalar(select(PushOutboxRow.id).where(
                        PushOutboxRow.profile_id == profile_id, PushOutboxRow.topic == topic))
                    if held is not None:
                        return False
                    session.add(PushOutboxRow(
                        profile_id=profile_id, topic=topic, created_at=now,
                        not_before=not_before, attempts=0, next_try=not_before,
                        state=QUEUED, **words))
        except IntegrityError:  # the same topic queued at the same moment: one is enough
            return False
        if self.on_queued is not None:
            self.on_queued()
        return True

    def seen(self, profile_id: str, topic: str) -> None:
        """The person looked: what waits for the topic goes, and the next may come."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PushOutboxRow).where(
                PushOutboxRow.profile_id == profile_id, PushOutboxRow.topic == topic))

    def due(self, now: int, limit: int) -> list[int]:
        """Messages due now, the longest waiting first (and a claim whose process died:
        its lease ran out). Sent messages nobody looked at for long are forgotten."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PushOutboxRow).where(
                PushOutboxRow.state == SENT, PushOutboxRow.next_try < now - SENT_KEPT_MS))
            return list(session.scalars(select(PushOutboxRow.id).where(
                or_(PushOutboxRow.state == QUEUED, PushOutboxRow.state == SENDING),
                PushOutboxRow.next_try <= now,
            ).order_by(PushOutboxRow.next_try, PushOutboxRow.id).limit(limit)))

    def claim(self, message_id: int, now: int, lease_ms: int) -> Message | None:
        """Take a due message for this process to send, for `lease_ms`; None when another
        process took it, the person looked meanwhile, or it waits for the quiet hours'
        end (then moved there, no try counted). The UPDATE's condition decides: one
        process's update matches the row, the others' (after its commit) no more."""
        with Session(self.engine) as session, session.begin():
            found = session.execute(
                select(PushOutboxRow, ProfileRow.quiet_from, ProfileRow.quiet_to)
                .join(ProfileRow, ProfileRow.id == PushOutboxRow.profile_id)
                .where(PushOutboxRow.id == message_id)).first()
            if found is None:
                return None
            row, quiet_from, quiet_to = found
            # Read before the UPDATE below, which refreshes the loaded row.
            message = Message(row.id, row.profile_id, row.topic, row.title, row.body, row.url,
                              row.attempts + 1)
            until = quiet_until(now, quiet_hours(quiet_from, quiet_to))
            due = (PushOutboxRow.id == message_id, PushOutboxRow.next_try <= now,
                   or_(PushOutboxRow.state == QUEUED, PushOutboxRow.state == SENDING))
            if until is not None:
                session.execute(update(PushOutboxRow).where(*due).values(
                    state=QUEUED, next_try=until))
                return None
            taken = session.execute(update(PushOutboxRow).where(*due).values(
                state=SENDING, next_try=now + lease_ms,
                attempts=PushOutboxRow.attempts + 1)).rowcount  # type: ignore[attr-defined]
            return message if taken == 1 else None

    def sent(self, message_id: int, now: int) -> None:
        """Delivered: the row holds its topic until the person looks."""
        self._settle(message_id, state=SENT, next_try=now)

    def later(self, message_id: int, at: int) -> None:
        """Try again at `at` (a back-off)."""
        self._settle(message_id, state=QUEUED, next_try=at)

    def drop(self, message_id: int) -> None:
        """Given up (or nobody to send it to): the topic is free again."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PushOutboxRow).where(
                PushOutboxRow.id == message_id, PushOutboxRow.state == SENDING))

    def _settle(self, message_id: int, **values: object) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(update(PushOutboxRow).where(
                PushOutboxRow.id == message_id, PushOutboxRow.state == SENDING).values(**values))

"""Friends and blocks in the database (features/friends.py says what they are for).

A pair of profiles has at most one friendship row, keyed by the two ids in order: a request
(`accepted_at` None) or a friendship. A block, either way round, forbids the row.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Engine, and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from klubovna.server.storage.db import BlockRow, FriendshipRow, ProfileRow


class Blocked(Exception):
    """One of the two blocked the other: nothing was written."""


@dataclass(frozen=True)
class Person:
    id: str
    nickname: str


@dataclass(frozen=True)
class FriendLists:
    friends: list[Person]
    incoming: list[Person]
    """Requests to this profile, waiting for its answer."""
    outgoing: list[Person]


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _between(a: str, b: str) -> ColumnElement[bool]:
    low, high = _pair(a, b)
    return and_(FriendshipRow.low_id == low, FriendshipRow.high_id == high)


class Friends:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _blocked(self, session: Session, a: str, b: str) -> bool:
        return session.scalar(select(BlockRow.profile_id).where(or_(
            and_(BlockRow.profile_id == a, BlockRow.blocked_id == b),
            and_(BlockRow.profile_id == b, BlockRow.blocked_id == a)))) is not None

    def blocked(self, a: str, b: str) -> bool:
        """Whether either of the two blocked the other."""
        with Session(self.engine) as session:
            return self._blocked(session, a, b)

    def ask(self, me: str, other: str, now: int) -> str:
        """`me` asks `other`: "outgoing" (waiting), or "friends" when `other` had asked
        `me` (this accepts) or they were friends already. Raises Blocked."""
        for attempt in range(2):  # the other side's request written meanwhile: read again
            try:
                with Session(self.engine) as session, session.begin():
                    if self._blocked(session, me, other):
                        raise Blocked
                    row = session.scalar(select(FriendshipRow).where(_between(me, other)))
                    if row is None:
                        low, high = _pair(me, other)
                        session.add(FriendshipRow(low_id=low, high_id=high, asked_by=me,
                                                  created_at=now, accepted_at=None))
                        return "outgoing"
                    if row.accepted_at is None and row.asked_by != me:
                        row.accepted_at = now
                    return "outgoing" if row.accepted_at is None else "friends"
            except IntegrityError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def accept(self, me: str, other: str, now: int) -> bool:
        """Accept `other`'s request to `me`; False when there is none."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(update(FriendshipRow).where(
                _between(me, other), FriendshipRow.asked_by == other,
                FriendshipRow.accepted_at.is_(None)).values(accepted_at=now))
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def remove(self, me: str, other: str) -> bool:
        """Unfriend, decline or take back a request; False when there was nothing."""
        with Session(self.engine) as session, session.begin():
            gone = session.execute(delete(FriendshipRow).where(_between(me, other)))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def lists(self, me: str) -> FriendLists:
        """Friends, incoming and outgoing requests, each by nickname."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(FriendshipRow, ProfileRow.id, ProfileRow.nickname)
                .join(ProfileRow, or_(
                    and_(FriendshipRow.low_id == me, ProfileRow.id == FriendshipRow.high_id),
                    and_(FriendshipRow.high_id == me, ProfileRow.id == FriendshipRow.low_id)))
                .where(or_(FriendshipRow.low_id == me, FriendshipRow.high_id == me))
            ).all()
        friends, incoming, outgoing = [], [], []
        for row, other, nickname in rows:
            person = Person(other, nickname)
            if row.accepted_at is not None:
                friends.append(person)
            elif row.asked_by == me:
                outgoing.append(person)
            else:
                incoming.append(person)
        by_name = lambda person: person.nickname.casefold()  # noqa: E731
        return FriendLists(sorted(friends, key=by_name), sorted(incoming, key=by_name),
                           sorted(outgoing, key=by_name))

    def friend_ids(self, me: str) -> list[str]:
        """The profile's friends (accepted), for presence."""
        with Session(self.engine) as session:
            rows = session.execute(select(FriendshipRow.low_id, FriendshipRow.high_id).where(
                or_(FriendshipRow.low_id == me, FriendshipRow.high_id == me),
                FriendshipRow.accepted_at.is_not(None))).all()
        return [high if low == me else low for low, high in rows]

    def block(self, me: str, other: str, now: int) -> None:
        """Block `other`: their friendship or request goes too."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(FriendshipRow).where(_between(me, other)))
            if session.get(BlockRow, (me, other)) is None:
                session.add(BlockRow(profile_id=me, blocked_id=other, created_at=now))

    def unblock(self, me: str, other: str) -> bool:
        with Session(self.engine) as session, session.begin():
            gone = session.execute(delete(BlockRow).where(
                BlockRow.profile_id == me, BlockRow.blocked_id == other))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def blocks(self, me: str) -> list[Person]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(ProfileRow.id, ProfileRow.nickname)
                .join(BlockRow, BlockRow.blocked_id == ProfileRow.id)
                .where(BlockRow.profile_id == me).order_by(ProfileRow.nickname)).all()
        return [Person(id_, nickname) for id_, nickname in rows]

    def profile_by_key(self, folded: str) -> Person | None:
        """The profile of a nickname's uniqueness key (nicknames.key)."""
        with Session(self.engine) as session:
            row = session.execute(select(ProfileRow.id, ProfileRow.nickname).where(
                ProfileRow.nickname_folded == folded)).first()
        return None if row is None else Person(row[0], row[1])

    def profile_by_id(self, profile_id: str) -> Person | None:
        with Session(self.engine) as session:
            row = session.get(ProfileRow, profile_id)
            return None if row is None else Person(row.id, row.nickname)

    @staticmethod
    def forget_profile(session: Session, profile_id: str) -> None:
        """In the profile's deletion: its friendships, requests and blocks both ways."""
        session.execute(delete(FriendshipRow).where(or_(
            FriendshipRow.low_id == profile_id, FriendshipRow.high_id == profile_id)))
        session.execute(delete(BlockRow).where(or_(
            BlockRow.profile_id == profile_id, BlockRow.blocked_id == profile_id)))

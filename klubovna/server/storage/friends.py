"""Friends and blocks in the database (features/friends.py says what they are for).

A pair of profiles has at most one friendship row, keyed by the two ids in order: a request
(`accepted_at` None) or a friendship. A block, either way round, forbids the row.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Engine, and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from klubovna.server.storage.db import BlockRow, ChallengeRow, FriendshipRow, ProfileRow


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

    def blockers_of(self, profile_id: str) -> set[str]:
        """The profiles that blocked this one (they hear nothing from it)."""
        with Session(self.engine) as session:
            return set(session.scalars(select(BlockRow.profile_id).where(
                BlockRow.blocked_id == profile_id)))

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
        """Block `other`: their friendship, request and challenges go too."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(FriendshipRow).where(_between(me, other)))
            session.execute(delete(ChallengeRow).where(or_(
                and_(ChallengeRow.from_id == me, ChallengeRow.to_id == other),
                and_(ChallengeRow.from_id == other, ChallengeRow.to_id == me))))
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

    def are_friends(self, a: str, b: str) -> bool:
        with Session(self.engine) as session:
            row = session.scalar(select(FriendshipRow).where(_between(a, b)))
            return row is not None and row.accepted_at is not None

    # --- challenges -----------------------------------------------------------------
    def challenge(self, row: ChallengeRow) -> ChallengeRow:
        """Store a new challenge; the same friend's earlier waiting one into the same room
        is replaced."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.execute(delete(ChallengeRow).where(
                ChallengeRow.from_id == row.from_id, ChallengeRow.to_id == row.to_id,
                ChallengeRow.code == row.code, ChallengeRow.status == "waiting"))
            session.add(row)
        return row

    def challenges(self, me: str, now: int) -> list[tuple[ChallengeRow, str, str]]:
        """Waiting challenges from or to `me`: (row, from's nickname, to's nickname)."""
        sender, receiver = ProfileRow.__table__.alias(), ProfileRow.__table__.alias()
        with Session(self.engine) as session:
            rows = session.execute(
                select(ChallengeRow, sender.c.nickname, receiver.c.nickname)
                .join(sender, sender.c.id == ChallengeRow.from_id)
                .join(receiver, receiver.c.id == ChallengeRow.to_id)
                .where(or_(ChallengeRow.from_id == me, ChallengeRow.to_id == me),
                       ChallengeRow.status == "waiting", ChallengeRow.expires_at > now)
                .order_by(ChallengeRow.created_at)).all()
        return [(row, from_name, to_name) for row, from_name, to_name in rows]

    def answer(self, challenge_id: str, who: str, status: str,
               now: int) -> ChallengeRow | None:
        """Mark a waiting, unexpired challenge `status` if `who` may (the one challenged
        accepts or declines, the challenger withdraws); None when it is not such a one."""
        column = ChallengeRow.from_id if status == "withdrawn" else ChallengeRow.to_id
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            done = session.execute(update(ChallengeRow).where(
                ChallengeRow.id == challenge_id, column == who,
                ChallengeRow.status == "waiting", ChallengeRow.expires_at > now,
            ).values(status=status))
            if not done.rowcount:  # type: ignore[attr-defined]
                return None
            return session.get(ChallengeRow, challenge_id)

    def reopen(self, challenge_id: str) -> None:
        """An accepted challenge whose room refused the join waits again (it expires)."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(ChallengeRow).where(ChallengeRow.id == challenge_id)
                            .values(status="waiting"))

    @staticmethod
    def forget_profile(session: Session, profile_id: str) -> None:
        """In the profile's deletion: its friendships, requests, blocks and challenges."""
        session.execute(delete(ChallengeRow).where(or_(
            ChallengeRow.from_id == profile_id, ChallengeRow.to_id == profile_id)))
        session.execute(delete(FriendshipRow).where(or_(
            FriendshipRow.low_id == profile_id, FriendshipRow.high_id == profile_id)))
        session.execute(delete(BlockRow).where(or_(
            BlockRow.profile_id == profile_id, BlockRow.blocked_id == profile_id)))

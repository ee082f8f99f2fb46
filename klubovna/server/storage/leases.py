"""Leases in the database: which process owns a table or lobby, and its fencing token.

A resource (`t:{table id}` or `l:{lobby code}`) has at most one lease row. Its owner holds
it while `expires_at` is in the future and renews it; another process takes it over only
once it has expired, bumping `token`. Every log write and lobby save of the owner checks
its token in the same transaction (`check`), under a shared row lock that a take-over's
update waits for: a stalled former owner can never write after losing its lease, and the
new owner, which reads the log only after taking the lease, sees every write that was
committed under the old token. Times are wall-clock milliseconds of the processes'
machines (kept in step by NTP; a lease is seconds long).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from klubovna.server.metrics import UNMETERED, Metrics
from klubovna.server.storage.db import LeaseRow, LobbyRow, TableRow


class LeaseLost(Exception):
    """This process no longer holds the lease it wrote under: nothing was written."""


@dataclass(frozen=True)
class Holder:
    """Who holds a lease (another process: where to relay to)."""

    owner: str
    url: str
    token: int
    expires_at: int


def table_resource(table_id: str) -> str:
    return f"t:{table_id}"


def lobby_resource(code: str) -> str:
    return f"l:{code}"


class Leases:
    def __init__(self, engine: Engine, owner: str, url: str) -> None:
        self.engine = engine
        self.owner = owner
        """This process: its address and a random part, new at every start."""
        self.url = url
        self.metrics: Metrics = UNMETERED
        """The app's metrics (set by the app): renewals, take-overs and losses."""

    def take(self, resource: str, now: int, ttl: int) -> int | Holder | None:
        """Take (or keep) the lease: its token when this process holds it now, the holder
        when another live process does, None when there is no such table or lobby."""
        for _ in range(3):  # two processes inserting the first row at once: one wins
            try:
                with self.engine.begin() as connection:
                    return self._take(connection, resource, now, ttl)
            except IntegrityError:
                continue
        raise RuntimeError(f"the lease of {resource} could not be taken")

    def _take(self, connection: Connection, resource: str, now: int,
              ttl: int) -> int | Holder | None:
        row = connection.execute(
            select(LeaseRow.owner, LeaseRow.url, LeaseRow.token, LeaseRow.expires_at)
            .where(LeaseRow.resource == resource).with_for_update()
        ).first()
        if row is None:
            if not self._exists(connection, resource):
                return None
            connection.execute(insert(LeaseRow).values(
                resource=resource, owner=self.owner, url=self.url, token=1,
                expires_at=now + ttl))
            self.metrics.lease_takeovers.inc()  # (counted before the commit: rarely undone)
            return 1
        holder = Holder(*row)
        # The same address under another owner is this process's former life (killed and
        # started again): nobody answers for it any more, so it is taken at once.
        if holder.owner != self.owner and holder.expires_at > now and holder.url != self.url:
            return holder
        token = holder.token if holder.owner == self.owner else holder.token + 1
        connection.execute(update(LeaseRow).where(LeaseRow.resource == resource).values(
            owner=self.owner, url=self.url, token=token, expires_at=now + ttl))
        if holder.owner != self.owner:
            self.metrics.lease_takeovers.inc()
        return token

    @staticmethod
    def _exists(connection: Connection, resource: str) -> bool:
        kind, _, name = resource.partition(":")
        column = TableRow.id if kind == "t" else LobbyRow.code
        return connection.execute(select(column).where(column == name)).first() is not None

    def holder(self, resource: str) -> Holder | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(LeaseRow.owner, LeaseRow.url, LeaseRow.token, LeaseRow.expires_at)
                .where(LeaseRow.resource == resource)).first()
        return None if row is None else Holder(*row)

    def create(self, connection: Connection, resource: str, now: int, ttl: int) -> int:
        """The first lease of a new table or lobby, in the transaction that stores it."""
        connection.execute(insert(LeaseRow).values(
            resource=resource, owner=self.owner, url=self.url, token=1, expires_at=now + ttl))
        return 1

    def renew(self, now: int, ttl: int) -> dict[str, int]:
        """Extend every lease this process holds; returns them with their tokens (one taken
        over meanwhile is missing)."""
        with self.engine.begin() as connection:
            rows = connection.execute(
                update(LeaseRow).where(LeaseRow.owner == self.owner)
                .values(expires_at=now + ttl).returning(LeaseRow.resource, LeaseRow.token)
            ).all()
        self.metrics.lease_renewals.inc(len(rows))
        return dict((resource, token) for resource, token in rows)

    def release(self, resources: list[str]) -> None:
        """Give up leases of things no longer in memory (finished, idle): the next process
        asked for them takes them at once."""
        if not resources:
            return
        with self.engine.begin() as connection:
            connection.execute(delete(LeaseRow).where(
                LeaseRow.owner == self.owner, LeaseRow.resource.in_(resources)))

    def free(self, resources: list[str], now: int) -> list[str]:
        """Those of `resources` that no live process holds."""
        if not resources:
            return []
        with self.engine.connect() as connection:
            held = set(connection.scalars(select(LeaseRow.resource).where(
                LeaseRow.resource.in_(resources), LeaseRow.expires_at > now)))
        return [resource for resource in resources if resource not in held]

    @staticmethod
    def check(connection: Connection, resource: str, token: int) -> None:
        """In a writing transaction: raise LeaseLost unless `token` is the lease's, and keep
        a take-over waiting until the transaction ends (a shared row lock)."""
        found = connection.execute(
            select(LeaseRow.token).where(LeaseRow.resource == resource)
            .with_for_update(read=True)
        ).scalar()
        if found != token:
            raise LeaseLost(resource)

"""Leases and fencing on a real PostgreSQL database (klubovna/server/storage/leases.py): one
owner at a time, take-over only after expiry, and a former owner's writes refused."""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
from collections.abc import Iterator

import pytest

from klubovna.server.cluster.node import Node, wall_ms
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.leases import Holder, LeaseLost, Leases, lobby_resource, table_resource
from klubovna.server.storage.migrate import upgrade
from klubovna.server.storage.store import Append, Store
from klubovna.tables import Lobby, LogEntry, hash_key, new_code

TTL = 3000


@pytest.fixture
def stores(postgres_url: str) -> Iterator[tuple[Store, Store]]:
    """Two processes' stores on one database, each fenced by its own node."""
    engine = make_engine(postgres_url)
    upgrade(engine)
    made = []
    for name in ("a", "b"):
        store = Store(engine)
        store.fence = Node(Leases(engine, f"http://{name}#{secrets.token_hex(4)}",
                                    f"http://{name}"), TTL)
        made.append(store)
    yield made[0], made[1]
    engine.dispose()


def node(store: Store) -> Node:
    assert isinstance(store.fence, Node)
    return store.fence


def entry(version: int) -> Append:
    return Append("", LogEntry(version=version, kind="act", now=version, seat=0, seq=version,
                               action={"type": "noop"}))


def new_table(store: Store) -> str:
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, "matematicky-poker", {"mode": "easy"}, 7, ["h"], 1)
    return table_id


def append(store: Store, table_id: str, version: int) -> None:
    store.append_all([Append(table_id, entry(version).entry)])


def test_the_creator_owns_a_new_table_and_the_other_process_is_told_who(
    stores: tuple[Store, Store],
) -> None:
    a, b = stores
    table_id = new_table(a)
    resource = table_resource(table_id)
    assert node(a).held == {resource: 1}
    holder = node(b).leases.take(resource, wall_ms(), TTL)
    assert isinstance(holder, Holder) and holder.url == "http://a" and holder.token == 1
    assert node(b).leases.take(table_resource("no-such-table"), 0, TTL) is None


def test_a_lease_is_taken_over_only_once_expired_and_the_old_owner_cannot_write(
    stores: tuple[Store, Store],
) -> None:
    a, b = stores
    table_id = new_table(a)
    append(a, table_id, 1)
    now = wall_ms()
    assert isinstance(node(b).leases.take(table_resource(table_id), now, TTL), Holder)
    later = now + TTL + 1  # a's lease ran out (a stalled)
    token = node(b).leases.take(table_resource(table_id), later, TTL)
    assert token == 2
    node(b).held[table_resource(table_id)] = 2
    with pytest.raises(LeaseLost):
        append(a, table_id, 2)  # the stalled former owner wakes up and tries to write
    append(b, table_id, 2)
    assert [e.version for e in a.load(table_id).entries] == [1, 2]  # type: ignore[union-attr]
    assert node(a).leases.renew(later, TTL) == {}  # a learns it lost the table


def test_a_process_started_again_at_the_same_address_takes_its_leases_at_once(
    stores: tuple[Store, Store],
) -> None:
    a, _ = stores
    table_id = new_table(a)
    again = Leases(a.engine, "http://a#2", "http://a")  # a was killed and started again
    assert again.take(table_resource(table_id), wall_ms(), TTL) == 2


def test_a_renewal_judges_only_the_leases_held_before_it_asked(
    stores: tuple[Store, Store],
) -> None:
    """A table created while the renewal's query runs is written after that query read its
    rows: it is kept (it was once dropped as "lost"). A lease another process took over is
    still dropped."""
    a, b = stores
    taken_over = new_table(a)
    created: list[str] = []
    renew = node(a).leases.renew

    def renew_then_create(now: int, ttl: int) -> dict[str, int]:
        rows = renew(now, ttl)
        created.append(new_table(a))  # committed after the renewal read its rows
        return rows

    later = wall_ms() + TTL + 1
    assert node(b).leases.take(table_resource(taken_over), later, TTL) == 2
    node(a).leases.renew = renew_then_create  # type: ignore[method-assign]
    dropped: list[str] = []

    async def drop(resource: str) -> None:
        dropped.append(resource)

    node(a).drop = drop
    asyncio.run(node(a).renew())
    assert dropped == [table_resource(taken_over)]
    assert node(a).held == {table_resource(created[0]): 1}
    append(a, created[0], 1)  # still this process's to write


def test_waiting_on_an_owner_ends_when_it_has_renewed_its_lease(
    stores: tuple[Store, Store],
) -> None:
    """An owner that does not answer a relay but renews its lease is alive: waiting for the
    lease to run out would never end (it held a request until the client gave up), so the
    wait ends with the owner, to be asked again."""
    a, b = stores
    resource = table_resource(new_table(a))
    seen = node(b).leases.take(resource, wall_ms(), TTL)
    assert isinstance(seen, Holder)
    # As b last saw it, the lease was running out; a has renewed it since.
    earlier = dataclasses.replace(seen, expires_at=wall_ms() - 1)
    found = asyncio.run(node(b).claim_when_free(resource, earlier))
    assert found is not None and found.owner == seen.owner and found.url == "http://a"
    assert resource not in node(b).held


def test_lobby_saves_are_fenced_too(stores: tuple[Store, Store]) -> None:
    a, b = stores
    lobby = Lobby.open(new_code(), "matematicky-poker", "duel", "Ada", hash_key("k"), 1)
    assert a.create_lobby(lobby, "matematicky-poker")
    a.save_lobby(lobby)
    with pytest.raises(LeaseLost):
        b.save_lobby(lobby)  # b never took the lease
    later = wall_ms() + TTL + 1
    assert node(b).leases.take(lobby_resource(lobby.code), later, TTL) == 2
    node(b).held[lobby_resource(lobby.code)] = 2
    b.save_lobby(lobby)
    with pytest.raises(LeaseLost):
        a.save_lobby(lobby)

"""Computer players at the hub's tables never play for nobody and never hold the event loop
(issue #34, item 2): a table whose last person leaves ends at once, abandoned, and the
computer players' moves are steps of their own with the loop served between two of them."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select

from klubovna.server.realtime.hub import Hub, LiveTable
from klubovna.server.storage.db import TableRow
from klubovna.server.storage.store import Store
from klubovna.tables import Step, hash_key
from klubovna.tables.lobby import NOBODY
from klubovna.tables.registry import get_game

T0 = 1_700_000_000_000
ROOM: dict[str, Any] = {"seats": 6, "robots": {str(seat): "slon" for seat in range(1, 6)}}
"""The room of the issue: one person, five computer players "slon"."""
KEYS = [hash_key("person")] + [NOBODY] * 5


def status_of(store: Store, table_id: str) -> str:
    with store.engine.connect() as connection:
        return str(connection.execute(
            select(TableRow.status).where(TableRow.id == table_id)).scalar_one())


def test_a_table_whose_last_person_leaves_ends_at_once(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the five computer players played the whole game at once (about 470 moves,
    all stored). Now the leave is the table's last entry: it is abandoned (nothing
    recorded), its computer players never move, and a restart does not wake it."""
    monkeypatch.setattr("klubovna.server.realtime.hub.now_ms", lambda: T0)
    hub = Hub(sqlite_store)

    async def run() -> str:
        live = await hub.create_table(get_game("mathesso"), ROOM, KEYS, seed=3)
        await hub.act_for(live, 0, {"type": "start"})
        table = live.table
        assert table.state.current == 0 and not table.over  # the person's turn
        before = table.version
        await hub.leave(live, 0)
        assert table.version == before + 1 and table.log[-1].kind == "leave"
        assert table.unattended and not table.over
        await hub.sweep(full=True)  # nothing moves later either; nobody watches: dropped
        assert table.version == before + 1 and table.id not in hub.live
        return table.id

    try:
        table_id = asyncio.run(run())
    finally:
        hub.writer.stop()
    assert status_of(sqlite_store, table_id) == "abandoned"
    assert table_id not in dict(sqlite_store.dormant())
    stored = sqlite_store.load(table_id)
    assert stored is not None and stored.entries[-1].kind == "leave"


def test_the_loop_serves_others_between_two_moves_of_computer_players(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the computer players of a room play their turns, other work of the loop (here a
    task that counts its turns) runs between every two of their moves."""
    monkeypatch.setattr("klubovna.server.realtime.hub.now_ms", lambda: T0)
    hub = Hub(sqlite_store)
    turns = [0]
    seen: list[int] = []  # the counter at each computer player's move
    commit = hub._commit

    async def noting(live: LiveTable, step: Step, now: int, sender: Any = None) -> None:
        if step.entry is not None and step.entry.seat != 0:
            seen.append(turns[0])
        await commit(live, step, now, sender)

    monkeypatch.setattr(hub, "_commit", noting)

    async def counter() -> None:
        while True:
            turns[0] += 1
            await asyncio.sleep(0)

    async def run() -> None:
        live = await hub.create_table(get_game("mathesso"), ROOM, KEYS, seed=3)
        task = asyncio.create_task(counter())
        await asyncio.sleep(0)
        await hub.act_for(live, 0, {"type": "start"})
        while not live.table.over and len(seen) < 20:  # the person plays the first card
            legal = live.table.game.legal(live.table.state, 0)
            await hub.act_for(live, 0, next(a for a in legal if a["type"] == "turn"))
            if live.table.state.current == 0:
                await hub.act_for(live, 0, next(
                    a for a in live.table.game.legal(live.table.state, 0)
                    if a["type"] in ("turn", "stop")))
        task.cancel()

    try:
        asyncio.run(run())
    finally:
        hub.writer.stop()
    assert len(seen) >= 2
    assert all(later > earlier for earlier, later in zip(seen, seen[1:], strict=False))

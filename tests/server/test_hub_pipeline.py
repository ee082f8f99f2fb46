"""The hub runs the tables' one step pipeline and only persists and delivers: every step,
a computer player's moves included, is stored before the next is made, so a table rebuilt
from the store is the table that was played; a seat whose player left to a computer player
(the "robot" leave policy) is played by it after a restart too."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from klubovna.server.realtime.hub import Hub
from klubovna.server.storage.store import Store
from klubovna.tables import hash_key
from tests.tables.counting import TAKEN_OVER, registered


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    with registered():
        yield


def test_a_computer_player_takes_over_a_leaver_and_the_store_replays_it(
    sqlite_store: Store,
) -> None:
    hub = Hub(sqlite_store)

    async def run() -> None:
        live = await hub.create_table(TAKEN_OVER, {"seats": 2, "target": 9},
                                      [hash_key("a"), hash_key("b")])
        table = live.table
        await hub.act_for(live, 0, {"type": "start"})
        await hub.act_for(live, 0, {"type": "add", "n": 1})  # seat 1's turn
        await hub.leave(live, 1)
        assert 1 in table.robots and table.log[-1].seat == 1  # it moved for the seat at once
        while not table.over:
            await hub.act_for(live, 0, {"type": "add", "n": 1})
        stored = sqlite_store.load(table.id)
        assert stored is not None and list(stored.entries) == table.log
        again = hub._restore(stored)
        assert again.state == table.state and again.robots.keys() == {1}
        assert again.witnessed == table.witnessed

    try:
        asyncio.run(run())
    finally:
        hub.writer.stop()

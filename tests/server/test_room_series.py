"""A room's series (klubovna/core/rounds.py): the server draws one when it opens a room, the
store keeps it, and every round's engine config carries it, so a Locus Poker room's first
player alternates from its first round on."""

from __future__ import annotations

import asyncio

from klubovna.server.realtime.hub import Hub
from klubovna.server.realtime.lobbies import Lobbies
from klubovna.server.storage.store import Store


def test_the_server_draws_each_rooms_series_and_stores_it(store: Store) -> None:
    rooms = Lobbies(Hub(store))

    async def run() -> list[int | None]:
        made = [await rooms.create("locus-poker", "duel", f"Host {i}", None, {"grid": "6x5"})
                for i in range(4)]
        out = []
        for room, _, _ in made:
            stored = store.load_lobby(room.lobby.code)
            assert stored is not None and stored[0].series == room.lobby.series
            out.append(room.lobby.series)
        return out

    series = asyncio.run(run())
    assert all(isinstance(each, int) and each >= 0 for each in series)
    assert len(set(series)) == len(series)  # drawn for each room (63 random bits)

"""Rooms in memory. A room's series (klubovna/core/rounds.py): the server draws one when it
opens a room, the store keeps it, and every round's engine config carries it, so a Locus
Poker room's first player alternates from its first round on. A closed room stays in memory
while a socket is open for it.
"""

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


def test_a_closed_room_stays_in_memory_while_a_socket_is_open(store: Store) -> None:
    """A closed room leaves memory once no socket is open for it, not merely once none has
    said hello: a socket opened before the last member left and saying hello after must join
    the room the others will load, not one forgotten (LiveLobby.attached)."""
    rooms = Lobbies(Hub(store))

    async def run() -> None:
        room, _key, _seat = await rooms.create("kostkovy-poker", "table", "Ada", None,
                                               {"seats": 2, "chips": 10, "robots": "klidny"})
        code = room.lobby.code
        await rooms.close_by_moderator(room)
        assert room.lobby.status == "closed" and not room.sockets
        room.attached += 1  # a socket opened for it (ws.py), no hello yet
        await rooms.disconnect(room, "the last member's socket")
        await rooms.sweep()
        assert rooms.live.get(code) is room
        assert await rooms.get(code) is room  # whoever comes next joins this one
        room.attached -= 1
        await rooms.sweep()
        assert code not in rooms.live

    asyncio.run(run())

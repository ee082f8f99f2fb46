"""The lobby sweeper, in-process: one lobby the database will not expire does not keep
the others from expiring."""

from __future__ import annotations

import asyncio

from klubovna.server.hub import Hub
from klubovna.server.rooms import Rooms
from klubovna.server.store import Store
from klubovna.tables.lobby import IDLE_EXPIRY_MS, Lobby


class RefusingStore(Store):
    """Refuses to save the lobbies with a code in `refused`."""

    def __init__(self, store: Store) -> None:
        super().__init__(store.engine)
        self.refused: set[str] = set()

    def save_lobby(self, lobby: Lobby) -> None:
        if lobby.code in self.refused:
            raise OSError("disk full")
        super().save_lobby(lobby)


def test_a_lobby_that_cannot_expire_does_not_stop_the_sweep(store: Store) -> None:
    refusing = RefusingStore(store)
    rooms = Rooms(Hub(refusing))

    async def run() -> None:
        made = [await rooms.create("matematicky-poker", "group", f"Host {i}", None, {}, True)
                for i in range(3)]
        codes = [room.lobby.code for room, _, _ in made]
        for room, _, _ in made:  # idle for six hours
            room.lobby.last_activity -= IDLE_EXPIRY_MS
        refusing.refused = {codes[0]}
        await rooms.sweep()
        statuses = [rooms.rooms[code].lobby.status if code in rooms.rooms else "gone"
                    for code in codes]
        assert statuses[0] == "waiting"  # its change undone: still open in memory
        assert all(status != "waiting" for status in statuses[1:]), statuses
        stored = [refusing.load_lobby(code) for code in codes]
        assert stored[0] is not None and stored[0][0].status == "waiting"
        assert all(each is not None and each[0].status == "closed" for each in stored[1:])
        refusing.refused = set()  # the database is back: the next sweep expires it
        await rooms.sweep()
        again = refusing.load_lobby(codes[0])
        assert again is not None and again[0].status == "closed"

    asyncio.run(run())

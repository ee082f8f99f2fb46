"""Rooms in memory. A room's series (klubovna/core/rounds.py): the server draws one when it
opens a room, the store keeps it, and every round's engine config carries it, so a Locus
Poker room's first player alternates from its first round on. A closed room stays in memory
while a socket is open for it. A room past its end settles its table's due deadline first.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from klubovna.server import clock
from klubovna.server.realtime.hub import Hub
from klubovna.server.realtime.lobbies import LiveLobby, Lobbies
from klubovna.server.storage.store import Store
from klubovna.tables.turns import DAY_MS


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


@pytest.mark.parametrize("restarted", [False, True], ids=["live", "after a restart"])
def test_a_room_past_its_end_settles_its_tables_deadline_first(
        store: Store, tmp_path: Path, restarted: bool) -> None:
    """A turn-based room whose player's time and the room's own end both passed at once (a
    server down for a week): the room's sweep, run here before the hub's, settles the late
    player's leave first, so the game ends as its rules say (Locus Poker: the one who left
    loses) instead of the room expiring with its game unrecorded. After a restart the
    table sleeps (noted, not rebuilt) until then."""
    skip = tmp_path / "clock"

    async def run() -> tuple[LiveLobby, Any, int]:
        rooms = Lobbies(Hub(store))
        room, _key, _seat = await rooms.create("locus-poker", "duel", "Ada", None, {},
                                               days_per_move=1)
        await rooms.join(room, "Bob", None)
        await rooms.start_game(room, 0)
        table_id = room.table_id
        assert table_id is not None
        live = rooms.hub.live[table_id]
        (waited,) = live.table.game.view(live.table.state, 0)["turn"]
        if restarted:  # a new process on the same database, as Hub.start notes its tables
            await rooms.hub.stop()
            rooms = Lobbies(Hub(store))
            rooms.hub.dormant = dict(store.dormant())
            assert table_id in rooms.hub.dormant
            found = await rooms.get(room.lobby.code)
            assert found is not None
            room = found
        skip.write_text(str(8 * DAY_MS))  # past the move's day and the room's week
        assert room.lobby.expired(clock.now_ms())
        await rooms.sweep()
        return room, rooms.hub.live[table_id], waited

    clock.use_skip_file(skip)
    try:
        room, live, waited = asyncio.run(run())
    finally:
        clock.use_skip_file(None)
    assert (room.lobby.status, room.lobby.outcome) == ("closed", "finished")
    result = live.table.game.view(live.table.state, 1 - waited)["result"]
    assert (result["reason"], result["left"], result["winner"]) == ("left", waited, 1 - waited)

"""Whatever a game raises while a message is handled becomes an error reply (`internal`):
never a dropped socket, never a half-made step (nothing is stored or committed)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from klubovna.server.realtime.hub import Hub, InternalError
from klubovna.server.realtime.lobbies import Lobbies
from klubovna.server.storage.store import Store
from klubovna.tables.registry import get_game


class FaultyGame:
    """A game whose `apply` raises a plain Python error for one kind of action."""

    def __init__(self, game: Any, fails_on: str) -> None:
        self._game = game
        self.fails_on = fails_on

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, seat: int, action: Any, now: int) -> Any:
        if action.get("type") == self.fails_on:
            raise KeyError("a bug in the rules")
        return self._game.apply(state, seat, action, now)


def stored_versions(store: Store, table_id: str) -> int:
    stored = store.load(table_id)
    assert stored is not None
    return len(stored.entries)


def test_a_game_that_raises_gets_an_internal_error_and_nothing_is_committed(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    hub = Hub(sqlite_store)

    async def run() -> None:
        table_id, _ = await hub.create(get_game("matematicky-poker"), {"mode": "easy"})
        live = hub.live[table_id]
        live.table.game = FaultyGame(live.table.game, "draw")
        sent: list[str] = []

        class Socket:
            async def send_text(self, data: str) -> None:
                sent.append(data)

            def send_now(self, data: str) -> bool:
                return False

        live.connections[0] = {Socket()}
        start = {"t": "act", "seq": 1, "action": {"type": "start"}}
        assert await hub.handle(live, 0, start) is None
        version, state = live.table.version, live.table.state
        reply = await hub.handle(live, 0, {"t": "act", "seq": 2, "action": {"type": "draw"}})
        assert reply is not None and reply["code"] == "internal" and reply["seq"] == 2
        assert reply["message"]
        assert "a bug in the rules" in caplog.text
        assert live.table.version == version and live.table.state is state
        assert live.table.last_seq[0] == 1 and stored_versions(sqlite_store, table_id) == 1
        # The table plays on: the next message is judged as usual.
        hand = live.table.game.view(live.table.state, 0)["hand"]
        action = ({"type": "place", "cell": 0} if hand["kind"] != "joker"
                  else {"type": "joker", "choice": "keep"})
        assert await hub.handle(live, 0, {"t": "act", "seq": 3, "action": action}) is None
        assert live.table.version == version + 1 and stored_versions(sqlite_store, table_id) == 2
        # An action the server takes (a lobby's start, a leave) raises a refusal the lobby
        # socket answers like any other.
        with pytest.raises(InternalError) as error:
            await hub.act_for(live, 0, {"type": "draw"})
        assert error.value.code == "internal"
        assert live.table.version == version + 1

    try:
        asyncio.run(run())
    finally:
        hub.writer.stop()


def test_a_lobby_game_that_raises_answers_the_member(sqlite_store: Store) -> None:
    """The rooms' act path (the lobby socket's game messages) goes through the same catch."""
    rooms = Lobbies(Hub(sqlite_store))

    async def run() -> None:
        room, _, _ = await rooms.create("kostkovy-poker", "table", "Ada", None,
                                        {"seats": 2, "chips": 20, "seconds": 30,
                                         "robots": "klidny"})
        await rooms.start_game(room, 0)
        assert room.table_id is not None
        live = rooms.hub.live[room.table_id]
        live.table.game = FaultyGame(live.table.game, "stop")
        reply = await rooms.act(room, 0, {"t": "act", "seq": 1,
                                          "action": {"type": "stop", "agree": True}})
        assert reply is not None and reply["code"] == "internal" and reply["seq"] == 1
        assert live.table.version == stored_versions(sqlite_store, room.table_id)

    try:
        asyncio.run(run())
    finally:
        rooms.hub.writer.stop()

"""The sweepers, in-process: one lobby the database will not expire does not keep the
others from expiring; one table that raises does not keep the others' deadlines; a sweep
looks only at the tables whose deadline or stale seats were noted, a full one at all."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from klubovna.server.realtime.hub import FAILED_PAUSE_MS, Hub, LiveTable
from klubovna.server.realtime.lobbies import Lobbies
from klubovna.server.storage.store import Store
from klubovna.tables.lobby import Lobby
from klubovna.tables.registry import get_game
from tests.server.live import next_move


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
    rooms = Lobbies(Hub(refusing))

    async def run() -> None:
        made = [await rooms.create("matematicky-poker", "group", f"Host {i}", None, {})
                for i in range(3)]
        codes = [room.lobby.code for room, _, _ in made]
        for room, _, _ in made:  # idle for six hours
            room.lobby.last_activity -= room.lobby.policy.idle_ms
        refusing.refused = {codes[0]}
        await rooms.sweep()
        statuses = [rooms.live[code].lobby.status if code in rooms.live else "gone"
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


T0 = 1_700_000_000_000


class Clock:
    """The server clock of an in-process hub, moved by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, now: int = T0) -> None:
        self.now = now
        monkeypatch.setattr("klubovna.server.realtime.hub.now_ms", lambda: self.now)


class BrokenGame:
    """A game whose `advance` raises: its table cannot settle a deadline."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def advance(self, state: Any, now: int) -> Any:
        self.calls += 1
        raise RuntimeError("a bug in the rules")


async def started_hard_table(hub: Hub) -> LiveTable:
    table_id, _ = await hub.create(get_game("matematicky-poker"), {"mode": "hard", "seconds": 5})
    live = hub.live[table_id]
    assert await hub.handle(live, 0, {"t": "act", "seq": 1, "action": {"type": "start"}}) is None
    return live


def test_a_table_that_raises_is_skipped_and_the_others_are_swept_on_time(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock(monkeypatch)
    hub = Hub(sqlite_store)

    async def run() -> None:
        broken, *healthy = [await started_hard_table(hub) for _ in range(4)]
        game = BrokenGame(broken.table.game)
        broken.table.game = game  # the first the sweep comes to
        deadline = healthy[0].table.next_deadline()
        assert deadline is not None and all(
            live.table.next_deadline() == deadline for live in (broken, *healthy))
        clock.now = deadline
        await hub.sweep()  # does not raise
        assert [live.table.version for live in healthy] == [2, 2, 2]  # each settled, logged
        assert all(live.table.log[-1].kind == "tick" for live in healthy)
        assert broken.table.version == 1 and game.calls == 1
        assert "sweeping table" in caplog.text and "a bug in the rules" in caplog.text
        # Left alone for a while (not retried, and logged, ten times a second) ...
        clock.now += 100
        await hub.sweep()
        assert game.calls == 1
        # ... then tried again.
        clock.now += FAILED_PAUSE_MS
        await hub.sweep()
        assert game.calls == 2

    try:
        asyncio.run(run())
    finally:
        hub.writer.stop()


class Asked:
    """Counts how often the sweeper asks a table for its deadline."""

    def __init__(self, live: LiveTable) -> None:
        self.calls = 0
        self._ask = live.table.next_deadline
        live.table.next_deadline = self  # type: ignore[method-assign]

    def __call__(self) -> int | None:
        self.calls += 1
        return self._ask()


def test_a_sweep_looks_only_at_the_tables_noted_due(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock(monkeypatch)
    hub = Hub(sqlite_store)

    async def run() -> None:
        hard = [await started_hard_table(hub) for _ in range(3)]
        easy_id, _ = await hub.create(get_game("matematicky-poker"), {"mode": "easy"})
        easy = hub.live[easy_id]
        await hub.handle(easy, 0, {"t": "act", "seq": 1, "action": {"type": "start"}})
        deadline = hard[0].table.next_deadline()
        assert deadline is not None and easy.table.next_deadline() is None
        asked = [Asked(live) for live in (*hard, easy)]
        clock.now = deadline - 1
        await hub.sweep()  # nothing is due: no table is even asked
        assert [each.calls for each in asked] == [0, 0, 0, 0]
        clock.now = deadline
        await hub.sweep()  # the three are due: settled; the easy table is never asked
        assert [live.table.log[-1].kind for live in hard] == ["tick"] * 3
        assert [each.calls > 0 for each in asked] == [True, True, True, False]
        # The next deadline came with the tick, noted as it was made: settled when due.
        later = hard[0].table.next_deadline()  # (asked here too: counted after this)
        assert later is not None and later > deadline
        clock.now = later
        await hub.sweep()
        assert [live.table.version for live in hard] == [3, 3, 3]
        # A full sweep asks every table, and drops a finished one nobody watches.
        before = asked[3].calls
        await hub.sweep(full=True)
        assert asked[3].calls > before
        seq = 1
        while (move := next_move(dict(easy.table.game.view(easy.table.state, 0)))) is not None:
            seq += 1
            assert await hub.handle(easy, 0, {"t": "act", "seq": seq, "action": move}) is None
        assert easy.table.over
        await hub.sweep()
        assert easy_id in hub.live
        await hub.sweep(full=True)
        assert easy_id not in hub.live

    try:
        asyncio.run(run())
    finally:
        hub.writer.stop()

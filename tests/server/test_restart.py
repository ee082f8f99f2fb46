"""kill -9 mid-game, start again: no confirmed move is lost, deadlines included."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

import pytest
from sqlalchemy import update
from websockets.exceptions import ConnectionClosed

from klubovna.server.realtime.hub import Hub, StorageError
from klubovna.server.storage.db import LogRow
from klubovna.server.storage.store import Append, Store, StoredTable
from klubovna.tables import Table, hash_key
from klubovna.tables.lobby import NOBODY
from klubovna.tables.registry import get_game
from tests.server.live import Client, LiveServer, hold_number, next_move, play_out


def play_moves(client: Client, key: str, moves: int) -> dict[str, Any]:
    """Say hello, start a solo game and make `moves` confirmed moves; the last reply."""
    client.hello(key)
    view = client.act({"type": "start"})["view"]
    for _ in range(moves):
        move = next_move(hold_number(client, view))
        assert move is not None
        reply = client.act(move)
        assert reply["t"] == "view"
        view = reply["view"]
    return reply


def test_kill_and_restart_mid_game(restartable: LiveServer) -> None:
    server = restartable
    table_id, key = server.create(mode="hard", seconds=120)
    with server.socket(table_id) as client:
        confirmed, last_seq = play_moves(client, key, 8), client.seq
    server.kill()
    server.start()
    with server.socket(table_id) as client:
        resumed = client.hello(key, since=0)
        assert resumed["version"] == confirmed["version"]
        assert resumed["view"]["board"] == confirmed["view"]["board"]
        assert resumed["view"]["hand"] == confirmed["view"]["hand"]
        assert resumed["view"]["kept_jokers"] == confirmed["view"]["kept_jokers"]
        assert resumed["view"]["deadline"] == confirmed["view"]["deadline"]
        assert resumed["view"]["score"] == confirmed["view"]["score"]
        # The client keeps its sequence numbers across the restart.
        client.seq = last_seq
        final = play_out(client, resumed["view"])
    assert final["over"] and final["forfeited"] == 0
    assert all(value is not None for value in final["board"])
    # The game lived in the database the server was pointed at, and only there.
    assert (server.data_dir / "klubovna.db").exists() == (server.database_url is None)


T0 = 1_700_000_000_000


class CountingStore(Store):
    """Counts the tables it loads (each one's whole log)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store.engine)
        self.loaded: list[str] = []

    def load(self, table_id: str) -> StoredTable | None:
        self.loaded.append(table_id)
        return super().load(table_id)


def test_a_restart_reads_no_log_and_wakes_a_table_when_its_deadline_is_due(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hub.start notes each unfinished table's next deadline from its last log row and
    rebuilds none: a table is rebuilt when asked for, or by the sweeper once its deadline
    is due (so start-up does not grow with the stored tables, and no deadline is missed)."""
    now = [T0]
    monkeypatch.setattr("klubovna.server.realtime.hub.now_ms", lambda: now[0])
    first = Hub(store)

    async def play() -> dict[str, str]:
        tables = {}
        for name, config in [("hard", {"mode": "hard", "seconds": 5}), ("easy", {"mode": "easy"}),
                             ("fresh", {"mode": "hard", "seconds": 5}),
                             ("old", {"mode": "hard", "seconds": 5})]:
            table_id, _ = await first.create(get_game("matematicky-poker"), config)
            tables[name] = table_id
            if name != "fresh":
                live = first.live[table_id]
                await first.handle(live, 0, {"t": "act", "seq": 1, "action": {"type": "start"}})
        return tables

    tables = asyncio.run(play())
    deadline = first.live[tables["hard"]].table.next_deadline()
    assert deadline is not None
    first.writer.stop()
    with store.engine.begin() as connection:  # stored before deadlines were noted
        connection.execute(update(LogRow).where(LogRow.table_id == tables["old"])
                           .values(deadline=None))
    counting = CountingStore(store)
    hub = Hub(counting)

    async def restart() -> None:
        await hub.start()
        assert hub._sweeper is not None
        hub._sweeper.cancel()  # the test sweeps itself, on its own clock
        assert counting.loaded == [] and hub.live == {}  # no log read, nothing rebuilt
        ours = {name: hub.dormant[table_id] for name, table_id in tables.items()}
        assert ours == {"hard": deadline, "easy": None, "fresh": None, "old": 0}
        def loaded() -> list[str]:  # (the session's PostgreSQL may hold other tables)
            return [table_id for table_id in counting.loaded if table_id in tables.values()]

        now[0] = deadline - 1
        await hub.sweep()  # only the one whose deadline is not known is rebuilt
        assert loaded() == [tables["old"]]
        now[0] = deadline
        await hub.sweep()  # due: rebuilt and settled in the same sweep
        assert loaded() == [tables["old"], tables["hard"]]
        hard = hub.live[tables["hard"]].table
        assert hard.log[-1].kind == "tick" and hard.log[-1].now == deadline
        assert tables["hard"] not in hub.dormant and tables["easy"] in hub.dormant
        # Asked for: rebuilt on demand.
        live = await hub.get(tables["easy"])
        assert live is not None and live.table.version == 1
        assert tables["easy"] not in hub.dormant and loaded()[-1] == tables["easy"]

    try:
        asyncio.run(restart())
    finally:
        hub.writer.stop()
        for table_id in tables.values():  # (a server on the session's database skips them)
            store.abandon_table(table_id)


def mathesso_room_where_a_computer_begins() -> tuple[dict[str, Any], int]:
    """A Mathesso room of one person (seat 0) and five computer players "slon", and a seed
    whose ritual lets a computer player begin."""
    config: dict[str, Any] = {"seats": 6, "robots": {str(seat): "slon" for seat in range(1, 6)}}
    game = get_game("mathesso")
    for seed in range(100):
        table = Table("t", game, config, seed, [hash_key("person")] + [NOBODY] * 5)
        table.commit(table.act_for(0, {"type": "start"}, T0), T0)
        if table.state.current != 0:
            return config, seed
    raise AssertionError("no seed lets a computer player begin")


def test_computer_players_go_on_by_themselves_after_a_restart_in_their_turn(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server dies right after the start of a Mathesso room is stored, a computer
    player's turn (it has no deadline): after the restart the computer players play on to
    the person's turn with no message from anybody (issue #34, item 1)."""
    now = [T0]
    monkeypatch.setattr("klubovna.server.realtime.hub.now_ms", lambda: now[0])
    config, seed = mathesso_room_where_a_computer_begins()
    first = Hub(store)
    stored = first.writer.append

    async def dies_before_a_computer_moves(append: Append) -> None:
        if append.entry.kind == "act" and append.entry.seat != 0:
            raise RuntimeError("kill -9")  # nothing after this is stored
        await stored(append)

    monkeypatch.setattr(first.writer, "append", dies_before_a_computer_moves)

    async def play() -> str:
        live = await first.create_table(get_game("mathesso"), config,
                                        [hash_key("person")] + [NOBODY] * 5, seed=seed)
        with contextlib.suppress(StorageError):
            await first.act_for(live, 0, {"type": "start"})
        assert live.table.version == 1 and live.table.state.current != 0
        return live.table.id

    table_id = asyncio.run(play())
    first.writer.stop()
    hub = Hub(store)

    async def restart() -> None:
        await hub.start()
        assert hub._sweeper is not None
        hub._sweeper.cancel()  # the test sweeps itself, on its own clock
        assert table_id not in hub.live  # nothing is rebuilt at the start
        now[0] += 100
        await hub.sweep()  # nobody has sent anything
        live = hub.live.get(table_id)
        assert live is not None, "the table was not rebuilt"
        table = live.table
        assert table.version > 1, "its computer players did not go on"
        assert table.over or table.state.current == 0  # the person's turn (or the end)
        assert all(entry.seat != 0 for entry in table.log[1:])
        again = store.load(table_id)  # every move they made is stored
        assert again is not None and list(again.entries) == table.log

    try:
        asyncio.run(restart())
    finally:
        hub.writer.stop()
        store.abandon_table(table_id)


def test_sigterm_says_restart_and_loses_nothing(restartable: LiveServer) -> None:
    """SIGTERM: the server closes a playing socket with 1012 ("service restart"), exits by
    itself within its grace, and the game goes on after the start where it was."""
    server = restartable
    table_id, key = server.create(mode="hard", seconds=120)
    with server.socket(table_id) as client:
        reply = play_moves(client, key, 5)
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            while True:  # whatever was under way, then the close
                client.recv(timeout=60)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    # uvicorn raises the signal again once it has shut down: a supervisor sees a clean stop
    # by SIGTERM (systemd counts it a success), after the app's own shutdown ran.
    assert server.process.wait(60) == -signal.SIGTERM
    assert (server.data_dir / "log").read_text().endswith("Finished server process "
                                                           f"[{server.process.pid}]\n")
    server.start()
    with server.socket(table_id) as client:
        resumed = client.hello(key, since=0)
        assert resumed["version"] == reply["version"]
        assert resumed["view"] == reply["view"]

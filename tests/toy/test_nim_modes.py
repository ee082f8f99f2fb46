"""Nim through every mode, with no platform file naming it: registered by a plug-in
(`KLUBOVNA_PLUGINS=tests.toy.nim` on a real server, an import here), it is played solo
against a computer player, hot seat in the browser's host, and online through a lobby with
a reconnect and its result in the profile.

The parts of the platform that find any game in the registry are being built beside this
(issue 13: h-tables' tables and host, h-rooms' rooms and results); until they are merged
the tests that need them are xfail(strict=True), each naming what it waits for.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from klubovna.core import Rng
from klubovna.server.app import create_app
from klubovna.server.settings import Settings
from klubovna.tables import registry
from klubovna.tables.local import LocalHost
from klubovna.tables.table import Table, hash_key
from tests.server.live import LiveServer, free_port
from tests.toy.nim import BOTS, ENGINE
from tests.toy.nim.bots import PERFECT

PLUGIN = {"KLUBOVNA_PLUGINS": "tests.toy.nim"}
NOW = 1_700_000_000_000

WAITS_FOR_TABLES = pytest.mark.xfail(
    strict=True, reason="klubovna.tables finds games and computer players in the registry "
    "(h-tables, issue 13 items 4-5)")
WAITS_FOR_HOT_SEAT = pytest.mark.xfail(
    strict=True, reason="LocalHost.handle(table_id, seat, message, now) -> {seat: [messages]} "
    "with several human seats (h-tables, issue 13 item 4)")
WAITS_FOR_ROOMS = pytest.mark.xfail(
    strict=True, reason="POST /api/tables and /api/lobbies for any registered game, results "
    "by the game's outcomes (h-rooms, issue 13 items 2-3)")


# --- the plug-in hook -------------------------------------------------------------------


def test_a_plugin_registers_its_games_when_the_app_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLUBOVNA_PLUGINS", " tests.toy.nim ,")
    settings = Settings.from_env(tmp_path)
    assert settings.plugins == ("tests.toy.nim",)
    monkeypatch.delitem(registry.REGISTRY, "nim")
    monkeypatch.delitem(sys.modules, "tests.toy.nim")
    create_app(settings)
    assert registry.get_game("nim").name == "nim"
    assert set(registry.entry("nim").bots) == {"perfect", "random"}


def test_a_server_with_a_missing_plugin_does_not_start(tmp_path: Path) -> None:
    server = LiveServer(tmp_path, free_port(), env={"KLUBOVNA_PLUGINS": "tests.toy.no_such"})
    with pytest.raises(RuntimeError, match="No module named 'tests.toy.no_such'"):
        server.start()
    server.stop()


# --- solo against a computer, and hot seat (the browser's host) -----------------------------


@WAITS_FOR_TABLES
def test_a_table_seats_a_registered_computer_player() -> None:
    """Seat 0 is a person, seat 1 the perfect player: the person loses every 2-heap game
    that starts with a nim-sum of 0 (equal heaps) whatever they do."""
    table = Table("t", ENGINE, {"heaps": 2, "robots": {"1": "perfect"}}, 3,
                  [hash_key("k"), "nobody"])
    for _ in range(20):
        if table.over:
            break
        action = ENGINE.legal(table.state, 0)[0]
        table.commit(table.handle(0, {"t": "act", "seq": table.last_seq[0] + 1,
                                      "action": action}, NOW), NOW)
        while (step := table.robot_step(NOW)).entry is not None:
            table.commit(step, NOW)
    assert table.over


def messages_of(answer: Any) -> dict[int, list[dict[str, Any]]]:
    """The host's answer, {seat: [messages]} (JSON text or objects)."""
    data = json.loads(answer) if isinstance(answer, str) else answer
    return {int(seat): list(messages) for seat, messages in data.items()}


@WAITS_FOR_HOT_SEAT
def test_hot_seat_in_the_browsers_host() -> None:
    """Two people on one device and a computer player: each person's messages go to their
    own seat only, and the game runs to its end."""
    host = LocalHost()
    request = {"game": "nim", "seats": 3, "heaps": 2, "robots": {"2": "random"}}
    created = json.loads(host.create("t1", json.dumps(request), 11, "k"))
    assert created["t"] == "created", created
    views: dict[int, dict[str, Any]] = {}
    for seat in (0, 1):
        out = messages_of(host.handle("t1", seat, json.dumps({"t": "hello", "key": "k"}), NOW))
        assert set(out) == {seat}
        views[seat] = out[seat][-1]["view"]
    seq = [0, 0]
    for _ in range(60):
        if views[0]["over"]:
            break
        seat = next((s for s in (0, 1) if s in views[s]["turn"]), None)
        assert seat is not None, views
        seq[seat] += 1
        action = PERFECT.choose(views[seat], Rng(seq[seat]))
        out = messages_of(host.handle("t1", seat, json.dumps(
            {"t": "act", "seq": seq[seat], "action": action}), NOW))
        assert set(out) <= {0, 1}  # never the computer's seat
        for each, messages in out.items():
            views[each] = [m for m in messages if m["t"] == "view"][-1]["view"]
    assert views[0]["over"] and views[1]["over"]


# --- on a real server -------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("data"), free_port(), env=PLUGIN)
    live.start()
    yield live
    live.stop()


class Player:
    """One person's lobby socket: the latest view and lobby message."""

    def __init__(self, conn: ClientConnection, key: str, since: int | None = None) -> None:
        self.conn, self.seq = conn, 0
        self.view: dict[str, Any] | None = None
        self.version = 0 if since is None else since
        """The last version seen: every view must go on from it (`after`), no gap."""
        self.lobby: dict[str, Any] | None = None
        conn.send(json.dumps({"t": "hello", "key": key,
                              **({} if since is None else {"since": since})}))
        self.take(self.recv())

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        return message

    def take(self, message: dict[str, Any]) -> None:
        assert message["t"] in ("lobby", "view", "pong"), message
        if message["t"] == "lobby":
            self.lobby = message["lobby"]
        elif message["t"] == "view":
            assert message["after"] <= self.version, f"a gap after {self.version}: {message}"
            self.view, self.version = message["view"], message["version"]

    def drain(self) -> None:
        while True:
            try:
                self.take(self.recv(timeout=0.05))
            except TimeoutError:
                return

    def move(self) -> bool:
        """Take stones when it is this seat's turn (as the perfect player would)."""
        self.drain()
        if self.view is None or self.view["over"] or self.view["seat"] not in self.view["turn"]:
            return False
        self.seq += 1
        action = PERFECT.choose(self.view, Rng(self.seq))
        self.conn.send(json.dumps({"t": "act", "seq": self.seq, "action": action}))
        while (reply := self.recv())["t"] != "error":
            self.take(reply)
            if reply.get("ack") == self.seq:
                return True
        raise AssertionError(f"refused: {reply}")


def lobby(server: LiveServer, code: str) -> ClientConnection:
    return connect(f"{server.ws}/ws/lobbies/{code}", open_timeout=10, proxy=None)


def profile(server: LiveServer, nickname: str) -> str:
    answer = httpx.post(f"{server.http}/api/profiles", json={"nickname": nickname}, timeout=10)
    assert answer.status_code == 201, answer.text
    key: str = answer.json()["key"]
    return key


def game_entries(data: Any, game: str) -> list[Any]:
    """Every value filed under the game's name anywhere in a JSON answer (per-game stats)."""
    if isinstance(data, dict):
        found = [value for key, value in data.items() if key == game]
        found += [v for value in data.values() for v in game_entries(value, game)]
        return found + ([data] if data.get("game") == game else [])
    if isinstance(data, list):
        return [v for value in data for v in game_entries(value, game)]
    return []


@WAITS_FOR_ROOMS
def test_solo_against_the_computer_on_a_server(server: LiveServer) -> None:
    answer = httpx.post(f"{server.http}/api/tables", json={
        "game": "nim", "settings": {"heaps": 3}, "robots": {"1": "perfect"}}, timeout=10)
    assert answer.status_code == 201, answer.text
    table, key = answer.json()["table"], answer.json()["key"]
    with connect(f"{server.ws}/ws/tables/{table}", open_timeout=10) as conn:
        person = Player(conn, key)
        for _ in range(60):
            if person.view is not None and person.view["over"]:
                break
            if not person.move():
                person.take(person.recv())
        assert person.view is not None and person.view["over"]


@WAITS_FOR_ROOMS
def test_online_through_a_lobby_with_a_reconnect(server: LiveServer) -> None:
    ada_key, bob_key = profile(server, "Ada Nim"), profile(server, "Bob Nim")
    opened = httpx.post(f"{server.http}/api/lobbies",
                        headers={"Authorization": f"Bearer {ada_key}"},
                        json={"game": "nim", "kind": "table",
                              "settings": {"seats": 2, "heaps": 4}}, timeout=10)
    assert opened.status_code == 201, opened.text
    code, ada_seat = opened.json()["code"], opened.json()["key"]
    joined = httpx.post(f"{server.http}/api/lobbies/{code}/join",
                        headers={"Authorization": f"Bearer {bob_key}"}, json={}, timeout=10)
    assert joined.status_code == 201, joined.text
    bob_seat = joined.json()["key"]
    with lobby(server, code) as a_conn:
        ada = Player(a_conn, ada_seat)
        with lobby(server, code) as b_conn:
            bob = Player(b_conn, bob_seat)
            a_conn.send(json.dumps({"t": "start"}))
            while not (ada.move() or bob.move()):
                ada.take(ada.recv())
            seen = bob.version
        with lobby(server, code) as b_conn:  # Bob comes back: what he missed, no gap
            bob = Player(b_conn, bob_seat, since=seen)
            for _ in range(60):
                if ada.view is not None and ada.view["over"]:
                    break
                if not (ada.move() | bob.move()):
                    ada.take(ada.recv())
            bob.drain()
            assert ada.view is not None and bob.view is not None
            assert ada.view["over"] and bob.view["over"]
            winner = ada.view["winner"]
    for key, seat in ((ada_key, 0), (bob_key, 1)):
        stats = httpx.get(f"{server.http}/api/profiles/me/stats",
                          headers={"Authorization": f"Bearer {key}"}, timeout=10)
        assert stats.status_code == 200, stats.text
        entries = game_entries(stats.json(), "nim")
        assert entries, f"no Nim statistics for seat {seat} (winner {winner}): {stats.json()}"


def test_the_computer_players_are_the_registered_ones() -> None:
    assert registry.entry("nim").bots == BOTS

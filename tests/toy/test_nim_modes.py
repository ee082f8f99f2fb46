"""Nim through every mode, with no platform file naming it: registered by a plug-in
(`KLUBOVNA_PLUGINS=tests.toy.nim` on a real server, an import here), it is played solo
against a computer player, hot seat in the browser's host, and online through a lobby with
a reconnect and its result in the profile."""

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
from klubovna.server.config import Config
from klubovna.tables import registry
from klubovna.tables.table import Table, hash_key
from tests.server.live import LiveServer, free_port
from tests.toy import hot_seat
from tests.toy.nim import BOTS, ENGINE
from tests.toy.nim.bots import PERFECT

PLUGIN = {"KLUBOVNA_PLUGINS": "tests.toy.nim"}
NOW = 1_700_000_000_000


# --- the plug-in hook -------------------------------------------------------------------


def test_a_plugin_registers_its_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLUBOVNA_PLUGINS", " tests.toy.nim ,")
    settings = Config.from_env(tmp_path)
    assert settings.plugins == ("tests.toy.nim",)
    monkeypatch.delitem(registry.REGISTRY, "nim")
    monkeypatch.delitem(sys.modules, "tests.toy.nim")
    settings.load_plugins()
    assert registry.get_game("nim").name == "nim"
    assert set(registry.entry("nim").bots) == {"perfect", "random"}


def test_a_server_with_a_missing_plugin_does_not_start(tmp_path: Path) -> None:
    server = LiveServer(tmp_path, free_port(), env={"KLUBOVNA_PLUGINS": "tests.toy.no_such"})
    with pytest.raises(RuntimeError, match="No module named 'tests.toy.no_such'"):
        server.start()
    server.stop()


# --- solo against a computer, and hot seat (the browser's host) -----------------------------


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


def test_hot_seat_in_the_browsers_host() -> None:
    """Two people on one device and a computer player (tests/toy/hot_seat.py): each message
    a person's seat causes reaches the people's seats, never the computer's, and the game
    runs to its end; tests/test_pyodide.py plays the same game under Pyodide."""
    played = hot_seat.play()
    assert [view["over"] for view in played["views"]] == [True, True]
    assert {seat for seat, _ in played["sent"]} == {0, 1}, "both people moved"
    assert played["views"][0]["winner"] in (0, 1, 2)


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
        view = self.view
        if view is None or view["over"] or not view["started"] or view["seat"] not in view["turn"]:
            return False  # the room starts the game
        self.seq += 1
        action = PERFECT.choose(self.view, [], Rng(self.seq))
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


def open_room(server: LiveServer, key: str, **settings: Any) -> tuple[str, str]:
    """A Nim table room opened by the profile with `key`: (code, the host's seat key)."""
    opened = httpx.post(f"{server.http}/api/lobbies",
                        headers={"Authorization": f"Bearer {key}"},
                        json={"game": "nim", "kind": "table", "settings": settings}, timeout=10)
    assert opened.status_code == 201, opened.text
    return opened.json()["code"], opened.json()["key"]


def play_out(players: list[Player]) -> None:
    """Everyone moves when it is their turn until the game is over (a computer player's
    moves just arrive)."""
    first = players[0]
    for _ in range(100):
        moved = any([player.move() for player in players])  # each drains its socket
        if first.view is not None and first.view["over"]:
            break
        if not moved:
            first.take(first.recv())  # wait for the computer player
    for player in players:
        player.drain()
        assert player.view is not None and player.view["over"], player.view


def nim_stats(server: LiveServer, key: str) -> dict[str, Any]:
    """The profile's Nim block of its statistics (one block per registered game)."""
    answer = httpx.get(f"{server.http}/api/profiles/me/stats",
                       headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    stats: dict[str, Any] = answer.json()["nim"]
    return stats


def test_solo_against_the_computer(server: LiveServer) -> None:
    """One person opens a two-seat room and starts it alone: the perfect player takes the
    empty seat, and the game counts for the person's profile."""
    key = profile(server, "Solo Nim")
    code, host_seat = open_room(server, key, seats=2, heaps=3, computer="perfect")
    with lobby(server, code) as conn:
        person = Player(conn, host_seat)
        conn.send(json.dumps({"t": "start"}))
        play_out([person])
        assert person.view is not None
        won = person.view["winner"] == 0
        stones = person.view["took"][0]
    assert nim_stats(server, key) == {"games": 1, "won": int(won), "lost": int(not won),
                                      "drawn": 0, "figures": {"stones": stones},
                                      "rating": None}  # against the computer: unrated


def test_online_through_a_lobby_with_a_reconnect(server: LiveServer) -> None:
    """Two people by code; one drops after the first move and comes back with the version
    it saw (no gap, no repeat); both results are in their profiles."""
    ada_key, bob_key = profile(server, "Ada Nim"), profile(server, "Bob Nim")
    code, ada_seat = open_room(server, ada_key, seats=2, heaps=4)
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
            play_out([ada, bob])
            assert ada.view is not None and ada.view == {**bob.view, "seat": 0}
            winner, took = ada.view["winner"], ada.view["took"]
    for key, seat in ((ada_key, 0), (bob_key, 1)):
        stats = nim_stats(server, key)
        rating = stats.pop("rating")  # two profiles: rated, the winner up, the loser down
        assert stats == {
            "games": 1, "won": int(seat == winner), "lost": int(seat != winner), "drawn": 0,
            "figures": {"stones": took[seat]}}
        assert rating["games"] == 1 and (rating["rating"] > 1500) == (seat == winner)


def test_the_computer_players_are_the_registered_ones() -> None:
    assert registry.entry("nim").bots == BOTS

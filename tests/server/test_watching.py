"""Watching a room's table through a real server (issue #37 part 4; docs/decisions/
0159-open-rooms-and-watching.md): a socket on /ws/tables/{id} whose first frame is
{"t": "watch"} holds no seat and gets, after every step, the view of no seat
(`Game.view(state, None)`: seat null, only what every seat may see) with the public events.

It may only ping; the players see how many watch; the host may stop it; only a room's table
may be watched. A Kostkový poker table shows one who watches no die behind a screen.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.games.matematicky_poker import WATCH_VIEW_KEYS
from tests.server.live import LiveServer
from tests.server.lobby_client import (
    OWN_EVENTS,
    LobbyClient,
    Message,
    Tracker,
    choose_move,
    create_lobby,
    join_lobby,
    post_join,
    post_lobby,
    seat_of,
    seated,
)
from tests.server.test_kp_table import Person

CLOSE_LEFT = 4403
"""The code a watcher's socket is closed with when the host stops watching (hub.py)."""

KP_WATCH_KEYS = {
    "game", "seat", "over", "turn", "deadline", "chips_at_start", "seconds", "started",
    "phase", "hand", "dealer", "table", "pot", "pots", "bet_size", "level", "raises",
    "max_raises", "players", "raise_to", "last_hand", "game_over", "result",
}
"""Every key of the view of one who watches a Kostkový poker table: the tests' own list, so a
new field (a possible leak) fails them until someone looks at it on purpose."""
KP_OWN = {"seat", "dice", "kept", "to_call", "call_all_in", "actions", "keep_max"}
"""A Kostkový poker seat's own fields: the rest of its view every seat sees alike."""
KP_PRIVATE_EVENTS = {"rolled", "kept"}
"""Kostkový poker's events addressed to one seat: the dice it rolled, the dice it kept."""


class Watching(Tracker):
    """What one who watches was told: versions and events as a seat's (Tracker: no gap, no
    duplicate), and never a seat's own event or a view with a seat or with fields beyond
    `keys`."""

    def __init__(self, keys: set[str], private: set[str] | frozenset[str]) -> None:
        super().__init__()
        self.keys, self.private = keys, private
        self.names: dict[str, str] = {}

    def feed(self, message: Message) -> Message:
        if message.get("t") == "players":  # who sits where: the watch socket's own message
            self.names = message["names"]
            return message
        return super().feed(message)

    def _count_dealt(self, view: Message, events: list[Message], fresh: bool) -> None:
        if "drawn" in view:  # Matematický poker's cards drawn, counted as a seat counts them
            super()._count_dealt(view, events, fresh)

    def _check_privacy(self, view: Message, events: list[Message]) -> None:
        for event in events:
            if "to" in event or event["type"] in self.private:
                self.problem(f"one who watches was told {event}")
        if view["seat"] is not None or set(view) != self.keys:
            self.problem(f"one who watches was shown seat {view['seat']}, {sorted(view)}")


class Watcher(LobbyClient):
    """A socket on /ws/tables/{id} that watches (LobbyClient's reader, waits and pings)."""

    def __init__(self, conn: ClientConnection, keys: set[str],
                 private: set[str] | frozenset[str]) -> None:
        super().__init__(conn)
        self.tracker = Watching(keys, private)  # nothing comes before the watch frame

    def watch(self, since: int | None = None) -> Message:
        """The watch frame; returns the answer: the first view, or an error."""
        start = len(self.messages)
        with self._cond:
            self.tracker.said_hello(since)  # a fresh view, or the events after `since`
        self.send({"t": "watch", **({} if since is None else {"since": since})})
        return self.find(lambda m: m["t"] in ("view", "error"), start)[1]

    def views(self) -> list[Message]:
        return [message for message in self.messages if message["t"] == "view"]


@contextmanager
def watcher(server: LiveServer, table_id: str, keys: set[str] = WATCH_VIEW_KEYS,
            private: set[str] | frozenset[str] = OWN_EVENTS) -> Iterator[Watcher]:
    with connect(f"{server.ws}/ws/tables/{table_id}", open_timeout=10, proxy=None) as conn:
        client = Watcher(conn, keys, private)
        try:
            yield client
        finally:
            conn.close()
            client._reader.join(10)


def refused(server: LiveServer, table_id: str) -> None:
    """A watch frame on this table is answered `not_watchable`."""
    with watcher(server, table_id) as nobody:
        answer = nobody.watch()
        assert (answer["t"], answer["code"], answer["seq"]) == ("error", "not_watchable", None)


def public_of(view: Message) -> Message:
    """A Matematický poker seat's view as one who watches sees it (WATCH_VIEW_KEYS)."""
    return {**{key: view[key] for key in WATCH_VIEW_KEYS}, "seat": None, "deadline": None,
            "over": view["game_over"]}


def test_a_duel_watched_then_closed_by_the_host(server: LiveServer) -> None:
    host = create_lobby(server, "duel", nickname="Ada")
    guest = join_lobby(server, host.code, "Bob")
    with seated(server, host) as a, seated(server, guest) as b:
        a.send({"t": "start"})
        lobby = a.wait_lobby(lambda lobby: lobby["status"] == "playing")
        assert lobby["watchers"] == 0 and lobby["watchable"] is True
        table_id = lobby["table"]
        for client in (a, b):
            client.wait_version(1)
        with watcher(server, table_id) as w:
            first = w.watch()
            assert first["t"] == "view" and first["version"] >= 1, first
            assert first["view"]["seat"] is None and first["events"] == []
            # And who sits where: the nicknames by table seat.
            names = w.wait_for(lambda m: m["t"] == "players")
            assert names["names"] == {"0": "Ada", "1": "Bob"}
            for client in (a, b):  # the players see that somebody watches
                client.wait_lobby(lambda lobby: lobby["watchers"] == 1)
            # A few moves each: after every one, one who watches sees the version the
            # players see, and of it the public part alone (no board, hand or card).
            moves = 0
            for _ in range(20):  # (a duel always has a move for somebody: 8 come at once)
                if moves >= 8:
                    break
                for client in (a, b):
                    move = choose_move(client.view)
                    if move is None:
                        continue
                    reply = client.act_patiently(move, server=server)
                    assert reply["t"] == "view", (move, reply)
                    version = reply["version"]
                    shown = w.wait_version(version)
                    for each in (a, b):
                        each.wait_version(version)
                    assert shown["version"] == a.tracker.version == b.tracker.version
                    assert shown["view"] == public_of(a.view) == public_of(b.view)
                    moves += 1
            assert moves >= 8, "the players had no moves"
            assert not w.tracker.problems, w.tracker.problems
            assert all(view["view"]["seat"] is None for view in w.views())
            assert w.tracker.events("dealt"), "no public event reached one who watches"
            # Pings are answered; anything else is refused (it holds no seat).
            assert w.ping() == []
            w.send({"t": "act", "seq": 1, "action": {"type": "draw"}})
            w.error("watching", seq=1)
            w.send(json.dumps({"t": "hello", "key": guest.key}))  # (raw: not a hello of its own)
            w.error("watching")
            assert b.view["seat"] == 1 and not b.tracker.problems  # Bob's seat is his still
            # Only the host decides; when it stops watching, the watcher is told and closed.
            b.send({"t": "watching", "on": False})
            b.error("not_host")
            a.send({"t": "watching", "on": False})
            w.error("not_watchable")
            assert w.wait_closed() == CLOSE_LEFT
        for client in (a, b):
            client.wait_lobby(lambda lobby: lobby["watchable"] is False
                              and lobby["watchers"] == 0)
        refused(server, table_id)
        a.send({"t": "watching", "on": True})  # and lets people watch again
        a.wait_lobby(lambda lobby: lobby["watchable"] is True)
        with watcher(server, table_id) as again:
            assert again.watch()["view"] == public_of(a.view)


def test_only_a_rooms_table_is_watched(server: LiveServer) -> None:
    table_id, key = server.create()  # a solo game's table: no room's
    refused(server, table_id)
    with server.socket(table_id) as player:  # its player plays on as before
        assert player.hello(key)["view"]["seat"] == 0


def test_one_who_watches_kostkovy_poker_never_sees_a_die_behind_a_screen(
        server: LiveServer) -> None:
    host = seat_of(post_lobby(server, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=2, chips=10))
    guest = seat_of(post_join(server, host.code, body={"nickname": "Bob"}))
    url = f"{server.ws}/ws/lobbies/{host.code}"
    with connect(url, proxy=None) as a_conn, connect(url, proxy=None) as b_conn:
        ada, bob = Seen(a_conn, host.key), Seen(b_conn, guest.key)
        a_conn.send(json.dumps({"t": "start"}))
        while ada.lobby is None or ada.lobby["table"] is None:
            ada.take(ada.recv())
        with watcher(server, ada.lobby["table"], KP_WATCH_KEYS, KP_PRIVATE_EVENTS) as w:
            assert w.watch()["t"] == "view"
            for _ in range(5000):
                moved = ada.move() | bob.move()
                if ada.view is not None and ada.view["game_over"]:
                    break
                if not moved:
                    ada.take(ada.recv())
            ada.drain(), bob.drain()
            assert ada.view is not None and ada.view["game_over"]
            w.wait_version(max(ada.seen))
            assert not w.tracker.problems, w.tracker.problems
            compared = kept = 0
            for message in w.views():
                shown = message["view"]
                for person in (ada, bob):
                    seat_view = person.seen.get(message["version"])
                    if seat_view is not None:  # the same version: all of it but the own part
                        public = {k: v for k, v in seat_view.items() if k not in KP_OWN}
                        assert shown == {**public, "seat": None}, message["version"]
                        compared += 1
                        kept += seat_view["phase"] == "keep" and bool(seat_view["dice"])
            assert compared and kept, "no view was compared while dice were behind the screens"
            assert not any(event["type"] in KP_PRIVATE_EVENTS
                           for message in w.views() for event in message["events"])


class Seen(Person):
    """A Kostkový poker player (Person) who keeps every view by its version."""

    def __init__(self, conn: ClientConnection, key: str) -> None:
        self.seen: dict[int, dict[str, Any]] = {}
        super().__init__(conn, key)

    def take(self, message: dict[str, Any]) -> None:
        super().take(message)
        if message["t"] == "view":
            self.seen[message["version"]] = message["view"]

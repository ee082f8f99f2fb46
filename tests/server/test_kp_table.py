"""A Kostkový poker table over a lobby: people join by code, computer players take the empty
seats at the start, everybody plays to the end through real sockets."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from klubovna.tables import Lobby, Table, hash_key
from klubovna.tables.lobby import room_policy
from klubovna.tables.registry import get_game
from tests.server.live import LiveServer
from tests.server.lobby_client import (
    assert_error,
    bearer,
    dice_move,
    get_lobby,
    new_profile,
    post_join,
    post_lobby,
    seat_of,
    stats_of,
)

T0 = 1_700_000_000_000


class Person:
    """One person's socket: the latest view, and a plain way of playing (dice_move)."""

    def __init__(self, conn: ClientConnection, key: str) -> None:
        self.conn, self.seq = conn, 0
        self.view: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        conn.send(json.dumps({"t": "hello", "key": key}))
        self.take(self.recv())

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        return message

    def take(self, message: dict[str, Any]) -> None:
        assert message["t"] in ("lobby", "view"), message
        if message["t"] == "lobby":
            self.lobby = message["lobby"]
        else:
            self.view = message["view"]

    def drain(self) -> None:
        """Take every message already waiting."""
        while True:
            try:
                self.take(self.recv(timeout=0.05))
            except TimeoutError:
                return

    def move(self) -> bool:
        """Act if the view asks for an action; True if it did."""
        self.drain()
        if self.view is None or self.view["game_over"] or not self.view["actions"]:
            return False
        action = dice_move(self.view["actions"])
        self.seq += 1
        self.conn.send(json.dumps({"t": "act", "seq": self.seq, "action": action}))
        while True:
            reply = self.recv()
            if reply["t"] == "error":
                assert reply["seq"] == self.seq, reply
                raise AssertionError(f"refused: {reply} for {action} in {self.view}")
            self.take(reply)
            if reply.get("ack") == self.seq:
                return True


def test_two_people_and_a_computer_player_finish_a_game(server: LiveServer) -> None:
    host = seat_of(post_lobby(server, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=3, chips=10, seconds=30, robots="chytry"))
    info = get_lobby(server, host.code).json()
    assert (info["game"], info["kind"], info["limit"]) == ("kostkovy-poker", "table", 3)
    assert info["settings"] == {"seats": 3, "chips": 10, "seconds": 30, "robots": "chytry"}
    guest = seat_of(post_join(server, host.code.lower(), body={"nickname": "Bob"}))
    assert guest.link == f"/#/kostkovy-poker/hra/{host.code}"
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as a_conn, \
            connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as b_conn:
        ada, bob = Person(a_conn, host.key), Person(b_conn, guest.key)
        a_conn.send(json.dumps({"t": "start"}))
        for _ in range(2000):
            moved = ada.move() | bob.move()
            if ada.view is not None and ada.view["game_over"]:
                break
            if not moved:
                ada.take(ada.recv())  # wait for the computer player or the other person
        ada.drain(), bob.drain()
        assert ada.view is not None and bob.view is not None
        assert ada.view["game_over"] and bob.view["game_over"]
        chips = [player["chips"] for player in ada.view["players"]]
        assert len(chips) == 3 and sum(chips) == 30  # nothing made or lost
        assert ada.lobby is not None and ada.lobby["status"] == "closed"
        assert ada.lobby["outcome"] == "finished"
        people = {p["nickname"]: p["table_seat"] for p in ada.lobby["players"]}
        assert people == {"Ada": 0, "Bob": 1}  # seat 2 is the computer's
    # Full once the seats are taken: people only up to `seats`, no joining after the start.
    assert_error(post_join(server, host.code, body={"nickname": "Cyril"}), 409, "lobby_closed")


def play_to_the_end(*people: Person) -> None:
    """Everyone plays (Person.move) until the first one's game is over."""
    host = people[0]
    for _ in range(5000):
        moved = any([person.move() for person in people])
        if host.view is not None and host.view["game_over"]:
            break
        if not moved:
            host.take(host.recv())  # wait for the computer player or another person
    assert host.view is not None and host.view["game_over"]
    # The room closes after the game's last step, in a task of its own (and tells how the
    # ratings moved): wait for its message, which a 50 ms drain missed on a busy machine.
    while host.lobby is None or host.lobby["status"] == "playing":
        host.take(host.recv())
    for person in people:
        person.drain()


def test_a_game_played_to_the_end_counts_in_the_profiles_card(server: LiveServer) -> None:
    """The page promises "Hra se započítá do statistik profilu": the seated profile gets
    its Kostkový poker figures (from the game's own result), a guest and the computer
    player nothing, and Matematický poker's card stays as it was."""
    _, ada_key = new_profile(server)
    assert stats_of(server, ada_key, "kostkovy-poker") == {
        "games": 0, "won": 0, "lost": 0, "drawn": 0, "figures": {}, "rating": None}
    host = seat_of(post_lobby(server, ada_key, game="kostkovy-poker", kind="table",
                              seats=3, chips=10, robots="klidny"))
    guest = seat_of(post_join(server, host.code, body={"nickname": "Bob"}))
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as a_conn, \
            connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as b_conn:
        ada, bob = Person(a_conn, host.key), Person(b_conn, guest.key)
        a_conn.send(json.dumps({"t": "start"}))
        play_to_the_end(ada, bob)
    assert ada.view is not None
    result = ada.view["result"]
    mine = next(row for row in result["standings"] if row["seat"] == 0)
    firsts = sum(row["place"] == 1 for row in result["standings"])
    outcome = "lost" if mine["place"] > 1 else "won" if firsts == 1 else "drawn"
    hands = result["hands"] if mine["out"] is None else mine["out"]
    expected = {"games": 1, "won": 0, "lost": 0, "drawn": 0,
                "figures": {"hands": hands, "hands_won": result["hands_won"][0],
                            "chips": mine["chips"] - 10},
                "rating": None}  # a guest and a computer player at the table: unrated
    expected[outcome] = 1
    assert stats_of(server, ada_key, "kostkovy-poker") == expected
    assert outcome == "lost" or 1 <= result["hands_won"][0] <= hands  # a winner won a hand
    assert stats_of(server, ada_key)["games"] == 0  # Matematický poker's card: untouched
    me = httpx.get(f"{server.http}/api/profiles/me", headers=bearer(ada_key)).json()
    assert me["stats"]["kostkovy-poker"] == expected


def test_a_table_lobby_refuses_what_belongs_to_other_games(server: LiveServer) -> None:
    for body, code in [({"kind": "table", "mode": "hard", "seconds": 5}, "bad_config"),
                       ({"kind": "duel", "seats": 3}, "bad_config"),
                       ({"kind": "group"}, "bad_config"),
                       ({"kind": "table", "seats": 7}, "invalid_request"),
                       ({"kind": "table", "robots": "nobody"}, "invalid_request")]:
        game = "matematicky-poker" if body["kind"] == "duel" else "kostkovy-poker"
        assert_error(post_lobby(server, game=game, nickname="Ada", **body), 422, code)


def table_of_lobby(server: LiveServer, code: str) -> str:
    """The id of a lobby's table, read from the server's database (no API says it)."""
    engine = create_engine(server.database_url or f"sqlite:///{server.data_dir / 'klubovna.db'}")
    try:
        with engine.connect() as connection:
            table_id = connection.execute(
                text("SELECT table_id FROM lobbies WHERE code = :code"), {"code": code}
            ).scalar_one()
    finally:
        engine.dispose()
    assert isinstance(table_id, str)
    return table_id


def test_a_player_who_left_a_running_table_cannot_come_back(restartable: LiveServer) -> None:
    """Leaving through the lobby closes the seat everywhere: the table socket and the HTTP
    view refuse its key, a table socket it still had open is told and closed, and a
    restart (the seat closed by the table's log) changes nothing of that."""
    server = restartable
    host = seat_of(post_lobby(server, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=3, chips=10, robots="klidny"))
    guest = seat_of(post_join(server, host.code, body={"nickname": "Bob"}))
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as a_conn, \
            connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as b_conn:
        ada, bob = Person(a_conn, host.key), Person(b_conn, guest.key)
        a_conn.send(json.dumps({"t": "start"}))
        while bob.view is None:
            bob.take(bob.recv())
        table_id = table_of_lobby(server, host.code)
        with server.socket(table_id) as table_socket:
            assert table_socket.hello(guest.key)["t"] == "view"  # still open: Bob plays
            b_conn.send(json.dumps({"t": "leave"}))
            while True:  # the lobby says Bob is gone, then the socket closes
                try:
                    bob.take(bob.recv())
                except ConnectionClosed:
                    break
            assert bob.lobby is not None
            assert [p["gone"] for p in bob.lobby["players"]] == [False, True]
            # The table socket still open is told and closed: it holds a seat no more.
            while (message := table_socket.recv())["t"] != "error":
                pass
            assert message["code"] == "left_game"
            with pytest.raises(ConnectionClosed) as closed:
                table_socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        ada.drain()

    def refused() -> None:
        with server.socket(table_id) as table_socket:
            assert table_socket.hello(guest.key)["code"] == "bad_key"
            assert table_socket.hello(host.key)["t"] == "view"  # Ada's seat is open
        answer = httpx.get(f"{server.http}/api/tables/{table_id}", headers=bearer(guest.key))
        assert answer.status_code == 403 and answer.json()["code"] == "bad_key"
        assert httpx.get(f"{server.http}/api/tables/{table_id}",
                         headers=bearer(host.key)).status_code == 200
        with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as conn:
            conn.send(json.dumps({"t": "hello", "key": guest.key}))
            assert json.loads(conn.recv(timeout=10))["code"] == "left_game"

    refused()
    server.kill()
    server.start()
    refused()


def test_a_person_leaving_a_running_table_never_holds_up_the_others() -> None:
    """In the room's own terms (Lobby + Table, the clock in the test's hands): Bob leaves
    in the second hand; Ada and Cyril play on to the game's end. Whatever takes Bob's seat
    (the game's leaver policy: he folds out, with no action timer to play for him), there
    is always something due: a move of someone still there or the computer's."""
    game = get_game("kostkovy-poker")
    assert game.leaver == "fold" and room_policy("kostkovy-poker", "table").kind == "table"
    lobby = Lobby.open("ABCDEF", "kostkovy-poker", "table", "Ada", hash_key("a"), T0,
                       settings={"seats": 4, "chips": 10})
    for name in ("Bob", "Cyril"):
        lobby.join(name, hash_key(name), T0)
    table = Table("t", game, lobby.start(0, T0), seed=3, key_hashes=lobby.key_hashes())
    now = T0
    table.commit(table.act_for(0, {"type": "start"}, now), now)
    people = [0, 1, 2]  # seat 3 is the computer player's
    for _ in range(50_000):
        if table.over:
            break
        now += 1
        if people == [0, 1, 2] and table.state.hand >= 2:
            lobby.leave(1, now)
            table.commit(table.leave(lobby.table_seat(1), now), now)
            people = [0, 2]
            continue
        step = table.robot_step(now)
        if step.entry is None:
            step = next((table.act_for(seat, choose(game.legal(table.state, seat)), now)
                         for seat in people if game.legal(table.state, seat)), step)
        if step.entry is None:
            deadline = table.next_deadline()
            assert deadline is not None, "the table waits for nobody who could move"
            now = max(now, deadline + 1)
            step = table.tick(now)
        table.commit(step, now)
    assert table.over and people == [0, 2]
    lobby.finish(now)
    assert (lobby.status, lobby.outcome) == ("closed", "finished")
    assert lobby.public()["players"][1]["gone"]


def choose(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain player: check, else call, else keep the first choice; never stops."""
    for kind in ("check", "call", "keep"):
        for action in actions:
            if action["type"] == kind:
                return action
    return next(a for a in actions if a["type"] != "stop")

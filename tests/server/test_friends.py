"""Friends, blocks and the club socket over real HTTP and WebSockets: ask by nickname or id,
accept, decline, unfriend, see who is here and what they play, block; a device signed out
loses its club socket."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.test_recording import bearer, new_profile


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from own_server(tmp_path_factory, env={"KLUBOVNA_RATE_TABLES": "1000"})


def lists(server: LiveServer, key: str) -> dict[str, Any]:
    response = httpx.get(f"{server.http}/api/friends", headers=bearer(key))
    assert response.status_code == 200, response.text
    return response.json()


def ask(server: LiveServer, key: str, **who: Any) -> httpx.Response:
    return httpx.post(f"{server.http}/api/friends", json=who, headers=bearer(key))


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["message"]


class Club:
    """A club socket, said hello on; closed by `close` or at the end of a `with`."""

    def __init__(self, server: LiveServer, key: str) -> None:
        self._open = connect(f"{server.ws}/ws/club", open_timeout=10)
        self.conn: ClientConnection = self._open.__enter__()
        self.conn.send(json.dumps({"t": "hello", "key": key}))
        self.welcome = self.recv()
        assert self.welcome["t"] == "welcome", self.welcome

    def __enter__(self) -> Club:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=30))
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next message of `kind` with these fields (others before it are skipped)."""
        while True:
            message = self.recv()
            if message["t"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    def send(self, message: dict[str, Any]) -> None:
        self.conn.send(json.dumps(message))

    def close(self) -> None:
        self.conn.close()


def test_asking_accepting_and_presence(server: LiveServer) -> None:
    ada_id, ada = new_profile(server, "Ada Friend")
    bob_id, bob = new_profile(server, "Bob Friend")
    bob_club = Club(server, bob)
    asked = ask(server, ada, nickname="  bob friend ")  # as typed: the nickname rules
    assert asked.status_code == 201, asked.text
    assert asked.json() == {"id": bob_id, "nickname": "Bob Friend", "state": "outgoing"}
    bob_club.until("friends")  # Bob's app hears of it at once
    assert lists(server, bob)["incoming"] == [{"id": ada_id, "nickname": "Ada Friend"}]
    assert lists(server, ada)["outgoing"] == [{"id": bob_id, "nickname": "Bob Friend"}]
    # Bob accepts: friends both ways, Ada offline (no club socket), Bob online.
    accepted = httpx.post(f"{server.http}/api/friends/{ada_id}/accept", headers=bearer(bob))
    assert accepted.status_code == 200, accepted.text
    assert lists(server, bob)["friends"] == [
        {"id": ada_id, "nickname": "Ada Friend", "online": False, "playing": None,
         "watch": None}]
    assert lists(server, ada)["friends"] == [
        {"id": bob_id, "nickname": "Bob Friend", "online": True, "playing": None,
         "watch": None}]
    # Ada comes online: Bob sees it; she plays Kostkový poker, then stops, then leaves.
    ada_club = Club(server, ada)
    assert ada_club.welcome["presence"] == {bob_id: {"online": True, "playing": None,
                                                     "watch": None}}
    bob_club.until("presence", id=ada_id, online=True)
    ada_club.send({"t": "playing", "game": "kostkovy-poker"})
    bob_club.until("presence", id=ada_id, playing="kostkovy-poker")
    assert lists(server, bob)["friends"][0]["playing"] == "kostkovy-poker"
    ada_club.send({"t": "playing", "game": "no-such-game"})
    assert ada_club.until("error")["code"] == "unknown_game"
    ada_club.send({"t": "playing", "game": None})
    bob_club.until("presence", id=ada_id, playing=None)
    ada_club.close()
    bob_club.until("presence", id=ada_id, online=False)
    # Unfriend: gone for both.
    assert httpx.delete(f"{server.http}/api/friends/{ada_id}",
                        headers=bearer(bob)).status_code == 204
    assert lists(server, ada)["friends"] == [] and lists(server, bob)["friends"] == []
    bob_club.close()


def test_asking_back_makes_friends_and_declining(server: LiveServer) -> None:
    cyril_id, cyril = new_profile(server)
    dana_id, dana = new_profile(server)
    assert ask(server, cyril, id=dana_id).json()["state"] == "outgoing"
    assert ask(server, cyril, id=dana_id).json()["state"] == "outgoing"  # again: no change
    assert ask(server, dana, id=cyril_id).json()["state"] == "friends"
    assert [f["id"] for f in lists(server, cyril)["friends"]] == [dana_id]
    # A request declined is gone from both lists.
    eva_id, eva = new_profile(server)
    ask(server, eva, id=cyril_id)
    assert httpx.delete(f"{server.http}/api/friends/{eva_id}",
                        headers=bearer(cyril)).status_code == 204
    assert lists(server, eva)["outgoing"] == [] and lists(server, cyril)["incoming"] == []
    assert_error(httpx.post(f"{server.http}/api/friends/{eva_id}/accept", headers=bearer(cyril)),
                 404, "no_request")


def test_bad_requests(server: LiveServer) -> None:
    me_id, me = new_profile(server)
    assert_error(ask(server, me, nickname="Nobody Here Ever"), 404, "unknown_person")
    assert_error(ask(server, me, id=me_id), 422, "yourself")
    response = httpx.post(f"{server.http}/api/friends", json={}, headers=bearer(me))
    assert response.status_code == 422 and response.json()["code"]
    response = httpx.post(f"{server.http}/api/friends", json={"nickname": "a", "id": "b"},
                          headers=bearer(me))
    assert response.status_code == 422
    assert_error(httpx.get(f"{server.http}/api/friends"), 401, "missing_key")
    assert_error(httpx.delete(f"{server.http}/api/friends/nobody", headers=bearer(me)),
                 404, "not_friends")


def test_blocking(server: LiveServer) -> None:
    fred_id, fred = new_profile(server)
    gina_id, gina = new_profile(server)
    ask(server, fred, id=gina_id)
    blocked = httpx.post(f"{server.http}/api/blocks", json={"id": fred_id}, headers=bearer(gina))
    assert blocked.status_code == 201
    assert lists(server, gina)["incoming"] == []  # the request went with the block
    assert_error(ask(server, fred, id=gina_id), 403, "blocked")
    assert_error(ask(server, gina, id=fred_id), 403, "blocked")  # either way round
    blocks = httpx.get(f"{server.http}/api/blocks", headers=bearer(gina)).json()["blocks"]
    assert [b["id"] for b in blocks] == [fred_id]
    assert httpx.delete(f"{server.http}/api/blocks/{fred_id}",
                        headers=bearer(gina)).status_code == 204
    assert ask(server, fred, id=gina_id).status_code == 201


TABLE = "Xy_9-abcDEF012345"
"""A table id's shape (secrets.token_urlsafe(12)): the club socket stores it as told; the table
socket's `watch` check decides whether it may be watched."""


def test_a_friend_playing_a_watchable_game_can_be_watched(server: LiveServer) -> None:
    (eva_id, eva), (jan_id, jan) = friends(server)
    with Club(server, jan) as jan_club, Club(server, eva) as eva_club:
        jan_club.until("presence", id=eva_id, online=True)
        eva_club.send({"t": "playing", "game": "kostkovy-poker", "watch": TABLE})
        heard = jan_club.until("presence", id=eva_id, playing="kostkovy-poker")
        assert heard["watch"] == TABLE
        (listed,) = lists(server, jan)["friends"]
        assert {k: listed[k] for k in ("id", "online", "playing", "watch")} == {
            "id": eva_id, "online": True, "playing": "kostkovy-poker", "watch": TABLE}
        # Jan's welcome on another socket carries it too.
        with Club(server, jan) as again:
            assert again.welcome["presence"][eva_id]["watch"] == TABLE
        # Bad values are refused and change nothing.
        for bad in (123, "", "no spaces here", "x" * 33, "../tables", ["a"]):
            eva_club.send({"t": "playing", "game": "kostkovy-poker", "watch": bad})
            assert eva_club.until("error")["code"] == "bad_watch"
        eva_club.send({"t": "playing", "game": None, "watch": TABLE})  # no game, no table
        assert eva_club.until("error")["code"] == "bad_watch"
        assert lists(server, jan)["friends"][0]["watch"] == TABLE
        # The game goes on unwatchable (the host turned it off): the same game, no table.
        eva_club.send({"t": "playing", "game": "kostkovy-poker"})
        heard = jan_club.until("presence", id=eva_id, watch=None)
        assert heard["playing"] == "kostkovy-poker"
        assert lists(server, jan)["friends"][0]["watch"] is None


def test_the_club_socket_checks_what_it_hears(server: LiveServer) -> None:
    _, key = new_profile(server)
    with connect(f"{server.ws}/ws/club", open_timeout=10) as conn:
        conn.send(json.dumps({"t": "ping"}))
        assert json.loads(conn.recv(timeout=30))["code"] == "hello_required"
        conn.send("not json")
        assert json.loads(conn.recv(timeout=30))["code"] == "bad_message"
        conn.send(json.dumps({"t": "hello", "key": key}))
        assert json.loads(conn.recv(timeout=30))["t"] == "welcome"
        conn.send(json.dumps({"t": "ping"}))
        assert json.loads(conn.recv(timeout=30))["t"] == "pong"
        conn.send(json.dumps({"t": "dance"}))
        assert json.loads(conn.recv(timeout=30))["code"] == "bad_message"
    with connect(f"{server.ws}/ws/club", open_timeout=10) as conn:
        conn.send(json.dumps({"t": "hello", "key": "wrong"}))
        assert json.loads(conn.recv(timeout=30))["code"] == "bad_key"


def test_a_device_signed_out_loses_its_club_socket(server: LiveServer) -> None:
    _, desk = new_profile(server)
    code = httpx.post(f"{server.http}/api/profiles/me/transfer", headers=bearer(desk)).json()
    phone = httpx.post(f"{server.http}/api/profiles/transfer",
                       json={"code": code["code"]}).json()["key"]
    desk_club, phone_club = Club(server, desk), Club(server, phone)
    devices = httpx.get(f"{server.http}/api/profiles/me/devices", headers=bearer(phone))
    (desk_device,) = [d for d in devices.json()["devices"] if not d["current"]]
    httpx.delete(f"{server.http}/api/profiles/me/devices/{desk_device['id']}",
                 headers=bearer(phone))
    with pytest.raises(Exception, match="4403"):
        desk_club.recv()
    phone_club.send({"t": "ping"})
    assert phone_club.until("pong")["t"] == "pong"
    phone_club.close()


def open_room(server: LiveServer, key: str) -> dict[str, Any]:
    """A waiting Kostkový poker room of the profile's (its seat)."""
    response = httpx.post(f"{server.http}/api/lobbies", headers=bearer(key),
                          json={"game": "kostkovy-poker", "kind": "table"})
    assert response.status_code == 201, response.text
    seat: dict[str, Any] = response.json()
    return seat


def accept_url(server: LiveServer, challenge: dict[str, Any]) -> str:
    return (f"{server.http}/api/lobbies/{challenge['code']}/challenges/{challenge['id']}"
            "/accept")


def friends(server: LiveServer) -> tuple[tuple[str, str], tuple[str, str]]:
    one, two = new_profile(server), new_profile(server)
    ask(server, one[1], id=two[0])
    assert ask(server, two[1], id=one[0]).json()["state"] == "friends"
    return one, two


def test_a_challenge_seats_the_friend_in_the_room(server: LiveServer) -> None:
    (hana_id, hana), (ivan_id, ivan) = friends(server)
    room = open_room(server, hana)
    with Club(server, ivan) as ivan_club, Club(server, hana) as hana_club:
        made = httpx.post(f"{server.http}/api/lobbies/{room['code']}/challenges",
                          headers=bearer(hana), json={"to": ivan_id})
        assert made.status_code == 201, made.text
        heard = ivan_club.until("challenge")
        assert heard["id"] == made.json()["id"] and heard["code"] == room["code"]
        assert heard["by"]["id"] == hana_id and heard["game"] == "kostkovy-poker"
        waiting = httpx.get(f"{server.http}/api/challenges", headers=bearer(ivan)).json()
        assert [c["id"] for c in waiting["incoming"]] == [heard["id"]]
        seat = httpx.post(accept_url(server, heard), headers=bearer(ivan))
        assert seat.status_code == 201, seat.text
        assert seat.json()["code"] == room["code"] and seat.json()["seat"] == 1
        answer = hana_club.until("challenge_answer")
        assert answer["accepted"] is True and answer["by"]["id"] == ivan_id
    info = httpx.get(f"{server.http}/api/lobbies/{room['code']}").json()
    assert info["players"] == 2
    again = httpx.post(accept_url(server, heard), headers=bearer(ivan))
    assert_error(again, 404, "unknown_challenge")


def test_declining_withdrawing_and_expiry(server: LiveServer) -> None:
    (_, jana), (karel_id, karel) = friends(server)
    room = open_room(server, jana)

    def challenge() -> str:
        made = httpx.post(f"{server.http}/api/lobbies/{room['code']}/challenges",
                          headers=bearer(jana), json={"to": karel_id})
        assert made.status_code == 201, made.text
        challenge_id: str = made.json()["id"]
        return challenge_id

    with Club(server, jana) as jana_club:
        first = challenge()
        assert httpx.delete(f"{server.http}/api/challenges/{first}",
                            headers=bearer(karel)).status_code == 204
        assert jana_club.until("challenge_answer")["accepted"] is False
    with Club(server, karel) as karel_club:
        second = challenge()
        assert httpx.delete(f"{server.http}/api/challenges/{second}",
                            headers=bearer(jana)).status_code == 204
        assert karel_club.until("challenge_withdrawn")["id"] == second
    third = challenge()
    server.skip(5 * 60_000 + 1)
    assert_error(httpx.post(accept_url(server, {"id": third, "code": room["code"]}),
                            headers=bearer(karel)), 404, "unknown_challenge")


def test_who_may_be_challenged_and_from_where(server: LiveServer) -> None:
    (_, lida), (mirek_id, mirek) = friends(server)
    stranger_id, _ = new_profile(server)
    room = open_room(server, lida)
    other_room = open_room(server, mirek)

    def post(key: str, to: str, code: str) -> httpx.Response:
        return httpx.post(f"{server.http}/api/lobbies/{code}/challenges", headers=bearer(key),
                          json={"to": to})

    assert_error(post(lida, stranger_id, room["code"]), 403, "not_friends")
    assert_error(post(lida, mirek_id, other_room["code"]), 403, "not_in_room")
    assert_error(post(lida, mirek_id, "ZZZZZZ"), 409, "room_not_waiting")
    assert_error(post(mirek, mirek_id, room["code"]), 403, "not_friends")


def test_asking_someone_from_a_game(server: LiveServer) -> None:
    """The people of a game ask each other by room and seat: only members may, and a
    guest (no profile) cannot be asked."""
    _, olga = new_profile(server, "Olga Hra")
    petr_id, petr = new_profile(server, "Petr Hra")
    _, outsider = new_profile(server)
    made = open_room(server, olga)
    joined = httpx.post(f"{server.http}/api/lobbies/{made['code']}/join", headers=bearer(petr),
                        json={})
    assert joined.status_code == 201, joined.text
    guest = httpx.post(f"{server.http}/api/lobbies/{made['code']}/join",
                       json={"nickname": "Host Bez Profilu"})
    if guest.status_code == 201:  # (a table of two may be full: then only the first checks)
        assert_error(ask(server, olga, room=made["code"], seat=guest.json()["seat"]), 404,
                     "unknown_person")
    asked = ask(server, olga, room=made["code"], seat=1)
    assert asked.status_code == 201 and asked.json()["id"] == petr_id, asked.text
    assert_error(ask(server, outsider, room=made["code"], seat=1), 403, "not_in_room")
    response = httpx.post(f"{server.http}/api/friends", headers=bearer(olga),
                          json={"room": made["code"]})
    assert response.status_code == 422

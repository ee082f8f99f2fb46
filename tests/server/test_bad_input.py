"""Bad input of every kind: a clear error with a stable code, never a 500, nothing lost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.live import Client, LiveServer, hold_number, play_out

# --- HTTP ---------------------------------------------------------------------

BAD_BODIES: list[tuple[Any, int, str]] = [
    ({}, 422, "invalid_request"),  # missing game
    ({"game": "chess"}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "colour": "red"}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": 5}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "nightmare"}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard", "seconds": "10"}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard", "seconds": True}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard", "seconds": 10.5}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard", "seconds": 2}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard", "seconds": 301}, 422, "invalid_request"),
    ({"game": "matematicky-poker", "mode": "hard"}, 422, "bad_config"),
    ({"game": "matematicky-poker", "mode": "easy", "seconds": 10}, 422, "bad_config"),
    ({"game": "matematicky-poker", "table": "poker"}, 422, "invalid_request"),
    ([1, 2, 3], 422, "invalid_request"),
    ("matematicky-poker", 422, "invalid_request"),
    ({"game": "matematicky-poker", "seed": 5}, 422, "seed_not_allowed"),
    ({"game": "matematicky-poker", "seed": -1}, 422, "invalid_request"),
    # Each game's own settings only; a game whose table has several seats needs a room.
    ({"game": "matematicky-poker", "chips": 20}, 422, "bad_config"),
    ({"game": "matematicky-poker", "variant": "duel"}, 422, "invalid_request"),
    ({"game": "kostkovy-poker"}, 422, "bad_config"),
    ({"game": "kostkovy-poker", "mode": "easy"}, 422, "bad_config"),
    ({"game": "kostkovy-poker", "kind": "ranked"}, 422, "bad_config"),
]


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code
    assert isinstance(body["message"], str) and body["message"]


@pytest.mark.parametrize(("body", "status", "code"), BAD_BODIES)
def test_bad_create_bodies(server: LiveServer, body: Any, status: int, code: str) -> None:
    assert_error(httpx.post(f"{server.http}/api/tables", json=body), status, code)


def test_malformed_json_body(server: LiveServer) -> None:
    response = httpx.post(f"{server.http}/api/tables", content=b'{"game": "matem',
                          headers={"content-type": "application/json"})
    assert_error(response, 400, "bad_json")


def test_oversized_body(server: LiveServer) -> None:
    body = {"game": "matematicky-poker", "pad": "x" * 5000}
    assert_error(httpx.post(f"{server.http}/api/tables", json=body), 413, "payload_too_large")

    def chunks() -> Iterator[bytes]:  # no content-length: chunked transfer
        yield b'{"game": "matematicky-poker", "pad": "'
        for _ in range(10):
            yield b"x" * 1000
        yield b'"}'

    response = httpx.post(f"{server.http}/api/tables", content=chunks(),
                          headers={"content-type": "application/json"})
    assert_error(response, 413, "payload_too_large")


def test_view_needs_the_right_key(server: LiveServer) -> None:
    table_id, key = server.create()
    url = f"{server.http}/api/tables/{table_id}"
    assert_error(httpx.get(url), 401, "missing_key")
    assert_error(httpx.get(url, headers={"Authorization": key}), 401, "missing_key")
    assert_error(httpx.get(url, headers={"Authorization": "Bearer nope"}), 403, "bad_key")
    assert httpx.get(url, headers={"Authorization": f"Bearer {key}"}).status_code == 200
    assert_error(httpx.get(f"{server.http}/api/tables/nosuchtable",
                           headers={"Authorization": f"Bearer {key}"}), 404, "unknown_table")


def test_unknown_address_and_method(server: LiveServer) -> None:
    assert_error(httpx.get(f"{server.http}/api/nothing-here"), 404, "not_found")
    assert_error(httpx.delete(f"{server.http}/api/tables"), 405, "method_not_allowed")


def test_openapi_schema(server: LiveServer) -> None:
    schema = httpx.get(f"{server.http}/api/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/tables/{table_id}" in schema["paths"]


# --- WebSocket ----------------------------------------------------------------


def expect_error(client: Client, code: str, seq: int | None = None) -> dict[str, Any]:
    message = client.recv()
    assert message["t"] == "error", message
    assert message["code"] == code, message
    assert message["seq"] == seq
    assert isinstance(message["message"], str) and message["message"]
    return message


def test_unknown_table_socket(server: LiveServer) -> None:
    with server.socket("nosuchtable") as client:
        expect_error(client, "unknown_table")


def test_hello_first_and_with_the_right_key(server: LiveServer) -> None:
    table_id, key = server.create()
    with server.socket(table_id) as client:
        client.send({"t": "act", "seq": 1, "action": {"type": "start"}})
        expect_error(client, "hello_required", seq=1)
        client.send({"t": "hello", "key": "wrong"})
        expect_error(client, "bad_key")
        client.send({"t": "hello"})
        expect_error(client, "bad_message")
        client.send("not json")
        expect_error(client, "bad_json")
        # The same connection still works once the hello is right.
        assert client.hello(key)["t"] == "view"


BAD_FRAMES: list[tuple[Any, str, int | None]] = [
    ("{broken", "bad_json", None),
    (b"\x00\x01binary", "bad_message", None),
    ("[1, 2]", "bad_message", None),
    ({"seq": 50, "action": {"type": "draw"}}, "bad_message", 50),
    ({"t": "shout"}, "bad_message", None),
    ({"t": "act", "seq": 50}, "bad_message", 50),
    ({"t": "act", "seq": "51", "action": {"type": "draw"}}, "bad_message", None),
    ({"t": "act", "seq": 0, "action": {"type": "draw"}}, "bad_message", None),
    ({"t": "act", "seq": 52, "action": [1]}, "bad_message", 52),
    ({"t": "act", "seq": 53, "action": {"type": "draw"}, "extra": 1}, "bad_message", 53),
    ({"t": "act", "seq": 54, "action": {"type": "fly"}}, "bad_action", 54),
    ({"t": "act", "seq": 55, "action": {"type": "place"}}, "bad_action", 55),
    ({"t": "act", "seq": 56, "action": {"type": "place", "cell": "3"}}, "bad_action", 56),
    ({"t": "act", "seq": 57, "action": {"type": "place", "cell": True}}, "bad_action", 57),
    ({"t": "act", "seq": 58, "action": {"type": "place", "cell": 25}}, "cell_out_of_range", 58),
    ({"t": "act", "seq": 59, "action": {"type": "place", "cell": -1}}, "cell_out_of_range", 59),
    ({"t": "act", "seq": 60, "action": {"type": "place", "cell": 0}}, "cell_taken", 60),
    ({"t": "act", "seq": 61, "action": {"type": "start"}}, "already_started", 61),
    ({"t": "act", "seq": 62, "action": {"type": "joker", "choice": "keep"}}, "not_a_joker", 62),
    ({"t": "act", "seq": 63, "action": {"type": "kept_joker", "value": 5, "cell": 3}},
     "no_kept_joker", 63),
    ({"t": "act", "seq": 64, "action": {"type": "kept_joker", "value": 14, "cell": 3}},
     "value_out_of_range", 64),
    ({"t": "act", "seq": 65, "action": {"type": "kept_joker", "value": 0, "cell": 3}},
     "value_out_of_range", 65),
    ({"t": "act", "seq": 66, "action": {"type": "place", "cell": 1, "value": 3}}, "bad_action", 66),
    ("x" * 5000, "message_too_large", None),
    (json.dumps({"t": "act", "seq": 67, "action": {"type": "place", "pad": "y" * 5000}}),
     "message_too_large", None),
    ("[" * 2000 + "]" * 2000, "bad_message", None),  # under 4 KiB, deeper than the parser
    (json.dumps({"t": "act", "seq": 68, "action": {"type": "place", "cell": 1,
                                                   "x": json.loads("[" * 40 + "]" * 40)}}),
     "bad_message", None),
]


@pytest.fixture(scope="module")
def placed_table(server: LiveServer) -> tuple[str, str]:
    """A started easy game with one number on cell 0, a number in hand and no kept joker.

    Decks are random here (no seeds on this server), so a deck that deals a joker
    early is set aside: a kept joker would make the `no_kept_joker` frame legal.
    """
    while True:
        table_id, key = server.create()
        with server.socket(table_id) as client:
            client.hello(key)
            hold_number(client, client.act({"type": "start"})["view"])
            view = hold_number(client, client.act({"type": "place", "cell": 0})["view"])
        if view["kept_jokers"] == 0:
            return table_id, key


@pytest.mark.parametrize(("frame", "code", "seq"), BAD_FRAMES)
def test_bad_frames_leave_game_and_socket_intact(
    server: LiveServer, placed_table: tuple[str, str], frame: Any, code: str, seq: int | None
) -> None:
    table_id, key = placed_table
    with server.socket(table_id) as client:
        before = client.hello(key)
        client.seq = 100  # above every seq in the list, so the checks below are fresh actions
        client.send(frame)
        expect_error(client, code, seq)
        # Healthy connection, untouched game.
        client.send({"t": "ping"})
        assert client.recv()["t"] == "pong"
        after = client.hello(key)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]


def test_place_before_start_and_after_the_end(server: LiveServer) -> None:
    table_id, key = server.create()
    with server.socket(table_id) as client:
        client.hello(key)
        assert client.act({"type": "place", "cell": 0})["code"] == "not_started"
        assert client.act({"type": "draw"})["code"] == "not_started"
        view = play_out(client, client.act({"type": "start"})["view"])
        assert view["over"]
        assert client.act({"type": "place", "cell": 0})["code"] == "game_over"
        assert client.act({"type": "draw"})["code"] == "game_over"
        client.send({"t": "ping"})
        assert client.recv()["t"] == "pong"

"""Both sockets against bad and abusive frames, on a real server (docs/api.md, "Socket
limits"): frames nested too deep, a second hello with another member's key, invalid UTF-8,
and a flood past the frame budget. A bad frame is answered and the socket stays open; only
a flood (closed with 4429) and invalid UTF-8 (1007, the WebSocket rule) end it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from klubovna.server.realtime.ws import FRAME_ABUSE, FRAME_BURST
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.lobby_client import create_lobby, join_lobby

DEEP = "[" * 2000 + "]" * 2000
"""Under 4 KiB, and deeper than the JSON parser's stack."""

FLOOD = 2000
"""Frames sent without waiting: far past the budget (200 at once, 20 a second)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its floods get 127.0.0.1 refused new sockets for a
    while (4429), which the worker's other modules on a shared server would meet."""
    yield from own_server(tmp_path_factory)


@contextmanager
def socket(server: LiveServer, path: str) -> Iterator[ClientConnection]:
    with connect(f"{server.ws}{path}", open_timeout=10, proxy=None) as conn:
        yield conn


def recv(conn: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(conn.recv(timeout=10))
    return message


def until(conn: ClientConnection, kind: str) -> dict[str, Any]:
    """Skip messages (lobby, presence, views) up to the first of type `kind`."""
    while True:
        message = recv(conn)
        if message["t"] == kind:
            return message


@contextmanager
def seated_table(server: LiveServer) -> Iterator[ClientConnection]:
    """A socket of a new solo table, after its hello."""
    table_id, key = server.create()
    with socket(server, f"/ws/tables/{table_id}") as conn:
        conn.send(json.dumps({"t": "hello", "key": key}))
        assert recv(conn)["t"] == "view"
        yield conn


@pytest.fixture
def table(server: LiveServer) -> Iterator[ClientConnection]:
    with seated_table(server) as conn:
        yield conn


@pytest.fixture
def lobby(server: LiveServer) -> Iterator[tuple[ClientConnection, str]]:
    """The host's socket of a group lobby, and the key of a second member."""
    host = create_lobby(server, "group")
    member = join_lobby(server, host.code, "Druhý")
    with socket(server, f"/ws/lobbies/{host.code}") as conn:
        conn.send(json.dumps({"t": "hello", "key": host.key}))
        assert until(conn, "lobby")["lobby"]["you"] == 0
        yield conn, member.key


def alive(conn: ClientConnection, seq: int) -> None:
    """The socket still answers: a ping with a seq gets its pong."""
    conn.send(json.dumps({"t": "ping", "seq": seq}))
    pong = until(conn, "pong")
    assert pong["seq"] == seq


def error_reply(conn: ClientConnection) -> dict[str, Any]:
    message = until(conn, "error")
    assert isinstance(message["message"], str) and message["message"]
    return message


# --- frames nested too deep ------------------------------------------------------------------


def test_a_deep_frame_on_a_table_socket_is_answered(table: ClientConnection) -> None:
    table.send(DEEP)
    assert error_reply(table)["code"] == "bad_message"
    alive(table, 1)


def test_a_deep_frame_on_a_lobby_socket_is_answered(
        lobby: tuple[ClientConnection, str]) -> None:
    conn, _ = lobby
    conn.send(DEEP)
    assert error_reply(conn)["code"] == "bad_message"
    # Deep but parseable, inside a well-formed act: refused the same way.
    action = {"type": "draw", "x": json.loads("[" * 40 + "]" * 40)}
    conn.send(json.dumps({"t": "act", "seq": 1, "action": action}))
    assert error_reply(conn)["code"] == "bad_message"
    alive(conn, 2)


# --- a second hello --------------------------------------------------------------------------


def test_a_second_hello_with_another_members_key_keeps_the_socket(
        lobby: tuple[ClientConnection, str]) -> None:
    conn, other_key = lobby
    conn.send(json.dumps({"t": "hello", "key": other_key}))
    assert error_reply(conn)["code"] == "other_seat"
    alive(conn, 1)
    # The socket still holds the host's seat: a start by the host is judged as the host's.
    conn.send(json.dumps({"t": "start"}))
    assert until(conn, "lobby")["lobby"]["status"] == "playing"


# --- invalid UTF-8 ---------------------------------------------------------------------------


def send_invalid_utf8(conn: ClientConnection) -> int | None:
    with conn.send_context():
        conn.protocol.send_text(b'{"t": "ping", "x": "\xff"}')
    with pytest.raises(ConnectionClosed):
        while True:
            conn.recv(timeout=10)
    return conn.close_code


def test_invalid_utf8_closes_with_1007_and_no_traceback(
        server: LiveServer, table: ClientConnection,
        lobby: tuple[ClientConnection, str]) -> None:
    log = server.data_dir / "log"
    start = log.stat().st_size
    assert send_invalid_utf8(table) == 1007
    assert send_invalid_utf8(lobby[0]) == 1007
    with seated_table(server) as fresh:  # the server lives on (and has logged what it had to)
        alive(fresh, 1)
    written = log.read_bytes()[start:].decode(errors="replace")
    assert "1007" in written or "UTF-8" in written, written  # it was seen and said
    assert "Traceback" not in written, written
    assert "ERROR" not in written, written


# --- the frame budget ------------------------------------------------------------------------


def flood(conn: ClientConnection, frame: str) -> tuple[int, int, int | None]:
    """Send FLOOD frames without waiting, then read to the end: (answers, rate_limited
    errors, close code)."""
    # The server's close may come while this client still sends: websockets then waits for
    # the server to end the TCP connection, which it does only after its own close timeout
    # (its queue of unread frames is full). The close frame has come by then: 1 s is plenty.
    conn.close_timeout = 1
    try:
        for _ in range(FLOOD):
            conn.send(frame)
    except ConnectionClosed:
        pass
    answers = limited = 0
    try:
        while True:
            message = json.loads(conn.recv(timeout=10))
            if message["t"] == "error":
                assert message["code"] == "rate_limited", message
                assert message["seq"] is None and message["message"]
                limited += 1
            elif message["t"] == "pong":
                answers += 1
    except ConnectionClosed:
        pass
    return answers, limited, conn.close_code


def test_a_table_socket_flood_is_limited_then_closed(
        server: LiveServer, table: ClientConnection) -> None:
    answers, limited, code = flood(table, json.dumps({"t": "ping", "seq": 1}))
    # The burst (less the hello) was served, then about FRAME_ABUSE refusals, then the end.
    assert FRAME_BURST - 1 <= answers < FLOOD - FRAME_ABUSE
    assert limited >= FRAME_ABUSE
    assert code == 4429
    with seated_table(server) as fresh:  # the budget is the socket's, not the server's
        alive(fresh, 1)


def test_a_lobby_socket_flood_is_limited_then_closed(
        server: LiveServer, lobby: tuple[ClientConnection, str]) -> None:
    conn, _ = lobby
    answers, limited, code = flood(conn, json.dumps({"t": "ping", "seq": 1}))
    assert FRAME_BURST - 1 <= answers < FLOOD - FRAME_ABUSE
    assert limited >= FRAME_ABUSE
    assert code == 4429


def test_plain_heartbeats_count_too(lobby: tuple[ClientConnection, str]) -> None:
    """The lobby's cheap path (a plain ping, mostly unanswered) is inside the budget."""
    conn, _ = lobby
    _, limited, code = flood(conn, '{"t":"ping"}')
    assert limited >= FRAME_ABUSE
    assert code == 4429

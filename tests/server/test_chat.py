"""The chat of a room over real sockets: preset phrases and emoji for everyone, own words only
where the host allowed them and for profiles that chose them, the word filter, the rate
limit, history for who comes in, reports stored with their context."""

from __future__ import annotations

import doctest
import json
import sqlite3
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from klubovna.server.features import chat
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.test_recording import bearer, new_profile


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from own_server(tmp_path_factory)


class Member:
    """A member's room socket, said hello on."""

    def __init__(self, server: LiveServer, code: str, key: str) -> None:
        self._open = connect(f"{server.ws}/ws/lobbies/{code}", open_timeout=10)
        self.conn: ClientConnection = self._open.__enter__()
        self.conn.send(json.dumps({"t": "hello", "key": key}))
        self.until("lobby")

    def send(self, message: dict[str, Any]) -> None:
        self.conn.send(json.dumps(message))

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.conn.recv(timeout=30))
            if message["t"] == kind:
                return message

    def close(self) -> None:
        self.conn.close()


def room(server: LiveServer, free_chat: bool = False) -> tuple[str, str, str, str, str]:
    """A Kostkový poker room of two profiles: (code, host key, guest key, host profile key,
    guest profile key)."""
    _, host = new_profile(server)
    _, guest = new_profile(server)
    made = httpx.post(f"{server.http}/api/lobbies", headers=bearer(host), json={
        "game": "kostkovy-poker", "kind": "table", "free_chat": free_chat})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    joined = httpx.post(f"{server.http}/api/lobbies/{code}/join", headers=bearer(guest), json={})
    assert joined.status_code == 201, joined.text
    return code, made.json()["key"], joined.json()["key"], host, guest


def test_doctests() -> None:
    assert doctest.testmod(chat).failed == 0


def test_phrases_and_emoji_for_everyone_and_history(server: LiveServer) -> None:
    code, host_seat, guest_seat, _, _ = room(server)
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    host.send({"t": "chat", "phrase": "gg"})
    heard = guest.until("chat")
    assert heard["phrase"] == "gg" and heard["seat"] == 0 and heard["id"]
    assert host.until("chat")["id"] == heard["id"]  # the sender sees it too
    guest.send({"t": "chat", "emoji": "👍"})
    assert host.until("chat")["emoji"] == "👍"
    for bad in ({"t": "chat", "phrase": "nonsense"}, {"t": "chat", "emoji": "💩"},
                {"t": "chat"}, {"t": "chat", "phrase": "gg", "emoji": "👍"}):
        guest.send(bad)
        assert guest.until("error")["code"] == "bad_chat"
    guest.send({"t": "chat", "text": "ahoj"})  # the host did not allow own words
    assert guest.until("error")["code"] == "chat_phrases_only"
    guest.close()
    late = Member(server, code, guest_seat)
    late.send({"t": "chat_history"})
    history = late.until("chat_history")["messages"]
    assert [m.get("phrase") or m.get("emoji") for m in history] == ["gg", "👍"]
    host.close()
    late.close()


def test_own_words_where_allowed_and_chosen(server: LiveServer) -> None:
    code, host_seat, guest_seat, host_key, guest_key = room(server, free_chat=True)
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    host.send({"t": "chat", "text": "Hezky zahráno"})
    assert host.until("error")["code"] == "chat_phrases_only"  # the profile has not chosen
    for key in (host_key, guest_key):
        chose = httpx.patch(f"{server.http}/api/profiles/me", headers=bearer(key),
                            json={"free_chat": True})
        assert chose.status_code == 200 and chose.json()["free_chat"] is True
    host.send({"t": "chat", "text": "  Hezky\u00a0 zahráno "})
    assert guest.until("chat")["text"] == "Hezky zahráno"
    for text, code_ in (("ty kurvo", "chat_refused"), ("K U R V A", "chat_refused"),
                        ("x" * 201, "bad_chat"), ("\u200b", "bad_chat")):
        host.send({"t": "chat", "text": text})
        assert host.until("error")["code"] == code_, text
    host.close()
    guest.close()


def test_the_rate_limit(server: LiveServer) -> None:
    code, host_seat, _, _, _ = room(server)
    host = Member(server, code, host_seat)
    for _ in range(chat.BURST):
        host.send({"t": "chat", "emoji": "🎉"})
        host.until("chat")
    host.send({"t": "chat", "emoji": "🎉"})
    assert host.until("error")["code"] == "rate_limited"
    host.close()


def test_a_report_is_stored_with_its_context(server: LiveServer) -> None:
    code, host_seat, guest_seat, _, _ = room(server)
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    host.send({"t": "chat", "phrase": "hello"})
    guest.send({"t": "chat", "phrase": "oops"})
    reported = host.until("chat")
    while reported["seat"] != 1:
        reported = host.until("chat")
    host.send({"t": "report", "message": reported["id"], "reason": "spam"})
    host.until("reported")
    host.send({"t": "report", "seat": 1})  # the nickname
    host.until("reported")
    host.send({"t": "report", "message": "no-such-id"})
    assert host.until("error")["code"] == "bad_report"
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        rows = db.execute("SELECT room, nickname, message, context, reason, status FROM reports "
                          "WHERE room = ? ORDER BY id", (code,)).fetchall()
    assert len(rows) == 2
    assert json.loads(rows[0][2])["id"] == reported["id"] and rows[0][4] == "spam"
    assert [m["phrase"] for m in json.loads(rows[0][3])] == ["hello", "oops"]
    assert rows[1][2] in (None, "null") and rows[1][5] == "open"  # (JSON null)
    host.close()
    guest.close()


def test_chat_before_hello_is_refused(server: LiveServer) -> None:
    code, _, _, _, _ = room(server)
    with connect(f"{server.ws}/ws/lobbies/{code}", open_timeout=10) as conn:
        conn.send(json.dumps({"t": "chat", "phrase": "gg"}))
        assert json.loads(conn.recv(timeout=30))["code"] == "hello_required"


def test_who_blocked_a_person_hears_nothing_from_them(server: LiveServer) -> None:
    code, host_seat, guest_seat, host_key, guest_key = room(server)
    guest_id = httpx.get(f"{server.http}/api/profiles/me", headers=bearer(guest_key)).json()["id"]
    blocked = httpx.post(f"{server.http}/api/blocks", headers=bearer(host_key),
                         json={"id": guest_id})
    assert blocked.status_code == 201, blocked.text
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    guest.send({"t": "chat", "phrase": "gg"})
    assert guest.until("chat")["phrase"] == "gg"  # sent (the guest is not told of the block)
    host.send({"t": "chat", "phrase": "hello"})
    assert host.until("chat")["phrase"] == "hello"  # the first chat the host hears is its own
    assert guest.until("chat")["phrase"] == "hello"  # the block is the host's, not the guest's
    host.send({"t": "chat_history"})
    assert [m["phrase"] for m in host.until("chat_history")["messages"]] == ["hello"]
    host.close()
    guest.close()

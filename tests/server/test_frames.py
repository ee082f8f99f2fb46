"""Whole frames made once for a fan-out (server/guard.py's `write_frame`, ws.Link,
wire.framed): what a socket gets is the frame uvicorn would have made of the same text;
a socket the server cannot write to at once is sent to as usual, in order; and a browser
offering compression gets none (it would deflate each text once a socket)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from klubovna.server.http.guard import FRAME_EXTENSION
from klubovna.server.realtime.hub import Hub, LiveTable
from klubovna.server.realtime.wire import framed
from klubovna.server.realtime.ws import Link
from klubovna.server.storage.store import Store
from tests.server.live import Client, LiveServer, play_out
from tests.server.test_wire import group_table


class Socket:
    """A Starlette WebSocket as Link sees it: the server's `write_frame` in its scope
    (accepting frames while `open`), and a send_text that waits while `slow` is clear."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.sent: list[str] = []
        self.open = True
        self.slow = asyncio.Event()
        self.slow.set()
        self.scope: dict[str, Any] = {"extensions": {FRAME_EXTENSION: {
            "write_frame": self.write_frame}}}

    def write_frame(self, frame: bytes) -> bool:
        if self.open:
            self.frames.append(frame)
        return self.open

    async def send_text(self, data: str) -> None:
        await self.slow.wait()
        self.sent.append(data)


def text_of(frame: bytes) -> str:
    """A whole unmasked text frame's text (RFC 6455: 2, 4 or 10 bytes of header)."""
    assert frame[0] == 0x81  # FIN, text
    size = frame[1] & 0x7F
    start = 2 if size < 126 else 4 if size == 126 else 10
    return frame[start:].decode()


def test_a_frame_is_what_the_websocket_library_makes_of_the_text() -> None:
    for text in ("ahoj", "Žolíky " * 40, "x" * 70_000):  # the three header sizes
        frame = framed(text)
        assert frame == Frame(Opcode.TEXT, text.encode()).serialize(mask=False)
        assert text_of(frame) == text


def test_one_frame_serves_a_whole_fan_out() -> None:
    async def fan_out() -> list[Socket]:
        sockets = [Socket() for _ in range(3)]
        text = json.dumps({"t": "view", "drawn": 7})
        for socket in sockets:
            await Link(socket).send_text(text)  # type: ignore[arg-type]
        return sockets

    sockets = asyncio.run(fan_out())
    assert [socket.sent for socket in sockets] == [[], [], []]
    assert [text_of(socket.frames[0]) for socket in sockets] == ['{"t": "view", "drawn": 7}'] * 3
    assert sockets[0].frames[0] is sockets[2].frames[0]  # made once


def test_a_socket_that_cannot_take_a_frame_is_sent_to_as_usual_and_in_order() -> None:
    async def slow_reader() -> Socket:
        socket = Socket()
        link = Link(socket)  # type: ignore[arg-type]
        socket.open, socket.slow = False, asyncio.Event()  # paused for a slow reader
        first = asyncio.create_task(link.send_text("1"))
        await asyncio.sleep(0)
        socket.open = True  # the frame writer would take one now ...
        second = asyncio.create_task(link.send_text("2"))
        await asyncio.sleep(0)
        assert socket.frames == []  # ... but "2" must not overtake "1"
        socket.slow.set()
        await asyncio.gather(first, second)
        await link.send_text("3")  # nothing waits any more: a frame again
        return socket

    socket = asyncio.run(slow_reader())
    assert socket.sent == ["1", "2"]
    assert [text_of(frame) for frame in socket.frames] == ["3"]


def test_a_hub_fan_out_writes_frames_and_sends_the_rest_as_usual(sqlite_store: Store) -> None:
    """Hub.send_all: sockets that take a frame get it at once; a paused one gets the text
    through send_text after, in order with what it had queued; one whose send fails is
    dropped from the table's connections, and the others still get theirs."""

    class Broken(Socket):
        async def send_text(self, data: str) -> None:
            raise RuntimeError("closed")

    async def run() -> tuple[list[Socket], list[Link], LiveTable]:
        sockets = [Socket(), Socket(), Broken(), Socket()]
        links = [Link(socket) for socket in sockets]  # type: ignore[arg-type]
        sockets[1].open = sockets[2].open = False  # paused for a slow reader
        live = LiveTable(group_table(), connections={1: {links[0], links[1]}, 2: {links[2]},
                                                     3: {links[3]}})
        message = {"t": "view", "drawn": 7}
        await Hub(sqlite_store).send_all(live, [(1, message), (2, message), (3, message)])
        return sockets, links, live

    sockets, links, live = asyncio.run(run())
    text = '{"t":"view","drawn":7}'
    assert [text_of(frame) for frame in sockets[0].frames] == [text] == [
        text_of(frame) for frame in sockets[3].frames]
    assert sockets[0].frames[0] is sockets[3].frames[0]  # made once
    assert sockets[1].frames == [] and sockets[1].sent == [text]
    assert live.connections == {1: {links[0], links[1]}, 2: set(), 3: {links[3]}}


def test_a_client_offering_compression_gets_none_and_plays(server: LiveServer) -> None:
    table_id, key = server.create(mode="easy")
    url = f"{server.ws}/ws/tables/{table_id}"
    with connect(url, open_timeout=10, compression="deflate") as conn:
        assert conn.protocol.extensions == []  # offered, not taken
        client = Client(conn, server)
        final = play_out(client, client.hello(key)["view"])
    assert final["over"] and final["board"].count(None) == 0

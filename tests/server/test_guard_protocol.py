"""The guarded WebSocket protocol (server/guard.py) on a real uvicorn server and socket:
its pings (uvicorn's keepalive) stop when the app says its own heartbeat watches the socket
(`stop_pings`, ws.Link.heartbeat_watches), and only then; it reads small messages in small
pieces, large ones whole; and a send to a connection that is going fails at once, as one
after it went, instead of writing into it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect

from klubovna.server.http.guard import FRAME_EXTENSION, LARGE_READ, SMALL_READ, protocols
from klubovna.server.realtime.ws import Link
from tests.server.live import free_port

App = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


def recorded(made: list[Any]) -> tuple[type[Any], type[Any]]:
    """The guarded protocol classes; the WebSocket one notes each protocol it makes."""
    http, ws = protocols(5.0, 5.0, 0, [])

    class Recorded(ws):  # type: ignore[misc, valid-type]
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            made.append(self)

    return http, Recorded


@asynccontextmanager
async def serving(socket_app: App, http: type[Any], ws: type[Any],
                  **config: Any) -> AsyncIterator[str]:
    """A real uvicorn server with these protocols on a free port, running `socket_app` for
    each WebSocket; yields its ws:// address and stops it after."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "lifespan":
            await socket_app(scope, receive, send)
            return
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(
        app, host="127.0.0.1", port=port, http=http, ws=ws, log_level="warning",
        ws_per_message_deflate=False, **config))
    running = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"ws://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        await running


def test_pings_stop_once_the_heartbeat_watches_and_reads_follow_the_message_size() -> None:
    made: list[Any] = []
    reads: list[tuple[int, int]] = []
    http, ws = recorded(made)

    class Reading(ws):  # type: ignore[misc, valid-type]
        def data_received(self, data: bytes) -> None:
            reads.append((self.transport.max_size, len(data)))
            super().data_received(data)

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # the connect
        await send({"type": "websocket.accept"})
        stop = scope["extensions"][FRAME_EXTENSION]["stop_pings"]
        while (message := await receive())["type"] == "websocket.receive":
            text = message["text"]
            if text == "watch":
                stop()
            state = "on" if made[0].ping_timer or made[0].pong_timer else "off"
            await send({"type": "websocket.send", "text": f"{len(text)} {state}"})

    async def run() -> list[str]:
        answers = []
        async with serving(app, http, Reading, ws_ping_interval=20.0,
                           ws_ping_timeout=20.0) as url, connect(url, compression=None) as client:
            for text in ("ping", "x" * 5000, "ping", "watch", "ping"):
                await client.send(text)
                answers.append(str(await client.recv()))
        return answers

    answers = asyncio.run(run())
    assert answers == ["4 on", "5000 on", "4 on", "5 off", "4 off"]
    # (size asked, bytes read) of each read: small pieces for small messages; a read that
    # filled one (the 5000-byte message: 5008 bytes of frame) is followed by large ones,
    # until a read comes short of a small piece.
    assert reads[1:] == [
        (SMALL_READ, 10), (SMALL_READ, SMALL_READ), (LARGE_READ, 5008 - SMALL_READ),
        (LARGE_READ, 10), (SMALL_READ, 11), (SMALL_READ, 10), (SMALL_READ, 8)]


def test_a_link_stops_the_pings_when_the_server_offers_it() -> None:
    stopped: list[bool] = []

    class Socket:
        scope = {"extensions": {FRAME_EXTENSION: {"write_frame": lambda frame: True,
                                                  "stop_pings": lambda: stopped.append(True)}}}

    Link(Socket()).heartbeat_watches()  # type: ignore[arg-type]
    assert stopped == [True]

    class Plain:
        scope: dict[str, Any] = {"extensions": {}}

    Link(Plain()).heartbeat_watches()  # type: ignore[arg-type]  # (nothing offered: no-op)
    assert stopped == [True]


def test_a_send_to_a_connection_that_is_going_fails_and_writes_nothing(
    caplog: Any,
) -> None:
    made: list[Any] = []
    outcomes: list[str] = []
    http, ws = recorded(made)

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        await websocket.receive_text()
        # The peer's reset as asyncio meets it: the transport closes at once and tells
        # the protocol (connection_lost) only at the loop's next turn.
        made[0].transport.abort()
        for _ in range(8):  # (asyncio warns from the fifth write into a lost connection)
            try:
                await websocket.send_text("too late")
                outcomes.append("written")
            except WebSocketDisconnect as gone:
                outcomes.append(f"disconnect {gone.code}")
                break

    async def run() -> None:
        async with serving(app, http, ws) as url, connect(url, compression=None) as client:
            await client.send("hello")
            await client.wait_closed()

    with caplog.at_level(logging.WARNING, logger="asyncio"):
        asyncio.run(run())
    assert outcomes == ["disconnect 1006"]
    assert "socket.send() raised exception." not in caplog.text

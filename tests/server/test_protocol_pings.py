"""The server's WebSocket pings (uvicorn's keepalive) stop when the app says its own
heartbeat watches the socket (guard's `stop_pings`, ws.Link.heartbeat_watches), and only
then; and the guarded socket reads small messages in small pieces, large ones whole.
A real uvicorn server with the guarded protocols, on a real socket."""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from websockets.asyncio.client import connect

from klubovna.server.guard import FRAME_EXTENSION, LARGE_READ, SMALL_READ, protocols
from klubovna.server.ws import Link
from tests.server.live import free_port


def test_pings_stop_once_the_heartbeat_watches_and_reads_follow_the_message_size() -> None:
    http, ws = protocols(5.0, 5.0, 0, [])
    made: list[Any] = []
    reads: list[tuple[int, int]] = []

    class Recorded(ws):  # type: ignore[misc, valid-type]
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            made.append(self)

        def data_received(self, data: bytes) -> None:
            reads.append((self.transport.max_size, len(data)))
            super().data_received(data)

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
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
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(
            app, host="127.0.0.1", port=port, http=http, ws=Recorded, log_level="warning",
            ws_ping_interval=20.0, ws_ping_timeout=20.0, ws_per_message_deflate=False))
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        answers = []
        async with connect(f"ws://127.0.0.1:{port}/", compression=None) as client:
            for text in ("ping", "x" * 5000, "ping", "watch", "ping"):
                await client.send(text)
                answers.append(str(await client.recv()))
        server.should_exit = True
        await serving
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

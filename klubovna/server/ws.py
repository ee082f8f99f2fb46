"""The WebSocket gateway: one socket per open table, the table protocol inside.

The first message must be the hello with the seat key. Every bad message gets
an error message; only an unknown table closes the socket.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from klubovna.core import IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.errors import ApiError
from klubovna.server.hub import Hub, StorageError
from klubovna.server.rooms import CLOSE_SILENT, HEARTBEAT_TIMEOUT_MS, Rooms
from klubovna.server.wire import dumps
from klubovna.tables import ProtocolError, normalize_code, parse_client_message
from klubovna.tables.protocol import MAX_MESSAGE_BYTES, Hello, Leave, Ping, Start
from klubovna.tables.table import pong

router = APIRouter()

QUIET_SECONDS = 5.0
"""A lobby answers a plain ping only when it has sent the socket nothing for this long: in a
running game the views already show the link is alive, and a group's 50 pongs every 10 s
cost the server as much as a fifth of its draws (bench/realtime.py). A ping with a seq is
always answered."""


PLAIN_PING = '{"t":"ping"}'
"""The heartbeat as the browser (JSON.stringify) writes it."""


class Link:
    """A member's socket, remembering when the server last sent it something."""

    __slots__ = ("websocket", "sent_at")

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.sent_at = 0.0

    async def send_text(self, data: str) -> None:
        self.sent_at = time.monotonic()
        await self.websocket.send_text(data)

    async def send_json(self, data: Any) -> None:
        await self.send_text(dumps(data))

    async def close(self, code: int = 1000) -> None:
        await self.websocket.close(code=code)

    async def answer(self, ping: Ping) -> None:
        """A pong when the ping asks for one (a seq) or the socket heard nothing for
        QUIET_SECONDS."""
        if ping.seq is not None or time.monotonic() - self.sent_at >= QUIET_SECONDS:
            await self.send_json(pong(ping, now_ms()))


def _error(code: str, message: str, seq: Any = None) -> dict[str, Any]:
    return {"t": "error", "seq": seq, "code": code, "message": message}


def decode(raw: Mapping[str, Any]) -> Any:
    """The JSON of one frame; raises ProtocolError for binary, oversized or broken frames."""
    text = raw.get("text")
    if text is None:
        raise ProtocolError("bad_message", "Send JSON in text frames.")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "message_too_large", f"A message may have at most {MAX_MESSAGE_BYTES} bytes."
        )
    try:
        return json.loads(text)
    except ValueError:
        raise ProtocolError("bad_json", "The message is not valid JSON.") from None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    hub: Hub = websocket.app.state.hub
    live = await hub.get(table_id)
    if live is None:
        await websocket.send_json(_error("unknown_table", "There is no such table."))
        await websocket.close(code=4404)
        return
    seat: int | None = None
    try:
        while True:
            raw = await websocket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            try:
                data = decode(raw)
                if seat is None:
                    hello = parse_client_message(data)
                    if not isinstance(hello, Hello):
                        raise ProtocolError("hello_required", "Say hello with your key first.",
                                            seq=data.get("seq") if isinstance(data, dict) else None)
                    seat = live.table.seat_for_key(hello.key)
                    if seat is None:
                        raise ProtocolError("bad_key", "This key does not open a seat here.")
                    await hub.join(live, seat, websocket, hello.since)
                    continue
            except ProtocolError as error:
                await websocket.send_json(error.to_message())
                continue
            failure = await hub.handle(live, seat, data)
            if failure is not None:
                await websocket.send_json(failure)
    except WebSocketDisconnect:
        pass
    finally:
        if seat is not None:
            live.connections.get(seat, set()).discard(websocket)


@router.websocket("/ws/lobbies/{code}")
async def lobby_socket(websocket: WebSocket, code: str) -> None:
    """A member's socket to a duel or group lobby (docs/api.md, "Lobbies")."""
    await websocket.accept()
    rooms: Rooms = websocket.app.state.rooms
    limiter = websocket.app.state.limits.wrong_codes_by_address
    address = websocket.client.host if websocket.client is not None else "unknown"
    try:
        limiter.check_left(address, "wrong codes")
        room = await rooms.get(normalize_code(code))
    except ApiError as error:
        await websocket.send_json(_error(error.code, error.message))
        await websocket.close(code=4429)
        return
    except IllegalAction:
        room = None
    if room is None:
        limiter.allow(address)
        await websocket.send_json(_error("unknown_lobby", "There is no open game with this code."))
        await websocket.close(code=4404)
        return
    conn_id = rooms.new_connection_id()
    link = Link(websocket)
    seat: int | None = None
    try:
        while True:
            try:  # until the hello, presence does not watch the socket: a timeout does
                raw = await asyncio.wait_for(
                    websocket.receive(), None if seat is not None else HEARTBEAT_TIMEOUT_MS / 1000
                )
            except TimeoutError:
                await link.close(CLOSE_SILENT)
                break
            if raw["type"] == "websocket.disconnect":
                break
            if seat is not None:
                rooms.seen(room, conn_id)
                if raw.get("text") == PLAIN_PING:  # most messages: no JSON to read
                    await link.answer(Ping())
                    continue
            try:
                data = decode(raw)
                message = parse_client_message(data, lobby=True)
                if seat is None and not isinstance(message, Hello):
                    raise ProtocolError("hello_required", "Say hello with your key first.",
                                        seq=getattr(message, "seq", None))
                if isinstance(message, Hello):
                    seat = await rooms.connect(room, conn_id, link, message.key, message.since)
                elif isinstance(message, Ping):
                    await link.answer(message)
                elif isinstance(message, Start):
                    assert seat is not None
                    await rooms.start_game(room, seat)
                elif isinstance(message, Leave):
                    assert seat is not None
                    await rooms.leave(room, seat)
                    await link.close(1000)
                    break
                else:
                    assert seat is not None
                    failure = await rooms.act(room, seat, data)
                    if failure is not None:
                        await link.send_json(failure)
            except ProtocolError as error:
                await link.send_json(error.to_message())
            except IllegalAction as error:
                await link.send_json({"t": "error", "seq": None, **error.to_json()})
            except StorageError:
                await link.send_json(_error(
                    "unavailable", "The change could not be saved; please try again."))
    except WebSocketDisconnect:
        pass
    finally:
        await rooms.disconnect(room, conn_id)

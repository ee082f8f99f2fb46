"""The WebSocket gateway: one socket per open table, the table protocol inside.

The first message must be the hello with the seat key. Every bad message gets
an error message and the socket stays open; only an unknown table or lobby, and a
client that keeps sending past its frame budget, close it. Whatever goes wrong while
one frame is handled is answered (`internal` when unforeseen), never a dropped socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from klubovna.core import IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.cluster.node import CLOSE_MOVED, Moved
from klubovna.server.http.errors import ApiError
from klubovna.server.http.guard import FRAME_EXTENSION
from klubovna.server.http.ratelimit import FrameBudget
from klubovna.server.logs import table_id as table_in_log
from klubovna.server.metrics import Metrics
from klubovna.server.realtime.hub import Hub, StorageError, internal_error
from klubovna.server.realtime.lobbies import CLOSE_SILENT, HEARTBEAT_TIMEOUT_MS, Lobbies
from klubovna.server.realtime.wire import dumps, framed
from klubovna.tables import ProtocolError, normalize_code, parse_client_message
from klubovna.tables.protocol import MAX_MESSAGE_BYTES, Again, Hello, Leave, Ping, Start, Watch
from klubovna.tables.table import pong

router = APIRouter()
log = logging.getLogger("klubovna.ws")

FRAME_BURST = 200
FRAME_RATE = 20.0
FRAME_ABUSE = 200
"""Every socket's frame budget: bursts of 200 frames, 20 a second after that; frames past it
are answered `rate_limited` and not handled, and 200 of them (still past the budget) close
the socket with CLOSE_FLOOD. Real play sends a frame per move or draw, a human at most a
few a second, a heartbeat every 10 s, and a reconnect's hello with its resent moves: far
below this. A flood of 10,000 no-op moves a second is held to 20."""
CLOSE_FLOOD = 4429
"""Closed for sending past the frame budget (as 4429 for too many wrong join codes)."""

HELLO_TIMEOUT = HEARTBEAT_TIMEOUT_MS / 1000
"""Seconds a socket may wait before its hello; then it is closed with CLOSE_SILENT (tests
may shorten it)."""

frame_clock = time.monotonic
"""The frame budget's clock (tests may replace it)."""

RATE_LIMITED = dumps({"t": "error", "seq": None, "code": "rate_limited",
                      "message": "Too many messages in a short time; slow down."})
_ENDED = (WebSocketDisconnect, WebSocketDisconnected)
"""The socket is gone or closed: the loop ends, nothing to answer."""


def frame_budget() -> FrameBudget:
    return FrameBudget(FRAME_BURST, FRAME_RATE, FRAME_ABUSE, frame_clock)


def _internal(error: Exception, where: str, seq: Any = None) -> dict[str, Any]:
    """An unforeseen failure while handling one frame: logged with its traceback and
    answered; the socket stays open."""
    log.error("unexpected error on %s", where, exc_info=error)
    return internal_error(seq)

QUIET_SECONDS = 5.0
"""A lobby answers a plain ping only when it has sent the socket nothing for this long: in a
running game the views already show the link is alive, and a group's 50 pongs every 10 s
cost the server as much as a fifth of its draws (bench/realtime.py). A ping with a seq is
always answered."""


PLAIN_PING = '{"t":"ping"}'
"""The heartbeat as the browser (JSON.stringify) writes it."""


class Link:
    """A table's or a lobby member's socket, remembering when the server last sent it
    something. A text the server offers whole frames for (guard.FRAME_EXTENSION) is written
    as the frame a fan-out made once (wire.framed); otherwise, and while an earlier send
    waits for a slow reader (the frames keep their order), it is sent as usual."""

    __slots__ = ("websocket", "sent_at", "write_frame", "stop_pings", "waiting")

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.sent_at = 0.0
        server = websocket.scope.get("extensions", {}).get(FRAME_EXTENSION)
        self.write_frame: Callable[[bytes], bool] | None = (
            server["write_frame"] if server else None)
        self.stop_pings: Callable[[], None] | None = server.get("stop_pings") if server else None
        self.waiting = 0
        """Sends under way that did not finish at once."""

    def send_now(self, data: str) -> bool:
        """Write the text's frame at once (True), or nothing when the server offers no whole
        frames or an earlier send still waits (False: await send_text). Never raises."""
        if self.waiting or self.write_frame is None:
            return False
        try:
            if not self.write_frame(framed(data)):
                return False
        except Exception:  # send_text meets it again, and says it
            return False
        self.sent_at = time.monotonic()
        return True

    def heartbeat_watches(self) -> None:
        """The app's heartbeat watches this socket from now on (a lobby member's: Lobbies.sweep
        closes one silent for HEARTBEAT_TIMEOUT_MS), so the server's WebSocket pings to it
        (uvicorn's, every 20 s, and their pongs) stop: in a group server they were a few
        per cent of its CPU, for nothing the heartbeat does not do
        (docs/decisions/0040-cheap-fan-out.md, #18). A table socket keeps them: nothing else notices
        one that went silent."""
        if self.stop_pings is not None:
            self.stop_pings()

    async def send_text(self, data: str) -> None:
        if self.send_now(data):
            return
        self.sent_at = time.monotonic()
        self.waiting += 1
        try:
            await self.websocket.send_text(data)
        finally:
            self.waiting -= 1

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


MAX_DEPTH = 16
"""Arrays and objects nest at most this deep in a message (real ones: 3)."""


def _too_deep() -> ProtocolError:
    return ProtocolError("bad_message", f"A message may nest at most {MAX_DEPTH} levels deep.")


def decode(raw: Mapping[str, Any]) -> Any:
    """The JSON of one frame; raises ProtocolError for binary, oversized, broken or too
    deeply nested frames."""
    text = raw.get("text")
    if text is None:
        raise ProtocolError("bad_message", "Send JSON in text frames.")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "message_too_large", f"A message may have at most {MAX_MESSAGE_BYTES} bytes."
        )
    try:
        data = json.loads(text)
    except ValueError:
        raise ProtocolError("bad_json", "The message is not valid JSON.") from None
    except RecursionError:  # ~1,000 levels: deeper than the parser's stack
        raise _too_deep() from None
    # Nesting is bounded by the brackets: only a message with many is measured.
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(data) > MAX_DEPTH:
        raise _too_deep()
    return data


def _depth(data: Any) -> int:
    """How deep arrays and objects nest in decoded JSON (a scalar: 0), without recursion."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, level = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        todo.extend((child, level + 1) for child in children)
    return deepest


async def _receive(websocket: WebSocket, before_hello: bool) -> Mapping[str, Any]:
    """The next frame; before the hello within HELLO_TIMEOUT (else TimeoutError), after it
    as it comes (a heartbeat every ten seconds: no timer for each)."""
    if before_hello:
        return await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    return await websocket.receive()


def _address(websocket: WebSocket) -> str:
    return websocket.client.host if websocket.client is not None else "unknown"


async def _refused_for_floods(websocket: WebSocket, address: str) -> bool:
    """An address whose sockets were closed for flooding too often gets no new one for a
    while (`rate_limited`, CLOSE_FLOOD): reconnecting must not renew the frame budget."""
    try:
        await websocket.app.state.limits.floods_by_address.check_left(address, "floods")
    except ApiError as error:
        await websocket.send_json(_error(error.code, error.message))
        await websocket.close(code=CLOSE_FLOOD)
        return True
    return False


async def _over_budget(verdict: str, websocket: WebSocket,
                       send: Callable[[str], Awaitable[None]], address: str) -> bool:
    """A frame past the socket's budget: answered `rate_limited` (False), or, once the
    client has gone on far enough, the socket closed and counted against its address
    (True: the loop ends)."""
    websocket.app.state.metrics.frames_refused.inc()
    if verdict is not FrameBudget.CLOSE:
        await send(RATE_LIMITED)
        return False
    await websocket.app.state.limits.floods_by_address.allow(address)
    await websocket.close(code=CLOSE_FLOOD)
    return True


def is_move(data: Any) -> bool:
    """A frame whose step is timed (klubovna_step_seconds): an action, not a ping."""
    return type(data) is dict and data.get("t") == "act"


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    table_in_log.set(table_id)  # (the socket's task: every line it logs names the table)
    await websocket.accept()
    address = _address(websocket)
    if await _refused_for_floods(websocket, address):
        return
    hub: Hub = websocket.app.state.hub
    try:
        live = await hub.get(table_id)
    except Moved:  # taken over by another process just now: the client comes back
        await websocket.close(code=CLOSE_MOVED)
        return
    if live is None:
        await websocket.send_json(_error("unknown_table", "There is no such table."))
        await websocket.close(code=4404)
        return
    link = Link(websocket)
    seat: int | None = None
    watching = False
    budget = frame_budget()
    step_seconds = websocket.app.state.metrics.step
    try:
        while True:
            try:  # a socket that never says hello holds nothing for long (as a lobby's)
                raw = await _receive(websocket, seat is None and not watching)
            except TimeoutError:
                await websocket.close(code=CLOSE_SILENT)
                break
            arrived = time.perf_counter()
            if raw["type"] == "websocket.disconnect":
                break
            verdict = budget.take()
            if verdict is not FrameBudget.OK:
                if await _over_budget(verdict, websocket, link.send_text, address):
                    break
                continue
            failure: dict[str, Any] | None = None
            try:
                data = decode(raw)
                if watching:
                    message = parse_client_message(data)
                    if not isinstance(message, Ping):
                        raise ProtocolError("watching", "One who watches sends only pings.",
                                            seq=getattr(message, "seq", None))
                    await link.answer(message)
                elif seat is None:
                    hello = parse_client_message(data)
                    if isinstance(hello, Watch):
                        lobbies: Lobbies = websocket.app.state.lobbies
                        if not await lobbies.watchable(table_id):
                            raise ProtocolError("not_watchable",
                                                "Nobody may watch this table.")
                        await hub.watch(live, link, hello.since)
                        watching = True
                        await link.send_json({"t": "players",
                                              "names": await lobbies.names_of(table_id)})
                        continue
                    if not isinstance(hello, Hello):
                        raise ProtocolError("hello_required", "Say hello with your key first.",
                                            seq=data.get("seq") if isinstance(data, dict) else None)
                    found = live.table.seat_for_key(hello.key)
                    if found is None:
                        raise ProtocolError("bad_key", "This key does not open a seat here.")
                    await hub.join(live, found, link, hello.since)
                    seat = found
                else:
                    failure = await hub.handle(live, seat, data, link)
                    if is_move(data):
                        step_seconds.observe(time.perf_counter() - arrived)
            except ProtocolError as error:
                failure = error.to_message()
            except IllegalAction as error:
                failure = {"t": "error", "seq": None, **error.to_json()}
            except _ENDED:
                raise
            except Exception as error:  # never a dropped socket for one bad frame
                failure = _internal(error, "/ws/tables")
            if failure is not None:
                await link.send_json(failure)
    except _ENDED:
        pass
    finally:
        if seat is not None:
            live.connections.get(seat, set()).discard(link)
        if watching:
            hub.unwatch(live, link)


@router.websocket("/ws/lobbies/{code}")
async def lobby_socket(websocket: WebSocket, code: str) -> None:
    """A member's socket to a duel or group lobby (docs/api.md, "Lobbies")."""
    await websocket.accept()
    lobbies: Lobbies = websocket.app.state.lobbies
    limiter = websocket.app.state.limits.wrong_codes_by_address
    address = _address(websocket)
    if await _refused_for_floods(websocket, address):
        return
    try:
        await limiter.check_left(address, "wrong codes")
        room = await lobbies.get(normalize_code(code))
    except ApiError as error:
        await websocket.send_json(_error(error.code, error.message))
        await websocket.close(code=4429)
        return
    except IllegalAction:
        room = None
    except Moved:
        await websocket.close(code=CLOSE_MOVED)
        return
    if room is None:
        await limiter.allow(address)
        await websocket.send_json(_error("unknown_lobby", "There is no open game with this code."))
        await websocket.close(code=4404)
        return
    room.attached += 1  # (no await since `get`: the room is the one in memory)
    conn_id = lobbies.new_connection_id()
    link = Link(websocket)
    seat: int | None = None
    budget = frame_budget()
    metrics: Metrics = websocket.app.state.metrics
    try:
        while True:
            try:  # until the hello, presence does not watch the socket: a timeout does
                raw = await _receive(websocket, seat is None)
            except TimeoutError:
                await link.close(CLOSE_SILENT)
                break
            arrived = time.perf_counter()
            if raw["type"] == "websocket.disconnect":
                break
            verdict = budget.take()
            if verdict is not FrameBudget.OK:
                if await _over_budget(verdict, websocket, link.send_text, address):
                    break
                continue
            try:
                if seat is not None:
                    lobbies.seen(room, conn_id)
                    if raw.get("text") == PLAIN_PING:  # most messages: no JSON to read
                        await link.answer(Ping())
                        continue
                data = decode(raw)
                handler = (lobbies.frames.get(str(data.get("t")))
                           if isinstance(data, dict) else None)
                if handler is not None:  # a feature's frame (the chat's)
                    if seat is None:
                        raise ProtocolError("hello_required", "Say hello with your key first.")
                    await handler(room, seat, data, link)
                    continue
                message = parse_client_message(data, lobby=True)
                if seat is None and not isinstance(message, Hello):
                    raise ProtocolError("hello_required", "Say hello with your key first.",
                                        seq=getattr(message, "seq", None))
                if isinstance(message, Hello):
                    seat = await lobbies.connect(room, conn_id, link, message.key, message.since)
                    link.heartbeat_watches()
                elif isinstance(message, Ping):
                    await link.answer(message)
                elif isinstance(message, Start):
                    assert seat is not None
                    await lobbies.start_game(room, seat)
                elif isinstance(message, Again):
                    assert seat is not None
                    await lobbies.again(room, seat, message.agree)
                elif isinstance(message, Leave):
                    assert seat is not None
                    await lobbies.leave(room, seat)
                    await link.close(1000)
                    break
                else:
                    assert seat is not None
                    failure = await lobbies.act(room, seat, data, link)
                    if is_move(data):
                        metrics.step.observe(time.perf_counter() - arrived)
                    if failure is not None:
                        await link.send_json(failure)
            except ProtocolError as error:
                await link.send_json(error.to_message())
            except IllegalAction as error:
                await link.send_json({"t": "error", "seq": None, **error.to_json()})
            except StorageError:
                await link.send_json(_error(
                    "unavailable", "The change could not be saved; please try again."))
            except _ENDED:
                raise
            except Exception as error:  # never a dropped socket for one bad frame
                await link.send_json(_internal(error, "/ws/lobbies"))
    except _ENDED:
        pass
    finally:
        room.attached -= 1
        await lobbies.disconnect(room, conn_id)

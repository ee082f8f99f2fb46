"""The socket loops in-process, with a fake socket, hub and rooms and the frame budget on an
injected clock (no sleeping): the budget lets real play through and stops a flood, and an
unforeseen exception while handling one frame is answered `internal`, the socket kept.
"""

from __future__ import annotations

import asyncio
import json
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from klubovna.server.http.ratelimit import FLOODS_PER_MINUTE, FrameBudget, Limits
from klubovna.server.metrics import Metrics
from klubovna.server.realtime import ws

Frame = dict[str, Any]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(ws, "frame_clock", fake)
    return fake


def text(message: Any) -> Frame:
    return {"type": "websocket.receive", "text": json.dumps(message)}


class FakeSocket:
    """Plays (seconds to wait, frame) pairs on the clock, records what the loop sends."""

    def __init__(self, app: Any, clock: Clock, frames: list[tuple[float, Frame]]) -> None:
        self.app, self.clock, self.frames = app, clock, list(frames)
        self.client = SimpleNamespace(host="192.0.2.1")
        self.scope: dict[str, Any] = {"type": "websocket"}  # (no whole frames offered)
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.read = 0

    async def accept(self) -> None:
        pass

    async def receive(self) -> Frame:
        if not self.frames:
            return {"type": "websocket.disconnect", "code": 1000}
        wait, frame = self.frames.pop(0)
        self.clock.now += wait
        self.read += 1
        return frame

    async def send_json(self, data: Any) -> None:
        self.sent.append(data)

    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000) -> None:
        self.closed = code

    def errors(self) -> list[str]:
        return [m["code"] for m in self.sent if m.get("t") == "error"]


class FakeHub:
    """A table whose key is "k"; an action of type "boom" raises inside the hub."""

    def __init__(self) -> None:
        self.handled: list[Any] = []
        self.live = SimpleNamespace(
            table=SimpleNamespace(seat_for_key=lambda key: 0 if key == "k" else None),
            connections={})

    async def get(self, table_id: str) -> Any:
        return self.live

    async def join(self, live: Any, seat: int, socket: Any, since: int | None) -> None:
        await socket.send_json({"t": "view"})

    async def handle(self, live: Any, seat: int, data: Any, sender: Any = None) -> None:
        if data.get("action", {}).get("type") == "boom":
            raise KeyError("a bug somewhere in a game")
        self.handled.append(data)


class FakeRooms:
    """A lobby whose key "k" holds seat 0; an action of type "boom" raises inside rooms."""

    def __init__(self) -> None:
        self.acts: list[Any] = []
        self.frames: dict[str, Any] = {}  # no feature's frames (the chat's) here

    async def get(self, code: str) -> Any:
        return SimpleNamespace(code=code, attached=0)  # (ws.py counts its open sockets)

    def new_connection_id(self) -> str:
        return "c1"

    async def connect(self, room: Any, conn_id: str, link: Any, key: str,
                      since: int | None) -> int:
        await link.send_json({"t": "lobby"})
        return 0

    def seen(self, room: Any, conn_id: str) -> None:
        pass

    async def act(self, room: Any, seat: int, data: Any, sender: Any = None) -> None:
        if data["action"]["type"] == "boom":
            raise ZeroDivisionError("a bug somewhere in a room")
        self.acts.append(data)

    async def disconnect(self, room: Any, conn_id: str) -> None:
        pass


def app(hub: Any = None, rooms: Any = None) -> Any:
    return SimpleNamespace(state=SimpleNamespace(hub=hub, lobbies=rooms,
                                                 limits=Limits(0, 0, 0), metrics=Metrics()))


def run_table(clock: Clock, frames: list[tuple[float, Frame]]) -> tuple[FakeSocket, FakeHub]:
    hub = FakeHub()
    socket = FakeSocket(app(hub=hub), clock, [(0.0, text({"t": "hello", "key": "k"})), *frames])
    asyncio.run(ws.table_socket(socket, "T"))  # type: ignore[arg-type]
    return socket, hub


def run_lobby(clock: Clock, frames: list[tuple[float, Frame]]) -> tuple[FakeSocket, FakeRooms]:
    rooms = FakeRooms()
    socket = FakeSocket(app(rooms=rooms), clock,
                        [(0.0, text({"t": "hello", "key": "k"})), *frames])
    asyncio.run(ws.lobby_socket(socket, "ABCDEF"))  # type: ignore[arg-type]
    return socket, rooms


def act(seq: int, kind: str = "draw") -> Frame:
    return text({"t": "act", "seq": seq, "action": {"type": kind}})


# --- unforeseen errors ----------------------------------------------------------------------


def test_a_table_socket_answers_an_unexpected_error_and_lives_on(
        clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, "klubovna.ws"):
        socket, hub = run_table(clock, [(0.1, act(1, "boom")), (0.1, act(2))])
    assert socket.errors() == ["internal"]
    assert [m["seq"] for m in hub.handled] == [2]  # the next frame was handled
    assert socket.closed is None
    assert any(r.exc_info and isinstance(r.exc_info[1], KeyError) for r in caplog.records)


def test_a_lobby_socket_answers_an_unexpected_error_and_lives_on(
        clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, "klubovna.ws"):
        socket, rooms = run_lobby(clock, [(0.1, act(1, "boom")), (0.1, act(2)),
                                          (0.1, text({"t": "ping", "seq": 3}))])
    assert socket.errors() == ["internal"]
    assert [m["seq"] for m in rooms.acts] == [2]
    assert socket.sent[-1]["t"] == "pong" and socket.sent[-1]["seq"] == 3
    assert socket.closed is None
    assert any(r.exc_info and isinstance(r.exc_info[1], ZeroDivisionError)
               for r in caplog.records)


# --- the frame budget -----------------------------------------------------------------------


def real_play(minutes: int) -> list[tuple[float, Frame]]:
    """A busy dealer: a draw every 0.2 s (the G key held as fast as it repeats), a
    heartbeat every 10 s; and, after a reconnect, a hello with 50 resent moves at once."""
    frames: list[tuple[float, Frame]] = []
    seq = 0
    for second in range(minutes * 60):
        for _ in range(5):
            seq += 1
            frames.append((0.2, act(seq)))
        if second % 10 == 0:
            frames.append((0.0, text({"t": "ping"})))
    frames.append((1.0, text({"t": "hello", "key": "k"})))
    frames += [(0.0, act(n)) for n in range(seq + 1, seq + 51)]
    return frames


def test_real_play_is_far_below_the_budget(clock: Clock) -> None:
    socket, hub = run_table(clock, real_play(10))
    assert "rate_limited" not in socket.errors() and socket.closed is None
    assert len(hub.handled) == 10 * 60 * 5 + 60 + 1 + 50  # draws, pings, hello, resent
    socket, rooms = run_lobby(clock, real_play(10))
    assert "rate_limited" not in socket.errors() and socket.closed is None
    assert len(rooms.acts) == 10 * 60 * 5 + 50


@pytest.mark.parametrize("lobby", [False, True])
def test_a_flood_is_limited_then_closed(clock: Clock, lobby: bool) -> None:
    """The burst at once, then `rate_limited` (frames not handled, but charged: 10 frames'
    debt); a second's pause refills FRAME_RATE frames, half of them paying the debt; a
    client that keeps on is closed once FRAME_ABUSE frames below empty."""
    burst, rate, abuse = ws.FRAME_BURST, int(ws.FRAME_RATE), ws.FRAME_ABUSE
    frames = [(0.0, act(n)) for n in range(1, burst + 10)]  # the hello took one
    frames += [(1.0, act(1000))] + [(0.0, act(n)) for n in range(1001, 1000 + rate + 5)]
    frames += [(0.0, act(n)) for n in range(2000, 2000 + 2 * abuse)]
    socket, target = run_lobby(clock, frames) if lobby else run_table(clock, frames)
    handled = [m["seq"] for m in (target.acts if isinstance(target, FakeRooms)
                                  else target.handled)]
    assert handled == [*range(1, burst), *range(1000, 1000 + rate - 10)]
    assert socket.closed == ws.CLOSE_FLOOD == 4429
    refused = socket.errors()
    assert set(refused) == {"rate_limited"}
    assert len(refused) == 10 + abuse  # the debt before the pause, then down to -abuse
    assert socket.frames  # the socket was closed before the flood ended: the rest unread


def test_a_paused_client_recovers(clock: Clock) -> None:
    budget = FrameBudget(burst=10, rate=2.0, abuse=5, clock=clock)
    assert [budget.take() for _ in range(12)] == ["ok"] * 10 + ["limited"] * 2
    clock.now += 1.0  # two frames' worth, still in debt
    assert budget.take() == "limited"
    clock.now += 5.0  # the debt paid and then some
    assert budget.take() == "ok"
    clock.now += 3600.0  # never more than a burst
    assert [budget.take() for _ in range(11)] == ["ok"] * 10 + ["limited"]


# --- a socket that never says hello ------------------------------------------------------


class SilentSocket(FakeSocket):
    """Sends nothing at all: its receive never returns."""

    async def receive(self) -> Frame:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


def test_a_table_socket_without_a_hello_is_closed(
        clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """It would hold a connection (and the address's share of the cap) for ever."""
    monkeypatch.setattr(ws, "HELLO_TIMEOUT", 0.01)
    socket = SilentSocket(app(hub=FakeHub()), clock, [])
    asyncio.run(ws.table_socket(socket, "T"))  # type: ignore[arg-type]
    assert socket.closed == ws.CLOSE_SILENT and socket.sent == []


# --- reconnecting does not renew the budget ------------------------------------------------


@pytest.mark.parametrize("lobby", [False, True])
def test_an_address_that_keeps_flooding_gets_no_new_socket(clock: Clock, lobby: bool) -> None:
    """Each socket closed for flooding counts against its address: past FLOODS_PER_MINUTE
    its next socket is refused at once, another address is not, and time gives one back."""
    shared = app(hub=FakeHub(), rooms=FakeRooms())
    shared.state.limits = Limits(0, 0, 0, clock=clock)
    flood = [(0.0, text({"t": "hello", "key": "k"}))]
    flood += [(0.0, act(n)) for n in range(1, ws.FRAME_BURST + 2 * ws.FRAME_ABUSE)]

    def connect(host: str = "192.0.2.1") -> FakeSocket:
        socket = FakeSocket(shared, clock, flood)
        socket.client = SimpleNamespace(host=host)
        run = ws.lobby_socket(socket, "ABCDEF") if lobby else ws.table_socket(socket, "T")
        asyncio.run(run)  # type: ignore[arg-type]
        return socket

    for _ in range(FLOODS_PER_MINUTE):
        socket = connect()
        assert socket.closed == ws.CLOSE_FLOOD and socket.read > ws.FRAME_BURST
    refused = connect()
    assert refused.closed == ws.CLOSE_FLOOD and refused.read == 0
    assert refused.errors() == ["rate_limited"]
    assert connect("192.0.2.2").read > ws.FRAME_BURST  # another address plays on
    clock.now += 60 / FLOODS_PER_MINUTE
    assert connect().read > ws.FRAME_BURST  # a token back: one more socket

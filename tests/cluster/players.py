"""Players for the cluster scenarios, on top of tests/server/lobby_client.py's."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import connect as async_connect

from tests.server.live import LiveServer
from tests.server.lobby_client import (
    HEARTBEAT_S,
    AsyncPlayer,
    Message,
    Seat,
    dice_move,
)

RETRY_S = 0.1
"""How long a player waits before sending again a move the server could not store."""
PACE_S = 0.05
"""A DicePlayer's pause before each move: at most the socket's sustained frame rate (20 a
second, klubovna/server/realtime/ws.py), which a person never comes near; without it a player
answering computer players at once spends the burst of 200 within a long game."""


@dataclass
class PatientPlayer(AsyncPlayer):
    """An AsyncPlayer that, told `unavailable` (the move could not be stored: PostgreSQL
    restarting), sends the same move with the same seq again a little later, as the web app
    does; the server never applies it twice. Other refusals count as the AsyncPlayer's."""

    unavailable: int = 0
    _retry: Message | None = None

    def _settle_pending(self, message: Message) -> None:
        pending = self.pending
        if (pending is not None and message["t"] == "error"
                and message.get("seq") == pending["seq"] and message["code"] == "unavailable"):
            self.unavailable += 1
            self.pending, self._retry = None, pending
            return
        super()._settle_pending(message)

    async def _maybe_act(self) -> None:
        if self._retry is None:
            return await super()._maybe_act()
        retry, self._retry = self._retry, None
        await asyncio.sleep(RETRY_S)
        self.pending = retry
        await self._send(retry)


@dataclass
class TimedPlayer(PatientPlayer):
    """A PatientPlayer that thinks `think` seconds before each move, notes when each of its
    moves was confirmed, and makes no more than `hold_at` moves while `holding()` (its game
    is still under way when something else is done: a rolling restart)."""

    think: float = 0.0
    hold_at: int = 1 << 30
    holding: Callable[[], bool] = lambda: False
    confirmed: dict[int, float] = field(default_factory=dict)
    """seq -> time.monotonic() of its acknowledgement."""
    greeted: list[float] = field(default_factory=list)
    """When each hello was answered with the game's view (time.monotonic()): playing again."""

    def _settle_pending(self, message: Message) -> None:
        if len(self.greeted) < len(self.hellos):  # (_session has just noted a hello's view)
            self.greeted.append(time.monotonic())
        if self.pending is not None and message.get("ack") == self.pending["seq"]:
            self.confirmed[self.pending["seq"]] = time.monotonic()
        super()._settle_pending(message)

    def back_after(self, at: float) -> float | None:
        """Seconds from `at` until the first hello answered after it (None: none was)."""
        return next((greeted - at for greeted in self.greeted if greeted > at), None)

    async def _maybe_act(self) -> None:
        if self.pending is None and self.tracker.view is not None and self.choose(
                self.tracker.view) is not None:
            while len(self.confirmed) >= self.hold_at and self.holding():
                await asyncio.sleep(0.05)
            await asyncio.sleep(self.think)
        await super()._maybe_act()


@dataclass
class Story:
    """What one seat of any game was told, checked as it comes: each view's events are
    exactly those after the version this socket was sent last (docs/api.md); public updates
    are merged into the view before, as the web app does."""

    version: int = 0
    view: Message | None = None
    events: list[Message] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def feed(self, message: Message) -> None:
        view = message["view"]
        if message.get("public"):
            if self.view is None:
                self.problems.append("a public update before any view")
                return
            view = {**self.view, **view}
        if message.get("after") != self.version:
            self.problems.append(f"events after {message.get('after')}, but {self.version} "
                                 "was seen last")
        if message["version"] < self.version:
            self.problems.append(f"the version went back to {message['version']}")
        self.version, self.view = message["version"], view
        self.events.extend(message["events"])


@dataclass
class DicePlayer:
    """One person at a Kostkový poker table on its own asyncio socket, playing dice_move
    until the game is over. No reconnects: its story must be whole."""

    server: LiveServer
    seat: Seat
    name: str = ""
    start_with: int | None = None
    """The host: send {"t": "start"} once this many people are connected."""
    story: Story = field(default_factory=Story)
    lobby: Message | None = None
    seq: int = 0
    pending: int | None = None

    async def run(self) -> None:
        url = f"{self.server.ws}/ws/lobbies/{self.seat.code}"
        async with async_connect(url, open_timeout=10, proxy=None, compression=None,
                                 max_queue=None) as ws:
            await ws.send(json.dumps({"t": "hello", "key": self.seat.key}))
            while True:
                try:
                    message: Message = json.loads(await asyncio.wait_for(ws.recv(),
                                                                         HEARTBEAT_S))
                except TimeoutError:
                    await ws.send(json.dumps({"t": "ping"}))
                    continue
                self._take(message)
                view = self.story.view
                if view is not None and view["game_over"]:
                    return
                if self.start_with is not None and self._all_here():
                    self.start_with = None
                    await ws.send(json.dumps({"t": "start"}))
                if view is not None and self.pending is None and view["actions"]:
                    await asyncio.sleep(PACE_S)
                    self.seq = self.pending = self.seq + 1
                    await ws.send(json.dumps({"t": "act", "seq": self.seq,
                                              "action": dice_move(view["actions"])}))

    def _take(self, message: Message) -> None:
        kind = message["t"]
        if kind == "lobby":
            self.lobby = message["lobby"]
        elif kind == "view":
            self.story.feed(message)
            if self.story.problems:
                raise AssertionError(f"{self.name}: {self.story.problems}")
            if message.get("ack") == self.pending:
                self.pending = None
        elif kind == "error":
            raise AssertionError(f"{self.name}: {message}")
        elif kind != "pong":
            raise AssertionError(f"{self.name}: unexpected {message}")

    def _all_here(self) -> bool:
        lobby = self.lobby
        return (lobby is not None and lobby["status"] == "waiting" and self.start_with
                is not None and sum(p["connected"] for p in lobby["players"]) >= self.start_with)


"""A fuzzing client's socket: every frame it sends is followed by a ping with a seq of its
own, whose pong closes the frame's answer (the server answers a socket's frames in order:
what comes before the pong is everything the server sent for the frame). Every message
that arrives is checked as it comes (see `Sock.feed`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

Message = dict[str, Any]
MARK = 2**50
"""The fuzzer's own pings count from here (an action's seq never gets so high)."""
ANSWER_S = 10.0
"""How long a socket waits for the server's answer: a hang guard, not a timed assertion."""

SOCKET_CODES = frozenset({
    "hello_required", "bad_json", "bad_message", "message_too_large", "bad_key",
    "other_seat", "left_game", "leave_in_lobby", "log_full", "not_started", "unknown_table",
    "unknown_lobby", "not_host", "waiting_for_opponent", "no_players", "already_started",
    "no_next_round", "not_over", "lobby_closed",
})
"""The error codes of the sockets themselves (docs/api.md); a game adds its own `codes`.
Never `internal` (something unforeseen), `unavailable` (the database said no) or
`rate_limited` (the fuzzer stays within the frame budget)."""
CLOSES = {1000: "left", 4001: "taken over", 4403: "seat left", 4404: "unknown",
          4408: "silent", 4429: "flood"}
"""The documented closes; a test says which one it expects."""


class Closed(Exception):
    """The server closed the socket (`code`)."""

    def __init__(self, code: int | None, messages: list[Message] | None = None) -> None:
        super().__init__(f"closed with {code} ({CLOSES.get(code or 0, 'undocumented')})")
        self.code = code
        self.messages = messages or []
        """What came before the close."""


class Sock:
    """One socket (`/ws/tables/{id}` or `/ws/lobbies/{code}`) of one seat.

    Views are followed as a client must: a public update merged into the view before, and
    `after` checked against the version this connection saw last (never a gap or a
    duplicate). `problems` collects what broke a rule; `closed` is the close code once
    the server closed it."""

    def __init__(self, url: str, lobby: bool, codes: frozenset[str]) -> None:
        self.url = url
        self.lobby = lobby
        self.codes = SOCKET_CODES | codes
        self._stack = ExitStack()
        self.conn: ClientConnection = self._stack.enter_context(connect(
            url, open_timeout=ANSWER_S, proxy=None, compression=None, max_size=None))
        self.pings = 0
        self.frames = 0
        """Frames sent: the fuzzer opens a new socket before the server's frame budget (200
        at once, then 20 a second) could refuse one."""
        self.expect: set[int] = set()
        """Close codes the fuzzer's own doings make right for this socket."""
        self.closed: int | None = None
        self.problems: list[str] = []
        self.table: str | None = None
        """The table whose views come (a lobby's changes with each round)."""
        self.version = 0
        self.view: Message | None = None
        self.lobby_state: Message | None = None
        self.hello_since: int | None | bool = False
        """False: no hello waits for its view; else the hello's `since` (None: none)."""
        self.seen: list[Message] = []

    # --- sending ------------------------------------------------------------------------

    def exchange(self, frame: str | bytes | Message) -> list[Message]:
        """Send one frame; the messages the server sent until the pong of the ping after
        it. Raises Closed when the server closed the socket meanwhile."""
        if isinstance(frame, dict):
            if frame.get("t") == "hello":
                self.hello_since = frame.get("since") if "since" in frame else None
            frame = json.dumps(frame)
        self._send(frame)
        try:
            return self.sync()
        finally:
            self.hello_since = False  # a hello's answer comes before the pong

    def act(self, seq: int, action: Any) -> list[Message]:
        """Send an action; the messages until its answer (its ack or its error), which is
        the last of them."""
        self.send_act(seq, action)
        return self.answer_to(seq)

    def send_act(self, seq: int, action: Any) -> None:
        self._send(json.dumps({"t": "act", "seq": seq, "action": action}))

    def answer_to(self, seq: int) -> list[Message]:
        """The messages until a view with the ack of `seq` or an error with it."""
        return self.until(lambda m: m.get("ack") == seq or (
            m["t"] == "error" and m["seq"] == seq))

    def until(self, last: Callable[[Message], bool]) -> list[Message]:
        out: list[Message] = []
        while not out or not last(out[-1]):
            out.append(self._recv())
            self.feed(out[-1])
        self.seen += out
        return out

    def _recv(self) -> Message:
        try:
            raw = self.conn.recv(timeout=ANSWER_S)
        except ConnectionClosed as error:
            self.closed = error.rcvd.code if error.rcvd is not None else None
            raise Closed(self.closed) from None
        message: Message = json.loads(raw)
        return message

    def sync(self) -> list[Message]:
        """Everything the server sent so far (a ping's pong marks the end)."""
        self.pings += 1
        mark = MARK + self.pings
        self._send(json.dumps({"t": "ping", "seq": mark}))
        out: list[Message] = []
        while True:
            try:
                message = self._recv()
            except Closed as closed:
                self.seen += out
                raise Closed(closed.code, out) from None
            if message.get("seq") == mark and (message["t"] == "pong" or (
                    message["t"] == "error" and message["code"] == "hello_required")):
                break  # (before the hello a ping is answered hello_required, in order too)
            self.feed(message)
            out.append(message)
        self.seen += out
        return out

    def _send(self, frame: str | bytes) -> None:
        self.frames += 1
        try:
            self.conn.send(frame)
        except ConnectionClosed as error:
            self.closed = error.rcvd.code if error.rcvd is not None else None
            raise Closed(self.closed, self._rest()) from None

    def _rest(self) -> list[Message]:
        """What came before the close and was not read yet."""
        out: list[Message] = []
        try:
            while True:
                out.append(json.loads(self.conn.recv(timeout=ANSWER_S)))
                self.feed(out[-1])
        except ConnectionClosed:
            self.seen += out
            return out

    def close(self) -> None:
        self._stack.close()

    # --- checking what comes ------------------------------------------------------------

    def feed(self, message: Message) -> None:
        kind = message.get("t")
        check: Callable[[Message], None] | None = {
            "view": self._view, "error": self._error, "lobby": self._lobby,
            "pong": self._pong, "taken_over": lambda _m: None,
        }.get(kind)  # type: ignore[arg-type]
        if check is None:
            self.problems.append(f"unknown message {message}")
            return
        check(message)

    def _error(self, message: Message) -> None:
        code = message.get("code")
        if code not in self.codes or not isinstance(message.get("message"), str):
            self.problems.append(f"error with an unknown code: {message}")
        if set(message) != {"t", "seq", "code", "message"}:
            self.problems.append(f"error of another shape: {message}")

    def _pong(self, message: Message) -> None:
        if not isinstance(message.get("now"), int):
            self.problems.append(f"pong without now: {message}")

    def _lobby(self, message: Message) -> None:
        lobby = message["lobby"]
        self.lobby_state = lobby
        if lobby.get("table") is not None and lobby["table"] != self.table:
            self.table, self.version, self.view = lobby["table"], 0, None  # a new round

    def _view(self, message: Message) -> None:
        version, after = message["version"], message["after"]
        expected = self.version
        if self.hello_since is not False:  # the hello's answer: a catch-up from `since`;
            # (or an update before it: a seat's stale one, sent to its connections first)
            since = self.hello_since
            fresh = since is None or not 0 <= version - since <= 1000
            if after == (version if fresh else since):
                expected = after
        if after != expected or after > version:
            self.problems.append(f"view after {after}, expected {expected}: {message}")
        if message.get("public"):
            if self.view is None or after != self.version:
                self.problems.append(f"a public update for a seat without the view before: "
                                     f"{message}")
            self.view = {**(self.view or {}), **message["view"]}
        else:
            self.view = message["view"]
        self.version = version

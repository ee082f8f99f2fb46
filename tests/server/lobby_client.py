"""Lobbies of duel and group games (docs/api.md, "Lobbies: Duel and group games"), spoken
by real clients to a real server (tests/server/live.py's LiveServer):

* HTTP helpers: create a lobby, join it, look it up; profiles and their statistics;
* `Tracker`: everything one seat was told, checked as it arrives (versions only go up,
  no event twice and none missing, no other seat's private event);
* `LobbyClient`: a blocking socket client (websockets.sync) with a reader thread, for tests
  that play move by move;
* `AsyncPlayer`: one simulated person on its own asyncio socket that acts on every view as
  fast as the server allows, and reconnects (hello with `since`) when the connection drops;
* `choose_move` / `dealer_move`: simple legal moves for duel and group views.

Decks are random here: lobbies take no seed.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection as AsyncConnection
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from klubovna.games.matematicky_poker.scoring import score_board
from klubovna.server.realtime.think import MIN_THINK_MS
from tests.games.matematicky_poker import queue_of, waiting
from tests.server.live import LiveServer

Message = dict[str, Any]
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The join codes' characters (docs/decisions/0056-join-codes.md, "Join codes")."""
CELLS = 25
DECK = 54
OWN_EVENTS = frozenset({"drawn", "placed", "kept", "forfeited", "over"})
"""A seat's own events: they carry "seat" and reach that seat only."""


# --- HTTP ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A seat in a lobby as POST /api/lobbies or .../join returned it."""

    code: str
    key: str
    seat: int
    link: str


def bearer(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def post_lobby(server: LiveServer, key: str | None = None, **body: Any) -> httpx.Response:
    """POST /api/lobbies (game defaults to Matematický poker); the raw answer. Arguments
    but game, kind, nickname (and settings itself) go into `settings`."""
    request = {"game": "matematicky-poker", "settings": {}}
    for name, value in body.items():
        if name in ("game", "kind", "nickname", "settings", "public", "days_per_move"):
            request[name] = value
        else:
            request["settings"][name] = value
    return httpx.post(f"{server.http}/api/lobbies", json=request, headers=bearer(key),
                      timeout=10)


def post_join(server: LiveServer, code: str, key: str | None = None,
              body: Any = None) -> httpx.Response:
    """POST /api/lobbies/{code}/join with `body` as JSON (default {}); the raw answer."""
    return httpx.post(f"{server.http}/api/lobbies/{code}/join",
                      json={} if body is None else body, headers=bearer(key), timeout=10)


def get_lobby(server: LiveServer, code: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/lobbies/{code}", timeout=10)


def seat_of(response: httpx.Response) -> Seat:
    """The seat of a 201 answer, its shape checked (docs/api.md)."""
    assert response.status_code == 201, response.text
    data = response.json()
    assert set(data) == {"code", "key", "seat", "link"}, data
    assert len(data["code"]) == 6 and set(data["code"]) <= set(ALPHABET), data
    games = ("matematicky-poker", "kostkovy-poker", "locus-poker", "zoliky-s-kameny")
    assert data["link"] in (f"/#/{game}/hra/{data['code']}" for game in games), data
    assert isinstance(data["key"], str) and len(data["key"]) >= 40, data  # 256 bits
    assert isinstance(data["seat"], int), data
    return Seat(data["code"], data["key"], data["seat"], data["link"])


def create_lobby(server: LiveServer, kind: str, key: str | None = None,
                 nickname: str | None = "Hostitel", **body: Any) -> Seat:
    """A new lobby; its creator (the host, in a group the dealer) holds seat 0."""
    if nickname is not None:
        body["nickname"] = nickname
    seat = seat_of(post_lobby(server, key, kind=kind, **body))
    assert seat.seat == 0
    return seat


def join_lobby(server: LiveServer, code: str, nickname: str | None = None,
               key: str | None = None) -> Seat:
    body = {} if nickname is None else {"nickname": nickname}
    seat = seat_of(post_join(server, code, key, body))
    assert seat.code == code.replace("-", "").replace(" ", "").upper()
    return seat


def assert_error(response: httpx.Response, status: int, code: str) -> Message:
    """An HTTP error answer: the status and {"code", "message"}."""
    assert response.status_code == status, (response.status_code, response.text)
    data: Message = response.json()
    assert data.get("code") == code, data
    assert isinstance(data.get("message"), str) and data["message"], data
    return data


def new_profile(server: LiveServer, nickname: str | None = None) -> tuple[str, str]:
    """A fresh profile: (nickname, key)."""
    nickname = nickname or f"P{secrets.token_hex(4)}"
    response = httpx.post(f"{server.http}/api/profiles", json={"nickname": nickname}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["nickname"], response.json()["key"]


def stats_of(server: LiveServer, key: str, game: str = "matematicky-poker") -> Message:
    """One game's block of the profile's statistics."""
    response = httpx.get(f"{server.http}/api/profiles/me/stats", headers=bearer(key), timeout=10)
    assert response.status_code == 200, response.text
    stats: Message = response.json()[game]
    return stats


# --- what one seat was told ------------------------------------------------------------


@dataclass
class Batch:
    """The events of one view message; they cover the game versions (after, version]."""

    after: int | None
    """None: a hello without `since` (a fresh view, no catch-up)."""
    version: int
    events: list[Message]
    hello: bool


class Tracker:
    """Everything one seat was told, checked as it arrives (docs/api.md, the socket's view
    message: its events are exactly those after `after`, the version this connection was
    sent last or the hello's `since`: never a duplicate, never a gap; other seats' progress
    may come batched). Problems are collected in `problems` (a reader thread cannot raise
    into a test)."""

    def __init__(self) -> None:
        self.view_message: Message | None = None
        self.lobby_message: Message | None = None
        self.batches: list[Batch] = []
        self.errors: list[Message] = []
        self.problems: list[str] = []
        self.taken_over = False
        self.complete = True
        """True while every version since the first view is covered by some batch."""
        self.dealt_next: int | None = None
        self.covered = 0
        """The version up to which this seat has every event (what a reconnect's `since`
        says)."""
        self.recent: deque[str] = deque(maxlen=12)
        """The last messages in short, to explain a problem."""
        self._hello_since: int | None | bool = False
        """False: no hello pending; else the `since` (or None) of the hello sent last."""

    # -- questions

    @property
    def view(self) -> Message | None:
        return None if self.view_message is None else self.view_message["view"]

    @property
    def version(self) -> int:
        """The version of the latest view."""
        return 0 if self.view_message is None else int(self.view_message["version"])

    @property
    def lobby(self) -> Message | None:
        return None if self.lobby_message is None else self.lobby_message["lobby"]

    @property
    def game_over(self) -> bool:
        view = self.view
        return view is not None and bool(view["game_over"])

    def events(self, *types: str) -> list[Message]:
        return [event for batch in self.batches for event in batch.events
                if not types or event["type"] in types]

    # -- feeding

    def said_hello(self, since: int | None) -> None:
        self._hello_since = since
        if since is None and self.view_message is not None:
            self.complete = False  # a fresh view: what happened meanwhile is not replayed

    def feed(self, message: Message) -> Message:
        """Take one message; returns it as the client holds it: a public update merged
        into the view before (docs/api.md, "Public updates"), as the web app does."""
        kind = message.get("t")
        self.recent.append(" ".join(f"{k}={message[k]}" for k in ("t", "version", "ack", "seq",
                                                                      "code", "public")
                                    if k in message))
        if kind == "view" and message.get("public"):
            if self.view_message is None:
                self.problem("a public update before any view")
                return message
            if {"seat", "playing", "board", "hand", "dealt"} & set(message["view"]):
                self.problem(f"a public update with own fields: {sorted(message['view'])}")
            message = {**message, "view": {**self.view_message["view"], **message["view"]}}
        if kind == "view":
            self._view(message)
        elif kind == "lobby":
            if set(message) != {"t", "now", "lobby"}:
                self.problems.append(f"lobby message shape: {sorted(message)}")
            self.lobby_message = message
            if message["lobby"]["status"] == "waiting":
                self._hello_since = False  # before the start a hello gets no view
        elif kind == "error":
            self.errors.append(message)
        elif kind == "taken_over":
            self.taken_over = True
        elif kind != "pong":
            self.problems.append(f"unexpected message {message!r}")
        return message

    def problem(self, text: str) -> None:
        self.problems.append(f"{text} (last messages: {list(self.recent)})")

    def _view(self, message: Message) -> None:
        """A view covers the versions (after, version]: its events are those of the versions
        after the last one sent to this seat (the server batches other players' progress, so
        a seat need not see every version), or after `since` in the reply to a hello."""
        version, view, events = message["version"], message["view"], message["events"]
        hello, since = self._hello_since is not False, self._hello_since
        self._hello_since = False
        first = self.view_message is None
        stated = message.get("after")
        after: int | None
        if hello:
            # The catch-up after `since`; without it (or too far behind) a fresh view.
            after = since if isinstance(since, int) else None
            if stated is not None and stated != after:
                if stated == version and not events:
                    after = None  # a fresh view after all: too far behind
                else:
                    self.problem(f"hello since {since}: events after {stated}")
            if not first and after is not None and after != self.covered:
                self.problem(f"hello since {after}, but {self.covered} was covered")
        else:
            # Everything after what this seat was sent last: from 0 before its first view.
            expected = 0 if first else self.covered
            after = expected if stated is None else stated
            if after != expected:
                what = "a duplicate" if after < expected else "a gap"
                self.problem(f"{what}: events after {after}, but {expected} was seen last")
        if not first and version < self.version:
            self.problem(f"the version went back: {version} after {self.version}")
        if not first and version <= self.covered and events:
            self.problem(f"version {version} again, with events {events}")
        if after is None and events:
            self.problem(f"a fresh view (no catch-up) with events {events}")
        if first:
            self.complete = after == 0
        elif after is None:
            self.complete = False
        self.view_message = message
        self.covered = version
        self.batches.append(Batch(after, version, list(events), hello))
        self._count_dealt(view, events, fresh=first or after is None)
        self._check_privacy(view, events)

    def _count_dealt(self, view: Message, events: list[Message], fresh: bool) -> None:
        if fresh or self.dealt_next is None:
            self.dealt_next = view["drawn"] - sum(e["type"] == "dealt" for e in events) + 1
        for event in events:
            if event["type"] == "dealt":
                if event["drawn"] != self.dealt_next:
                    self.problem(f"dealt {event['drawn']}, expected {self.dealt_next}")
                self.dealt_next = event["drawn"] + 1
        if self.dealt_next != view["drawn"] + 1:
            self.problem(f"view drawn {view['drawn']} but dealt events up to "
                         f"{self.dealt_next - 1}")
            self.dealt_next = view["drawn"] + 1

    def _check_privacy(self, view: Message, events: list[Message]) -> None:
        for event in events:
            if "to" in event:
                self.problem(f"an event still addressed: {event}")
            if event["type"] in OWN_EVENTS and event.get("seat") != view["seat"]:
                self.problem(f"seat {view['seat']} was told {event}")
        if view["playing"] and "dealt" in view:
            self.problem("a player was shown the list of drawn cards")
        if not view["game_over"] and view["boards"] is not None:
            self.problem("boards shown during play")

    # -- checks at the end

    def check_counters(self) -> None:
        """With every version covered: the own events add up to the view's counters."""
        assert not self.problems, self.problems
        assert self.complete, "not every version was covered"
        view = self.view
        assert view is not None
        assert self.dealt_next == view["drawn"] + 1
        if not view["playing"]:
            assert view["dealt"] is not None and len(view["dealt"]) == view["drawn"]
            return
        filled = sum(value is not None for value in view["board"])
        taken = filled + view["kept_jokers"] + view["forfeited"] + (view["hand"] is not None)
        drawn = len(self.events("drawn"))
        story = [(b.after, b.version, [e["type"] for e in b.events]) for b in self.batches
                 if any(e["type"] in ("drawn", "placed", "kept") for e in b.events)]
        why = f"seat {view['seat']}: {drawn} cards reached, {taken} accounted for; {story}"
        placed = self.events("placed")
        if (self.events("ended") and filled + view["forfeited"] < CELLS) or (
                view["over"] and placed and placed[-1]["joker"]):
            # A card still in hand was discarded: the dealer ended the game, or a kept joker
            # filled the last cell (a card may have come between the choice and the move).
            assert drawn in (taken, taken + 1), why
        else:
            assert drawn == taken, why
        assert len(placed) == filled
        assert len(self.events("forfeited")) == view["forfeited"]
        assert len(self.events("over")) == (1 if view["over"] else 0)


def check_final(views: list[Message]) -> None:
    """The final views of a game (one per seat) agree, and their ranking follows the boards:
    score, then filled cells, then seat (docs/decisions/0091-mp-multiseat-views.md, "Multi-seat
    views")."""
    first = views[0]
    assert first["game_over"] is True and first["boards"] is not None
    table = first["table"]
    rows = []
    for board in first["boards"]:
        _, total = score_board(board["board"], table)
        rows.append({"seat": board["seat"], "score": total,
                     "filled": sum(v is not None for v in board["board"])})
    rows.sort(key=lambda row: (-row["score"], -row["filled"], row["seat"]))
    assert first["ranking"] == rows
    for view in views:
        assert view["game_over"] is True and view["over"] is True
        assert view["ranking"] == first["ranking"] and view["boards"] == first["boards"]
        assert view["cards_left"] == DECK - view["drawn"] == DECK - first["drawn"]
        if view["playing"]:
            own = next(b for b in first["boards"] if b["seat"] == view["seat"])
            assert own["board"] == view["board"] and own["jokers"] == view["jokers"]
            assert view["hand"] is None and waiting(view) == 0
            assert view["score"]["total"] == score_board(view["board"], table)[1]
    for seat in first["seats"]:
        assert seat["finished"] is True and queue_of(first, seat) == 0


# --- moves -----------------------------------------------------------------------------


def target_cell(view: Message) -> int:
    """Cell number `filled + forfeited` when free (so two seats given the same cards fill the
    same cells, and a forfeited number leaves its own cell empty), else the first free one."""
    board: list[int | None] = view["board"]
    used = sum(v is not None for v in board) + int(view["forfeited"])
    if used < CELLS and board[used] is None:
        return used
    return board.index(None)


def choose_move(view: Message, keep_jokers: bool = True) -> Message | None:
    """A simple legal move for a duel or group seat that plays (None: nothing to do now).

    Kept jokers are placed outside the queue (at once when nothing is in hand, else every
    third free cell); a joker in hand is kept when none is kept yet (`keep_jokers`), else
    played at once as a 7."""
    if not view["playing"] or view["over"] or view["game_over"]:
        return None
    hand, free = view["hand"], view["board"].count(None)
    if free == 0:
        return None
    if view["kept_jokers"] and (hand is None or free % 3 == 0):
        return {"type": "kept_joker", "value": 13, "cell": view["board"].index(None)}
    if hand is None:
        return None
    cell = target_cell(view)
    if hand["kind"] == "joker":
        if keep_jokers and view["kept_jokers"] == 0:
            return {"type": "joker", "choice": "keep"}
        return {"type": "joker", "choice": "now", "value": 7, "cell": cell}
    return {"type": "place", "cell": cell}


def dealer_move(view: Message) -> Message | None:
    """The group dealer: plays its own board, and draws while cards are left and its own
    queue (or, when it only deals, the quickest player's) runs short."""
    if view["game_over"]:
        return None
    if view["cards_left"] > 0:
        if view["playing"] and not view["over"]:
            short = waiting(view) < 2
        else:
            queues = [queue_of(view, s) for s in view["seats"] if not s["finished"]]
            short = not queues or min(queues) < 2
        if short:
            return {"type": "draw"}
    return choose_move(view)


EAGER = ("raise", "bet", "call", "check")
"""Kostkový poker betting in tests: the first of these offered. People who only check or
call let a table of 10 chips run for hundreds of hands (a test once took 205 s)."""


def dice_move(actions: list[str]) -> Message:
    """A Kostkový poker player's plain move: keep the first die (free), else bet EAGER."""
    if "keep" in actions:
        return {"type": "keep", "dice": [0]}
    return {"type": next(a for a in EAGER if a in actions)}


Chooser = Callable[[Message], Message | None]


# --- a blocking socket client ----------------------------------------------------------


class LobbyClient:
    """One socket to /ws/lobbies/{code}. A reader thread takes every message as it comes (so
    the server is never held up by an unread socket) and feeds the Tracker; tests wait for
    the messages they expect."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.seq = 0
        self.pings = 0
        self.tracker = Tracker()
        self.messages: list[Message] = []
        self.cursor = 0
        self.close_code: int | None = None
        self.closed = threading.Event()
        self._cond = threading.Condition()
        self._send_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while True:
                raw = self.conn.recv()
                message = json.loads(raw)
                with self._cond:
                    self.messages.append(self.tracker.feed(message))
                    self._cond.notify_all()
        except ConnectionClosed:
            pass
        except Exception as error:  # noqa: BLE001 - reported to the waiting test
            with self._cond:
                self.tracker.problems.append(f"reader failed: {error!r}")
        finally:
            with self._cond:
                self.close_code = self.conn.close_code
                self.closed.set()
                self._cond.notify_all()

    # -- sending and waiting

    def send(self, message: Any) -> None:
        with self._send_lock:
            if isinstance(message, str | bytes):
                self.conn.send(message)
            else:
                if message.get("t") == "hello":
                    with self._cond:
                        self.tracker.said_hello(message.get("since"))
                self.conn.send(json.dumps(message))

    def find(self, match: Callable[[Message], bool], start: int | None = None,
             timeout: float = 10) -> tuple[int, Message]:
        """The first message from index `start` (default: the cursor) that matches, waiting
        for it; the cursor moves past it."""
        index = self.cursor if start is None else start
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                while index < len(self.messages):
                    message = self.messages[index]
                    if match(message):
                        self.cursor = max(self.cursor, index + 1)
                        return index, message
                    index += 1
                left = deadline - time.monotonic()
                if self.closed.is_set() or left <= 0:
                    recent = self.messages[-5:]
                    why = f"closed ({self.close_code})" if self.closed.is_set() else "timeout"
                    raise AssertionError(f"no matching message: {why}; last: {recent}")
                self._cond.wait(left)

    def wait_for(self, match: Callable[[Message], bool], timeout: float = 10) -> Message:
        return self.find(match, timeout=timeout)[1]

    def expect(self, kind: str, timeout: float = 10) -> Message:
        """The next message of type `kind` (others in between are skipped)."""
        return self.wait_for(lambda m: m["t"] == kind, timeout)

    def error(self, code: str, seq: int | None = None, timeout: float = 10) -> Message:
        """The next error must be `code` (with `seq`); broadcasts in between are skipped."""
        message = self.expect("error", timeout)
        assert message["code"] == code, message
        assert message["seq"] == seq, message
        assert isinstance(message["message"], str) and message["message"], message
        return message

    def wait_version(self, version: int, timeout: float = 10) -> Message:
        """Wait until the seat has seen game version `version` (or a later one)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.tracker.version < version:
                left = deadline - time.monotonic()
                if left <= 0 or self.closed.is_set():
                    raise AssertionError(f"version {version} never came "
                                         f"(seen {self.tracker.version})")
                self._cond.wait(left)
            assert self.tracker.view_message is not None
            return self.tracker.view_message

    def wait_lobby(self, match: Callable[[Message], bool], timeout: float = 10) -> Message:
        """Wait until the latest lobby state matches; returns it."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.tracker.lobby is None or not match(self.tracker.lobby):
                left = deadline - time.monotonic()
                if left <= 0 or self.closed.is_set():
                    raise AssertionError(f"lobby never matched; last: {self.tracker.lobby}")
                self._cond.wait(left)
            return self.tracker.lobby

    def wait_closed(self, timeout: float = 10) -> int | None:
        assert self.closed.wait(timeout), "the server did not close the socket"
        self._reader.join(timeout)
        return self.close_code

    # -- the protocol

    def hello(self, key: str, since: int | None = None, view: bool = False,
              timeout: float = 10) -> tuple[Message, Message | None]:
        """Say hello; returns the lobby message and, with `view`, the view that follows it
        once the game runs (in whatever order they come)."""
        start = len(self.messages)
        self.send({"t": "hello", "key": key, **({} if since is None else {"since": since})})
        lobby_at, lobby = self.find(lambda m: m["t"] in ("lobby", "error"), start, timeout)
        if lobby["t"] == "error" or not view:
            return lobby, None
        view_at, shown = self.find(lambda m: m["t"] == "view", start, timeout)
        self.cursor = max(lobby_at, view_at) + 1
        return lobby, shown

    def act(self, action: Message, timeout: float = 10) -> Message:
        """Send the next action; returns the reply to it: the acknowledging view or an error."""
        self.seq += 1
        seq = self.seq
        self.send({"t": "act", "seq": seq, "action": action})
        return self.reply_to(seq, timeout)

    def reply_to(self, seq: int, timeout: float = 10) -> Message:
        return self.wait_for(
            lambda m: m.get("ack") == seq or (m["t"] == "error" and m.get("seq") == seq), timeout
        )

    def act_patiently(self, action: Message, timeout: float = 10,
                      server: LiveServer | None = None) -> Message:
        """`act`, sent again while a recorded game says `too_fast` (MIN_THINK_MS after the
        draw): with `server`, once its clock has skipped the think time instead of waiting."""
        deadline = time.monotonic() + timeout
        while True:
            reply = self.act(action, timeout)
            if reply["t"] != "error" or reply["code"] != "too_fast":
                return reply
            assert time.monotonic() < deadline, reply
            if server is None:
                time.sleep(0.03)
            else:
                server.skip(MIN_THINK_MS)

    def ping(self) -> list[Message]:
        """A ping that asks for an answer (a seq); returns every message that came between it
        and its pong: everything the server did for this client's earlier messages."""
        start = len(self.messages)
        self.pings += 1
        self.send({"t": "ping", "seq": self.pings})
        at, pong = self.find(lambda m: m["t"] == "pong" and m.get("seq") == self.pings, start)
        assert isinstance(pong["now"], int)
        return self.messages[start:at]

    def leave(self) -> Message:
        """Leave the lobby: the server answers with the lobby message and closes (1000).
        The answer is the last lobby message before the close: one sent earlier (another
        member arriving) may still be on its way when the leave goes out."""
        start = len(self.messages)
        self.send({"t": "leave"})
        assert self.closed.wait(10), "the server did not close the socket"
        self._reader.join(10)
        answers = [m for m in self.messages[start:] if m["t"] == "lobby"]
        assert answers, "no lobby message answered the leave"
        self.cursor = len(self.messages)
        return answers[-1]

    @property
    def view(self) -> Message:
        view = self.tracker.view
        assert view is not None, "no view yet"
        return view

    @property
    def lobby(self) -> Message:
        lobby = self.tracker.lobby
        assert lobby is not None, "no lobby message yet"
        return lobby


@contextmanager
def lobby_socket(server: LiveServer, code: str) -> Iterator[LobbyClient]:
    """A LobbyClient on /ws/lobbies/{code}; closed (and its reader joined) afterwards."""
    with connect(f"{server.ws}/ws/lobbies/{code}", open_timeout=10, proxy=None) as conn:
        client = LobbyClient(conn)
        try:
            yield client
        finally:
            conn.close()
            client._reader.join(10)


@contextmanager
def seated(server: LiveServer, seat: Seat, view: bool = False) -> Iterator[LobbyClient]:
    """A socket that said hello with `seat`'s key (the lobby message checked)."""
    with lobby_socket(server, seat.code) as client:
        lobby, _ = client.hello(seat.key, view=view)
        assert lobby["t"] == "lobby", lobby
        assert lobby["lobby"]["you"] == seat.seat, lobby
        yield client


# --- a simulated person on an asyncio socket --------------------------------------------


HEARTBEAT_S = 8.0
"""The client sends a ping when it has been silent this long (the server wants one every
10 s at least)."""


@dataclass
class AsyncPlayer:
    """One person in a lobby on its own asyncio socket: says hello, acts on every view as fast
    as the server allows (`choose`), and stops once the whole game is over.

    A dropped connection (a killed server) is reconnected with `since`, and an action that was
    sent but not confirmed is sent again with the same seq (the server never applies it
    twice). `drop_when`/`back_when`: close the socket on purpose, and come back later."""

    server: LiveServer
    seat: Seat
    choose: Chooser
    name: str = ""
    start_with: int | None = None
    """The host: send {"t": "start"} once this many people are connected."""
    drop_when: Callable[[Tracker], bool] | None = None
    back_when: Callable[[], bool] | None = None
    reconnect_for: float = 0.0
    """Seconds to keep trying to reconnect after an unexpected drop (0: fail)."""
    tracker: Tracker = field(default_factory=Tracker)
    seq: int = 0
    pending: Message | None = None
    refused: list[Message] = field(default_factory=list)
    drops: int = 0
    closes: list[tuple[float, int | None]] = field(default_factory=list)
    """At every unexpected drop: when (time.monotonic()), and the close code the server sent
    (None: none came)."""
    seen_before_drop: list[tuple[int, Message | None]] = field(default_factory=list)
    """At every unexpected drop: the last version seen and the last confirmed action's view."""
    hellos: list[Message] = field(default_factory=list)
    """The view answering every hello (the catch-ups), once the game runs."""
    acked: Message | None = None
    """The view of the last confirmed action."""
    started: bool = False
    dropped_at: int | None = None
    """The version last seen before the deliberate drop."""
    dropped_view: Message | None = None
    """The view last seen before the deliberate drop."""
    _ws: AsyncConnection | None = None
    _sent_at: float = 0.0

    async def run(self) -> None:
        while True:
            try:
                await self._session()
                return
            except (ConnectionClosed, OSError, TimeoutError) as error:
                if not self.reconnect_for:
                    raise AssertionError(f"{self.name}: connection lost: {error!r}") from error
                self.drops += 1
                received = getattr(error, "rcvd", None)  # the server's close frame, if any
                self.closes.append((time.monotonic(),
                                    None if received is None else received.code))
                self.seen_before_drop.append((self.tracker.version, self.acked))
                await self._wait_for_server()

    async def _wait_for_server(self) -> None:
        deadline = time.monotonic() + self.reconnect_for
        while time.monotonic() < deadline:
            try:
                async with httpx.AsyncClient() as http:
                    answer = await http.get(f"{self.server.http}/api/openapi.json", timeout=1)
                if answer.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)
        raise AssertionError(f"{self.name}: the server did not come back")

    async def _send(self, message: Message) -> None:
        assert self._ws is not None
        if message["t"] == "hello":
            self.tracker.said_hello(message.get("since"))
        self._sent_at = time.monotonic()
        await self._ws.send(json.dumps(message))

    async def _session(self) -> None:
        url = f"{self.server.ws}/ws/lobbies/{self.seat.code}"
        # No compression: fifty sockets on a 2-core machine, the test wants speed. No bound
        # on the frames queued unread (max_queue): a player stops reading at the game's end,
        # and with the queue full the client stopped reading the socket, so its close waited
        # the whole close_timeout (10 s) for the server's answer it could not see.
        async with async_connect(url, open_timeout=10, proxy=None, compression=None,
                                 max_size=None, max_queue=None) as ws:
            self._ws = ws
            seen = self.tracker.view_message is not None
            await self._send({"t": "hello", "key": self.seat.key,
                              **({"since": self.tracker.covered} if seen else {})})
            if self.pending is not None:
                await self._send(self.pending)  # unconfirmed before the drop: same seq
            while True:
                try:
                    raw = await asyncio.wait_for(ws.recv(), HEARTBEAT_S)
                except TimeoutError:
                    await self._send({"t": "ping"})
                    continue
                message: Message = self.tracker.feed(json.loads(raw))
                if self.tracker.problems:
                    raise AssertionError(f"{self.name}: {self.tracker.problems}")
                if message["t"] == "view" and self.tracker.batches[-1].hello:
                    self.hellos.append(message)
                if message["t"] == "taken_over":
                    raise AssertionError(f"{self.name}: taken over")
                self._settle_pending(message)
                if self.tracker.game_over:
                    return
                if time.monotonic() - self._sent_at > HEARTBEAT_S:
                    await self._send({"t": "ping"})
                if self.drop_when is not None and self.pending is None and self.drop_when(
                        self.tracker):
                    await self._drop_and_return(ws)
                    return await self._session()
                await self._maybe_start()
                await self._maybe_act()

    def _settle_pending(self, message: Message) -> None:
        if self.pending is None:
            return
        seq = self.pending["seq"]
        if message.get("ack") == seq:
            self.pending = None
            self.acked = message
        elif message["t"] == "error" and message.get("seq") == seq:
            self.pending = None
            if message["code"] != "too_fast":
                self.refused.append(message)
            if len(self.refused) > 20:
                raise AssertionError(f"{self.name}: refused again and again: {self.refused}")

    async def _drop_and_return(self, ws: AsyncConnection) -> None:
        self.drop_when = None
        self.dropped_at, self.dropped_view = self.tracker.covered, self.tracker.view
        await ws.close()
        self.drops += 1
        while self.back_when is not None and not self.back_when():
            await asyncio.sleep(0.02)

    async def _maybe_start(self) -> None:
        lobby = self.tracker.lobby
        if self.start_with is None or self.started or lobby is None:
            return
        connected = sum(p["connected"] for p in lobby["players"])
        if lobby["status"] == "waiting" and connected >= self.start_with:
            self.started = True
            await self._send({"t": "start"})

    async def _maybe_act(self) -> None:
        view = self.tracker.view
        if self.pending is not None or view is None:
            return
        move = self.choose(view)
        if move is None:
            return
        self.seq += 1
        self.pending = {"t": "act", "seq": self.seq, "action": move}
        await self._send(self.pending)


def run_players(players: list[AsyncPlayer], timeout: float,
                also: Callable[[], Any] | None = None) -> None:
    """Run every player (and the coroutine function `also`, e.g. a server restart) at once."""

    async def main() -> None:
        tasks = [asyncio.create_task(player.run(), name=player.name) for player in players]
        if also is not None:
            tasks.append(asyncio.create_task(also()))
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), timeout)
        finally:
            for task in tasks:
                task.cancel()

    asyncio.run(main())

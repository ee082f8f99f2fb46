"""Live lobbies (every game's rooms: duels, groups, tables ...) in this process: their
members' sockets, presence, the start, leaving, and the game's table once it runs.

The lobby (klubovna.tables.Lobby) is stored after every change before anybody is told;
the game itself is a Hub table whose fan-out reaches the members' sockets by table seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction, Json
from klubovna.server.clock import now_ms
from klubovna.server.cluster.node import CLOSE_MOVED, Moved, new_key
from klubovna.server.realtime import turns
from klubovna.server.realtime.hub import Connection, Hub, LiveTable, StorageError
from klubovna.server.realtime.think import paced
from klubovna.server.realtime.wire import dumps
from klubovna.server.storage.leases import lobby_resource
from klubovna.server.storage.store import Recording
from klubovna.tables import Lobby, Presence, ProtocolError, hash_key, new_code
from klubovna.tables.registry import entry
from klubovna.tables.table import left_game

log = logging.getLogger("klubovna.rooms")

HEARTBEAT_TIMEOUT_MS = 30_000
"""A socket silent this long is closed: the client pings every 10 s."""
CLOSED_KEPT_MS = 24 * 60 * 60 * 1000
"""A closed lobby still shows its end for a day, then it is forgotten."""
SWEEP_SECONDS = 1.0

CLOSE_TAKEN_OVER = 4001
CLOSE_SILENT = 4408


def settings_of(lobby: Lobby) -> dict[str, Json]:
    """The game's settings as members see them (Lobby.shown_settings)."""
    return lobby.shown_settings()


class Socket(Connection, Protocol):
    async def send_json(self, data: Any) -> None: ...


FrameHandler = Callable[["LiveLobby", int, dict[str, Any], Any], Awaitable[None]]


@dataclass
class LiveLobby:
    """One lobby in memory (as hub.LiveTable is one table): its state, its game, the table
    it plays now, and its members' sockets and presence."""

    lobby: Lobby
    game: str
    table_id: str | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    presence: Presence = field(default_factory=Presence)
    sockets: dict[str, Socket] = field(default_factory=dict)  # connection id -> socket
    attached: int = 0
    """Sockets open for the room, said hello or not (ws.py). A closed room leaves memory only
    when none is: one opened before the last member's left and said hello after was joined
    to a room no longer in memory, which another socket then loaded afresh, so the two never
    heard each other (a rematch's chat lost in `tests/cluster/test_club.py`)."""
    extras: dict[str, Any] = field(default_factory=dict)
    """What a feature keeps for the room while it is in memory (its chat)."""

    @property
    def forgettable(self) -> bool:
        """Closed with no socket open: it may leave memory (it is stored whole)."""
        return self.lobby.status == "closed" and not self.sockets and not self.attached


def room_url(lobby: Lobby) -> str:
    """The room's link (a path of the app): the game's page (its id is its route) with the
    code."""
    return f"/#/{lobby.game}/hra/{lobby.code}"


class Lobbies:
    """Every lobby this process has in memory (loaded from the store when asked for)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.live: dict[str, LiveLobby] = {}
        self._ids = itertools.count(1)
        self._sweeper: asyncio.Task[None] | None = None
        hub.on_over = self.table_over
        hub.on_watchers = self.watchers_changed
        hub.on_turn = self.turn_changed
        self.frames: dict[str, FrameHandler] = {"watching": self.set_watching}
        """Frames of a member's socket that a feature answers (the app wires the chat's):
        kind -> handler(room, seat, data, socket)."""

    async def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    # --- lobbies ------------------------------------------------------------
    async def create(
        self, game: str, kind: str, nickname: str, profile: str | None,
        settings: Mapping[str, Json], free_chat: bool = False, listed: bool = False,
        days_per_move: int | None = None,
    ) -> tuple[LiveLobby, str, int]:
        """A new lobby with its creator in seat 0: (room, seat key, seat). Raises
        IllegalAction for a game, kind or settings the game does not have."""
        key = secrets.token_urlsafe(32)
        while True:
            lobby = Lobby.open(self._new_code(), game, kind, nickname, hash_key(key),
                               now_ms(), settings=settings, profile=profile,
                               series=secrets.randbits(63), free_chat=free_chat,
                               listed=listed, days_per_move=days_per_move)
            if await run_in_threadpool(self.store.create_lobby, lobby, game):
                break  # else the code was taken meanwhile (by a stored lobby): another
        room = self.live[lobby.code] = LiveLobby(lobby, game, None)
        return room, key, 0

    def _new_code(self) -> str:
        """A free join code the proxy routes to this process (cluster/ring.py)."""
        return new_key(self.hub.node, lambda: new_code(self.live))

    async def get(self, code: str) -> LiveLobby | None:
        room = self.live.get(code)
        if room is None:
            node = self.hub.node
            if node is not None and await node.claim(lobby_resource(code)) is not None:
                raise Moved(code)
            stored = await run_in_threadpool(self.store.load_lobby, code)
            if stored is None:
                return None
            lobby, game, table_id = stored
            room = self.live.setdefault(code, LiveLobby(lobby, game, table_id))
        if room.lobby.status == "closed" and now_ms() - room.lobby.last_activity > CLOSED_KEPT_MS:
            return None
        if room.lobby.expired(now_ms()):
            await self._expire(room)
        return room

    async def join(self, room: LiveLobby, nickname: str, profile: str | None) -> tuple[str, int]:
        """A new member: (seat key, seat). Raises IllegalAction (full, started, closed)."""
        key = secrets.token_urlsafe(32)
        async with room.lock:
            seat = await self._change(room, lambda lobby: lobby.join(
                nickname, hash_key(key), now_ms(), profile))
        await self.broadcast_lobby(room)
        return key, seat

    async def drop(self, resource: str) -> None:
        """Another process took this lobby over: out of memory, its sockets closed."""
        for code, room in list(self.live.items()):
            if lobby_resource(code) != resource:
                continue
            del self.live[code]
            for socket in list(room.sockets.values()):
                with contextlib.suppress(Exception):
                    await socket.close(code=CLOSE_MOVED)

    # --- sockets ------------------------------------------------------------
    def new_connection_id(self) -> str:
        return str(next(self._ids))

    async def connect(
        self, room: LiveLobby, conn_id: str, socket: Socket, key: str, since: int | None
    ) -> int:
        """The hello: bind the socket to the key's seat (taking over an older socket of it)
        and send the lobby and, once the game runs, the view. Raises IllegalAction."""
        seat = room.lobby.seat_for_key_hash(hash_key(key))
        member = None if seat is None else room.lobby.member(seat)
        if seat is None or member is None:
            raise IllegalAction("bad_key", "This key does not open a seat in this lobby.")
        if member.gone:
            raise left_game()
        async with room.lock:
            live = await self._live(room)
            if live is not None and room.lobby.table_seat(seat) in live.table.closed:
                raise left_game()  # the table's log says so (whatever the lobby row says)
            for old_id, message in room.presence.connect(conn_id, seat, now_ms()):
                await self._drop(room, old_id, seat, message, CLOSE_TAKEN_OVER)
            room.sockets[conn_id] = socket
            self.live.setdefault(room.lobby.code, room)  # (left memory meanwhile: back)
        await self.broadcast_lobby(room)
        if live is None and room.extras.get("start_when_here") and self._all_here(room):
            room.extras.pop("start_when_here")  # (a quick pair's room: nobody to wait for)
            with contextlib.suppress(IllegalAction):  # (started or left meanwhile)
                await self.start_game(room, room.lobby.host_seat)
            return seat
        if live is not None:
            if member.profile is not None and room.lobby.days_per_move is not None:
                await run_in_threadpool(turns.looked, self.store, member.profile, live.table.id)
            if since is not None and since > live.table.version:
                since = None  # a version of the last round's table: this one starts afresh
            await self.hub.join(live, room.lobby.table_seat(seat), socket, since)
        return seat

    @staticmethod
    def _all_here(room: LiveLobby) -> bool:
        here = set(room.presence.connected_seats())
        return room.lobby.status == "waiting" and all(
            member.seat in here for member in room.lobby.members)

    async def disconnect(self, room: LiveLobby, conn_id: str) -> None:
        socket = room.sockets.pop(conn_id, None)
        seat = room.presence.disconnect(conn_id)
        if socket is not None:
            self._unplug(room, seat, socket)
        if seat is not None:
            await self.broadcast_lobby(room)
        self._forget_if_done(room)

    def _forget_if_done(self, room: LiveLobby) -> None:
        if room.forgettable and self.live.get(room.lobby.code) is room:
            del self.live[room.lobby.code]

    def seen(self, room: LiveLobby, conn_id: str) -> None:
        room.presence.seen(conn_id, now_ms())

    # --- the game -----------------------------------------------------------
    async def start_game(self, room: LiveLobby, seat: int) -> None:
        """The host starts: the table is made (and stored with the lobby), then started."""
        async with room.lock:
            before = room.lobby.to_json()
            live = await self._open_table(room, room.lobby.start(seat, now_ms()), before)
        await self.broadcast_lobby(room)
        await self.hub.act_for(live, 0, {"type": "start"})

    async def again(self, room: LiveLobby, seat: int, agree: bool = True) -> None:
        """A member asks for the next round (Lobby.again): stored, and when it starts, a
        new table with its own log and results, played like the first."""
        async with room.lock:
            before = room.lobby.to_json()
            try:
                config = room.lobby.again(seat, now_ms(), agree)
            except IllegalAction:
                room.lobby = Lobby.from_json(before)
                raise
            live = await self._next_table(room, config, before)
        await self.broadcast_lobby(room)
        if live is not None:
            await self.hub.act_for(live, 0, {"type": "start"})

    async def _next_table(
        self, room: LiveLobby, config: Mapping[str, Json] | None, before: dict[str, Json]
    ) -> LiveTable | None:
        """After a change that may start the next round: its table, or the lobby stored
        (undone when storing fails)."""
        if config is not None:
            return await self._open_table(room, config, before)
        try:
            await run_in_threadpool(self.store.save_lobby, room.lobby)
        except Exception:
            room.lobby = Lobby.from_json(before)
            raise
        return None

    async def _open_table(
        self, room: LiveLobby, start: Mapping[str, Json], before: dict[str, Json]
    ) -> LiveTable:
        """The room's table for a started lobby (`start`: its engine config), stored with
        the lobby; the members' sockets get its views. On failure the lobby is `before`."""
        lobby = room.lobby
        game = entry(room.game).game
        config = paced(game, start) if any(m.profile for m in lobby.members) else dict(start)
        try:
            live = await self.hub.create_table(
                game, config, lobby.key_hashes(),
                recording=Recording(kind=lobby.kind), lobby=lobby,
            )
        except Exception as error:
            room.lobby = Lobby.from_json(before)
            log.exception("starting lobby %s failed", lobby.code)
            raise StorageError from error
        if room.table_id is not None:
            self.hub.forget(room.table_id)  # the last round's table: over, stored
        room.table_id = live.table.id
        room.extras.pop("ratings", None)  # (the last round's)
        room.extras.pop("watchers", None)
        for conn_id, socket in room.sockets.items():
            member_seat = room.presence.seat_of(conn_id)
            if member_seat is not None and lobby.member(member_seat) is not None:
                table_seat = lobby.table_seat(member_seat)
                live.connections.setdefault(table_seat, set()).add(socket)
        return live

    async def act(self, room: LiveLobby, seat: int, data: Any,
                  sender: Socket | None = None) -> dict[str, Any] | None:
        """A game message of a member (from `sender`): see Hub.handle. None, or an error
        for the sender."""
        live = await self._live(room)
        if live is None:
            return {"t": "error", "seq": data.get("seq"), "code": "not_started",
                    "message": "The game has not started yet."}
        return await self.hub.handle(live, room.lobby.table_seat(seat), data, sender)

    async def leave(self, room: LiveLobby, seat: int) -> None:
        """A member leaves for good (see Lobby.leave); in a running game the table is told
        first (Table.leave: the seat is closed, and the game told if it has a leave), so the
        game's log says it too and the seat's key opens nothing there any more."""
        async with room.lock:
            live = await self._live(room)
            if live is not None and not live.table.over:
                try:
                    await self.hub.leave(live, room.lobby.table_seat(seat),
                                         keep=room.sockets.values())
                except IllegalAction as error:
                    if error.code != "left_game":  # (closed already: the lobby follows)
                        raise
            before = room.lobby.to_json()
            config = room.lobby.leave(seat, now_ms())  # may start the next round
            next_live = await self._next_table(room, config, before)
        await self.broadcast_lobby(room)
        if next_live is not None:
            await self.hub.act_for(next_live, 0, {"type": "start"})

    async def table_over(self, table_id: str) -> None:
        """The hub's listener: a lobby's game ended, so the lobby is finished (and the
        players see how their ratings changed: `ratings`, by table seat)."""
        room = await self.room_of_table(table_id)
        if room is None:
            return
        async with room.lock:
            if room.lobby.status != "playing":
                return  # closed already (the dealer left)
            await self._change(room, lambda lobby: lobby.finish(now_ms()))
        rated = await run_in_threadpool(self.store.ratings_of_table, table_id)
        room.extras["ratings"] = {str(seat): {"rating": rating, "change": change}
                                  for seat, (rating, change) in rated.items()} or None
        await self.broadcast_lobby(room)
        if room.lobby.days_per_move is not None:  # to those not at the table: the result
            for profile in self._away(room, range(len(room.lobby.members))):
                await run_in_threadpool(turns.game_over, self.store, profile, table_id,
                                        room_url(room.lobby))

    # --- turn-based rooms -----------------------------------------------------
    async def turn_changed(self, table_id: str, began: list[int], ended: list[int]) -> None:
        """The hub's listener (turn-based tables): the game began to wait for the `began`
        table seats (a person not at the table is told, with a reminder before their time
        runs out) and stopped waiting for `ended` (their reminder is dropped)."""
        room = await self.room_of_table(table_id)
        live = self.hub.live.get(table_id)
        if room is None or room.lobby.days_per_move is None or live is None:
            return
        members = room.lobby.members
        for seat in ended:
            profile = members[seat].profile if seat < len(members) else None
            if profile is not None:
                await run_in_threadpool(turns.moved, self.store, profile, table_id)
        deadline = live.table.move_deadline()
        if deadline is None:
            return
        for profile in self._away(room, began):
            await run_in_threadpool(turns.your_turn, self.store, profile, table_id,
                                    room_url(room.lobby), deadline)

    @staticmethod
    def _away(room: LiveLobby, seats: Iterable[int]) -> list[str]:
        """The profiles of the members at these table seats who are not at the table now."""
        here = set(room.presence.connected_seats())
        members = [room.lobby.members[seat] for seat in seats
                   if seat < len(room.lobby.members)]
        return [member.profile for member in members
                if member.profile is not None and member.seat not in here]

    # --- watching -----------------------------------------------------------
    async def room_of_table(self, table_id: str) -> LiveLobby | None:
        room = next((r for r in self.live.values() if r.table_id == table_id), None)
        if room is None:
            code = await run_in_threadpool(self.store.lobby_of_table, table_id)
            room = None if code is None else await self.get(code)
        return room

    async def watchable(self, table_id: str) -> bool:
        """Whether one may watch the table: a room's, whose host lets people watch. (Who
        knows a table's id was shown it: by the open list for a public room, by a player of
        a private one.)"""
        room = await self.room_of_table(table_id)
        return room is not None and room.lobby.watchable

    async def names_of(self, table_id: str) -> dict[str, str]:
        """The nicknames at a room's table by table seat (a JSON object's keys), for those who
        watch it: the players' names are no secret in the room. Computer players' seats are
        left out."""
        room = await self.room_of_table(table_id)
        if room is None or room.table_id != table_id:
            return {}
        lobby = room.lobby
        return {str(lobby.table_seat(m.seat)): m.nickname for m in lobby.members}

    async def watchers_changed(self, table_id: str, count: int) -> None:
        """The hub's listener: the players see how many watch."""
        room = await self.room_of_table(table_id)
        if room is not None and room.table_id == table_id:
            room.extras["watchers"] = count
            await self.broadcast_lobby(room)

    async def set_watching(self, room: LiveLobby, seat: int, data: dict[str, Any],
                           socket: Any) -> None:
        """`{"t": "watching", "on": bool}`: the host lets people watch the room's table, or
        stops it (those watching are told and closed)."""
        on = data.get("on")
        if not isinstance(on, bool) or data.keys() != {"t", "on"}:
            raise ProtocolError("bad_message", 'Send {"t": "watching", "on": true|false}.')
        if seat != room.lobby.host_seat:
            raise IllegalAction("not_host", "Only the host decides who may watch.")
        async with room.lock:
            def change(lobby: Lobby) -> None:
                lobby.watchable = on
            await self._change(room, change)
        live = await self._live(room)
        if not on and live is not None:
            await self.hub.close_watchers(live, IllegalAction(
                "not_watchable", "The host stopped people watching this table."))
        await self.broadcast_lobby(room)

    # --- messages -----------------------------------------------------------
    def lobby_message(self, room: LiveLobby) -> dict[str, Any]:
        """The lobby message, but for its `you` (each socket's own seat: see
        broadcast_lobby)."""
        lobby = room.lobby
        connected = set(room.presence.connected_seats())
        public = lobby.public()
        playing = lobby.status != "waiting" and room.table_id is not None
        rated = room.extras.get("member_ratings", (None, {}))[1]
        players = [
            {**player, "connected": player["seat"] in connected,
             "table_seat": lobby.table_seat(player["seat"]) if playing else None,
             "rating": rated.get(player["seat"])}
            for player in public.pop("players")
        ]
        return {"t": "lobby", "now": now_ms(),
                "lobby": {**public, "game": room.game, "settings": settings_of(lobby),
                          "players": players, "table": room.table_id if playing else None,
                          "watchers": room.extras.get("watchers", 0) if playing else 0,
                          "ratings": room.extras.get("ratings") if playing else None}}

    async def broadcast_lobby(self, room: LiveLobby) -> None:
        """The lobby message to every socket, encoded once: each socket's `you` is spliced
        into the lobby object, the text's last member. A group of 50 that connects or
        leaves at once costs 50 encodings, not 2,500 (bench/realtime.py's teardown
        stalled the server for 7 s at 80 tables so)."""
        await self._member_ratings(room)
        text = dumps(self.lobby_message(room))[:-2]  # (without the closing "}}")
        for conn_id, socket in list(room.sockets.items()):
            you = room.presence.seat_of(conn_id)
            with contextlib.suppress(Exception):  # a closed socket: its reader cleans up
                await socket.send_text(f'{text},"you":{"null" if you is None else you}}}}}')

    async def _member_ratings(self, room: LiveLobby) -> None:
        """Each member's rating in the room's game (`rating` beside their name: null for a
        guest or one never rated), read again when who is in the room changed or a game
        ended, not at every presence change."""
        lobby = room.lobby
        members = (tuple((m.seat, m.profile) for m in lobby.members), lobby.round,
                   lobby.status)
        if room.extras.get("member_ratings", (None,))[0] == members:
            return
        pairs = {(m.profile, room.game) for m in lobby.members if m.profile}
        found = await run_in_threadpool(self.store.ratings_of, pairs) if pairs else {}
        rated = {}
        for member in lobby.members:
            rating = found.get((member.profile or "", room.game))
            if rating is not None:
                rated[member.seat] = {"rating": rating.rating, "provisional": rating.provisional}
        room.extras["member_ratings"] = (members, rated)

    # --- helpers ------------------------------------------------------------
    async def _change(self, room: LiveLobby, change: Any) -> Any:
        """Apply `change(lobby)` and store the lobby; undone when either fails."""
        before = room.lobby.to_json()
        try:
            outcome = change(room.lobby)
            await run_in_threadpool(self.store.save_lobby, room.lobby)
        except Exception:
            room.lobby = Lobby.from_json(before)
            raise
        return outcome

    async def _live(self, room: LiveLobby) -> LiveTable | None:
        return None if room.table_id is None else await self.hub.get(room.table_id)

    def _unplug(self, room: LiveLobby, seat: int | None, socket: Socket) -> None:
        """Stop the game's fan-out to a socket."""
        if seat is None or room.table_id is None:
            return
        live = self.hub.live.get(room.table_id)
        if live is not None:
            with contextlib.suppress(IllegalAction):
                live.connections.get(room.lobby.table_seat(seat), set()).discard(socket)

    async def _drop(self, room: LiveLobby, conn_id: str, seat: int | None,
                    message: dict[str, Any] | None, code: int) -> None:
        """Close a connection of `seat` from the server's side (taken over, or silent)."""
        socket = room.sockets.pop(conn_id, None)
        room.presence.disconnect(conn_id)  # a taken-over one is forgotten already
        if socket is None:
            return
        self._unplug(room, seat, socket)
        with contextlib.suppress(Exception):
            if message is not None:
                await socket.send_json(message)
            await socket.close(code=code)

    async def _expire(self, room: LiveLobby) -> None:
        async with room.lock:
            if not room.lobby.expired(now_ms()):
                return
            await self._change(room, lambda lobby: lobby.expire())
            if room.table_id is not None:
                await run_in_threadpool(self.store.abandon_table, room.table_id)
                self.hub.forget(room.table_id)
        await self.broadcast_lobby(room)

    async def close_by_moderator(self, room: LiveLobby) -> None:
        """`klubovna admin close-room`: the room ends for everyone, its game unrecorded."""
        async with room.lock:
            await self._change(room, lambda lobby: lobby.moderate())
            if room.table_id is not None:
                await run_in_threadpool(self.store.abandon_table, room.table_id)
                self.hub.forget(room.table_id)
        await self.broadcast_lobby(room)

    async def sweep(self) -> None:
        """Close silent sockets; expire idle lobbies (game moves count as activity)."""
        now = now_ms()
        for room in list(self.live.values()):
            for conn_id in room.presence.dead(now, HEARTBEAT_TIMEOUT_MS):
                async with room.lock:
                    seat = room.presence.seat_of(conn_id)
                    await self._drop(room, conn_id, seat, None, CLOSE_SILENT)
                await self.broadcast_lobby(room)
            if room.lobby.expired(now) and room.table_id is not None:
                await self._settle_first(room)
            live = self.hub.live.get(room.table_id) if room.table_id else None
            if live is not None and live.table.log:
                room.lobby.touch(live.table.log[-1].now)
            if room.lobby.expired(now):
                try:
                    await self._expire(room)
                except Exception:  # the database said no: this room waits for the next sweep,
                    # the others are swept now
                    log.exception("expiring lobby %s failed", room.lobby.code)
            self._forget_if_done(room)

    async def _settle_first(self, room: LiveLobby) -> None:
        """Before a room expires, its table's deadline that is due is settled (a turn-based
        move's time ends a day before the room's own end): when both passed at once (a
        server down for a day), the game ends as its rules say, not unrecorded."""
        assert room.table_id is not None
        try:
            await self.hub.settle(room.table_id)
        except Exception:  # (the room's expiry goes on as before)
            log.exception("settling a room's table before its end failed")

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("room sweep failed")
            await asyncio.sleep(SWEEP_SECONDS)

"""The club socket: one per person's open app, for everything that is not a table
(docs/api.md, "The club socket"): friends' presence, and notices of requests and
challenges as they happen.

Presence is who has a club socket open (online), the game they said they are playing and the
table it may be watched at (`watch`, decision 0159: only a hint; the table socket still asks
the room whether it may be watched).
It lives in Redis when configured, so every server process sees every person: each socket
is a field of `klubovna:presence:{profile}` that its process refreshes and that expires
when that process stops refreshing it (PRESENCE_TTL_MS). Notices to people go through one
Redis channel; each process passes them to its own sockets. Without Redis, both are this
process's own. Presence is a courtesy: when Redis does not answer, people look offline and
notices wait for the next look at the lists, and nothing else stops.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnected

from klubovna.server.clock import now_ms
from klubovna.tables import hash_key
from klubovna.tables.registry import REGISTRY

router = APIRouter()
log = logging.getLogger("klubovna.club")

PRESENCE_TTL_MS = 60_000
"""A socket's presence expires unless its process refreshes it within this time (a process
that died leaves people online at most this long)."""
REFRESH_EVERY = 20.0
"""Seconds between a process's refreshes of its sockets' presence."""
CHANNEL = "klubovna:club"

State = tuple[bool, str | None, str | None]
"""(online, the game being played or None, the table to watch it at or None)."""
Playing = tuple[str | None, str | None]
"""One socket's (game, table to watch) as it reported them."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""The shape of a table's id (secrets.token_urlsafe, hub.py): what `watch` may be."""


class Presence(Protocol):
    def start(self) -> None: ...

    async def set(self, profile_id: str, conn_id: str, playing: str | None,
                  watch: str | None = None) -> None: ...

    async def drop(self, profile_id: str, conn_id: str) -> None: ...

    async def states(self, ids: Iterable[str]) -> dict[str, State]: ...

    async def publish(self, ids: list[str], message: dict[str, Any]) -> None: ...

    async def refresh(self, held: dict[str, dict[str, Playing]]) -> None: ...

    async def aclose(self) -> None: ...


def _state(values: Iterable[Playing]) -> State:
    """One person's presence from their sockets': a game with a table to watch first."""
    found = list(values)
    game, watch = next((one for one in found if one[0] and one[1]),
                       next((one for one in found if one[0]), (None, None)))
    return bool(found), game, watch


class LocalPresence:
    """One process: presence in memory, notices delivered here."""

    def __init__(self, deliver: Any) -> None:
        self.sockets: dict[str, dict[str, Playing]] = {}
        self.deliver = deliver

    def start(self) -> None:
        return None

    async def set(self, profile_id: str, conn_id: str, playing: str | None,
                  watch: str | None = None) -> None:
        self.sockets.setdefault(profile_id, {})[conn_id] = (playing, watch)

    async def drop(self, profile_id: str, conn_id: str) -> None:
        held = self.sockets.get(profile_id, {})
        held.pop(conn_id, None)
        if not held:
            self.sockets.pop(profile_id, None)

    async def states(self, ids: Iterable[str]) -> dict[str, State]:
        return {id_: _state(self.sockets.get(id_, {}).values()) for id_ in ids}

    async def publish(self, ids: list[str], message: dict[str, Any]) -> None:
        await self.deliver(ids, message)

    async def refresh(self, held: dict[str, dict[str, Playing]]) -> None:
        return None

    async def aclose(self) -> None:
        return None


class RedisPresence:
    """Several processes: presence in Redis hashes, notices on one channel."""

    def __init__(self, url: str, node: str, deliver: Any) -> None:
        import redis

        from klubovna.server.storage import redis_client

        self.client = redis_client.client(url)
        self.errors = (redis.RedisError, OSError, asyncio.TimeoutError)
        self.node, self.deliver = node, deliver
        self.listener: asyncio.Task[None] | None = None

    @staticmethod
    def _key(profile_id: str) -> str:
        return f"klubovna:presence:{profile_id}"

    def start(self) -> None:
        self.listener = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        """Pass each notice to this process's sockets; reconnect when Redis comes back."""
        while True:
            try:
                async with self.client.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    async for item in pubsub.listen():
                        if item.get("type") != "message":
                            continue
                        notice = json.loads(item["data"])
                        await self.deliver(notice["to"], notice["message"])
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis gone: try again in a moment
                log.warning("club notices: Redis does not answer (%s)", error)
                await asyncio.sleep(1)

    async def _run(self, work: Any) -> Any:
        try:
            return await work
        except self.errors as error:
            log.warning("presence: Redis does not answer (%s)", error)
            return None

    async def set(self, profile_id: str, conn_id: str, playing: str | None,
                  watch: str | None = None) -> None:
        key = self._key(profile_id)
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.hset(key, f"{self.node}:{conn_id}", json.dumps(
                {"playing": playing, "watch": watch, "until": now_ms() + PRESENCE_TTL_MS}))
            pipe.pexpire(key, PRESENCE_TTL_MS)
            await self._run(pipe.execute())

    async def drop(self, profile_id: str, conn_id: str) -> None:
        await self._run(self.client.hdel(self._key(profile_id), f"{self.node}:{conn_id}"))

    async def states(self, ids: Iterable[str]) -> dict[str, State]:
        wanted = list(ids)
        if not wanted:
            return {}
        async with self.client.pipeline(transaction=False) as pipe:
            for id_ in wanted:
                pipe.hvals(self._key(id_))
            found = await self._run(pipe.execute()) or [[] for _ in wanted]
        now, states = now_ms(), {}
        for id_, values in zip(wanted, found, strict=True):
            # A field of a process that stopped refreshing it is past its `until`.
            live = [json.loads(value) for value in values]
            states[id_] = _state((entry["playing"], entry.get("watch"))
                                 for entry in live if entry["until"] > now)
        return states

    async def publish(self, ids: list[str], message: dict[str, Any]) -> None:
        await self._run(self.client.publish(CHANNEL, json.dumps({"to": ids,
                                                                 "message": message})))

    async def refresh(self, held: dict[str, dict[str, Playing]]) -> None:
        for profile_id, conns in held.items():
            for conn_id, (playing, watch) in conns.items():
                await self.set(profile_id, conn_id, playing, watch)

    async def aclose(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
        await self.client.aclose()


@dataclass
class Link:
    """One club socket of this process: whose device, the game it says it plays and the
    table it may be watched at."""

    websocket: WebSocket
    device: str
    playing: str | None = None
    watch: str | None = None


class Club:
    """This process's club sockets and the presence every process shares."""

    def __init__(self, store: Any, redis_url: str | None = None, node: str = "") -> None:
        self.store = store
        self.links: dict[str, dict[str, Link]] = {}
        """profile id → conn id → its socket."""
        self.presence: Presence = (
            RedisPresence(redis_url, node or secrets.token_hex(4), self._deliver) if redis_url
            else LocalPresence(self._deliver))
        self.refresher: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.presence.start()
        self.refresher = asyncio.get_running_loop().create_task(self._refresh())

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(REFRESH_EVERY)
            try:
                await self.presence.refresh({
                    profile_id: {conn_id: (link.playing, link.watch)
                                 for conn_id, link in conns.items()}
                    for profile_id, conns in self.links.items()})
            except Exception:  # presence is a courtesy: the next round tries again
                log.exception("presence refresh failed")

    async def aclose(self) -> None:
        if self.refresher is not None:
            self.refresher.cancel()
        await self.presence.aclose()

    async def _deliver(self, ids: list[str], message: dict[str, Any]) -> None:
        """A notice to this process's sockets of these people (a device signed out: its
        own sockets close)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        for id_ in ids:
            for conn_id, link in list(self.links.get(id_, {}).items()):
                try:
                    if message.get("t") == "signed_out":
                        if message.get("device") == link.device:
                            await link.websocket.close(code=4403)
                            self.links.get(id_, {}).pop(conn_id, None)
                        continue
                    await link.websocket.send_text(text)
                except Exception:  # a socket closing meanwhile: its own loop ends it
                    continue

    async def notify(self, ids: list[str], message: dict[str, Any]) -> None:
        """Tell these people something, on every process."""
        if ids:
            await self.presence.publish(ids, message)

    async def states(self, ids: Iterable[str]) -> dict[str, State]:
        return await self.presence.states(ids)

    async def _tell_friends(self, profile_id: str) -> None:
        online, playing, watch = (await self.presence.states([profile_id]))[profile_id]
        friends = await run_in_threadpool(self.store.friends.friend_ids, profile_id)
        await self.notify(friends, {"t": "presence", "id": profile_id, "online": online,
                                    "playing": playing, "watch": watch})

    async def connect(self, profile_id: str, device: str, websocket: WebSocket) -> str:
        conn_id = secrets.token_hex(6)
        first = not self.links.get(profile_id)
        self.links.setdefault(profile_id, {})[conn_id] = Link(websocket, device)
        await self.presence.set(profile_id, conn_id, None)
        if first:
            await self._tell_friends(profile_id)
        return conn_id

    async def set_playing(self, profile_id: str, conn_id: str, game: str | None,
                          watch: str | None = None) -> None:
        link = self.links.get(profile_id, {}).get(conn_id)
        if link is None or (link.playing, link.watch) == (game, watch):
            return
        link.playing, link.watch = game, watch
        await self.presence.set(profile_id, conn_id, game, watch)
        await self._tell_friends(profile_id)

    async def disconnect(self, profile_id: str, conn_id: str) -> None:
        held = self.links.get(profile_id, {})
        held.pop(conn_id, None)
        if not held:
            self.links.pop(profile_id, None)
        await self.presence.drop(profile_id, conn_id)
        await self._tell_friends(profile_id)


# --- the socket ---------------------------------------------------------------------

HELLO_SECONDS = 10.0
MAX_FRAME = 1024
FRAMES_PER_MINUTE = 120
"""A club socket sends a heartbeat every few tens of seconds and a frame when the person
starts or ends a game: 120 a minute is far above that, and past it a frame is refused."""


def _error(code: str, message: str) -> str:
    return json.dumps({"t": "error", "code": code, "message": message})


@router.websocket("/ws/club")
async def club_socket(websocket: WebSocket) -> None:
    """The first frame is `{"t": "hello", "key": PROFILE_KEY}`; then `{"t": "playing",
    "game": GAME_ID | null, "watch"?: TABLE_ID | null}` and `{"t": "ping"}`. The server sends
    `welcome`, `presence`, `friends` (the lists changed: read them again) and `pong`
    (docs/api.md)."""
    await websocket.accept()
    club: Club = websocket.app.state.club
    profile_id: str | None = None
    conn_id = ""
    frames: list[float] = []
    try:
        while True:
            try:
                raw = await (asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
                             if profile_id is None else websocket.receive())
            except TimeoutError:
                await websocket.close(code=4408)
                return
            if raw["type"] == "websocket.disconnect":
                return
            now = time.monotonic()
            frames[:] = [t for t in frames if now - t < 60] + [now]
            if len(frames) > FRAMES_PER_MINUTE:
                websocket.app.state.metrics.rate_limited.labels("club_frames").inc()
                await websocket.send_text(_error("rate_limited", "Too many messages; slow down."))
                continue
            text = raw.get("text")
            try:
                if text is None or len(text) > MAX_FRAME:
                    raise ValueError("Send JSON of at most 1 KiB in text frames.")
                data = json.loads(text)
                if not isinstance(data, dict) or not isinstance(data.get("t"), str):
                    raise ValueError('A message is an object with a string "t".')
            except ValueError as error:
                await websocket.send_text(_error("bad_message", str(error)))
                continue
            kind = data["t"]
            if profile_id is None:
                key = data.get("key")
                if kind != "hello" or not isinstance(key, str) or not key:
                    await websocket.send_text(_error("hello_required",
                                                     "Say hello with your profile key first."))
                    continue
                found = await run_in_threadpool(club.store.devices.signed_in, hash_key(key),
                                                now_ms())
                if found is None:
                    await websocket.send_text(_error("bad_key",
                                                     "This key does not belong to any profile."))
                    await websocket.close(code=4403)
                    return
                profile_id, device = found[0].id, found[1]
                conn_id = await club.connect(profile_id, device, websocket)
                friends = await run_in_threadpool(club.store.friends.friend_ids, profile_id)
                states = await club.states(friends)
                await websocket.send_text(json.dumps({"t": "welcome", "presence": {
                    id_: {"online": online, "playing": playing, "watch": watch}
                    for id_, (online, playing, watch) in states.items()}}))
            elif kind == "ping":
                await websocket.send_text(json.dumps({"t": "pong", "now": now_ms()}))
            elif kind == "playing":
                game = data.get("game")
                if game is not None and game not in REGISTRY:
                    await websocket.send_text(_error("unknown_game", "There is no such game."))
                    continue
                watch = data.get("watch")
                if watch is not None and (game is None or not isinstance(watch, str)
                                          or not TABLE_ID.fullmatch(watch)):
                    await websocket.send_text(_error(
                        "bad_watch", '"watch" is a table id beside a game, or null.'))
                    continue
                await club.set_playing(profile_id, conn_id, game, watch)
            else:
                await websocket.send_text(_error("bad_message", f"Unknown message {kind!r}."))
    except (WebSocketDisconnect, WebSocketDisconnected):
        return
    finally:
        if profile_id is not None:
            await club.disconnect(profile_id, conn_id)

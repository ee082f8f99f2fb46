"""Cluster mode: a request or socket for a table or lobby that another process owns is
relayed there, so a client may land on any process (no sticky sessions at the proxy).

An ASGI middleware in front of the app. For the paths that name a table or a lobby it makes
sure this process owns it (taking the lease when nobody holds it); when another live
process does, the HTTP request is sent on to it and its answer returned, and a socket is
accepted and its frames piped both ways to a socket of the owner's. A relayed request
carries RELAYED, and its receiver never relays it again: if it has lost the lease
meanwhile it answers 503 `moved` (a socket: close 1012) and the client tries again. An
owner that does not answer is waited for until its lease runs out; then this process
takes over and rebuilds the table from its log. One that renews its lease meanwhile is
alive (the connection was lost, not the process): it is asked again, RELAY_TRIES times at
most, then the client is told to try again; so is the client of a request that was sent
and lost, unless the request only reads (the owner may have done it).

Why a relay and not Redis pub/sub: the owner keeps doing everything it does for its own
sockets (one lock, one fan-out, presence, the frame budget), and the forwarding process
holds no state of the table at all; a socket costs one extra hop on the private network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from urllib.parse import quote

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from klubovna.core import IllegalAction
from klubovna.server.cluster.node import CLOSE_MOVED, Moved, Node
from klubovna.server.http.errors import error_response, replay
from klubovna.server.storage.leases import Holder
from klubovna.tables import normalize_code

log = logging.getLogger("klubovna.forward")

RELAYED = "x-klubovna-relayed"
_HOP_HEADERS = {"host", "connection", "upgrade", "keep-alive", "transfer-encoding",
                "content-length", "sec-websocket-key", "sec-websocket-version",
                "sec-websocket-extensions", "sec-websocket-accept", "x-forwarded-for"}

RELAY_TRIES = 3
"""Relays to one live owner that does not answer before its client is told to try again."""
KEEPALIVE_S = 2.0
"""How long an idle relay connection is kept: less than uvicorn's keep-alive (5 s), so a
request is never sent on a connection that its owner is closing (a request lost)."""
_SAFE = {"GET", "HEAD", "OPTIONS"}

_TABLE = re.compile(r"^/(?:ws|api)/tables/([^/]+)(?:/replay)?$")
_LOBBY = re.compile(
    r"^/(?:ws|api)/lobbies/([^/]+)(?:/join|/qr\.svg|/close|/challenges(?:/[^/]+/accept)?)?$")
_REPLAY = re.compile(r"^/api/replays/([^/]+)$")


def moved_response() -> JSONResponse:
    """503 `moved`: the table or lobby changed owners; the client tries again."""
    return error_response(503, "moved", "The game moved to another server; try again.",
                          {"Retry-After": "1"})


def install_moved_handler(app: FastAPI) -> None:
    """A Moved raised by a handler (a take-over in between) is answered 503 `moved`."""

    @app.exception_handler(Moved)
    async def _moved(_request: Request, _error: Moved) -> JSONResponse:
        return moved_response()


class Forward:
    def __init__(self, app: ASGIApp, node: Node,
                 replay_table: Callable[[str], str | None]) -> None:
        self.app = app
        self.node = node
        self.replay_table = replay_table
        """The table a replay link's token names (None: not a valid token)."""
        self._client: httpx.AsyncClient | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        target = self._target(scope["path"])
        if target is None:
            await self.app(scope, receive, send)
            return
        kind, name, routed = target
        body = b""
        if scope["type"] == "http":  # read once: relayed, or handled here after all
            read = await _read_body(receive)
            if read is None:
                return
            body = read

        def again() -> Receive:
            return replay(body, receive) if scope["type"] == "http" else receive

        relayed = any(key == RELAYED.encode() for key, _ in scope.get("headers", []))
        resource = await self.node.resource_for(kind, name)
        try:
            if await self._elsewhere(resource, relayed, scope, again, send):
                return
        except Moved:  # shutting down: the client tries again (at another process)
            await self._moved(scope, again(), send)
            return
        if relayed and routed is not None and not self.node.mine(routed):
            self.node.hand_back_soon(resource)  # the proxy sends its people elsewhere now
        await self.app(scope, again(), send)

    async def _elsewhere(self, resource: str, relayed: bool, scope: Scope,
                         again: Callable[[], Receive], send: Send) -> bool:
        """Relay to the resource's live owner elsewhere (True: answered), or make this
        process its owner (False: the app handles it here)."""
        holder = await self.node.claim(resource)
        tries = 0
        while holder is not None:
            if relayed:  # never relayed twice: the client tries again
                await self._moved(scope, again(), send)
                return True
            if await self._relay(holder, scope, again(), send):
                return True
            # The owner does not answer: wait for its lease to run out, then take it; or
            # it renews the lease (alive), and is asked again.
            tries += 1
            asked = holder
            holder = await self.node.claim_when_free(resource, holder)
            if holder is not None and holder.owner == asked.owner and tries >= RELAY_TRIES:
                log.warning("%s at %s renews its lease but does not answer", holder.owner,
                            holder.url)
                await self._moved(scope, again(), send)
                return True
        return False

    def _target(self, path: str) -> tuple[str, str, str | None] | None:
        """("t", table id) or ("l", lobby code) for the paths that name one, and the key the
        proxy routes the path by (deploy/nginx/rooms.conf; None: it spreads the path)."""
        if found := _TABLE.match(path):
            return "t", found.group(1), found.group(1)
        if found := _LOBBY.match(path):
            try:
                return "l", normalize_code(found.group(1)), found.group(1)
            except IllegalAction:
                return None  # the handler answers it
        if (found := _REPLAY.match(path)) and (table := self.replay_table(found.group(1))):
            return "t", table, None
        return None

    async def _moved(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": CLOSE_MOVED})
            return
        await moved_response()(scope, receive, send)

    async def _relay(self, holder: Holder, scope: Scope, receive: Receive, send: Send) -> bool:
        """Send the request or socket on to the holder; False when it does not answer."""
        headers = [(k.decode("latin-1"), v.decode("latin-1"))
                   for k, v in scope.get("headers", []) if k.decode("latin-1") not in _HOP_HEADERS]
        headers.append((RELAYED, "1"))
        client = scope.get("client")
        if client:
            headers.append(("x-forwarded-for", client[0]))
        query = scope.get("query_string", b"").decode("latin-1")
        # The path as it came (percent-encoded): a decoded one may hold characters no URL
        # may (a fuzzer's challenge id of control characters made the relay's URL fail).
        raw = scope.get("raw_path") or quote(scope["path"]).encode()
        path = raw.decode("latin-1") + (f"?{query}" if query else "")
        if scope["type"] == "websocket":
            return await self._relay_socket(holder.url, path, headers, receive, send)
        return await self._relay_http(holder.url, path, headers, scope, receive, send)

    async def _relay_http(self, url: str, path: str, headers: list[tuple[str, str]],
                          scope: Scope, receive: Receive, send: Send) -> bool:
        body = (await receive()).get("body", b"")  # (read before: the whole body)
        if self._client is None:
            limits = httpx.Limits(max_connections=100, max_keepalive_connections=20,
                                  keepalive_expiry=KEEPALIVE_S)  # (httpx's, but the expiry)
            self._client = httpx.AsyncClient(timeout=httpx.Timeout(30.0, connect=2.0),
                                             limits=limits)
        request = self._client.build_request(scope["method"], url + path, headers=headers,
                                             content=body)
        try:
            response = await self._client.send(request, stream=True)
            try:
                raw = b"".join([chunk async for chunk in response.aiter_raw()])
            finally:
                await response.aclose()
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout):
            return False  # nothing was sent
        except httpx.TransportError:
            if scope["method"] in _SAFE:
                return False
            # Sent, and no answer: the owner may have done it, so it is not sent again here.
            await self._moved(scope, receive, send)
            return True
        kept = [(k.encode("latin-1"), v.encode("latin-1"))
                for k, v in response.headers.multi_items()
                if k.lower() not in ("content-length", "transfer-encoding", "connection")]
        kept.append((b"content-length", str(len(raw)).encode()))
        await send({"type": "http.response.start", "status": response.status_code,
                    "headers": kept})
        await send({"type": "http.response.body", "body": raw})
        return True

    async def _relay_socket(self, url: str, path: str, headers: list[tuple[str, str]],
                            receive: Receive, send: Send) -> bool:
        ws_url = "ws" + url.removeprefix("http") + path
        try:
            upstream = await connect(ws_url, additional_headers=headers, max_size=1 << 20,
                                     open_timeout=2, ping_interval=None, compression=None)
        except (OSError, InvalidHandshake, TimeoutError):
            return False
        first = await receive()
        if first["type"] != "websocket.connect":
            await upstream.close()
            return True
        await send({"type": "websocket.accept"})
        await _pipe(upstream, receive, send)
        return True

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()


async def _read_body(receive: Receive) -> bytes | None:
    """The request's whole body (its size is limited further out); None: disconnected."""
    body = b""
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        body += bytes(message.get("body", b""))
        if not message.get("more_body", False):
            return body


async def _pipe(upstream: ClientConnection, receive: Receive, send: Send) -> None:
    """Frames both ways until either side closes; the client's close code goes up, the
    owner's comes down (a lost owner: CLOSE_MOVED, so the client reconnects)."""

    async def up() -> None:
        while True:
            message: Message = await receive()
            if message["type"] == "websocket.disconnect":
                await upstream.close(message.get("code", 1000))
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    async def down() -> None:
        with contextlib.suppress(ConnectionClosed):
            async for data in upstream:
                key = "text" if isinstance(data, str) else "bytes"
                await send({"type": "websocket.send", key: data})
        code = upstream.close_code
        if code is None or code == 1006:  # the owner went away without a word
            code = CLOSE_MOVED
        elif code == 1005:  # closed without a code: a code may not be sent as 1005
            code = 1000
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code,
                        "reason": upstream.close_reason or ""})

    tasks = [asyncio.create_task(up()), asyncio.create_task(down())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()
        await asyncio.gather(*tasks, return_exceptions=True)

"""A middleware just inside the outermost (CountSockets): every request and socket gets an id
for the log, and sockets are counted by kind for the metrics.

The id is a well-formed `X-Request-ID` the request came with (a proxy's), else a new one; it is
set for the log lines written while the request is served (logs.request_id), passed on with
the request when it is relayed to another process (in its headers), and returned in the
response's `X-Request-ID`. Per HTTP response one header is added; per socket nothing is
done per message (its messages are not wrapped).
"""

from __future__ import annotations

import re
import secrets

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from klubovna.server.logs import request_id
from klubovna.server.metrics import Metrics

HEADER = b"x-request-id"
WELL_FORMED = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
"""An incoming request id is kept when it is this (a proxy's `$request_id`, a UUID)."""
_KINDS = (("/ws/tables/", "table"), ("/ws/lobbies/", "lobby"), ("/ws/club", "club"))


def socket_kind(path: str) -> str:
    return next((kind for prefix, kind in _KINDS if path.startswith(prefix)), "other")


class Observe:
    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.sockets = metrics.sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = next((value for name, value in scope["headers"] if name == HEADER), None)
        if given is not None and WELL_FORMED.fullmatch(given):
            rid = given.decode()
        else:
            rid = secrets.token_hex(8)
            headers = [(n, v) for n, v in scope["headers"] if n != HEADER]
            scope = {**scope, "headers": [*headers, (HEADER, rid.encode())]}
        token = request_id.set(rid)
        try:
            if scope["type"] == "http":
                await self.app(scope, receive, _with_id(send, rid.encode()))
                return
            kind = socket_kind(scope["path"])
            self.sockets[kind] += 1
            try:
                await self.app(scope, receive, send)
            finally:
                self.sockets[kind] -= 1
        finally:
            request_id.reset(token)


def _with_id(send: Send, rid: bytes) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(n, v) for n, v in message.get("headers", ()) if n.lower() != HEADER]
            message = {**message, "headers": [*headers, (HEADER, rid)]}
        await send(message)

    return sending

"""uvicorn's HTTP and WebSocket protocols, guarded against slow and greedy clients.

* A request's headers must arrive within `header_timeout` seconds (from the connection,
  or from the first byte of the next request on a kept-alive one) and its body within
  `body_timeout` after them; otherwise the connection is closed (with a 408 when part of
  the headers came; a connection that sent nothing is just closed, as browsers' unused
  preconnections are). uvicorn has no such timeout: a half-sent request was held open
  for ever. Once a request has arrived nothing is timed here, so an upgraded WebSocket
  lives as long as its heartbeats say (rooms.py), and uvicorn's keep-alive timeout closes
  idle connections between requests.
* At most `per_address` connections at once from one client address, HTTP and WebSocket
  alike; past it a new connection gets a 503 and is closed. Connections from a trusted
  proxy are not counted: behind a proxy every connection comes from it.
* A text frame that is not UTF-8 closes its socket with 1007 as before, logged in one line
  instead of uvicorn's ERROR with a traceback.
* A fan-out writes one frame to many sockets: the app finds `write_frame` in the scope's
  extensions (FRAME_EXTENSION) and hands it a whole text frame made once (wire.framed),
  where a send would frame the same text again for every socket
  (docs/decisions/0040-cheap-fan-out.md, #18). `stop_pings` there ends uvicorn's pings to a socket
  the app's own heartbeat watches.

`protocols(...)` makes the two classes for `uvicorn.run(http=..., ws=...)`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from asyncio import BaseTransport
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

if TYPE_CHECKING:
    from uvicorn._types import ASGISendEvent  # (typing only: a private module)


def _answer(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP response that closes the connection, written without h11 (which
    answers only requests it has read)."""
    body = json.dumps({"code": code, "message": message}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode() + body


TIMED_OUT = _answer(408, "Request Timeout", "request_timeout",
                    "The request did not arrive in time.")
TOO_MANY = _answer(503, "Service Unavailable", "too_many_connections",
                   "Too many connections from your address at once.")


class Addresses:
    """Client addresses and networks (`10.0.0.0/8`), or `*` for any: the trusted proxies
    (`KLUBOVNA_TRUSTED_PROXIES`), those that may read the metrics (http/metrics.py)."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.any = False
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for entry in entries:
            if entry == "*":
                self.any = True
            else:
                self.networks.append(ipaddress.ip_network(entry, strict=False))

    def __contains__(self, host: str) -> bool:
        if self.any:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class AddressSlots:
    """Open connections per client address, at most `limit` (0: no limit)."""

    def __init__(self, limit: int, exempt: Addresses) -> None:
        self.limit, self.exempt = limit, exempt
        self.counts: dict[str, int] = {}
        self.refused: Callable[[], object] = lambda: None
        """Called for each connection refused (the app's metrics count them: cli.py)."""

    def _counted(self, host: str | None) -> bool:
        return bool(self.limit) and host is not None and host not in self.exempt

    def take(self, host: str | None) -> bool:
        """Count a new connection; False (not counted) when `host` already has `limit`."""
        if not self._counted(host):
            return True
        assert host is not None
        count = self.counts.get(host, 0)
        if count >= self.limit:
            return False
        self.counts[host] = count + 1
        return True

    def give(self, host: str | None) -> None:
        """A connection counted by `take` has closed."""
        if not self._counted(host):
            return
        assert host is not None
        count = self.counts.get(host, 0) - 1
        if count > 0:
            self.counts[host] = count
        else:
            self.counts.pop(host, None)


class GuardedHttp(H11Protocol):
    """H11Protocol with the request deadlines and the per-address cap."""

    slots: ClassVar[AddressSlots]
    header_timeout: ClassVar[float]
    body_timeout: ClassVar[float]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting: str | None = None  # "headers", "body" or None (nothing timed)
        self._host: str | None = None  # counted in slots
        self._upgraded = False
        self._heard = False  # any byte yet

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if not self.slots.take(host):
            # (No client address in a log line: platform.md, docs/decisions/0165.)
            self.logger.warning("a client address has too many connections at once; refused")
            self.slots.refused()
            transport.write(TOO_MANY)
            transport.close()
            return
        self._host = host
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        if self._host is not None:
            self.slots.give(self._host)
            self._host = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self._heard = True
        super().data_received(data)
        self._watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The socket's protocol takes over the connection and gives its slot back.
        self._stop()
        self._upgraded = True
        self._host = None
        super().handle_websocket_upgrade(event)

    def _watch(self) -> None:
        """Time what the connection waits for now: a request's headers, or its body."""
        waiting = None
        if not self._upgraded and not self.transport.is_closing():
            state = self.conn.their_state
            waiting = "headers" if state is h11.IDLE else "body" if state is h11.SEND_BODY \
                else None
        if waiting == self._waiting:
            return  # a deadline runs from when the wait began, not from the last byte
        self._stop()
        self._waiting = waiting
        if waiting is not None:
            timeout = self.header_timeout if waiting == "headers" else self.body_timeout
            self._deadline = self.loop.call_later(timeout, self._expired)

    def _stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._waiting = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._waiting == "headers" and self._heard and self.conn.our_state is h11.IDLE:
            self.transport.write(TIMED_OUT)
        self.logger.info("a request's %s did not arrive in time; closed", self._waiting)
        self.transport.close()


FRAME_EXTENSION = "klubovna.frame"
"""The ASGI scope's extension with this server's `write_frame` (see GuardedWebSocket)."""


SMALL_READ = 448
"""Bytes a WebSocket's socket read asks for while its messages are small (heartbeats,
moves: tens of bytes). asyncio asks for 256 KB on every read and shrinks the bytes after:
in a loaded group server's heap each such allocation cost more than the read (perf,
docs/decisions/0040-cheap-fan-out.md, #18); 448 and the bytes object's header fit Python's
small-object allocator."""
LARGE_READ = 256 * 1024
"""asyncio's own read size (selector transports' `max_size`), for bulk data."""


def _read_size(transport: BaseTransport, size: int) -> None:
    """Set how much the next read of a selector transport asks for (its `max_size`: the
    attribute is read on every read; other transports have none and are left alone)."""
    if getattr(transport, "max_size", None) not in (None, size):
        transport.max_size = size  # type: ignore[attr-defined]


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """The WebSocket protocol, giving back its connection's slot, quiet on bad UTF-8, and
    taking whole frames from the app."""

    slots: ClassVar[AddressSlots]

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # (none when the handshake was refused)
        if scope is not None:
            scope["extensions"][FRAME_EXTENSION] = {"write_frame": self.write_frame,
                                                    "stop_pings": self.stop_keepalive}

    def connection_made(self, transport: BaseTransport) -> None:
        super().connection_made(transport)
        _read_size(transport, SMALL_READ)

    def data_received(self, data: bytes) -> None:
        # A read that filled the small buffer is part of a larger message or of many: the
        # next reads take asyncio's large pieces, until one brings less than a small one.
        _read_size(self.transport, SMALL_READ if len(data) < SMALL_READ else LARGE_READ)
        super().data_received(data)

    async def send(self, message: ASGISendEvent) -> None:
        # A message for a socket whose connection is going (the peer closed or reset it;
        # uvicorn learns it a moment later, in connection_lost) fails as one sent after
        # that: written, it was dropped, and asyncio warned of every write past the fifth,
        # thousands of lines when a proxy's many sockets went at once.
        if (message["type"] == "websocket.send" and self.handshake_complete
                and not self.close_sent and self.transport.is_closing()):
            raise ClientDisconnected()
        await super().send(message)

    def write_frame(self, frame: bytes) -> bool:
        """Write a whole unmasked text frame (wire.framed) now, as uvicorn's send would
        write the frame it makes of the same text. False, with nothing written, when a send
        would not write at once (paused for a slow reader, closing) or would change the
        frame (a negotiated extension: compression): the caller then sends as usual."""
        if not (self.writable.is_set() and self.handshake_complete and not self.close_sent
                and self.initial_response is None and not self.disconnected
                and self.conn.state is State.OPEN and not self.conn.extensions
                and not self.transport.is_closing()):
            return False
        self.transport.write(frame)
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.slots.give(self.client[0] if self.client else None)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            if not data.isascii():  # ASCII (nearly every frame) is UTF-8: nothing to check
                try:
                    data.decode()
                except UnicodeDecodeError:
                    self.frames = []
                    self.logger.info("%s: a text frame is not UTF-8; closed with 1007",
                                     self.client[0] if self.client else None)
                    self.conn.send_close(1007)
                    self.handle_parser_exception()
                    return
        super().send_receive_event_to_app()


def protocols(header_timeout: float, body_timeout: float, per_address: int,
              trusted_proxies: Iterable[str]) -> tuple[type[GuardedHttp], type[GuardedWebSocket]]:
    """The HTTP and WebSocket protocol classes for one server, sharing its slots."""
    slots = AddressSlots(per_address, Addresses(trusted_proxies))
    http = type("Http", (GuardedHttp,), {"slots": slots, "header_timeout": header_timeout,
                                         "body_timeout": body_timeout})
    ws = type("WebSocket", (GuardedWebSocket,), {"slots": slots})
    return http, ws

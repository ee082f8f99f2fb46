"""Presence: which connection holds which seat, heartbeats, and the takeover rule.

Pure bookkeeping: connection ids are opaque strings chosen by the caller, who sends and closes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from klubovna.core import IllegalAction

Message = dict[str, Any]
TAKEN_OVER: Message = {"t": "taken_over"}
"""Sent to a connection whose seat another connection took over; the caller then closes it."""


@dataclass
class Connection:
    conn_id: str
    seat: int
    last_seen: int


class Presence:
    """Connections of one table or lobby: at most one per seat, the newest wins.

    >>> presence = Presence()
    >>> presence.connect("c1", seat=0, now=0)
    []
    >>> presence.connect("c2", seat=0, now=5)
    [('c1', {'t': 'taken_over'})]
    >>> presence.connect("c3", seat=1, now=5)
    []
    >>> presence.seen("c2", now=20)
    True
    >>> presence.dead(now=30, timeout_ms=15)
    ['c3']
    >>> presence.connected_seats()
    [0, 1]
    """

    def __init__(self) -> None:
        self._by_conn: dict[str, Connection] = {}
        self._by_seat: dict[int, str] = {}
        self._oldest: int | None = None
        """No connection was last seen before this (None: not known). `dead` looks at the
        connections only once the oldest could be silent too long: a server sweeps every
        socket each second, and a heartbeat comes every ten."""

    def connect(self, conn_id: str, seat: int, now: int) -> list[tuple[str, Message]]:
        """Bind a connection to a seat; returns the messages for a connection it took over.
        A connection that holds another seat keeps it: IllegalAction `other_seat`."""
        if conn_id in self._by_conn:
            if self._by_conn[conn_id].seat != seat:
                raise IllegalAction("other_seat", "This connection already holds another seat; "
                                    "open a new connection for that key.")
            self._by_conn[conn_id].last_seen = now
            self._seen_at(now)
            return []
        outbox: list[tuple[str, Message]] = []
        old = self._by_seat.get(seat)
        if old is not None:
            del self._by_conn[old]
            outbox.append((old, dict(TAKEN_OVER)))
        self._by_conn[conn_id] = Connection(conn_id, seat, now)
        self._by_seat[seat] = conn_id
        self._seen_at(now)
        return outbox

    def _seen_at(self, now: int) -> None:
        """A connection's last_seen was set to `now` (not by a heartbeat: may be earlier)."""
        if self._oldest is not None and now < self._oldest:
            self._oldest = now

    def disconnect(self, conn_id: str) -> int | None:
        """Forget a connection; returns the seat it held (None if unknown or taken over)."""
        connection = self._by_conn.pop(conn_id, None)
        if connection is None:
            return None
        del self._by_seat[connection.seat]
        return connection.seat

    def seen(self, conn_id: str, now: int) -> bool:
        """A heartbeat (or any message) from a connection; False for an unknown one."""
        connection = self._by_conn.get(conn_id)
        if connection is None:
            return False
        connection.last_seen = max(connection.last_seen, now)
        return True

    def dead(self, now: int, timeout_ms: int) -> list[str]:
        """Connections silent for longer than `timeout_ms`: the caller drops them."""
        if self._oldest is not None and now - self._oldest <= timeout_ms:
            return []  # (last_seen only grows: nobody can be silent that long yet)
        self._oldest = min((c.last_seen for c in self._by_conn.values()), default=None)
        return sorted(c.conn_id for c in self._by_conn.values()
                      if now - c.last_seen > timeout_ms)

    def seat_of(self, conn_id: str) -> int | None:
        connection = self._by_conn.get(conn_id)
        return None if connection is None else connection.seat

    def conn_of(self, seat: int) -> str | None:
        return self._by_seat.get(seat)

    def connected_seats(self) -> list[int]:
        """The seats with a live connection, for everybody to see."""
        return sorted(self._by_seat)

    def public(self) -> Message:
        """The presence message for all seats."""
        return {"t": "presence", "seats": self.connected_seats()}

"""nginx's consistent hash ring, computed here as nginx computes it (decision 0167).

The proxy routes each room's sockets and requests with `hash $klubovna_room consistent;`
(deploy/nginx/rooms.conf): the table id or join code picks a point on a ring of 160 points
per server. A process that makes a new table or room chooses an id that lands on itself, so
the proxy brings every player straight to the owner and nothing is relayed between the
processes; the relay (forward.py) is left for the moments when ownership moves (a process
restarting, or one that died and whose tables another took over).

The ring is nginx's `ngx_http_upstream_hash_module` (the `consistent` parameter, "compatible
with Cache::Memcached::Fast"): for each server, written as in the `upstream` block
("host:port"), the points are crc32(host "\\0" port prev), `prev` the previous point's hash as
four little-endian bytes (0 at first); a key's hash is crc32(key), and its server the first
point at or after it, wrapping round. Servers of weight 1 only.
"""

from __future__ import annotations

import bisect
import struct
import zlib
from collections.abc import Sequence

POINTS = 160
"""Points per server (of weight 1), as nginx."""


def _split(server: str) -> tuple[bytes, bytes]:
    """nginx's split of a server's name into host and port: at the last ':' when only
    digits follow it; else the whole name is the host and the port is empty."""
    head, colon, tail = server.rpartition(":")
    if colon and tail.isdigit():
        return head.encode(), tail.encode()
    return server.encode(), b""


class Ring:
    """The servers in the proxy's order, and who owns which key."""

    def __init__(self, servers: Sequence[str]) -> None:
        if len(set(servers)) != len(servers) or not servers:
            raise ValueError(f"a ring needs distinct servers, got {list(servers)!r}")
        self.servers = tuple(servers)
        points: list[tuple[int, int]] = []
        for index, server in enumerate(self.servers):
            host, port = _split(server)
            base = host + b"\0" + port
            previous = 0
            for _ in range(POINTS):
                previous = zlib.crc32(base + struct.pack("<I", previous))
                points.append((previous, index))
        points.sort()
        kept: list[tuple[int, int]] = []
        for point in points:  # nginx keeps one point of each hash
            if not kept or kept[-1][0] != point[0]:
                kept.append(point)
        self._hashes = [hash_ for hash_, _ in kept]
        self._owners = [index for _, index in kept]

    def owner(self, key: str) -> str:
        """The server the proxy sends `key` to while every server is up."""
        at = bisect.bisect_left(self._hashes, zlib.crc32(key.encode()))
        return self.servers[self._owners[at % len(self._owners)]]

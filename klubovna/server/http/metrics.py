"""`GET /metrics`: the app's metrics (klubovna/server/metrics.py) in Prometheus's text format,
only to the client addresses in `KLUBOVNA_METRICS_FROM` (loopback by default); any other
gets 403 `forbidden`. The address is the one uvicorn gives: behind a trusted proxy the
forwarded one, so a browser on the internet coming through the proxy is refused. Not in the
OpenAPI document (docs/decisions/0165)."""

from __future__ import annotations

import ipaddress
from functools import cache

from fastapi import APIRouter, Request, Response
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest

from klubovna.server.http.errors import ApiError
from klubovna.server.metrics import Metrics

router = APIRouter(include_in_schema=False)
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@cache
def networks(entries: tuple[str, ...]) -> tuple[Network, ...] | None:
    """The setting's networks; None for `*` (any address)."""
    if "*" in entries:
        return None
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def allowed(host: str | None, entries: tuple[str, ...]) -> bool:
    """Whether a client at `host` may read the metrics.

    >>> allowed("127.0.0.1", ("127.0.0.1", "::1")), allowed("::1", ("127.0.0.1", "::1"))
    (True, True)
    >>> allowed("10.0.0.7", ("10.0.0.0/8",)), allowed("203.0.113.9", ("10.0.0.0/8",))
    (True, False)
    """
    given = networks(entries)
    if given is None:
        return True
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:  # no address (a Unix socket) or a name: not one named
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in given)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    host = request.client.host if request.client is not None else None
    if not allowed(host, request.app.state.config.metrics_from):
        raise ApiError(403, "forbidden", "The metrics are served only to the addresses in "
                       "KLUBOVNA_METRICS_FROM.")
    counted: Metrics = request.app.state.metrics
    # The classic text format (0.0.4), which every Prometheus reads; the names are ASCII, so
    # it is the same text as the newer 1.0.0.
    return Response(generate_latest(counted.registry), media_type=CONTENT_TYPE_PLAIN_0_0_4)

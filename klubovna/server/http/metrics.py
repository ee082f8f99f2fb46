"""`GET /metrics`: the app's metrics (klubovna/server/metrics.py) in Prometheus's text format,
only to the client addresses in `KLUBOVNA_METRICS_FROM` (loopback by default); any other
gets 403 `forbidden`. The address is the one uvicorn gives: behind a trusted proxy the
forwarded one, so a browser on the internet coming through the proxy is refused. Not in the
OpenAPI document (docs/decisions/0165)."""

from __future__ import annotations

import contextlib
import ipaddress
from functools import cache

from fastapi import APIRouter, Request, Response
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest

from klubovna.server.http.errors import ApiError
from klubovna.server.http.guard import Addresses
from klubovna.server.metrics import Metrics

router = APIRouter(include_in_schema=False)


@cache
def named(entries: tuple[str, ...]) -> Addresses:
    """The setting's addresses, read once."""
    return Addresses(entries)


def allowed(host: str | None, entries: tuple[str, ...]) -> bool:
    """Whether a client at `host` may read the metrics (an IPv4 address mapped into IPv6,
    as a dual-stack socket gives it, counts as itself).

    >>> allowed("127.0.0.1", ("127.0.0.1", "::1")), allowed("::1", ("127.0.0.1", "::1"))
    (True, True)
    >>> allowed("10.0.0.7", ("10.0.0.0/8",)), allowed("203.0.113.9", ("10.0.0.0/8",))
    (True, False)
    >>> allowed("::ffff:10.0.0.7", ("10.0.0.0/8",)), allowed(None, ("*",))
    (True, True)
    """
    with contextlib.suppress(ValueError):  # (not an address: as it came)
        mapped = ipaddress.ip_address(host or "")
        if isinstance(mapped, ipaddress.IPv6Address) and mapped.ipv4_mapped is not None:
            host = str(mapped.ipv4_mapped)
    return (host or "") in named(entries)


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

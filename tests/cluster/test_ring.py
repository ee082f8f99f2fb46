"""The processes' ring is nginx's: for random table ids and join codes, the process
`Ring.owner` names is the one a running nginx, configured as a site's
(deploy/nginx/rooms.conf, `hash $klubovna_room consistent`), sends the request to; a path
without a room is spread round robin."""

from __future__ import annotations

import http.server
import secrets
import socketserver
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from klubovna.server.cluster.ring import Ring
from tests.cluster.harness import ROOMS_CONF, Front, wait_until
from tests.server.live import free_port


class Answer(http.server.BaseHTTPRequestHandler):
    """Answers every GET with the port it listens on."""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        body = str(self.server.server_address[1]).encode()
        self.send_response(200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def upstreams() -> Iterator[list[int]]:
    servers = [socketserver.ThreadingTCPServer(("127.0.0.1", 0), Answer) for _ in range(3)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    yield [server.server_address[1] for server in servers]
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_ring_is_nginx_s(tmp_path: Path, upstreams: list[int]) -> None:
    assert ROOMS_CONF.exists()
    front = Front(tmp_path, free_port(), upstreams=upstreams)  # the harness's nginx, hashed
    front.start()
    try:
        ring = Ring([f"127.0.0.1:{port}" for port in upstreams])
        with httpx.Client(base_url=front.http, timeout=10) as client:
            wait_until(lambda: client.get("/").status_code == 200, "nginx", 30)
            got: Counter[str] = Counter()
            for _ in range(150):
                table, code = secrets.token_urlsafe(12), secrets.token_hex(3).upper()
                for path, key in ((f"/ws/tables/{table}", table),
                                  (f"/api/tables/{table}/replay", table),
                                  (f"/api/lobbies/{code}/join", code)):
                    served = client.get(path).text
                    assert f"127.0.0.1:{served}" == ring.owner(key), path
                    got[served] += 1
            spread = Counter(client.get("/api/profiles/me").text for _ in range(30))
    finally:
        front.stop()
    assert set(got) == {str(port) for port in upstreams}
    assert sorted(spread.values()) == [10, 10, 10]  # round robin: no room in the path
    print(f"ring == nginx for 450 paths; shares {sorted(got.values())}")


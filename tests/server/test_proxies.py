"""Which address a limit counts (docs/api.md, "Rate limits"): the peer's, unless the peer is a
proxy named in KLUBOVNA_TRUSTED_PROXIES; and every 429 says when to try again.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import httpx
import pytest

from tests.server.live import LiveServer, free_port

PROFILES = 3
"""KLUBOVNA_RATE_PROFILES of both servers: new profiles per address per minute."""
TABLES = 2
"""KLUBOVNA_RATE_TABLES of both servers."""


def start(tmp: pytest.TempPathFactory, proxies: str) -> Iterator[LiveServer]:
    live = LiveServer(tmp.mktemp("proxies"), free_port(), env={
        "KLUBOVNA_RATE_PROFILES": str(PROFILES), "KLUBOVNA_RATE_TABLES": str(TABLES),
        "KLUBOVNA_TRUSTED_PROXIES": proxies})
    live.start()
    yield live
    live.stop()


@pytest.fixture
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """No trusted proxy (the default)."""
    yield from start(tmp_path_factory, "")


@pytest.fixture
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """127.0.0.1 is a trusted proxy: its X-Forwarded-For names the client."""
    yield from start(tmp_path_factory, "127.0.0.1")


def new_profile(server: LiveServer, forwarded_for: str) -> httpx.Response:
    return httpx.post(f"{server.http}/api/profiles",
                      json={"nickname": f"P{secrets.token_hex(4)}"},
                      headers={"X-Forwarded-For": forwarded_for}, timeout=10)


def assert_retry_after(response: httpx.Response, per_minute: int = PROFILES) -> None:
    """A 429 with Retry-After: whole seconds, the same the message names, and no more than
    a token takes to refill (60 / per_minute s)."""
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["code"] == "rate_limited"
    retry_after = response.headers.get("Retry-After")
    assert retry_after is not None and retry_after.isdecimal(), response.headers
    said = re.search(r"try again in (\d+) s", body["message"])
    assert said is not None and said.group(1) == retry_after, body
    assert 1 <= int(retry_after) <= 60 // per_minute


def test_a_rotated_forwarded_for_does_not_escape_the_limit(direct: LiveServer) -> None:
    for n in range(PROFILES):
        assert new_profile(direct, f"203.0.113.{n}").status_code == 201
    assert_retry_after(new_profile(direct, "203.0.113.99"))


def test_a_trusted_proxy_names_the_client(proxied: LiveServer) -> None:
    for n in range(2 * PROFILES):  # every forwarded client has a budget of its own
        assert new_profile(proxied, f"203.0.113.{n}").status_code == 201
    for _ in range(PROFILES - 1):
        assert new_profile(proxied, "203.0.113.0").status_code == 201
    assert_retry_after(new_profile(proxied, "203.0.113.0"))  # that client's budget is spent


def test_a_table_limit_answers_with_retry_after(direct: LiveServer) -> None:
    """Every limit's 429 carries it: here new tables (KLUBOVNA_RATE_TABLES)."""
    for _ in range(TABLES):
        created = httpx.post(f"{direct.http}/api/tables", json={"game": "matematicky-poker"},
                             timeout=10)
        assert created.status_code == 201 and "Retry-After" not in created.headers
    refused = httpx.post(f"{direct.http}/api/tables", json={"game": "matematicky-poker"},
                         timeout=10)
    assert_retry_after(refused, TABLES)

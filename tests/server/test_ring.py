"""The consistent hash ring the processes share with nginx (klubovna/server/cluster/ring.py);
tests/cluster/test_ring.py checks it against a running nginx."""

from __future__ import annotations

import secrets
from collections import Counter
from pathlib import Path

import pytest

from klubovna.server.cluster.ring import Ring
from klubovna.server.config import Config

SERVERS = ["127.0.0.1:18101", "127.0.0.1:18102", "127.0.0.1:18103"]
SEEN_FROM_NGINX = {  # nginx 1.22 sent these paths' requests to these servers
    "Ab3dEf9hIj_-": "127.0.0.1:18103", "XwWroUQOSnKbkCKP": "127.0.0.1:18103",
    "NXSM6Q": "127.0.0.1:18101", "K7M2QZ": "127.0.0.1:18101",
    "aaaaaaaaaaaaaaaa": "127.0.0.1:18101", "Z": "127.0.0.1:18103",
}


def test_keys_go_where_nginx_sent_them() -> None:
    ring = Ring(SERVERS)
    assert {key: ring.owner(key) for key in SEEN_FROM_NGINX} == SEEN_FROM_NGINX


def test_shares_are_near_even_and_a_lost_server_moves_only_its_keys() -> None:
    keys = [secrets.token_urlsafe(12) for _ in range(6000)]
    whole, less = Ring(SERVERS), Ring(SERVERS[:2])
    shares = Counter(whole.owner(key) for key in keys)
    assert set(shares) == set(SERVERS)
    assert all(1200 < share < 2800 for share in shares.values()), shares
    for key in keys:  # consistent: the keys of the servers still there stay put
        if whole.owner(key) != SERVERS[2]:
            assert less.owner(key) == whole.owner(key)


def test_bad_rings() -> None:
    with pytest.raises(ValueError):
        Ring([])
    with pytest.raises(ValueError):
        Ring(["app1:8000", "app1:8000"])


def test_a_process_must_be_on_its_ring(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KLUBOVNA_DATABASE_URL", "postgresql+psycopg://x@127.0.0.1/x")
    monkeypatch.setenv("KLUBOVNA_REDIS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("KLUBOVNA_SECRET", "s" * 64)
    monkeypatch.setenv("KLUBOVNA_NODE_URL", "http://app3:8000")
    monkeypatch.setenv("KLUBOVNA_RING", "app1:8000,app2:8000")
    with pytest.raises(ValueError, match="not this process, app3:8000"):
        Config.from_env(tmp_path).check_cluster()
    monkeypatch.setenv("KLUBOVNA_RING", " app1:8000, app2:8000 ,app3:8000,")
    config = Config.from_env(tmp_path)
    config.check_cluster()
    assert config.ring == ("app1:8000", "app2:8000", "app3:8000")

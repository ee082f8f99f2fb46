"""JSON log lines (`KLUBOVNA_LOG_FORMAT=json`, klubovna/server/logs.py) on a real server: a
seeded game, a profile with a transfer code, a room with a join code, a replay link and bad
requests are served; then every line of the server's log parses, has its fields and ids,
and none holds a key, the seed, the server secret, a code, a token or a view."""

from __future__ import annotations

import doctest
import json
from collections.abc import Iterator

import httpx
import pytest

from klubovna.server import logs
from tests.server.conftest import own_server
from tests.server.live import LiveServer, play_out
from tests.server.lobby_client import bearer, create_lobby, get_lobby, join_lobby, new_profile
from tests.server.lobby_client import seated as seated_in

SEED = 7_364_918_205_546_113_377
"""A seed no other number in the log looks like."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from own_server(tmp_path_factory, allow_seed=True,
                          env={"KLUBOVNA_LOG_FORMAT": "json"})


def test_doctests() -> None:
    assert doctest.testmod(logs).failed == 0


def test_no_secret_in_any_json_line(server: LiveServer) -> None:
    secrets: dict[str, str] = {"seed": str(SEED)}
    # A seeded game, its replay from the key and from its share link.
    table_id, secrets["seat key"] = server.create(seed=SEED)
    with server.socket(table_id) as client:
        end = play_out(client, client.hello(secrets["seat key"])["view"])
    views = [json.dumps(end["board"]), json.dumps(end["board"], separators=(",", ":"))]
    replay = httpx.get(f"{server.http}/api/tables/{table_id}/replay",
                       headers=bearer(secrets["seat key"]), timeout=10)
    assert replay.status_code == 200, replay.text
    secrets["replay token"] = replay.json()["share"]
    shared = httpx.get(f"{server.http}/api/replays/{secrets['replay token']}", timeout=10)
    assert shared.status_code == 200, shared.text
    # A profile, a transfer code to a second device, redeemed.
    _, secrets["profile key"] = new_profile(server)
    made = httpx.post(f"{server.http}/api/profiles/me/transfer",
                      headers=bearer(secrets["profile key"]), timeout=10)
    assert made.status_code == 201, made.text
    secrets["transfer code"] = made.json()["code"]
    redeemed = httpx.post(f"{server.http}/api/profiles/transfer", timeout=10,
                          json={"code": secrets["transfer code"]})
    assert redeemed.status_code == 201, redeemed.text
    secrets["second device's key"] = redeemed.json()["key"]
    # A room from a join code: looked up, joined, its socket said hello on.
    host = create_lobby(server, "duel", key=secrets["profile key"])
    secrets["join code"], secrets["host's seat key"] = host.code, host.key
    assert get_lobby(server, host.code).status_code == 200
    guest = join_lobby(server, host.code, "Host")
    secrets["guest's seat key"] = guest.key
    with seated_in(server, guest):
        pass
    # Bad requests: broken JSON, a key where a query names it, an id of one's own.
    assert httpx.post(f"{server.http}/api/tables", content=b"{", timeout=10,
                      headers={"content-type": "application/json"}).status_code == 400
    secrets["key in a query"] = "q" * 43
    asked = httpx.get(f"{server.http}/api/leaderboard?period=week&key={'q' * 43}", timeout=10,
                      headers={"X-Request-ID": "probe-1"})
    assert asked.headers["x-request-id"] == "probe-1"
    odd = httpx.get(f"{server.http}/healthz", headers={"X-Request-ID": "no spaces"}, timeout=10)
    assert odd.headers["x-request-id"] != "no spaces"
    secrets["server secret"] = (server.data_dir / "secret.key").read_text().strip()
    server.stop()  # every line written, the shutdown's too

    lines = (server.data_dir / "log").read_text().splitlines()
    records = [json.loads(line) for line in lines]  # every line parses
    assert len(records) > 30
    for record in records:
        assert {"time", "level", "logger", "message"} <= set(record), record
        assert record["time"].endswith("Z") and record["level"] in (
            "DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), record
    access = [r for r in records if r["logger"] == "uvicorn.access"]
    assert access and all(r["request"] for r in access)
    assert any(r["path"] == "/api/replays/{token}" and r["status"] == 200 for r in access)
    assert any(r["path"] == "/api/leaderboard?period=week&key=-" and r["request"] == "probe-1"
               for r in access)
    assert any(r.get("table") == table_id and "/ws/tables/" in r["message"] for r in records)
    # No client's address either (every client here is 127.0.0.1).
    sockets = [r for r in records if '"WebSocket ' in r["message"]]
    assert sockets and all(r["message"].startswith('- - "') for r in sockets + access), sockets
    assert not any("127.0.0.1" in r["message"] for r in sockets + access)
    for line in lines:
        for what, secret in secrets.items():
            assert secret not in line, (what, line)
        assert secrets["transfer code"].replace("-", "") not in line, line
        assert not any(view in line for view in views), line
        assert '"hand' not in line and '\\"board' not in line, line

"""`GET /metrics` on a real server behind a trusted proxy (klubovna/server/metrics.py,
http/metrics.py): Prometheus's text format; moves, steps and writes counted as a game is
played; sockets up while open and down after; refusals and chat counted; served to loopback
only, so a client the proxy forwards from elsewhere is refused."""

from __future__ import annotations

import doctest
import json
import time
from collections.abc import Iterator

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from klubovna.server.http import metrics as metrics_route
from klubovna.server.metrics import Metrics
from tests.server.conftest import own_server
from tests.server.live import ROOT, LiveServer, next_move
from tests.server.test_chat import Member, room

GAME = "matematicky-poker"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    # nginx's place: 127.0.0.1 may say whom it forwards for. One wrong join code a minute.
    yield from own_server(tmp_path_factory, env={"KLUBOVNA_TRUSTED_PROXIES": "127.0.0.1",
                                                 "KLUBOVNA_RATE_JOINS": "1"})


def scrape(server: LiveServer, client: httpx.Client | None = None
           ) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample: (name, sorted labels) -> value (asked by `client`, if given)."""
    answer = (client or httpx).get(f"{server.http}/metrics", timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(answer.text)
            for sample in family.samples}


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_doctests() -> None:
    assert doctest.testmod(metrics_route).failed == 0


def test_the_dashboard_shows_every_metric() -> None:
    dashboard = json.loads((ROOT / "deploy" / "grafana" / "klubovna.json").read_text())
    shown = " ".join(target["expr"] for panel in dashboard["panels"]
                     for target in panel["targets"])
    assert dashboard["templating"]["list"][0]["query"] == "prometheus"  # a data source to pick
    metrics = Metrics(process=False)
    metrics.leases_held = lambda: 0  # (cluster mode's)
    names = {family.name for family in metrics.registry.collect()}
    assert len(names) == 14 and [name for name in names if name not in shown] == []


def test_every_metric_is_there(server: LiveServer) -> None:
    samples = scrape(server)
    names = {name for name, _ in samples}
    for name in ("klubovna_sockets_open", "klubovna_step_seconds_count",
                 "klubovna_db_write_seconds_count", "klubovna_rate_limited_total",
                 "klubovna_chat_messages_total", "klubovna_push_sent_total",
                 "klubovna_push_failed_total", "klubovna_lease_renewals_total",
                 "klubovna_lease_takeovers_total", "klubovna_leases_lost_total",
                 "process_cpu_seconds_total", "python_info"):
        assert name in names, name
    assert value(samples, "klubovna_sockets_open", kind="table") == 0
    assert "klubovna_leases_held" not in names  # one process: no leases


def test_a_game_counts_its_moves_steps_and_writes_and_its_socket(server: LiveServer) -> None:
    before = scrape(server)
    table_id, key = server.create()
    moves = 0
    with server.socket(table_id) as client:
        view = client.hello(key)["view"]
        during = scrape(server)
        assert value(during, "klubovna_sockets_open", kind="table") == 1
        assert value(during, "klubovna_live_tables", game=GAME) >= 1
        view = client.act({"type": "start"})["view"]
        moves += 1
        while (move := next_move(view)) is not None:
            reply = client.act(move)
            assert reply["t"] == "view", reply
            view, moves = reply["view"], moves + 1
    after = scrape(server)
    assert moves > 25

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("klubovna_moves_total", game=GAME) == moves  # each counted before its ack
    assert grew("klubovna_step_seconds_count") == moves
    assert 0 < grew("klubovna_step_seconds_sum") < moves * 5
    assert grew("klubovna_db_write_seconds_count", way="now") + grew(
        "klubovna_db_write_seconds_count", way="queued") == moves
    # The socket is counted until the server is done with it: soon after the client closed.
    deadline = time.monotonic() + 10
    while value(scrape(server), "klubovna_sockets_open", kind="table") != 0:
        assert time.monotonic() < deadline, "the closed socket is still counted"


def test_refusals_and_chat_are_counted(server: LiveServer) -> None:
    before = scrape(server)
    code, host_seat, guest_seat, _, _ = room(server)
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    host.send({"t": "chat", "phrase": "gg"})
    guest.until("chat")
    guest.send({"t": "chat", "text": "ahoj"})  # own words: not allowed in this room
    assert guest.until("error")["code"] == "chat_phrases_only"
    assert value(scrape(server), "klubovna_sockets_open", kind="lobby") == 2
    host.close()
    guest.close()
    for status in (404, 429):  # one wrong join code a minute: the second is refused
        assert httpx.get(f"{server.http}/api/lobbies/ZZZZZZ", timeout=10).status_code == status
    after = scrape(server)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("klubovna_rate_limited_total", limit="wrong_codes_by_address") == 1
    assert grew("klubovna_chat_messages_total") == 1
    assert grew("klubovna_chat_refused_total", reason="chat_phrases_only") == 1


def test_only_loopback_reads_them(server: LiveServer) -> None:
    # Through the proxy for a client on the internet: uvicorn makes that the client.
    refused = httpx.get(f"{server.http}/metrics", timeout=10,
                        headers={"X-Forwarded-For": "203.0.113.9"})
    assert refused.status_code == 403
    assert refused.json()["code"] == "forbidden"
    forwarded_local = httpx.get(f"{server.http}/metrics", timeout=10,
                                headers={"X-Forwarded-For": "127.0.0.1"})
    assert forwarded_local.status_code == 200

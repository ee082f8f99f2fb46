"""Several connections of one seat (two tabs of a solo table, a room member's lobby socket
and a table socket): what answers one connection's own frame goes to it alone, while the
game's changes reach them all (found by tests/fuzz: another tab got the errors and the
hello catch-ups it never asked for, its events twice)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.live import Client, LiveServer


def pinged(client: Client, seq: int) -> list[dict]:
    """Everything the socket was sent before the pong of a ping with `seq`."""
    client.send({"t": "ping", "seq": seq})
    out = []
    while (message := client.recv()) != {**message, "t": "pong", "seq": seq}:
        out.append(message)
    return out


@pytest.fixture
def two_tabs(server: LiveServer) -> Iterator[tuple[Client, Client, str]]:
    table, key = server.create()
    with server.socket(table) as one, server.socket(table) as other:
        assert one.hello(key)["t"] == "view" and other.hello(key)["t"] == "view"
        yield one, other, key


@pytest.mark.parametrize("frame", [
    "{broken", {"t": "nope"}, {"t": "act", "seq": 1, "action": {"type": "place", "cell": 99}},
    {"t": "ping", "seq": 7},
])
def test_an_answer_goes_to_its_own_connection(two_tabs: tuple[Client, Client, str],
                                              frame: object) -> None:
    one, other, _ = two_tabs
    one.send(frame)
    assert [m["t"] for m in pinged(one, 100)] == ["pong" if "ping" in str(frame) else "error"]
    assert pinged(other, 101) == []


def test_a_hello_catch_up_goes_to_its_own_connection(
        two_tabs: tuple[Client, Client, str]) -> None:
    one, other, key = two_tabs
    started = one.act({"type": "start"})
    assert started["t"] == "view" and started["version"] == 1
    assert [m.get("version") for m in pinged(other, 100)] == [1]  # the change: to both
    catch_up = one.hello(key, since=0)
    assert (catch_up["after"], catch_up["version"]) == (0, 1)
    assert pinged(other, 101) == []  # not the other's events again


def test_a_resent_action_updates_every_connection(two_tabs: tuple[Client, Client, str]) -> None:
    """(Its view with the ack is an update of the seat: all its connections get it, so
    none misses a version.)"""
    one, other, _ = two_tabs
    assert one.act({"type": "start"})["version"] == 1
    pinged(other, 100)
    one.send({"t": "act", "seq": 1, "action": {"type": "start"}})
    assert one.reply_to(1)["ack"] == 1
    assert [m.get("ack") for m in pinged(other, 101)] == [1]

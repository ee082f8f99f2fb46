"""A stalled owner (SIGSTOP, not killed) loses its table and can never write to it again:
another process takes the lease over once it runs out, and when the stalled one wakes up
its socket closes (1012), a write it still tries is refused, and nothing of it is stored."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.cluster.harness import Cluster
from tests.server.live import LiveServer


@contextmanager
def seat(node: LiveServer, table: str, key: str) -> Iterator[ClientConnection]:
    with connect(f"{node.ws}/ws/tables/{table}", open_timeout=30, proxy=None) as ws:
        ws.send(json.dumps({"t": "hello", "key": key}))
        assert json.loads(ws.recv(30))["t"] == "view"
        yield ws


def act(ws: ClientConnection, seq: int, action: dict[str, Any]) -> dict[str, Any]:
    ws.send(json.dumps({"t": "act", "seq": seq, "action": action}))
    answer: dict[str, Any] = json.loads(ws.recv(30))
    return answer


def test_a_stalled_owner_cannot_write_after_losing_its_lease(cluster: Cluster) -> None:
    first, second = cluster.nodes[0], cluster.nodes[1]
    table, key = first.create(seed=5)
    assert cluster.owner_of_table(table) is first
    with seat(first, table, key) as stalled:
        assert act(stalled, 1, {"type": "start"})["version"] == 1
        assert act(stalled, 2, {"type": "place", "cell": 0})["version"] == 2
        assert first.process is not None
        first.process.send_signal(signal.SIGSTOP)
        try:
            # The second process waits for the lease to run out, then takes the table.
            with seat(second, table, key) as taken:
                assert act(taken, 3, {"type": "place", "cell": 1})["version"] == 3
                assert cluster.owner_of_table(table) is second
        finally:
            first.process.send_signal(signal.SIGCONT)
        # Woken up, it either answers the move `unavailable` (its write refused) or has
        # already let go of the table at its lease renewal; then the socket closes.
        stalled.send(json.dumps({"t": "act", "seq": 4, "action": {"type": "place", "cell": 2}}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                answer = json.loads(stalled.recv(30))
                assert (answer["t"], answer["code"]) == ("error", "unavailable"), answer
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    stored = cluster.store().load(table)
    assert stored is not None
    assert [(e.version, (e.action or {}).get("cell")) for e in stored.entries] == [
        (1, None), (2, 0), (3, 1)]

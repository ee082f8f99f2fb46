"""A fresh server under the abuse of issue #12, and what it keeps bounded.

While hard-mode tables wait for their deadlines, one client streams no-op moves (a `draw`
with a number in hand) as fast as it can, reconnecting whenever the server closes it for
flooding; another sends frames nested 2,000 deep; 200 connections send half their request
headers and stop. Printed: what the flood achieved (frames, refusals, closes, log rows), the
database and its write-ahead log on disk, how late each hard-mode deadline was settled, how
the slow requests ended, and the restart time after kill -9 with everything stored.

Run from the repo root: `.venv/bin/python bench/abuse.py [--seconds S]`. Figures only.
"""

from __future__ import annotations

import argparse
import json
import socket
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from klubovna.games.matematicky_poker import GRACE_MS  # noqa: E402
from tests.server.live import Client, LiveServer, free_port, hold_number  # noqa: E402

HARD_TABLES = 20
SLOW_REQUESTS = 200
DEEP_FRAMES = 200


def disk(data: Path) -> str:
    sizes = {p.suffix or ".db": p.stat().st_size for p in data.glob("klubovna.db*")}
    return " + ".join(f"{name} {size / 1e6:.1f} MB" for name, size in sorted(sizes.items()))


def table_rows(data: Path, table_id: str) -> int:
    with sqlite3.connect(data / "klubovna.db") as db:
        query = "select count(*) from table_log where table_id = ?"
        return int(db.execute(query, (table_id,)).fetchone()[0])


def flood(server: LiveServer, seconds: float, tally: Counter[str]) -> None:
    """No-op moves as fast as one client can send them, for `seconds`; reconnects at once
    when closed or refused. Reading answers in a second thread keeps the sender from
    waiting on them."""
    table_id, key = server.create(mode="easy")
    tally["rows before"] = table_rows(server.data_dir, table_id)
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        with server.socket(table_id) as client:
            try:
                hello = client.hello(key)
            except ConnectionClosed:  # refused: this address flooded too often
                hello = {"t": "error"}
            if hello["t"] == "error":
                tally["refused sockets"] += 1
                continue
            view = hello["view"]
            if not view["started"]:
                view = client.act({"type": "start"})["view"]
            if view["hand"] is None:
                view = client.act({"type": "draw"})["view"]
            hold_number(client, view)
            reader = threading.Thread(target=read_all, args=(client, tally), daemon=True)
            reader.start()
            try:
                while time.monotonic() < stop:
                    client.seq += 1
                    client.send({"t": "act", "seq": client.seq, "action": {"type": "draw"}})
                    tally["sent"] += 1
            except ConnectionClosed:
                tally["closed"] += 1
            reader.join(5)
    tally["rows after"] = table_rows(server.data_dir, table_id)


def read_all(client: Client, tally: Counter[str]) -> None:
    try:
        while True:
            message = json.loads(client.conn.recv(timeout=30))
            tally[message.get("code") or message["t"]] += 1
    except (ConnectionClosed, TimeoutError):
        return


def deadlines(server: LiveServer, lateness: list[int]) -> None:
    """A hard-mode table (3 s a number): the number is drawn, then left to its deadline;
    the lateness is when the forfeit's view arrived minus the last moment a move counts
    (the deadline its view stated + the latency grace); the sweeper runs every 100 ms."""
    table_id, key = server.create(mode="hard", seconds=3)
    with server.socket(table_id) as client:
        client.hello(key)
        view = client.act({"type": "start"})["view"]
        view = hold_number(client, client.act({"type": "draw"})["view"]
                           if view["hand"] is None else view)
        due = view["deadline"]
        while True:
            message = client.recv(timeout=30)
            if message["t"] == "view" and message["view"]["deadline"] != due:  # forfeited
                lateness.append(int(time.time() * 1000) - due - GRACE_MS)
                return


def deep(server: LiveServer, survived: list[bool]) -> None:
    table_id, key = server.create(mode="easy")
    with server.socket(table_id) as client:
        client.hello(key)
        for _ in range(DEEP_FRAMES):
            client.send("[" * 2000 + "]" * 2000)
            assert client.recv()["t"] == "error"
            time.sleep(0.06)  # within the frame budget: this measures the nesting alone
        client.send({"t": "ping", "seq": 1})
        survived.append(client.recv()["t"] == "pong")


def slow(server: LiveServer, ended: list[float]) -> None:
    """Half a request's headers on each connection, then nothing: when is each closed?"""
    started = time.monotonic()
    conns = []
    for _ in range(SLOW_REQUESTS):
        conn = socket.create_connection(("127.0.0.1", server.port))
        conn.sendall(b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n")
        conn.settimeout(60)
        conns.append(conn)
    for conn in conns:
        try:
            while conn.recv(4096):
                pass
            ended.append(time.monotonic() - started)
        except TimeoutError:
            pass
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15.0, help="length of the flood")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        server = LiveServer(data, free_port())
        server.start()
        try:
            tally: Counter[str] = Counter()
            lateness: list[int] = []
            survived: list[bool] = []
            ended: list[float] = []
            jobs = [threading.Thread(target=flood, args=(server, args.seconds, tally)),
                    threading.Thread(target=deep, args=(server, survived)),
                    threading.Thread(target=slow, args=(server, ended))]
            jobs += [threading.Thread(target=deadlines, args=(server, lateness))
                     for _ in range(HARD_TABLES)]
            for job in jobs:
                job.start()
            time.sleep(1)
            answered = time.perf_counter()
            status = httpx.get(f"{server.http}/api/openapi.json", timeout=30).status_code
            answered = time.perf_counter() - answered
            for job in jobs:
                job.join()
            print(f"flood {args.seconds:.0f} s: {tally['sent']} no-op frames sent, "
                  f"{tally['view']} answered with a view, {tally['rate_limited']} "
                  f"rate_limited, closed {tally['closed']} times, {tally['refused sockets']} new "
                  f"sockets refused; the table's log "
                  f"{tally['rows before']} rows before, {tally['rows after']} after")
            print(f"disk after: {disk(data)}")
            print(f"deep frames: {DEEP_FRAMES} answered, socket alive: {all(survived)}")
            print(f"slow requests: {len(ended)} of {SLOW_REQUESTS} closed by the server, "
                  f"after {min(ended, default=0):.1f}-{max(ended, default=0):.1f} s; "
                  f"a normal request meanwhile: {status} in {answered * 1000:.0f} ms")
            late = sorted(lateness)
            print(f"hard-mode deadlines ({len(late)} tables): settled "
                  f"{statistics.median(late)} ms late (median), {late[-1]} ms at most")
            server.kill()
            restart = time.perf_counter()
            server.start()
            print(f"restart after kill -9: first answer in "
                  f"{(time.perf_counter() - restart) * 1000:.0f} ms "
                  f"(process start and imports included)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()

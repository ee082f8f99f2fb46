"""How long a restarted server takes to answer HTTP with many unfinished tables stored.

Stores N unfinished Matematický poker tables (each a game started and 20 moves in, as its
log), times Hub.start() on them in-process (the part that grows with the tables), then
starts `klubovna serve` on that database and times the first answer of /api/openapi.json
(the whole start, imports included: noisy on a busy machine), and then the first view of
one stored table (rebuilt when asked for).
`--root DIR` runs another checkout's code (e.g. the commit before the lazy restore) on the
same kind of data. Run from the repo root: `.venv/bin/python bench/restart.py [--tables N]
[--root DIR]`. Figures only, no verdict."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]

BUILD = """
import dataclasses, sys
from klubovna.tables.registry import get_game
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.migrate import upgrade
from klubovna.server.storage.store import Append, Store
from klubovna.tables import Table, hash_key

path, count = sys.argv[1], int(sys.argv[2])
engine = make_engine(f"sqlite:///{path}")
upgrade(engine)
store = Store(engine)
game = get_game("matematicky-poker")
table = Table("x", game, {"mode": "easy"}, 7, [hash_key("key")])
now = 1_700_000_000_000
table.commit(table.act_for(0, {"type": "start"}, now), now)
while table.version < 21:
    view = game.view(table.state, 0)
    hand = view["hand"]
    action = ({"type": "joker", "choice": "keep"} if hand["kind"] == "joker"
              else {"type": "place", "cell": view["board"].index(None)})
    table.commit(table.act_for(0, action, now), now)
noted = "deadline" in {f.name for f in dataclasses.fields(Append)}
for i in range(count):
    table_id = f"bench{i:06d}"
    store.create_table(table_id, "matematicky-poker", {"mode": "easy"}, 7,
                       [hash_key("key")], now)
    store.append_all([Append(table_id, entry, **({"deadline": 0} if noted else {}))
                      for entry in table.log])
engine.dispose()
"""


START = """
import asyncio, sys, time
from klubovna.server.storage.db import make_engine
from klubovna.server.realtime.hub import Hub
from klubovna.server.storage.store import Store

hub = Hub(Store(make_engine(f"sqlite:///{sys.argv[1]}")))

async def start() -> None:
    await hub.start()
    if hub._sweeper is not None:
        hub._sweeper.cancel()

wall, cpu = time.perf_counter(), time.process_time()
asyncio.run(start())
print(f"{(time.perf_counter() - wall) * 1000:.0f} {(time.process_time() - cpu) * 1000:.0f} "
      f"{len(hub.live)}")
"""
"""Hub.start() alone, in-process: the part of a restart that grew with the stored tables."""


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    root = args.root.resolve()
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryDirectory() as data:
        built = time.perf_counter()
        subprocess.run([sys.executable, "-c", BUILD, f"{data}/klubovna.db", str(args.tables)],
                       cwd=root, env=env, check=True)
        built = time.perf_counter() - built
        hub = subprocess.run([sys.executable, "-c", START, f"{data}/klubovna.db"], cwd=root,
                             env=env, check=True, capture_output=True, text=True)
        hub_wall, hub_cpu, hub_live = hub.stdout.split()
        port = free_port()
        started = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "klubovna.server.cli", "serve", "--port", str(port),
             "--data", data], cwd=root, env=env, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/openapi.json",
                                 timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.02)
            first = time.perf_counter() - started
            view = time.perf_counter()
            if args.tables:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/tables/bench000000",
                                   headers={"Authorization": "Bearer key"}, timeout=30)
                assert answer.status_code == 200, answer.text
            view = time.perf_counter() - view
        finally:
            server.terminate()
            server.wait(10)
    print(f"{args.tables} stored unfinished tables of 21 entries (stored in {built:.1f} s), "
          f"code from {root}:")
    print(f"  Hub.start() {hub_wall} ms ({hub_cpu} ms CPU), {hub_live} tables rebuilt")
    print(f"  first HTTP answer {first * 1000:.0f} ms after the start; "
          f"a stored table's first view {view * 1000:.0f} ms")


if __name__ == "__main__":
    main()

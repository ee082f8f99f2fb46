"""The event loop's lag while computer players play at many tables (issue #34, item 2).

In one process, a Hub on a fresh SQLite file holds N Mathesso rooms of one person and five
computer players "slon" (the room of the issue), started together, in one of two scenarios:

* `left`: the person leaves at once (before: the computers played the whole game, ~470
  moves, at once; now the table ends there, abandoned);
* `play`: the person stays and plays each turn as soon as it comes (the first legal move:
  a person's choice costs the server nothing), so the computers play their turns between;
  the game is played to its end.

A probe task sleeps 5 ms at a time and notes how late it wakes (the loop's lag, wall time)
and how much CPU the loop's thread spent meanwhile (the loop's busy time: what the lag
would be on a machine of its own; a shared machine's load inflates the wall figures), each
printed as p50 / p99 / max with the moves stored and the time taken. `--root DIR` runs another
checkout's code (e.g. `git archive` of the commit before the fix, unpacked). Run from the
repo root: `.venv/bin/python bench/robot_loop.py [--tables 20] [--scenarios left,play]
[--root DIR]`. Figures only, no verdict."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUN = r"""
import asyncio, logging, statistics, sys, tempfile, time
from pathlib import Path
from klubovna.server.storage.db import make_engine
from klubovna.server.realtime.hub import Hub
from klubovna.server.storage.migrate import upgrade
from klubovna.server.storage.store import Store
from klubovna.tables import hash_key
from klubovna.tables.lobby import NOBODY

logging.disable(logging.WARNING)
tables, scenario = int(sys.argv[1]), sys.argv[2]
ROOM = {"seats": 6, "robots": {str(seat): "slon" for seat in range(1, 6)}}
KEYS = [hash_key("person")] + [NOBODY] * 5
PROBE = 0.005


async def person(hub, live, seed):
    table, seq = live.table, 0
    await hub.act_for(live, 0, {"type": "start"})
    if scenario == "left":
        await hub.leave(live, 0)
        return
    while not table.over:
        if table.state.current != 0:
            await asyncio.sleep(0.002)  # (the computers' turn: the loop goes on)
            continue
        legal = table.game.legal(table.state, 0)  # (a person's choice costs the server
        if not legal:                              # nothing: the first legal move)
            await asyncio.sleep(0.002)
            continue
        seq += 1
        await hub.handle(live, 0, {"t": "act", "seq": seq, "action": legal[0]})


async def main():
    folder = Path(tempfile.mkdtemp())
    engine = make_engine(f"sqlite:///{folder / 'k.db'}")
    upgrade(engine)
    hub = Hub(Store(engine))
    lives = [await hub.create_table("mathesso", ROOM, KEYS, seed=seed)
             for seed in range(tables)]
    lags, busy, done = [], [], asyncio.Event()

    async def probe():
        while not done.is_set():
            began, cpu_began = time.perf_counter(), time.thread_time()
            await asyncio.sleep(PROBE)
            lags.append((time.perf_counter() - began - PROBE) * 1000)
            busy.append((time.thread_time() - cpu_began) * 1000)

    watcher = asyncio.create_task(probe())
    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(person(hub, live, seed) for seed, live in enumerate(lives)))
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    done.set()
    await watcher
    hub.writer.stop()
    moves = sum(live.table.version for live in lives)
    def q(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(p * len(values)))]
    print(f"{scenario:5} {tables} rooms: {moves:6} moves stored, {wall:6.2f} s wall, "
          f"{cpu:6.2f} s CPU, {len(lags)} probes")
    for name, values in (("loop lag (wall)", lags), ("loop busy (CPU)", busy)):
        print(f"      {name}: p50 {q(values, 0.5):7.1f} ms, p99 {q(values, 0.99):7.1f} ms, "
              f"max {max(values):7.1f} ms")

asyncio.run(main())
"""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--scenarios", default="left,play")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose klubovna package runs")
    args = parser.parse_args(argv)
    env = {**os.environ, "PYTHONPATH": str(args.root)}
    for scenario in args.scenarios.split(","):
        done = subprocess.run([sys.executable, "-c", RUN, str(args.tables), scenario],
                              env=env, check=False, cwd=args.root)
        if done.returncode:
            print(f"{scenario}: failed ({done.returncode})")


if __name__ == "__main__":
    main()

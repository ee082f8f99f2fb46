"""`make bench`: several server processes behind nginx (issue #18).

1. Scaling: bench/realtime.py's group tables of 50 (draws only) through nginx to 1, 2 and
   3 processes on PostgreSQL and Redis (tests/cluster/harness.py): how many tables stay
   under p99 100 ms. Every socket lands on any process and is relayed to its lobby's owner.
2. Failover: 3 processes, duels played through nginx by clients that reconnect with
   `since` and send an unconfirmed move again; the owner of a duel is killed with kill -9
   in the middle. Figures: the time from the kill until every client of the killed
   process's tables has a move confirmed again (goal <= 5 s), and the confirmed moves
   missing from the stored logs (goal 0).

Run from the repo root: `.venv/bin/python bench/cluster.py [--quick]` (about 10 minutes;
`--quick`: 2 minutes). Needs PostgreSQL, Redis and nginx (`make cluster-deps`). Figures
only, no verdict; never part of the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import realtime  # noqa: E402

from tests.cluster.harness import Cluster  # noqa: E402
from tests.server.lobby_client import (  # noqa: E402
    AsyncPlayer,
    Message,
    choose_move,
    create_lobby,
    join_lobby,
)

GOAL_S = 5.0
OPEN = {"KLUBOVNA_RATE_TABLES": "0", "KLUBOVNA_RATE_JOINS": "0",
        "KLUBOVNA_RATE_PROFILES": "0", "KLUBOVNA_CONNECTIONS_PER_ADDRESS": "0",
        "KLUBOVNA_ROOMS_PER_ADDRESS": "0", "KLUBOVNA_ROOMS_PER_PROFILE": "0",
        "KLUBOVNA_ROOMS_WAITING": "0"}
"""Limits off: the benchmark opens and joins lobbies far faster than people do."""


@contextmanager
def cluster(nodes: int, port: int | None = None) -> Iterator[Cluster]:
    with tempfile.TemporaryDirectory(prefix="klubovna-cluster-") as folder:
        made = Cluster(Path(folder), nodes=nodes, port=port, test=False)
        for node in made.nodes:
            node.env.update(OPEN)
        with made:
            yield made


def starter(nodes: int) -> realtime.Start:
    """bench/realtime.py's server start, as a cluster: the processes' and nginx's pids."""

    @contextmanager
    def start(_kind: realtime.Server, port: int) -> Iterator[list[int]]:
        with cluster(nodes, port) as made:
            parts = [*made.nodes, made.front]
            yield [part.process.pid for part in parts if part.process is not None]

    return start


# --------------------------------------------------------------------------- failover


@dataclass
class TimedPlayer(AsyncPlayer):
    """An AsyncPlayer that thinks `think` seconds before each move and notes when each of
    its moves was confirmed (seq -> monotonic time)."""

    think: float = 0.15
    confirmed: dict[int, float] = field(default_factory=dict)

    def _settle_pending(self, message: Message) -> None:
        if self.pending is not None and message.get("ack") == self.pending["seq"]:
            self.confirmed[self.pending["seq"]] = time.monotonic()
        super()._settle_pending(message)

    async def _maybe_act(self) -> None:
        if self.pending is None and self.tracker.view is not None and choose_move(
                self.tracker.view) is not None:
            await asyncio.sleep(self.think)
        await super()._maybe_act()


@dataclass
class Failover:
    duels: int
    killed_tables: int = 0
    clients: int = 0
    recovery_s: list[float] = field(default_factory=list)
    confirmed: int = 0
    lost: int = 0
    unfinished: int = 0


def failover(duels: int) -> Failover:
    figures = Failover(duels)
    with cluster(3) as made:
        front = made.front
        rooms = []
        for number in range(duels):
            host = create_lobby(front, "duel", nickname=f"A{number}")
            guest = join_lobby(front, host.code, f"B{number}")
            rooms.append((host, guest))
        players = [TimedPlayer(front, seat, choose_move, name=f"{seat.code}/{seat.seat}",
                               start_with=2 if seat.seat == 0 else None, reconnect_for=30)
                   for room in rooms for seat in room]
        killed: dict[str, float] = {}

        async def kill_one() -> None:
            while not all(len(p.confirmed) >= 3 for p in players):  # mid-game everywhere
                await asyncio.sleep(0.05)
            victim = made.owner_of_lobby(rooms[0][0].code)
            assert victim is not None
            owned = [room[0].code for room in rooms if made.owner_of_lobby(room[0].code) is victim]
            killed["at"] = time.monotonic()
            made.kill(victim)
            killed.update(dict.fromkeys(owned, 0.0))

        async def main() -> None:
            tasks = [asyncio.create_task(p.run()) for p in players]
            tasks.append(asyncio.create_task(kill_one()))
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 180)

        asyncio.run(main())
        at = killed.pop("at")
        figures.killed_tables = len(killed)
        store = made.store()
        for player in players:
            if player.seat.code in killed:
                figures.clients += 1
                after = [t for t in player.confirmed.values() if t > at]
                figures.recovery_s.append(min(after) - at if after else float("inf"))
            figures.unfinished += not player.tracker.game_over
        for host, _guest in rooms:
            lobby = store.load_lobby(host.code)
            assert lobby is not None and lobby[2] is not None
            stored = store.load(lobby[2])
            assert stored is not None
            logged = {(entry.seat, entry.seq) for entry in stored.entries if entry.kind == "act"}
            for player in players:
                if player.seat.code != host.code:
                    continue
                seat = player.seat.seat  # a duel's lobby seats are its table seats
                figures.confirmed += len(player.confirmed)
                figures.lost += sum((seat, seq) not in logged for seq in player.confirmed)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps, fewer duels")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    args = parser.parse_args(argv)
    started = time.monotonic()
    realtime.raise_open_files(400 * realtime.GROUP + 1000)
    print(f"Several processes behind nginx, PostgreSQL and Redis on this machine "
          f"({os.cpu_count()} cores); load average {os.getloadavg()[0]:.1f} at the start")
    steps_n = [5, 10, 20] if args.quick else [5, 10, 20, 40, 60, 80, 100]
    draws = 6 if args.quick else 10
    summaries = []
    for nodes in (1, 2, 3):
        plans = [realtime.Plan("lobby", "draws", n, realtime.draws_for(n, draws, 25), 1.0)
                 for n in steps_n]
        steps = realtime.sweep(f"{nodes} process(es) behind nginx: group tables of 50, a draw "
                               "per table every second on average", plans, args.processes,
                               300 if args.quick else 900, 0, starter(nodes))
        summaries.append(realtime.summary(f"{nodes} process(es)", steps))
    duels = 4 if args.quick else 12
    result = failover(duels)
    print()
    print("\n".join(summaries))
    worst = max(result.recovery_s, default=float("nan"))
    print(f"failover: {result.duels} duels on 3 processes, the owner of {result.killed_tables}"
          f" killed (kill -9) mid-game: its {result.clients} clients play again after "
          f"{min(result.recovery_s, default=float('nan')):.2f}-{worst:.2f} s "
          f"(goal <= {GOAL_S:g} s); confirmed moves {result.confirmed}, lost {result.lost} "
          f"(goal 0); duels unfinished {result.unfinished // 2}")
    print(f"bench wall time: {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make bench`: several server processes behind nginx (issues #18, #39).

1. Scaling: bench/realtime.py's group tables of 50 (draws only) through nginx to 1, 2 and
   3 processes on PostgreSQL and Redis (tests/cluster/harness.py): how many tables stay
   under p99 100 ms, and the servers' CPU per game step summed over the processes. nginx
   routes each room to its owner by the consistent hash (decision 0167); the last sweep
   spreads the sockets round robin instead, each relayed to its room's owner by the
   process it lands on (the set-up before #39), for comparison.
2. Failover: 3 processes, duels played through nginx by clients that reconnect with
   `since` and send an unconfirmed move again; the owner of a duel is killed with kill -9
   in the middle. Figures: the time from the kill until every client of the killed
   process's tables has a move confirmed again (goal <= 5 s), and the confirmed moves
   missing from the stored logs (goal 0).
3. Rolling restart: 3 processes, duels played through nginx; each process in turn is sent
   SIGTERM and started again, as for an upgrade. Figures: how long each took to exit, the
   time from its SIGTERM until each of its clients was playing again (its hello answered
   by another process; goal <= 5 s), and the confirmed moves missing (goal 0).

Run from the repo root: `.venv/bin/python bench/cluster.py [--quick]` (about 12 minutes;
`--quick`: 3 minutes). Needs PostgreSQL, Redis and nginx (`make cluster-deps`). Figures
only, no verdict; never part of the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import realtime  # noqa: E402

from tests.cluster.checks import lost_moves  # noqa: E402
from tests.cluster.harness import Cluster  # noqa: E402
from tests.cluster.players import TimedPlayer  # noqa: E402
from tests.server.lobby_client import (  # noqa: E402
    Seat,
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
def cluster(nodes: int, port: int | None = None, ring: bool = True) -> Iterator[Cluster]:
    with tempfile.TemporaryDirectory(prefix="klubovna-cluster-") as folder:
        made = Cluster(Path(folder), nodes=nodes, port=port, test=False, ring=ring)
        for node in made.nodes:
            node.env.update(OPEN)
        with made:
            yield made


def starter(nodes: int, ring: bool = True) -> realtime.Start:
    """bench/realtime.py's server start, as a cluster: the processes' and nginx's pids."""

    @contextmanager
    def start(_kind: realtime.Server, port: int) -> Iterator[list[int]]:
        with cluster(nodes, port, ring) as made:
            parts = [*made.nodes, made.front]
            yield [part.process.pid for part in parts if part.process is not None]

    return start


def idle_cores(nodes: int, ring: bool, seconds: float = 10.0) -> float:
    """The processes' CPU with nobody connected, in cores (their sweeps, lease renewals,
    look-ups of orphaned tables): what each process costs whatever the play."""
    with cluster(nodes, ring=ring) as made:
        time.sleep(2)  # past the start's own work
        pids = [node.process.pid for node in made.nodes if node.process is not None]
        before, began = sum(map(realtime.cpu_seconds, pids)), time.monotonic()
        time.sleep(seconds)
        return (sum(map(realtime.cpu_seconds, pids)) - before) / (time.monotonic() - began)


def net_ms(step: realtime.Step, idle: float) -> float:
    """The CPU per game step without the processes' idle CPU (idle_cores)."""
    return step.step_ms * max(0.0, step.server_cpu - idle) / max(step.server_cpu, 1e-9)


# --------------------------------------------------------------------------- failover


def duels_through(made: Cluster, duels: int, **player: Any) -> tuple[
        list[tuple[Seat, Seat]], list[TimedPlayer]]:
    """`duels` duels made through nginx (spread round robin over the processes), and their
    players, who reconnect through nginx after a drop."""
    rooms = []
    for number in range(duels):
        host = create_lobby(made.front, "duel", nickname=f"A{number}")
        rooms.append((host, join_lobby(made.front, host.code, f"B{number}")))
    players = [TimedPlayer(made.front, seat, choose_move, name=f"{seat.code}/{seat.seat}",
                           start_with=2 if seat.seat == 0 else None, reconnect_for=60,
                           **player)
               for room in rooms for seat in room]
    return rooms, players


def play(players: list[TimedPlayer], also: Callable[[], Coroutine[Any, Any, None]]) -> None:
    async def main() -> None:
        tasks = [asyncio.create_task(p.run()) for p in players]
        tasks.append(asyncio.create_task(also()))
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 240)

    asyncio.run(main())


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
        rooms, players = duels_through(made, duels, think=0.15)
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

        play(players, kill_one)
        at = killed.pop("at")
        figures.killed_tables = len(killed)
        for player in players:
            if player.seat.code in killed:
                figures.clients += 1
                after = [t for t in player.confirmed.values() if t > at]
                figures.recovery_s.append(min(after) - at if after else float("inf"))
            figures.unfinished += not player.tracker.game_over
            figures.confirmed += len(player.confirmed)
        figures.lost = len(lost_moves(made, rooms, players))
    return figures


# --------------------------------------------------------------------------- rolling restart


@dataclass
class Rolling:
    duels: int
    exits_s: list[float] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    clients: int = 0
    """Clients dropped by a restart (each counted once a restart)."""
    back_s: list[float] = field(default_factory=list)
    """From a SIGTERM until each of its dropped clients' hello was answered again."""
    closes: Counter[int | None] = field(default_factory=Counter)
    confirmed: int = 0
    lost: int = 0
    unfinished: int = 0


def rolling(duels: int) -> Rolling:
    """Duels through nginx on 3 processes; each process in turn SIGTERM and started again,
    while the players hold their 12th move until the last one is back (the games run
    through every restart)."""
    figures = Rolling(duels)
    with cluster(3) as made:
        done: list[float] = []
        rooms, players = duels_through(made, duels, think=0.15, hold_at=12,
                                       holding=lambda: len(done) < len(made.nodes))
        sent: list[float] = []

        async def roll() -> None:
            while not all(len(p.confirmed) >= 3 for p in players):  # mid-game everywhere
                await asyncio.sleep(0.05)
            for node in made.nodes:
                sent.append(time.monotonic())
                code, took = await asyncio.to_thread(made.restart_gracefully, node)
                figures.codes.append(code)
                figures.exits_s.append(took)
                done.append(time.monotonic())

        play(players, roll)
        for at, until in zip(sent, [*sent[1:], float("inf")], strict=True):
            for player in players:
                drops = [dropped for dropped, _code in player.closes if at <= dropped < until]
                if drops:
                    figures.clients += 1
                    back = player.back_after(drops[0])
                    figures.back_s.append(float("inf") if back is None
                                          else back + drops[0] - at)
        for player in players:
            figures.closes.update(code for _at, code in player.closes)
            figures.unfinished += not player.tracker.game_over
            figures.confirmed += len(player.confirmed)
        figures.lost = len(lost_moves(made, rooms, players))
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
    summaries, per_step = [], []
    for nodes, ring in ((1, True), (2, True), (3, True), (3, False)):
        name = f"{nodes} process(es), " + ("each room to its owner" if ring
                                           else "round robin + relay")
        plans = [realtime.Plan("lobby", "draws", n, realtime.draws_for(n, draws, 25), 1.0)
                 for n in steps_n]
        steps = realtime.sweep(f"{name} behind nginx: group tables of 50, a draw per table "
                               "every second on average", plans, args.processes,
                               300 if args.quick else 900, 0, starter(nodes, ring))
        summaries.append(realtime.summary(name, steps))
        idle = idle_cores(nodes, ring)
        per_step.append(f"{name} (idle {idle * 100:.1f} % of a core): " + ", ".join(
            f"{step.step_ms:.2f} at {step.plan.tables} ({net_ms(step, idle):.2f} net of idle)"
            for step in steps))
    duels = 4 if args.quick else 12
    result = failover(duels)
    restart = rolling(duels)
    print()
    print("\n".join(summaries))
    print("servers' CPU per game step, summed over the processes (ms at N tables):")
    print("\n".join(f"  {line}" for line in per_step))
    worst = max(result.recovery_s, default=float("nan"))
    print(f"failover: {result.duels} duels on 3 processes, the owner of {result.killed_tables}"
          f" killed (kill -9) mid-game: its {result.clients} clients play again after "
          f"{min(result.recovery_s, default=float('nan')):.2f}-{worst:.2f} s "
          f"(goal <= {GOAL_S:g} s); confirmed moves {result.confirmed}, lost {result.lost} "
          f"(goal 0); duels unfinished {result.unfinished // 2}")
    print(f"rolling restart: {restart.duels} duels on 3 processes, each process SIGTERM and "
          f"started again in turn (exit codes {restart.codes}; exits took "
          f"{', '.join(f'{took:.2f}' for took in restart.exits_s)} s): {restart.clients} "
          f"clients dropped (close codes {dict(restart.closes)}) play again after "
          f"{min(restart.back_s, default=float('nan')):.2f}-"
          f"{max(restart.back_s, default=float('nan')):.2f} s from the SIGTERM (goal <= "
          f"{GOAL_S:g} s); confirmed moves {restart.confirmed}, lost {restart.lost} (goal 0); "
          f"duels unfinished {restart.unfinished // 2}")
    print(f"bench wall time: {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

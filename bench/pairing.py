"""`make bench`: quick pairing with 1,000 people waiting. Figures only, no verdict.

The server's own matcher (klubovna/server/realtime/pairing.py: its line, its rounds, the
rule of klubovna/tables/pairing.py) runs on a simulated clock: people arrive over
--arrive seconds (ratings ~ N(1500, 350), spread over --pools games and settings), a round
every 0.5 s as on the server. Printed: how long people waited to be paired (simulated
time: p50, p90, p99, the longest), how far apart in rating the pairs were, and what the
rounds cost the process (real CPU ms: mean, the largest). Rooms are not opened (a stub
stands in for the lobbies: their cost is bench/realtime.py's). With --redis URL the line
lives in Redis, as on the several-process set-up.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]  # klubovna, whatever the cwd

from klubovna.server.realtime import pairing as live_pairing  # noqa: E402
from klubovna.server.realtime.pairing import PAIR_EVERY, Pairing, Wish  # noqa: E402


class Rooms:
    """Stands in for the lobbies: a pair's "room" is a number, its seats 0 and 1."""

    def __init__(self) -> None:
        self.count = 0

    async def create(self, *_: Any) -> tuple[Any, str, int]:
        self.count += 1
        room = type("Room", (), {})()
        room.extras, room.game = {}, "g"
        room.lobby = type("L", (), {"code": f"R{self.count}"})()
        return room, "host-key", 0

    async def join(self, *_: Any) -> tuple[str, int]:
        return "guest-key", 1


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(people: int, arrive_s: float, pools: int, redis_url: str | None,
              seed: int) -> None:
    rng = random.Random(seed)
    start = 1_800_000_000_000
    arrivals = sorted((start + int(rng.uniform(0, arrive_s * 1000)), i) for i in range(people))
    ratings = [round(rng.gauss(1500, 350)) for _ in range(people)]
    pairing = Pairing(Rooms(), redis_url)  # type: ignore[arg-type]
    if redis_url is not None:
        await pairing.line.client.delete(live_pairing.SEEKERS)  # type: ignore[attr-defined]
    waited: dict[str, int] = {}
    since: dict[str, int] = {}
    gaps: list[int] = []
    costs: list[float] = []
    now, step, next_arrival = start, int(PAIR_EVERY * 1000), 0
    while len(waited) < people - people % 2 and now < start + 3_600_000:
        now += step
        while next_arrival < people and arrivals[next_arrival][0] <= now:
            at, i = arrivals[next_arrival]
            ticket = f"t{i}"
            await pairing.line.add(Wish(ticket, f"p{i}", f"P{i}", "g", "k", {},
                                        f"pool{i % pools}", ratings[i], at, at))
            since[ticket] = at
            next_arrival += 1
        # The apps ask about their tickets (keeps them alive), as the server would see.
        for wish in await pairing.line.waiting():
            await pairing.line.seen(wish.ticket, now)
        live_pairing.now_ms = lambda at=now: at  # the server clock, as the line reads it
        before = await pairing.line.waiting()
        cpu = time.process_time()
        await pairing.pair_now(now)
        costs.append((time.process_time() - cpu) * 1000)
        after = {wish.ticket for wish in await pairing.line.waiting()}
        by_ticket = {wish.ticket: wish for wish in before}
        gone = [wish for wish in before if wish.ticket not in after]
        for wish in gone:
            waited[wish.ticket] = now - since[wish.ticket]
        # Each pair's rating gap: partners share a room number in the answers.
        rooms: dict[str, list[int]] = {}
        for wish in gone:
            found = await pairing.line.found(wish.ticket)
            if found is not None:
                rooms.setdefault(found["code"], []).append(by_ticket[wish.ticket].rating)
        gaps += [abs(a - b) for a, b in rooms.values()]
    await pairing.aclose()
    waits = [ms / 1000 for ms in waited.values()]
    print(f"quick pairing: {people} people over {arrive_s:.0f} s in {pools} pool(s), "
          f"line in {'Redis' if redis_url else 'memory'}; a round every {PAIR_EVERY} s")
    print(f"  paired {len(waits)} in {len(costs)} rounds")
    print(f"  time to pair (simulated s): p50 {percentile(waits, 50):.1f}, "
          f"p90 {percentile(waits, 90):.1f}, p99 {percentile(waits, 99):.1f}, "
          f"max {max(waits):.1f}")
    print(f"  rating gap of a pair: median {statistics.median(gaps):.0f}, "
          f"p90 {percentile(gaps, 90):.0f}, max {max(gaps)}")
    print(f"  a round's CPU (ms): mean {statistics.fmean(costs):.2f}, "
          f"max {max(costs):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--arrive", type=float, default=60.0,
                        help="seconds over which they arrive (0: all at once)")
    parser.add_argument("--pools", type=int, default=4)
    parser.add_argument("--redis", default=None, help="redis:// URL of a Redis to use")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.people, args.arrive, args.pools, args.redis, args.seed))
    if args.redis is None:
        asyncio.run(run(args.people, 0.0, args.pools, None, args.seed))


if __name__ == "__main__":
    main()

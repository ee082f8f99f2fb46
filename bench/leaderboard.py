"""`make bench`: how long the leaderboard and daily-challenge queries take on a full database.
Builds a temporary SQLite database with the migrations, fills it with 100,000 results of
5,000 players over 400 days, and times every period × mode. Figures only, no verdict."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]  # klubovna, whatever the cwd

from sqlalchemy import Engine, insert  # noqa: E402

from klubovna.server import calendar  # noqa: E402
from klubovna.server.features.daily import query_daily  # noqa: E402
from klubovna.server.features.leaderboard import query_leaderboard  # noqa: E402
from klubovna.server.storage.db import (  # noqa: E402
    DailyAttemptRow,
    ProfileRow,
    ResultRow,
    TableRow,
    make_engine,
)
from klubovna.server.storage.migrate import upgrade  # noqa: E402
from klubovna.tables import hash_key  # noqa: E402

GOAL_MS = 50.0
NOW = int(datetime(2026, 12, 16, 18, 0, tzinfo=calendar.PRAGUE).timestamp() * 1000)
DAY_MS = 86_400_000


def fill(engine: Engine, results: int, players: int, days: int, seed: int) -> dict[str, Any]:
    """Random players and results spread over `days` Prague days up to NOW; bulk inserts.
    Also names a player who has played today's challenge (for the daily query)."""
    rng = random.Random(seed)
    profiles = [
        {"id": f"p{i:05d}", "nickname": f"Hráč {i}", "nickname_folded": f"hráč {i}",
         "key_hash": hash_key(f"key-{i}"), "created_at": NOW - days * DAY_MS,
         "consent": rng.choices([True, False, None], [70, 15, 15])[0], "stats_since": 0}
        for i in range(players)
    ]
    consent = {p["id"]: p["consent"] is True for p in profiles}
    today = calendar.prague_day(NOW)
    tables: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    attempts: list[dict[str, Any]] = []
    daily_taken: set[tuple[str, str]] = set()
    while len(rows) < results:
        profile = f"p{rng.randrange(players):05d}"
        kind = rng.choices(["solo", "ranked", "daily"], [50, 35, 15])[0]
        day = today - timedelta(days=rng.randrange(days))
        start = calendar.day_start_ms(day)
        finished_at = min(start + rng.randrange(DAY_MS - 3_600_000), NOW - 1)
        daily_date = day.isoformat() if kind == "daily" else None
        if daily_date is not None:
            if (profile, daily_date) in daily_taken:
                continue
            daily_taken.add((profile, daily_date))
        mode = "easy" if kind == "daily" else rng.choice(["easy", "hard"])
        seconds = rng.choice([5, 10, 20, 30, 60]) if mode == "hard" else None
        complete = mode == "easy" or rng.random() < 0.7
        duration = rng.randrange(60_000, 900_000)
        table_id = f"t{len(rows):07d}"
        tables.append({"id": table_id, "game": "matematicky-poker", "config": {"mode": mode},
                       "seed": rng.getrandbits(63), "created_at": finished_at - duration,
                       "status": "over", "result": None, "kind": kind, "profile_id": profile,
                       "daily_date": daily_date})
        rows.append({"table_id": table_id, "profile_id": profile, "kind": kind, "mode": mode,
                     "seconds": seconds, "score": max(0, int(rng.gauss(180, 60))),
                     "filled": 25 if complete else rng.randrange(15, 25), "complete": complete,
                     "started_at": finished_at - duration, "finished_at": finished_at,
                     "duration_ms": duration, "daily_date": daily_date,
                     "published": kind != "solo" and consent[profile]})
        if daily_date is not None:
            attempts.append({"profile_id": profile, "day": daily_date, "table_id": table_id})
    with engine.begin() as connection:
        connection.execute(insert(ProfileRow), profiles)
        connection.execute(insert(TableRow), tables)
        connection.execute(insert(ResultRow), rows)
        connection.execute(insert(DailyAttemptRow), attempts)
    played_today = [a["profile_id"] for a in attempts if a["day"] == today.isoformat()]
    return {"profiles": len(profiles), "results": len(rows), "daily_today": len(played_today),
            "player": played_today[0] if played_today else profiles[0]["id"],
            "ranked": sum(1 for r in rows if r["kind"] == "ranked"),
            "ranked_eligible": sum(1 for r in rows if r["kind"] == "ranked" and r["published"]
                                   and r["complete"])}


def timed(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and max wall time in ms of `repeat` calls (after one warm-up call)."""
    call()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--days", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="klubovna-bench-") as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        started = time.perf_counter()
        counts = fill(engine, args.results, args.players, args.days, seed=2026)
        filled_s = time.perf_counter() - started
        print(f"\nLeaderboard and daily queries (SQLite, goal < {GOAL_MS:.0f} ms per query)")
        print(f"  {counts['results']:,} results ({counts['ranked']:,} ranked, "
              f"{counts['ranked_eligible']:,} of them full and published), "
              f"{counts['profiles']:,} players, {args.days} days; "
              f"{counts['daily_today']} daily results today; filled in {filled_s:.1f} s")
        print(f"  {'query':<28}{'entries':>8}{'median ms':>11}{'max ms':>9}")
        worst = 0.0
        for period in calendar.PERIODS:
            for mode in ("all", "easy", "hard"):
                board = partial(query_leaderboard, engine, period, mode, NOW)
                median, most = timed(board, args.repeat)
                worst = max(worst, median)
                print(f"  leaderboard {period:>5} {mode:<10}{len(board()):>8}"
                      f"{median:>11.1f}{most:>9.1f}")
        for who, profile in (("anonymous", None), ("with a profile", counts["player"])):
            daily = partial(query_daily, engine, NOW, profile)
            median, most = timed(daily, args.repeat)
            worst = max(worst, median)
            print(f"  daily {who:<22}{len(daily().entries):>8}{median:>11.1f}{most:>9.1f}")
        print(f"  slowest median {worst:.1f} ms (goal < {GOAL_MS:.0f} ms)")
        engine.dispose()


if __name__ == "__main__":
    main()

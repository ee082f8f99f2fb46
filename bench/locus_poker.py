"""Locus Poker's computer players: the ladder, each opponent against the next weaker on
6×6 in mirrored pairs (the same deal twice, the seats swapped, so each plays first once),
wins counting 1 and draws 1/2 with a 95 % interval; and the strongest one's time per move.

    .venv/bin/python bench/locus_poker.py [--games N] [--jobs N] [--budget NODES]
                                          [--grid 6x6] [--pairs 0,1,...] [--timing N]

--budget replaces the strongest's node budget (the slowest part of the run);
--pairs picks ladder steps (0 is Bára against Pepík). Pairs are shared out among worker
processes in fixed ranges and merged in order, so the figures do not depend on --jobs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from lp_moves import per_move  # noqa: E402
from stats import wilson  # noqa: E402

from klubovna.bots import Bot  # noqa: E402
from klubovna.bots.locus_poker import BOTS, Searcher  # noqa: E402
from klubovna.games.locus_poker import ENGINE  # noqa: E402
from tests.bots.locus_poker import play_game  # noqa: E402

FIRST_SEED = 40_000
CHUNK = 5


def players(budget: int | None) -> list[Bot]:
    """The seven, weakest first, the strongest with `budget` nodes if given."""
    out: list[Bot] = list(BOTS.values())
    if budget is not None:
        bot = out[-1]
        assert isinstance(bot, Searcher)
        out[-1] = Searcher(bot.name, replace(bot.plan, nodes=budget))
    return out


def _pairs(job: tuple[int, int, int, int | None, str]) -> tuple[int, int, int, float]:
    """Wins, draws and losses of the stronger of ladder step `step` over pairs
    [start, stop), and the seconds they took."""
    step, start, stop, budget, grid = job
    bots = players(budget)
    strong, weak = bots[step + 1], bots[step]
    wins = draws = losses = 0
    began = time.perf_counter()
    for pair in range(start, stop):
        for seats in ((strong, weak), (weak, strong)):
            state = play_game(seats, FIRST_SEED + pair, {"grid": grid})
            result = ENGINE.result(state)
            assert result is not None
            if result["winner"] is None:
                draws += 1
            elif result["winner"] == seats.index(strong):
                wins += 1
            else:
                losses += 1
    return wins, draws, losses, time.perf_counter() - began


def ladder(games: int, jobs: int, budget: int | None, grid: str,
           steps: list[int]) -> list[dict[str, Any]]:
    pairs = max(1, games // 2)
    work = [(step, start, min(start + CHUNK, pairs), budget, grid) for step in steps
            for start in range(0, pairs, CHUNK)]
    with multiprocessing.Pool(jobs) as pool:
        done = pool.map(_pairs, work)
    bots = players(budget)
    out = []
    for step in steps:
        mine = [d for (s, *_), d in zip(work, done, strict=True) if s == step]
        wins, draws, losses = (int(sum(d[i] for d in mine)) for i in range(3))
        n = wins + draws + losses
        share = (wins + draws / 2) / n
        low, high = wilson(share, n)
        out.append({"strong": bots[step + 1].name, "weak": bots[step].name, "games": n,
                    "wins": wins, "draws": draws, "losses": losses, "share": share,
                    "low": low, "high": high,
                    "seconds_per_game": sum(d[3] for d in mine) / n})
    return out


def pyodide(games: int, budget: int | None) -> dict[str, Any] | str:
    """The same per-move timing under Pyodide (bench/lp_pyodide.mjs), or why not."""
    node = shutil.which("node")
    if node is None or not (ROOT / "web" / "node_modules" / "pyodide").is_dir():
        return "skipped: no node or no web/node_modules/pyodide"
    command = [node, str(ROOT / "bench" / "lp_pyodide.mjs"), str(games)]
    done = subprocess.run(command + ([str(budget)] if budget else []), capture_output=True,
                          text=True, check=False)
    if done.returncode:
        return f"failed: {done.stderr.strip()[-300:]}"
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def timing_line(where: str, t: dict[str, Any]) -> str:
    return (f"  strongest ({t['name']}) per move, {where}, over {t['moves']} moves: "
            f"p50 {t['p50']:.0f} ms, p95 {t['p95']:.0f} ms, max {t['max']:.0f} ms "
            f"(goal p95 <= 1000 ms in CPython); nodes p50 {t['nodes_p50']:.0f}, "
            f"depth p50 {t['depth_p50']:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--grid", default="6x6")
    parser.add_argument("--pairs", default=None, help="ladder steps, e.g. 0,1,2")
    parser.add_argument("--timing", type=int, default=4, help="games for the time per move")
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    steps = (list(range(len(BOTS) - 1)) if args.pairs is None
             else [int(s) for s in args.pairs.split(",")])
    print(f"Locus Poker ladder on {args.grid}, {args.games} games per step "
          f"(mirrored pairs), {args.jobs} processes"
          + (f", budget {args.budget} nodes" if args.budget else ""))
    for row in ladder(args.games, args.jobs, args.budget, args.grid, steps):
        goal = "ok" if row["share"] >= 0.6 else "BELOW 60 %"
        print(f"  {row['strong']:>7} vs {row['weak']:<7} {row['wins']:4d} W {row['draws']:3d} D "
              f"{row['losses']:4d} L  share {row['share']:.1%} "
              f"[{row['low']:.1%}, {row['high']:.1%}]  {row['seconds_per_game']:.2f} s/game  "
              f"{goal}")
    if args.timing:
        print(timing_line("CPython", per_move(args.timing, args.budget, args.grid)))
        if not args.no_pyodide:
            under = pyodide(max(1, args.timing // 2), args.budget)
            print(timing_line(f"Pyodide {under['pyodide_version']}", under)
                  if isinstance(under, dict) else f"  Pyodide: {under}")

if __name__ == "__main__":
    main()

"""`make bench`: how strong Kostkový poker's computer players are heads-up, and how long
Chytrý thinks, under CPython and under Pyodide. Every hand starts afresh at 20 chips each; hand
h is dealt from seed FIRST_SEED + h (the same hands for every pairing) and the player measured
sits in either seat by turns. The hands are shared out among worker processes in fixed ranges
and merged in order, so the figures do not depend on the number of processes. Run from the repo
root: `.venv/bin/python bench/kostkovy_poker.py [--hands N] [--jobs N] [--decisions N]
[--deals N] [--no-pyodide]`. Chytrý's think time is also measured at no fewer than 500 simulated
deals per decision over fixed sets of decisions, the same in CPython and in Pyodide (Node with
web/node_modules/pyodide: bench/kp_pyodide.mjs; nothing is downloaded). Figures only, no
verdict."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
NODE_SCRIPT = BENCH / "kp_pyodide.mjs"
sys.path[:0] = [str(ROOT), str(BENCH)]  # klubovna and kp_decisions, whatever the cwd

import kp_decisions  # noqa: E402
from stats import mean_interval  # noqa: E402

from klubovna.bots.kostkovy_poker import (  # noqa: E402
    CHYTRY,
    KLIDNY,
    Bot,
)
from klubovna.bots.kostkovy_poker.seen import Action  # noqa: E402
from klubovna.core import Event, Rng, View  # noqa: E402
from klubovna.games.kostkovy_poker import ENGINE  # noqa: E402
from tests.bots.kostkovy_poker import ALWAYS_CALL, ALWAYS_RAISE, RANDOM, play_hand  # noqa: E402

CHIPS = kp_decisions.CHIPS
FIRST_SEED = kp_decisions.FIRST_SEED
"""Hand h is dealt from seed FIRST_SEED + h, the same hands for every pairing."""
HANDS = 20_000
"""Hands per pairing unless --hands says otherwise."""
CHUNK = 250
"""Hands per piece of work handed to a worker process."""
DEALS = 500
"""The fewest simulated deals per decision the think time is measured at (the issue's figure)."""
DECISIONS = 300
"""Decisions per fixed set timed under both CPython and Pyodide."""
PAIRINGS: list[tuple[Bot, Bot]] = [
    (CHYTRY, KLIDNY),
    (CHYTRY, ALWAYS_CALL),
    (CHYTRY, ALWAYS_RAISE),
    (CHYTRY, RANDOM),
    (KLIDNY, ALWAYS_CALL),
    (KLIDNY, ALWAYS_RAISE),
    (KLIDNY, RANDOM),
]


@dataclass
class Timed:
    """A player whose every decision is timed (keeping and betting apart)."""

    bot: Bot
    keep_ms: list[float] = field(default_factory=list)
    bet_ms: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        started = time.perf_counter()
        action = self.bot.choose(view, witnessed, rng)
        spent = (time.perf_counter() - started) * 1000
        (self.keep_ms if action["type"] == "keep" else self.bet_ms).append(spent)
        return action


def heads_up(player: Timed, opponent: Bot, first: int, stop: int) -> list[int]:
    """Chips `player` won (or lost) in each fresh heads-up hand first..stop-1."""
    results: list[int] = []
    for hand in range(first, stop):
        seat = hand % 2
        players = [player, opponent] if seat == 0 else [opponent, player]
        rngs = [Rng(7 * hand + 1), Rng(7 * hand + 2)]
        state = ENGINE.new({"seats": 2, "chips": CHIPS}, FIRST_SEED + hand)
        state, _ = play_hand(state, players, rngs)
        mine = state.seats[seat]
        results.append(mine.chips + mine.put_in - CHIPS)  # put_in: the next hand's ante
    return results


def work(task: tuple[int, int, int]) -> tuple[list[int], list[float], list[float]]:
    """One piece of work (pairing, first hand, stop): the chips won per hand, and Chytrý's
    keeping and betting times when it is the player measured."""
    pairing, first, stop = task
    player, opponent = PAIRINGS[pairing]
    timed = Timed(player)
    results = heads_up(timed, opponent, first, stop)
    if player is not CHYTRY:
        return results, [], []
    return results, timed.keep_ms, timed.bet_ms


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(times: list[float]) -> str:
    return (f"p50 {percentile(times, 0.5):6.1f} ms, p95 {percentile(times, 0.95):6.1f} ms, "
            f"max {max(times):6.1f} ms")


def print_table(rows: list[tuple[str, ...]], right_from: int) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(w) if j < right_from else cell.rjust(w)
                        for j, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def strength(hands: int, jobs: int) -> tuple[list[list[int]], list[float], list[float]]:
    """Every pairing's chips won per hand, in hand order, and Chytrý's times in these games."""
    tasks = [(p, first, min(first + CHUNK, hands))
             for p in range(len(PAIRINGS)) for first in range(0, hands, CHUNK)]
    results: list[list[int]] = [[] for _ in PAIRINGS]
    keep_ms: list[float] = []
    bet_ms: list[float] = []
    with multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else _Inline() as pool:
        answers = zip(tasks, pool.imap(work, tasks), strict=True)
        for done, ((pairing, _, _), (won, keeps, bets)) in enumerate(answers, 1):
            results[pairing] += won  # imap keeps the tasks' order: hands stay in order
            keep_ms += keeps
            bet_ms += bets
            if done % 20 == 0 or done == len(tasks):
                print(f"  {done}/{len(tasks)} pieces of {CHUNK} hands", file=sys.stderr, flush=True)
    return results, keep_ms, bet_ms


class _Inline:
    """A stand-in for a one-process pool."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def imap(self, fn: Any, tasks: list[Any]) -> Any:
        return map(fn, tasks)


def run_pyodide(count: int, sims: int, keep_sims: int) -> dict[str, Any] | str:
    """The decision sets timed under Pyodide in Node, or a message saying why there are none."""
    if not (PYODIDE_DIR / "pyodide.mjs").exists():
        return f"Pyodide is not installed in {PYODIDE_DIR} (run `npm ci --prefix web`)"
    node = shutil.which("node")
    if node is None:
        return "Node.js (`node`) is not on PATH"
    try:
        proc = subprocess.run([node, str(NODE_SCRIPT), str(count), str(sims), str(keep_sims)],
                              cwd=ROOT, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return "the Pyodide run took more than 900 s"
    if proc.returncode != 0:
        return f"the Pyodide run failed (exit {proc.returncode}): {proc.stderr.strip()[-2000:]}"
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


def think_time(count: int, deals: int, pyodide: bool) -> None:
    """Chytrý at `deals` simulated deals per decision over the fixed sets, both runtimes."""
    sims, keep_sims = max(deals, CHYTRY.sims), max(deals, CHYTRY.keep_sims)
    print(f"Chytrý time per decision at {sims} deals per betting and {keep_sims} per keeping "
          f"decision, over fixed sets of {count} decisions")
    print(f"(Chytrý's own decisions against Klidný, hand h from seed {FIRST_SEED:,} + h, each "
          "decided again from Rng(i + 1) and timed alone, one process):")
    print(f"  CPython {platform.python_version()}", file=sys.stderr, flush=True)
    cpython = kp_decisions.run(count, sims, keep_sims)
    print("  Pyodide (Node)", file=sys.stderr, flush=True)
    pyo: dict[str, Any] | str = (run_pyodide(count, sims, keep_sims) if pyodide
                                 else "skipped (--no-pyodide)")
    runtimes: list[tuple[str, dict[str, Any]]] = [(f"CPython {platform.python_version()}",
                                                   cpython)]
    if isinstance(pyo, dict):
        runtimes.append((f"Pyodide {pyo['pyodide_version']} (Python {pyo['python']})",
                         pyo["sets"]))
    rows: list[tuple[str, ...]] = [("runtime", "decisions", "kind", "time per decision")]
    for runtime, sets in runtimes:
        for name, figures in sets.items():
            ms, kinds = figures["ms"], figures["kinds"]
            rows.append((runtime, name, "all", spread(ms)))
            for kind in ("keep", "bet"):
                some = [t for t, k in zip(ms, kinds, strict=True) if k == kind]
                rows.append((runtime, name, f"{kind} ({len(some)})", spread(some)))
    print_table(rows, right_from=3)
    if isinstance(pyo, dict):
        same = all(pyo["sets"][name]["actions"] == cpython[name]["actions"] for name in cpython)
        print(f"Pyodide in Node {pyo['node']}, loaded in {pyo['load_seconds']:.1f} s; its "
              "decisions are "
              f"{'the same as' if same else 'DIFFERENT from'} CPython's")
    else:
        print(f"No Pyodide figures: {pyo}.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=HANDS, help="hands per pairing")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="worker processes (the figures do not depend on it)")
    parser.add_argument("--decisions", type=int, default=DECISIONS,
                        help="decisions per fixed set for the think time")
    parser.add_argument("--deals", type=int, default=DEALS,
                        help="at least this many simulated deals per timed decision")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython figures only")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"Kostkový poker heads-up, {args.hands:,} hands per pairing, {CHIPS} chips each, "
          f"hand h dealt from seed {FIRST_SEED:,} + h")
    print(f"Chytrý as shipped simulates {CHYTRY.sims} deals per betting decision and "
          f"{CHYTRY.keep_sims} per keeping decision")
    print(f"machine: {platform.machine()} {platform.system()}, Python "
          f"{platform.python_version()}, {args.jobs} worker process(es)")
    print()
    results, keep_ms, bet_ms = strength(args.hands, args.jobs)
    rows: list[tuple[str, ...]] = [("player", "opponent", "chips won per hand", "95% CI")]
    for (player, opponent), won in zip(PAIRINGS, results, strict=True):
        mean, half = mean_interval(won)
        rows.append((player.name, opponent.name, f"{mean:+.2f}",
                     f"[{mean - half:+.2f}, {mean + half:+.2f}]"))
    print_table(rows, right_from=2)
    print(f"strength wall time: {time.perf_counter() - started:.1f} s")
    print()
    print(f"Chytrý as shipped, time per decision in the games above ({args.jobs} processes "
          "side by side):")
    for label, times in (("all", keep_ms + bet_ms), ("keep", keep_ms), ("bet", bet_ms)):
        print(f"  {label:4} ({len(times):,}): {spread(times)}")
    print()
    think_time(args.decisions, args.deals, not args.no_pyodide)
    print(f"bench wall time: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make bench`: the Žolíky s kameny best-move search on the 300 golden positions, its
median and p99 time per position under CPython and under Pyodide (Node with
web/node_modules/pyodide: bench/zk_pyodide.mjs; nothing is downloaded), beside the ILP
rummikub-solver with HiGHS on the same positions in the same run (bench/zk_ilp.py, in its
own environment var/bench/ilp, made with uv from PyPI when missing). Goals (issue 14): p99
no slower than the ILP in CPython, under 1 s in Pyodide. Then the computer players' ladder
(bench/zk_ladder.py: hard against medium, medium against easy, hard against greedy, in
mirrored pairs; goal: hard wins 60 % against greedy). Run from the repo root:
`.venv/bin/python bench/zoliky.py [--no-pyodide] [--no-ilp] [--games N] [--jobs N]`.
Figures only, no verdict."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import zk_ladder  # noqa: E402
import zk_positions  # noqa: E402

from tests.vectors import vector_path  # noqa: E402

ILP_ENV = ROOT / "var" / "bench" / "ilp"
GAMES = 1000
"""Rounds per pairing of the ladder (the issue's figure) unless --games says otherwise."""
ILP_PACKAGES = ("rummikub-solver", "highspy")


def cpython(path: Path) -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(zk_positions.run_json(str(path)))
    return figures


def pyodide() -> dict[str, Any] | str:
    node = shutil.which("node")
    if node is None or not (ROOT / "web" / "node_modules" / "pyodide").is_dir():
        return "skipped: no node or no web/node_modules/pyodide"
    done = subprocess.run([node, str(BENCH / "zk_pyodide.mjs")], capture_output=True,
                          text=True, check=False)
    if done.returncode:
        return f"failed: {done.stderr.strip()[-300:]}"
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def ilp(path: Path) -> dict[str, Any] | str:
    python = ILP_ENV / "bin" / "python"
    if not python.exists():
        uv = [sys.executable, "-m", "uv"]
        made = subprocess.run([*uv, "venv", "--quiet", str(ILP_ENV)], check=False)
        if made.returncode == 0:
            made = subprocess.run([*uv, "pip", "install", "--quiet", "--python", str(python),
                                   *ILP_PACKAGES], check=False)
        if made.returncode:
            return "skipped: could not install " + " ".join(ILP_PACKAGES)
    done = subprocess.run([str(python), str(BENCH / "zk_ilp.py"), str(path)],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        return f"failed: {done.stderr.strip()[-300:]}"
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def line(name: str, figures: dict[str, Any] | str) -> str:
    if isinstance(figures, str):
        return f"  {name:<28} {figures}"
    return (f"  {name:<28} median {figures['median_ms']:8.2f} ms   p99 {figures['p99_ms']:8.2f}"
            f" ms   max {figures['max_ms']:8.2f} ms   wrong {figures.get('wrong', '-')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--no-ilp", action="store_true")
    parser.add_argument("--games", type=int, default=GAMES, help="rounds per pairing")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    path = vector_path("zoliky-s-kameny-positions.json")
    print(f"Žolíky s kameny best move, {path.name} (time per position)")
    mine = cpython(path)
    for objective in zk_positions.OBJECTIVES:
        print(line(f"CPython {mine['python']} {objective}", mine[objective]))
    if not args.no_pyodide:
        under = pyodide()
        if isinstance(under, str):
            print(line("Pyodide", under))
        else:
            for objective in zk_positions.OBJECTIVES:
                print(line(f"Pyodide {under['pyodide_version']} {objective}", under[objective]))
    if not args.no_ilp:
        print(line("rummikub-solver HiGHS tiles", ilp(path)))
    if args.games >= 2:
        print(f"Ladder: {args.games // 2 * 2} rounds per pairing, mirrored pairs")
        for row in zk_ladder.ladder(args.games, args.jobs):
            print(f"  {row['first']:>8} vs {row['second']:<8} {100 * row['share']:5.1f} % "
                  f"± {100 * row['margin']:4.1f} over {row['rounds']} rounds "
                  f"({row['seconds_per_round']:.2f} s a round; {row['first']} thinks "
                  f"median {row['think_median_ms']:.1f} ms, p99 {row['think_p99_ms']:.0f} ms, "
                  f"max {row['think_max_ms']:.0f} ms)")


if __name__ == "__main__":
    main()

"""Entry point of `make bench`: CPython figures in-process, Pyodide figures via Node, one table.
Run from the repo root: `.venv/bin/python bench/run.py [--seconds N]`. Figures only, no verdict."""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
NODE_SCRIPT = BENCH / "pyodide_bench.mjs"

sys.path[:0] = [str(ROOT), str(BENCH)]  # klubovna and random_games, whatever the cwd

import random_games  # noqa: E402


def run_pyodide(seconds: float) -> dict[str, Any] | str:
    """The Pyodide figures, or a message saying why there are none."""
    if not (PYODIDE_DIR / "pyodide.mjs").exists():
        return f"Pyodide is not installed in {PYODIDE_DIR}: run `npm ci --prefix web` first."
    node = shutil.which("node")
    if node is None:
        return "Node.js (`node`) is not on PATH: install Node 20 to get the Pyodide figures."
    proc = subprocess.run(
        [node, str(NODE_SCRIPT), str(seconds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120 + 4 * seconds,
    )
    if proc.returncode != 0:
        return f"the Pyodide run failed (exit {proc.returncode}):\n{proc.stderr.strip()}"
    figures: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return figures


def rate(value: float) -> str:
    """A per-second figure, readable at a glance."""
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def print_table(cpy: dict[str, Any], pyo: dict[str, Any] | None, seconds: float) -> None:
    """The figures of both runs side by side; `pyo` is None when Pyodide could not run."""
    pyo_head = f"Pyodide {pyo['pyodide_version']} (Python {pyo['python']})" if pyo else "Pyodide"
    rows = [("", f"CPython {cpy['python']}", pyo_head, "CPython/Pyodide")]
    figures = (
        ("random games/s", "games_per_s"),
        ("score_board calls/s (memo warm)", "score_board_per_s"),
        ("score_board calls/s (memo cold)", "score_board_cold_per_s"),
    )
    for label, key in figures:
        if pyo:
            rows.append((label, rate(cpy[key]), rate(pyo[key]), f"{cpy[key] / pyo[key]:.2f}x"))
        else:
            rows.append((label, rate(cpy[key]), "-", "-"))
    if pyo:
        rows.append(("Pyodide load time", "", f"{pyo['load_seconds']:.2f} s", ""))
        rows.append(("copy + import klubovna", "", f"{pyo['copy_import_seconds']:.2f} s", ""))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]

    node = f", Node {pyo['node']}" if pyo else ""
    print(f"Matematický poker, easy mode, table {random_games.TABLE!r}; ~{seconds:g} s per figure")
    print(f"machine: {platform.machine()} {platform.system()}{node}")
    print()
    for i, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [
            cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)
        ]
        print("  ".join(cells).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    counts = f"CPython {cpy['games']:,} games, {cpy['score_board_calls']:,} score_board calls"
    if pyo:
        counts += f"; Pyodide {pyo['games']:,} games, {pyo['score_board_calls']:,} calls"
        same = "same" if pyo["check_totals"] == cpy["check_totals"] else "DIFFERENT"
        print(f"totals of seeds 0-9: {cpy['check_totals']} ({same} under Pyodide)")
    print(counts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time spent on each figure (default 5)"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()

    print(f"CPython: timing for ~{2 * args.seconds:g} s ...", file=sys.stderr, flush=True)
    cpy = random_games.run(args.seconds)
    print(
        f"Pyodide: loading, then timing for ~{2 * args.seconds:g} s ...",
        file=sys.stderr,
        flush=True,
    )
    pyo = run_pyodide(args.seconds)

    print_table(cpy, pyo if isinstance(pyo, dict) else None, args.seconds)
    print(f"bench wall time: {time.perf_counter() - started:.1f} s")
    if isinstance(pyo, str):
        print(f"\nNo Pyodide figures: {pyo}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

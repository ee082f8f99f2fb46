"""The pure packages run unchanged under Pyodide (Python 3.14 in WebAssembly, in Node)
and give exactly the same games as CPython for the same seeds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import random_games  # noqa: E402  (bench/random_games.py: the workload both runtimes play)


def test_pyodide_plays_the_same_games_as_cpython() -> None:
    done = subprocess.run(
        ["node", str(ROOT / "bench" / "pyodide_bench.mjs"), "0.1"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["platform"] == "emscripten"
    assert report["games"] > 0
    expected = [random_games.play_random_game(seed) for seed in random_games.CHECK_SEEDS]
    assert report["check_totals"] == expected

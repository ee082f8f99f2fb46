"""The pure packages run unchanged under Pyodide (Python 3.14 in WebAssembly, in Node)
and give exactly the same games as CPython for the same seeds; the browser's host
(LocalHost, as the worker runs it) plays a hot-seat game of a plug-in's game there too.
One Pyodide start serves every test here (tests/pyodide_checks.mjs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from klubovna.tables.registry import REGISTRY
from tests.toy import hot_seat, nim

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import random_games  # noqa: E402  (bench/random_games.py: the workload both runtimes play)

REGISTRY.pop(nim.ENGINE.name, None)  # registered on import; here only while a test needs it


@pytest.fixture(scope="module")
def pyodide() -> dict[str, Any]:
    """What tests/pyodide_checks.mjs reports from Pyodide."""
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_checks.mjs"), "0.1"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_pyodide_plays_the_same_games_as_cpython(pyodide: dict[str, Any]) -> None:
    report = pyodide["bench"]
    assert report["platform"] == "emscripten"
    assert report["games"] > 0
    expected = [random_games.play_random_game(seed) for seed in random_games.CHECK_SEEDS]
    assert report["check_totals"] == expected


def test_a_nim_hot_seat_game_in_the_browsers_host(pyodide: dict[str, Any]) -> None:
    """Two people and a computer player through LocalHost.handle_seat under Pyodide, to the
    end (hot_seat.play asserts each step there): the very game CPython plays."""
    with nim.registered():
        expected = hot_seat.play()
    played = pyodide["hot_seat"]
    assert [view["over"] for view in played["views"]] == [True, True]
    assert played == expected

"""Benchmark workload: random Matematický poker games and score_board calls, timed.
Standard library + klubovna only, so this same file runs under CPython and under Pyodide."""

from __future__ import annotations

import sys
import time
from typing import Any

from klubovna.core import Rng
from klubovna.games.matematicky_poker import ENGINE, score_board
from klubovna.games.matematicky_poker.scoring import forget_scores

CONFIG: dict[str, Any] = {"mode": "easy", "table": "adjacent"}
TABLE = "adjacent"
SEAT = 0
NOW = 1_700_000_000_000
"""Easy mode has no clock, so every action is sent at the same fixed Unix ms."""
MAX_STEPS = 10_000
"""A random game that has not ended after this many actions is a bug, not a long game."""
BOARD_BATCH = 1_000
"""score_board calls between two looks at the clock."""
CHECK_SEEDS = range(10)
"""Seeds whose final totals are reported, so CPython and Pyodide runs can be compared."""


def final_total(result: dict[str, Any]) -> int:
    """The final total out of ENGINE.result(state)."""
    return int(result["total"])


def play_random_game(seed: int) -> int:
    """Play one full easy game picking uniformly among ENGINE.legal; return the final total."""
    chooser = Rng(seed)
    state = ENGINE.new(CONFIG, seed)
    state, _ = ENGINE.apply(state, SEAT, {"type": "start"}, NOW)
    for _ in range(MAX_STEPS):
        result = ENGINE.result(state)
        if result is not None:
            return final_total(result)
        actions = ENGINE.legal(state, SEAT)
        if not actions:
            raise RuntimeError(f"seed {seed}: no legal action, yet the game is not over")
        state, _ = ENGINE.apply(state, SEAT, actions[chooser.below(len(actions))], NOW)
    raise RuntimeError(f"seed {seed}: game not over after {MAX_STEPS} actions")


def random_boards(count: int, seed: int) -> list[list[int | None]]:
    """`count` full boards: 25 cells, each a uniform card value 1..13."""
    rng = Rng(seed)
    return [[1 + rng.below(13) for _ in range(25)] for _ in range(count)]


def time_games(seconds: float) -> tuple[int, float]:
    """Play games with seeds 0, 1, 2, ... for about `seconds`; return (games, elapsed s)."""
    games = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        play_random_game(games)
        games += 1
        elapsed = time.perf_counter() - start
    return games, elapsed


def time_score_board(seconds: float, cold: bool = False) -> tuple[int, float]:
    """Score pre-made random boards for about `seconds`; return (calls, elapsed s).

    Warm: the line memo already knows the boards' lines (as in play, where most lines
    repeat); cold: the memo is emptied before every call, so each line is scored anew.
    """
    boards = random_boards(BOARD_BATCH, seed=1)
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for cells in boards:
            if cold:
                forget_scores()
            score_board(cells, TABLE)
        calls += len(boards)
        elapsed = time.perf_counter() - start
    return calls, elapsed


def run(seconds: float = 5.0) -> dict[str, Any]:
    """Time each workload for about `seconds`; return JSON-ready figures."""
    check_totals = [play_random_game(seed) for seed in CHECK_SEEDS]  # doubles as warm-up
    for cells in random_boards(100, seed=2):
        score_board(cells, TABLE)
    games, games_elapsed = time_games(seconds)
    calls, calls_elapsed = time_score_board(seconds)
    cold_calls, cold_elapsed = time_score_board(seconds / 2, cold=True)
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "games": games,
        "games_seconds": round(games_elapsed, 3),
        "games_per_s": games / games_elapsed,
        "score_board_calls": calls,
        "score_board_seconds": round(calls_elapsed, 3),
        "score_board_per_s": calls / calls_elapsed,
        "score_board_cold_per_s": cold_calls / cold_elapsed,
        "check_totals": check_totals,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)))

"""rummikub-solver (ILP, HiGHS) timed on the Žolíky s kameny golden positions: run by
bench/zoliky.py in its own environment (var/bench/ilp, never the project's), prints one
JSON line. Usage: PYTHON zk_ilp.py POSITIONS.json"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from rummikub_solver import MILPSolver, RuleSet, SolverMode


def tile(value: object) -> int:
    """The solver's tile number: colour * 13 + number, the joker 53."""
    if value == "J":
        return 53
    colour, number = value  # type: ignore[misc]
    return int(colour) * 13 + int(number)


def position(ruleset: RuleSet, p: dict[str, Any]) -> Any:
    state = ruleset.new_game()
    state.add_table(*(tile(t) for s in p["table_sets"] for t in s))
    state.add_rack(*(tile(t) for t in p["rack"]))
    state.initial = False
    return state


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        positions = json.load(file)["positions"]
    ruleset = RuleSet(solver_backend=MILPSolver.HIGHS)
    for p in positions[:10]:  # a warm-up
        ruleset.solve(position(ruleset, p), SolverMode.TILE_COUNT)
    ms = []
    wrong = 0
    for p in positions:
        state = position(ruleset, p)
        start = time.perf_counter()
        solution = ruleset.solve(state, SolverMode.TILE_COUNT)
        ms.append((time.perf_counter() - start) * 1000)
        wrong += len(solution.tiles if solution else []) != p["max_tiles"]
    ms.sort()
    print(json.dumps({"positions": len(ms), "median_ms": round(statistics.median(ms), 3),
                      "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 3),
                      "max_ms": round(ms[-1], 3), "wrong": wrong}))


if __name__ == "__main__":
    main()

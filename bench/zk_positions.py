"""The Žolíky s kameny search timed on the golden positions: the workload bench/zoliky.py
runs under CPython and bench/zk_pyodide.mjs under Pyodide (standard library only)."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from klubovna.games.zoliky_s_kameny import best_move

OBJECTIVES = ("tiles", "value")


def summary(ms: list[float]) -> dict[str, float]:
    ordered = sorted(ms)
    return {"median_ms": round(statistics.median(ordered), 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3),
            "max_ms": round(ordered[-1], 3), "mean_ms": round(statistics.fmean(ordered), 3)}


def run(positions: list[dict[str, Any]]) -> dict[str, Any]:
    """Each position solved for each objective once to warm up, then timed once; the
    tile counts checked against the file's."""
    for p in positions[:10]:
        best_move(p["table_sets"], p["rack"], "tiles")
    out: dict[str, Any] = {"positions": len(positions)}
    for objective in OBJECTIVES:
        ms = []
        wrong = 0
        for p in positions:
            start = time.perf_counter()
            amount, _ = best_move(p["table_sets"], p["rack"], objective)
            ms.append((time.perf_counter() - start) * 1000)
            wrong += objective == "tiles" and amount != p["max_tiles"]
        out[objective] = {**summary(ms), "wrong": wrong}
    return out


def run_json(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        positions = json.load(file)["positions"]
    return json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                       **run(positions)})

"""The strongest Locus Poker player's time per move, the same workload on CPython
(bench/locus_poker.py) and under Pyodide (bench/lp_pyodide.mjs): whole 6×6 games against
the next weaker, the seats alternating, every move of the strongest timed. Pure: only the
klubovna packages, so Pyodide runs it unchanged."""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import replace
from typing import Any

from klubovna.bots.locus_poker import BOTS, Searcher
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE

FIRST_SEED = 47_000


def strongest(budget: int | None) -> Searcher:
    bot = list(BOTS.values())[-1]
    assert isinstance(bot, Searcher)
    return bot if budget is None else Searcher(bot.name, replace(bot.plan, nodes=budget))


def per_move(games: int, budget: int | None = None, grid: str = "6x6") -> dict[str, Any]:
    """Milliseconds per move of the strongest (p50, p95, max), its nodes and depths."""
    best = strongest(budget)
    other = list(BOTS.values())[-2]
    ms: list[float] = []
    nodes: list[int] = []
    depths: list[int] = []
    for game in range(games):
        seats = [best, other] if game % 2 == 0 else [other, best]
        state, _ = ENGINE.apply(ENGINE.new({"grid": grid}, FIRST_SEED + game), 0,
                                {"type": "start"}, 0)
        rngs = [Rng(game * 8), Rng(game * 8 + 1)]
        while not state.over:
            seat = state.turn
            view = ENGINE.view(state, seat)
            if seats[seat] is best:
                began = time.perf_counter()
                move, search = best.think(view, rngs[seat])
                ms.append((time.perf_counter() - began) * 1000)
                nodes.append(search.nodes)
                depths.append(search.depth_done)
                action = {"type": "play", "cell": move[1], "face": "up" if move[2] else "down"}
            else:
                action = seats[seat].choose(view, (), rngs[seat])
            state, _ = ENGINE.apply(state, seat, action, 0)
    ms.sort()
    return {"name": best.name, "moves": len(ms), "p50": statistics.median(ms),
            "p95": ms[int(len(ms) * 0.95)], "max": ms[-1],
            "nodes_p50": statistics.median(nodes), "depth_p50": statistics.median(depths)}


def run_json(games: int, budget: int | None = None) -> str:
    return json.dumps(per_move(games, budget))

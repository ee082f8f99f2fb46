"""The Matematický poker levels' time per move over fixed games, the same code under
CPython (bench/mp_bot.py) and under Pyodide (bench/mp_pyodide.mjs). Pure: klubovna and the
standard library only, so it runs unchanged in both.

Each level plays `games` solo games on the adjacent table with the 54 cards (deal g from
seed FIRST_SEED + g, decision i of a game from Rng(i + 1)), every decision timed alone (the
first game starts with the evaluation's memos empty, as a fresh worker does); the actions
are returned too, so both runtimes can be shown to do the same work."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from klubovna.bots.matematicky_poker import BOTS, Player
from klubovna.core import Json, Rng
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck

FIRST_SEED = 27_000
TABLE = "adjacent"


def game(bot: Player, seed: int) -> tuple[list[float], list[float], list[dict[str, Json]]]:
    """One game of `bot` (the rules as bench/mp_bot.py plays them): wall ms, CPU ms (the
    process's: on a loaded machine the wall time overstates the work) and actions."""
    deal = list(shuffled_deck(seed))
    board: list[int | None] = [None] * 25
    unseen, kept = list(deal), 0
    ms: list[float] = []
    cpu: list[float] = []
    actions: list[dict[str, Json]] = []
    for card in deal:
        if None not in board:
            break
        unseen.remove(card)
        while None in board:
            began, began_cpu = time.perf_counter(), time.process_time()
            action = bot.decide(board, card, kept, TABLE, unseen, Rng(len(ms) + 1))
            ms.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
            actions.append(action)
            if action["type"] == "joker" and action["choice"] == "keep":
                kept += 1
                break
            board[action["cell"]] = card if action["type"] == "place" else action["value"]  # type: ignore[index]
            if action["type"] == "kept_joker":
                kept -= 1
            else:
                break
    assert JOKER not in board
    return ms, cpu, actions


def run(games: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, bot in BOTS.items():
        assert isinstance(bot, Player)
        ms: list[float] = []
        cpu: list[float] = []
        actions: list[dict[str, Json]] = []
        for g in range(games):
            more, more_cpu, acts = game(bot, FIRST_SEED + g)
            ms += more
            cpu += more_cpu
            actions += acts
        out[name] = {"ms": ms, "cpu_ms": cpu, "actions": actions}
    return out


def run_json(games: int) -> str:
    return json.dumps({"python": sys.version.split()[0], "levels": run(games)})

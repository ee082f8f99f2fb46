"""Chytrý's think time over a fixed set of decisions, the same code under CPython
(bench/kostkovy_poker.py) and under Pyodide (bench/kp_pyodide.mjs). Pure: klubovna and the
standard library only (and play_hand from tests/bots, copied in), so it runs unchanged in
both.

The set: the first `count` views on which Chytrý (seat 0, the shipped bot) keeps or bets in
fresh hands against Klidný players, hand h dealt from seed FIRST_SEED + h. Each view is then
decided again by a Chytrý with the number of deals asked for, decision i from Rng(i + 1), and
timed alone; the actions are returned too, so both runtimes can be shown to do the same work."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from klubovna.bots.kostkovy_poker import CHYTRY, KLIDNY, Bot, Chytry
from klubovna.bots.kostkovy_poker.seen import Action
from klubovna.core import Event, Rng, View
from klubovna.games.kostkovy_poker import ENGINE
from tests.bots.kostkovy_poker import play_hand

CHIPS = 20
FIRST_SEED = 1_000_000
TABLES = {"heads-up": 2, "six seats": 6}
"""The decision sets by name: Chytrý against one Klidný, and against five."""


class _Recorder:
    """Plays as `bot` and keeps every view it decides on (keeping and betting, not starting)."""

    def __init__(self, bot: Bot, views: list[View]) -> None:
        self.bot, self.views = bot, views

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if "start" not in view["actions"]:
            self.views.append(view)
        return self.bot.choose(view, witnessed, rng)


def collect(seats: int, count: int) -> list[View]:
    """The first `count` views Chytrý decides on at `seats`-seat tables (one hand per table)."""
    views: list[View] = []
    hand = 0
    while len(views) < count:
        state = ENGINE.new({"seats": seats, "chips": CHIPS}, FIRST_SEED + hand)
        players = [_Recorder(CHYTRY, views)] + [KLIDNY] * (seats - 1)
        play_hand(state, players, [Rng(7 * hand + 1 + i) for i in range(seats)])
        hand += 1
    return views[:count]


def time_set(seats: int, count: int, sims: int, keep_sims: int) -> dict[str, Any]:
    """Milliseconds per decision, the kind of each ("keep" or "bet"), and the actions."""
    bot = Chytry(sims=sims, keep_sims=keep_sims)
    ms: list[float] = []
    kinds: list[str] = []
    actions: list[Action] = []
    for i, view in enumerate(collect(seats, count)):
        rng = Rng(i + 1)
        started = time.perf_counter()
        action = bot.choose(view, (), rng)
        ms.append((time.perf_counter() - started) * 1000)
        kinds.append("keep" if action["type"] == "keep" else "bet")
        actions.append(action)
    return {"ms": ms, "kinds": kinds, "actions": actions}


def run(count: int, sims: int, keep_sims: int) -> dict[str, dict[str, Any]]:
    """Every decision set of TABLES, timed."""
    return {name: time_set(seats, count, sims, keep_sims) for name, seats in TABLES.items()}


def run_json(count: int, sims: int, keep_sims: int) -> str:
    """`run` as one JSON line, with the platform it ran on (Pyodide's entry point)."""
    return json.dumps({"platform": sys.platform, "python": sys.version.split()[0],
                       "sets": run(count, sims, keep_sims)})

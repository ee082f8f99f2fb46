"""The Žolíky s kameny computer players' ladder: two-player rounds in mirrored pairs (the
same deal twice, the seats swapped), hard against medium, medium against easy and hard
against the greedy player (tests/bots/zoliky_s_kameny.py); wins count 1, draws 1/2. Part of
bench/zoliky.py (--games, --jobs); the pairs are shared out among worker processes in fixed
ranges and merged in order, so the figures do not depend on the number of processes."""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from typing import Any

from klubovna.bots import Action, Bot
from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI, TEZKA
from klubovna.core import Event, Rng, View
from klubovna.games.zoliky_s_kameny import ENGINE
from tests.bots.zoliky_s_kameny import GREEDY, play_round

PAIRINGS: list[tuple[Bot, Bot]] = [(TEZKA, STREDNI), (STREDNI, LEHKA), (TEZKA, GREEDY)]
FIRST_SEED = 1_000
CHUNK = 10


class Timed:
    """A computer player whose every decision is timed (milliseconds in `ms`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.ms = bot, bot.name, []

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        began = time.perf_counter()
        action = self.bot.choose(view, witnessed, rng)
        self.ms.append((time.perf_counter() - began) * 1000)
        return action


def _pairs(job: tuple[int, int, int]) -> tuple[float, int, float, list[float]]:
    """Points of the first player over pairs [start, stop) of pairing `index`, the rounds
    played, the seconds they took and the first player's think times (ms)."""
    index, start, stop = job
    first, second = Timed(PAIRINGS[index][0]), PAIRINGS[index][1]
    points = 0.0
    began = time.perf_counter()
    for pair in range(start, stop):
        for seats in ((first, second), (second, first)):
            state = play_round(seats, FIRST_SEED + pair)
            result = ENGINE.result(state)
            assert result is not None
            mine = seats.index(first)
            points += 1.0 if result["winner"] == mine else 0.5 if result["winner"] is None else 0
    return points, 2 * (stop - start), time.perf_counter() - began, first.ms


def ladder(games: int, jobs: int) -> list[dict[str, Any]]:
    """Each pairing over `games` rounds (games // 2 mirrored pairs)."""
    pairs = games // 2
    work = [(i, start, min(start + CHUNK, pairs)) for i in range(len(PAIRINGS))
            for start in range(0, pairs, CHUNK)]
    with multiprocessing.Pool(jobs) as pool:
        done = pool.map(_pairs, work)
    out = []
    for i, (first, second) in enumerate(PAIRINGS):
        mine = [d for (index, _, _), d in zip(work, done, strict=True) if index == i]
        points = sum(d[0] for d in mine)
        rounds = sum(d[1] for d in mine)
        share = points / rounds if rounds else math.nan
        think = sorted(ms for d in mine for ms in d[3])
        margin = 1.96 * math.sqrt(share * (1 - share) / rounds) if rounds else math.nan
        out.append({"first": first.name, "second": second.name, "rounds": rounds,
                    "share": share, "margin": margin,
                    "seconds_per_round": sum(d[2] for d in mine) / max(rounds, 1),
                    "think_median_ms": statistics.median(think) if think else math.nan,
                    "think_p99_ms": think[int(len(think) * 0.99)] if think else math.nan,
                    "think_max_ms": think[-1] if think else math.nan})
    return out

"""The Žolíky s kameny computer players' ladder: two-player rounds in mirrored pairs (the
same deal twice, the seats swapped), hard against medium, medium against easy and hard
against the greedy player (tests/bots/zoliky_s_kameny.py); wins count 1, draws 1/2. Part of
bench/zoliky.py (--games, --jobs); the pairs are shared out among worker processes in fixed
ranges and merged in order, so the figures do not depend on the number of processes."""

from __future__ import annotations

import math
import multiprocessing
import time
from typing import Any

from klubovna.bots import Bot
from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI, TEZKA
from klubovna.games.zoliky_s_kameny import ENGINE
from tests.bots.zoliky_s_kameny import GREEDY, play_round

PAIRINGS: list[tuple[Bot, Bot]] = [(TEZKA, STREDNI), (STREDNI, LEHKA), (TEZKA, GREEDY)]
FIRST_SEED = 1_000
CHUNK = 10


def _pairs(job: tuple[int, int, int]) -> tuple[float, int, float]:
    """Points of the first player over pairs [start, stop) of pairing `index`, the rounds
    played and the seconds they took."""
    index, start, stop = job
    first, second = PAIRINGS[index]
    points = 0.0
    began = time.perf_counter()
    for pair in range(start, stop):
        for seats in ((first, second), (second, first)):
            state = play_round(seats, FIRST_SEED + pair)
            result = ENGINE.result(state)
            assert result is not None
            mine = seats.index(first)
            points += 1.0 if result["winner"] == mine else 0.5 if result["winner"] is None else 0
    return points, 2 * (stop - start), time.perf_counter() - began


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
        margin = 1.96 * math.sqrt(share * (1 - share) / rounds) if rounds else math.nan
        out.append({"first": first.name, "second": second.name, "rounds": rounds,
                    "share": share, "margin": margin,
                    "seconds_per_round": sum(d[2] for d in mine) / max(rounds, 1)})
    return out

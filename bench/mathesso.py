"""The memory ladder of Mathesso's computer players: each level against the next weaker one
over two-player Pico games (400 by default: 200 layouts, each played twice with the seats
swapped), the stronger one's share of the points (a win 1, a draw 1/2) with its 95 %
interval, their average points and the think time. Goal: each stronger level wins clearly
more (its interval above one half). Then a young child (tests/bots/mathesso.py CHILD: a
card sticks with 50 %, four at most) against the friendliest level, Kotě, over 400 games of
Atto, the variant for the youngest; goal: the child wins at least about half. Part of
`make bench`.

    .venv/bin/python bench/mathesso.py [--games 400] [--jobs 2] [--variant pico]

The games are shared out among worker processes in fixed ranges and merged in order, so
the figures do not depend on the number of processes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stats import wilson  # noqa: E402

from klubovna.bots import Action, Bot  # noqa: E402
from klubovna.bots.mathesso import BOTS  # noqa: E402
from klubovna.core import Event, Rng, View  # noqa: E402
from klubovna.games.mathesso import ENGINE  # noqa: E402
from tests.bots.mathesso import CHILD, play_game  # noqa: E402

LEVELS = list(BOTS)
PLAYERS: dict[str, Bot] = {**BOTS, CHILD.name: CHILD}
PAIRINGS = [(LEVELS[i + 1], LEVELS[i]) for i in range(len(LEVELS) - 1)]
"""(stronger, weaker), weakest pairing first."""
CHILD_PAIRING = (CHILD.name, LEVELS[0], "atto")
"""The child against the friendliest level, in the youngest variant."""
FIRST_SEED = 5_000
CHUNK = 10


class Timed:
    """A computer player whose every decision is timed (milliseconds in `ms`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.ms: list[float] = []

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        began = time.perf_counter()
        action = self.bot.choose(view, witnessed, rng)
        self.ms.append((time.perf_counter() - began) * 1000)
        return action


def _games(job: tuple[str, str, str, int, int]) -> dict[str, Any]:
    """Layouts [start, stop) of (first, second) in `variant`, each played with both
    seatings; the first one's share."""
    first, second, variant, start, stop = job
    strong, weak = (Timed(PLAYERS[name]) for name in (first, second))
    share = 0.0
    points = [0, 0]
    games = 0
    began = time.perf_counter()
    for layout in range(start, stop):
        for seats in ((strong, weak), (weak, strong)):
            state = play_game(seats, FIRST_SEED + layout, {"variant": variant},
                              check=False)
            result = ENGINE.result(state)
            assert result is not None
            mine, theirs = seats.index(strong), seats.index(weak)
            got, other = result["points"][mine], result["points"][theirs]
            share += 1.0 if got > other else 0.5 if got == other else 0.0
            points[0] += got
            points[1] += other
            games += 1
    return {"share": share, "games": games, "points": points,
            "seconds": time.perf_counter() - began, "ms": strong.ms + weak.ms}


def ladder(games: int, jobs: int, variant: str) -> list[dict[str, Any]]:
    """The ladder's rows in `variant`, then the child's row (in Atto)."""
    layouts = games // 2
    pairings = [(strong, weak, variant) for strong, weak in PAIRINGS] + [CHILD_PAIRING]
    work = [(*pairing, start, min(start + CHUNK, layouts)) for pairing in pairings
            for start in range(0, layouts, CHUNK)]
    with multiprocessing.Pool(jobs) as pool:
        done = pool.map(_games, work)
    out = []
    for strong, weak, played_in in pairings:
        mine = [d for job, d in zip(work, done, strict=True) if job[:3] == (strong, weak,
                                                                          played_in)]
        played = sum(d["games"] for d in mine)
        share = sum(d["share"] for d in mine) / played
        think = sorted(ms for d in mine for ms in d["ms"])
        out.append({
            "stronger": strong, "weaker": weak, "variant": played_in, "games": played,
            "share": share,
            "interval": wilson(share, played),
            "points": [sum(d["points"][k] for d in mine) / played for k in (0, 1)],
            "seconds_per_game": sum(d["seconds"] for d in mine) / played,
            "think_median_ms": statistics.median(think),
            "think_p99_ms": think[int(len(think) * 0.99)],
            "think_max_ms": think[-1]})
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--variant", default="pico", choices=ENGINE.settings[1].choices)
    args = parser.parse_args(argv)
    print(f"Mathesso memory ladder: {args.variant}, {args.games} games per pairing "
          "(each layout with both seatings)")
    print(f"{'stronger':>8} {'weaker':>8} {'games':>6} {'share':>7} {'95 % interval':>17} "
          f"{'points':>13} {'s/game':>7} {'think ms median/p99/max':>24}")
    for row in ladder(args.games, args.jobs, args.variant):
        low, high = row["interval"]
        if row["stronger"] == CHILD.name:
            print(f"The child against {row['weaker']}, {row['variant']}:")
            verdict = "wins about half or more" if high >= 0.5 else "LOSES: too strong"
        else:
            verdict = "clearly stronger" if low > 0.5 else "NOT clearly stronger"
        print(f"{row['stronger']:>8} {row['weaker']:>8} {row['games']:>6} "
              f"{row['share']:>7.3f}   [{low:.3f}, {high:.3f}] "
              f"{row['points'][0]:>6.1f}:{row['points'][1]:<6.1f} "
              f"{row['seconds_per_game']:>7.3f} "
              f"{row['think_median_ms']:>6.2f} / {row['think_p99_ms']:>5.1f} / "
              f"{row['think_max_ms']:>6.1f}  {verdict}")


if __name__ == "__main__":
    main()

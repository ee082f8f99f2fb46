"""`make bench`: how strong Kostkový poker's computer players are heads-up, and how long
Chytrý thinks. Every hand starts afresh at 20 chips each from a fixed seed; the player measured
sits in either seat by turns. Run from the repo root: `.venv/bin/python bench/kostkovy_poker.py
[--hands N]`. Figures only, no verdict."""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]  # klubovna, whatever the cwd

from klubovna.bots.kostkovy_poker import (  # noqa: E402
    ALWAYS_CALL,
    ALWAYS_RAISE,
    CHYTRY,
    KLIDNY,
    RANDOM,
    Bot,
)
from klubovna.bots.kostkovy_poker.arena import play_hand  # noqa: E402
from klubovna.bots.kostkovy_poker.seen import Action  # noqa: E402
from klubovna.core import Rng, View  # noqa: E402
from klubovna.games.kostkovy_poker import ENGINE  # noqa: E402

CHIPS = 20
FIRST_SEED = 1_000_000
"""Hand h is dealt from seed FIRST_SEED + h, the same hands for every pairing."""
PAIRINGS: list[tuple[Bot, Bot]] = [
    (CHYTRY, KLIDNY),
    (CHYTRY, ALWAYS_CALL),
    (CHYTRY, ALWAYS_RAISE),
    (CHYTRY, RANDOM),
    (KLIDNY, ALWAYS_CALL),
    (KLIDNY, ALWAYS_RAISE),
    (KLIDNY, RANDOM),
]


@dataclass
class Timed:
    """A player whose every decision is timed (keeping and betting apart)."""

    bot: Bot
    keep_ms: list[float] = field(default_factory=list)
    bet_ms: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: View, rng: Rng) -> Action:
        started = time.perf_counter()
        action = self.bot.choose(view, rng)
        spent = (time.perf_counter() - started) * 1000
        (self.keep_ms if action["type"] == "keep" else self.bet_ms).append(spent)
        return action


def heads_up(player: Timed, opponent: Bot, hands: int) -> list[int]:
    """Chips `player` won (or lost) in each of `hands` fresh heads-up hands."""
    results: list[int] = []
    for hand in range(hands):
        seat = hand % 2
        players = [player, opponent] if seat == 0 else [opponent, player]
        rngs = [Rng(7 * hand + 1), Rng(7 * hand + 2)]
        state = ENGINE.new({"seats": 2, "chips": CHIPS}, FIRST_SEED + hand)
        state, _ = play_hand(state, players, rngs)
        mine = state.seats[seat]
        results.append(mine.chips + mine.put_in - CHIPS)  # put_in: the next hand's ante
    return results


def interval(values: list[int]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"Kostkový poker heads-up, {args.hands:,} hands per pairing, {CHIPS} chips each")
    print(f"machine: {platform.machine()} {platform.system()}, Python {platform.python_version()}")
    print()
    rows = [("player", "opponent", "chips won per hand", "95% CI")]
    chytry = Timed(CHYTRY)
    for player, opponent in PAIRINGS:
        print(f"{player.name} vs {opponent.name} ...", file=sys.stderr, flush=True)
        timed = chytry if player is CHYTRY else Timed(player)
        mean, half = interval(heads_up(timed, opponent, args.hands))
        rows.append((player.name, opponent.name, f"{mean:+.2f}",
                     f"[{mean - half:+.2f}, {mean + half:+.2f}]"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(w) if j < 2 else cell.rjust(w)
                        for j, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    every = chytry.keep_ms + chytry.bet_ms
    for label, times in (("all", every), ("keep", chytry.keep_ms), ("bet", chytry.bet_ms)):
        print(f"Chytrý time per decision ({label}, {len(times):,}): "
              f"p50 {percentile(times, 0.5):.1f} ms, p95 {percentile(times, 0.95):.1f} ms")
    print(f"bench wall time: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

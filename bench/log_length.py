"""How long a real game's log gets: the figures behind `klubovna.tables.table.MAX_LOG`.

Plays whole games through `Table` (so every entry a server would store is counted: actions,
the host's start, deadline ticks) with players who send random legal actions (never `leave`
or `end`), and for Kostkový poker the real computer players and the sparring partners.
Matematický poker: a 50-seat group (the largest table) in easy and in hard mode, where some
players let their numbers run out (a tick each), and a duel. Kostkový poker: six seats with
the most chips (100), which makes the longest games. Run from the repo root:
`.venv/bin/python bench/log_length.py [--games N]`. Figures only, no verdict."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]

from klubovna.bots.kostkovy_poker import KLIDNY  # noqa: E402
from klubovna.core import Rng  # noqa: E402
from klubovna.tables import Table  # noqa: E402
from klubovna.tables.registry import get_game  # noqa: E402
from klubovna.tables.table import MAX_LOG  # noqa: E402
from tests.bots.kostkovy_poker import ALWAYS_CALL, RANDOM  # noqa: E402

T0 = 1_700_000_000_000
STEP_MS = 200
"""Time between two moves: hard mode's seconds are not run out by playing players."""
SLACK = 0.1
"""In hard mode the share of moves a player does not make (its number then runs out)."""


def play(table: Table, rng: Rng, choose: Any, idle: float = 0.0) -> int:
    """Play the table to its end, one move at a time; returns its log's length."""
    now = T0
    table.commit(table.act_for(0, {"type": "start"}, now), now)
    seats = len(table.key_hashes)
    while not table.over:
        now += STEP_MS
        table.commit(table.tick(now), now)
        if table.over:
            break
        movers = [seat for seat in range(seats) if legal_moves(table, seat)]
        if not movers:  # nobody may move: let the clock run to the next deadline
            deadline = table.next_deadline()
            if deadline is None:
                raise RuntimeError("stuck: nobody may move and nothing is due")
            now = max(now, deadline)
            continue
        if idle and rng.below(1000) < idle * 1000:
            continue  # a player who waits: time runs on
        seat = movers[rng.below(len(movers))]
        action = choose(table, seat, legal_moves(table, seat), rng)
        table.commit(table.act_for(seat, action, now), now)
    return table.version


def legal_moves(table: Table, seat: int) -> list[dict[str, Any]]:
    return [a for a in table.game.legal(table.state, seat)
            if a.get("type") not in ("leave", "end", "start")]


def random_legal(_table: Table, _seat: int, legal: list[dict[str, Any]], rng: Rng) -> Any:
    return legal[rng.below(len(legal))]


def kp_bot(bots: list[Any]) -> Any:
    def choose(table: Table, seat: int, _legal: list[dict[str, Any]], rng: Rng) -> Any:
        return bots[seat].choose(table.game.view(table.state, seat), (), rng)
    return choose


def mp_table(config: dict[str, Any], seed: int) -> Table:
    game = get_game("matematicky-poker")
    seats = config.get("seats", 2 if config.get("variant") == "duel" else 1)
    return Table(f"mp{seed}", game, config, seed, ["-"] * seats)


def kp_table(seed: int) -> Table:
    game = get_game("kostkovy-poker")
    return Table(f"kp{seed}", game, {"seats": 6, "chips": 100}, seed, ["-"] * 6)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    games = parser.parse_args().games
    cases: list[tuple[str, Any]] = [
        ("MP group of 50, easy", lambda s: play(mp_table(
            {"variant": "group", "seats": 50, "mode": "easy"}, s), Rng(s), random_legal)),
        ("MP group of 50, hard 5 s, 10 % idle", lambda s: play(mp_table(
            {"variant": "group", "seats": 50, "mode": "hard", "seconds": 5}, s), Rng(s),
            random_legal, SLACK)),
        ("MP duel, hard 5 s, 10 % idle", lambda s: play(mp_table(
            {"variant": "duel", "mode": "hard", "seconds": 5}, s), Rng(s), random_legal, SLACK)),
        ("KP 6 x 100 chips, Klidny", lambda s: play(kp_table(s), Rng(s), kp_bot([KLIDNY] * 6))),
        ("KP 6 x 100 chips, always call", lambda s: play(kp_table(s), Rng(s),
                                                         kp_bot([ALWAYS_CALL] * 6))),
        ("KP 6 x 100 chips, random", lambda s: play(kp_table(s), Rng(s), kp_bot([RANDOM] * 6))),
    ]
    longest = 0
    for name, run in cases:
        lengths = [run(seed) for seed in range(1, games + 1)]
        longest = max(longest, *lengths)
        print(f"{name:40} median {statistics.median(lengths):7.0f}  max {max(lengths):7d}")
    print(f"longest {longest}; MAX_LOG {MAX_LOG} = {MAX_LOG / longest:.0f}x that")


if __name__ == "__main__":
    main()

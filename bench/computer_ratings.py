"""`make bench`: each game's computer levels on the ratings' scale (#37), from a ladder.

Every game the same way: each level plays the next weaker one in a two-person room of the
game (its first room kind for two, its default settings), in mirrored pairs (the same seed
twice, the seats swapped), a win 1 point and a shared first place 1/2. A step's share p is
worth 247.5 · ln(p / (1 − p)) rating points: the difference at which the rating model
(storage/ratings.py: Plackett-Luce, β = 25/6, 42 points a unit of μ) expects that share
between two settled players. p is held within [0.05, 0.95] (a step of at most ±729), and
the weakest level is set at 1000: below a new player's 1500, as every game's first level is
for a beginner to beat. Printed: each step's share with its 95 % Wilson interval, and the
ratings to copy into the game's bot folder (`RATINGS`). Figures only, no verdict.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]  # klubovna, whatever the cwd

from klubovna.bots import Bot  # noqa: E402
from klubovna.core import Event, Game  # noqa: E402
from klubovna.server.storage import ratings  # noqa: E402
from klubovna.tables import Lobby  # noqa: E402
from klubovna.tables.registry import REGISTRY, entry  # noqa: E402
from klubovna.tables.robots import ROBOTS, robot_move  # noqa: E402
from klubovna.tables.table import events_for  # noqa: E402

WEAKEST = 1000
SLOPE = ratings.SCALE * math.sqrt(2) * ratings.MODEL.beta
"""Rating points per unit of the log-odds between two settled players (247.5)."""
MOST_MOVES = 20_000


def two_person_config(game: str) -> dict[str, Any]:
    """The engine config of the game's first room kind that two people can play."""
    for policy in entry(game).game.rooms:
        if policy.seats[0] <= 2 <= policy.seats[1]:
            settings = {"seats": 2} if policy.robots else {}
            lobby = Lobby.open("LADDER", game, policy.kind, "A", "a", 0, settings=settings)
            lobby.join("B", "b", 0)
            config = lobby.start(0, 0)
            config.pop(ROBOTS, None)
            return config
    raise ValueError(f"{game} has no room for two")


def play(game: Game[Any], config: Mapping[str, Any], bots: Mapping[int, Bot],
         seed: int) -> list[int]:
    """A whole game between computer players; each seat's place."""
    state, events = game.apply(game.new(config, seed), 0, {"type": "start"}, 0)
    witnessed: dict[int, list[Event]] = {seat: list(events_for(events, seat)) for seat in bots}
    now, version = 0, 1
    for _ in range(MOST_MOVES):
        if game.result(state) is not None:
            break
        move = robot_move(game, state, bots, witnessed, seed, version)
        if move is None:  # nobody wants to move: time passes to the next deadline
            deadline = game.next_deadline(state)
            if deadline is None:
                raise RuntimeError(f"{game.name}: stuck at seed {seed}")
            now = max(now, deadline)
            state, events = game.advance(state, now)
        else:
            now += 1_000
            state, events = game.apply(state, move[0], move[1], now)
        version += 1
        for seat in bots:
            witnessed[seat].extend(events_for(events, seat))
    result = game.result(state)
    assert result is not None, f"{game.name}: no end at seed {seed}"
    places = {outcome.seat: outcome.place for outcome in game.outcomes(result)}
    return [places[seat] for seat in sorted(bots)]


def step_points(job: tuple[str, str, str, int, int]) -> float:
    """The stronger's points over mirrored pairs [start, stop) of one ladder step."""
    name, strong, weak, start, stop = job
    game, bots = entry(name).game, entry(name).bots
    config = two_person_config(name)
    points = 0.0
    for pair in range(start, stop):
        for seats in ((strong, weak), (weak, strong)):
            places = play(game, config, {0: bots[seats[0]], 1: bots[seats[1]]}, 7_000 + pair)
            mine, other = places[seats.index(strong)], places[1 - seats.index(strong)]
            points += 1.0 if mine < other else 0.5 if mine == other else 0.0
    return points


def wilson(share: float, n: int) -> tuple[float, float]:
    z = 1.96
    middle = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return middle - half, middle + half


def ladder(name: str, games: int, jobs: int) -> None:
    levels: Sequence[str] = list(entry(name).bots)
    pairs = max(1, games // 2)
    chunk = max(1, pairs // (jobs * 2))
    rating, fixed = WEAKEST, {levels[0]: WEAKEST}
    print(f"{name}: {pairs * 2} games a step, mirrored pairs")
    with multiprocessing.Pool(jobs) as pool:
        for weak, strong in zip(levels, levels[1:], strict=False):
            work = [(name, strong, weak, start, min(start + chunk, pairs))
                    for start in range(0, pairs, chunk)]
            share = sum(pool.map(step_points, work)) / (2 * pairs)
            low, high = wilson(share, 2 * pairs)
            held = min(0.95, max(0.05, share))
            rating += round(SLOPE * math.log(held / (1 - held)))
            fixed[strong] = rating
            print(f"  {strong} – {weak}: {100 * share:.1f} % [{100 * low:.1f}, "
                  f"{100 * high:.1f}] -> {rating}", flush=True)
    print(f"  RATINGS = {fixed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a ladder step")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    for name in args.game or list(REGISTRY):
        ladder(name, args.games, args.jobs)


if __name__ == "__main__":
    main()

"""Matematický poker's computer player against random and greedy play (issue #17).

Seeded deals, the same deals for every player: the average final score and its 95 %
interval of random (any empty cell), greedy (the largest immediate gain of the board's
total) and the bot at 0.1 s and 1 s a move; on `matematico` with 52 cards (jokers taken
out) and on `adjacent` with the 54 cards (a joker is used at once: greedy and the bot pick
the cell and value that gain most, random any). One process, no pool (a shared machine).
Part of `make bench`.

    .venv/bin/python bench/mp_bot.py [--deals 1000] [--players random,greedy,bot100,bot1000]
        [--settings matematico52,adjacent54]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stats import mean_interval  # noqa: E402

from klubovna.bots.matematicky_poker import place, use_joker  # noqa: E402
from klubovna.bots.matematicky_poker.search import choose  # noqa: E402
from klubovna.core import Rng  # noqa: E402
from klubovna.games.matematicky_poker.scoring import score_board  # noqa: E402
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck  # noqa: E402

FIRST_SEED = 17_000
SETTINGS = {"matematico52": ("matematico", False), "adjacent54": ("adjacent", True)}
Board = list[int | None]
Placer = Callable[[Board, int, str, list[int], Rng], int]
Joker = Callable[[Board, str, list[int], Rng], tuple[int, int]]


def _total(board: Board, table: str) -> int:
    return score_board(board, table)[1]


def _greedy(board: Board, card: int, table: str, unseen: list[int], rng: Rng) -> int:
    def after(cell: int) -> int:
        board[cell] = card
        points = _total(board, table)
        board[cell] = None
        return points

    return max((c for c in range(25) if board[c] is None), key=lambda c: (after(c), -c))


def _greedy_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    best = max(
        (_place_score(board, c, v, table), -c, -v, c, v)
        for c in range(25)
        if board[c] is None
        for v in range(1, 14)
    )
    return best[3], best[4]


def _place_score(board: Board, cell: int, value: int, table: str) -> int:
    board[cell] = value
    points = _total(board, table)
    board[cell] = None
    return points


def _random(board: Board, card: int, table: str, unseen: list[int], rng: Rng) -> int:
    empties = [c for c in range(25) if board[c] is None]
    return empties[rng.below(len(empties))]


def _random_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    return _random(board, 1, table, unseen, rng), 1 + rng.below(13)


def _bot(budget_ms: float) -> Placer:
    return lambda board, card, table, unseen, rng: place(board, card, table, unseen, budget_ms)


def _ablation(**switches: object) -> Placer:
    """The bot with some of its ideas switched off (a fixed 8 rounds: timing-free)."""
    return lambda board, card, table, unseen, rng: choose(
        board,
        card,
        table,
        unseen,
        0.0,
        8,
        Rng(17),
        **switches,  # type: ignore[arg-type]
    )


def _bot_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    return use_joker(board, table, unseen)


PLAYERS: dict[str, tuple[Placer, Joker]] = {
    "random": (_random, _random_joker),
    "greedy": (_greedy, _greedy_joker),
    "bot100": (_bot(100), _bot_joker),
    "bot1000": (_bot(1000), _bot_joker),
    # The ideas one at a time (not in the default run): the evaluation alone, plus the mean
    # over the next card, plus the sampled look-ahead at 8 rounds.
    "eval": (_ablation(next_card=False), _bot_joker),
    "next": (_ablation(depth=0), _bot_joker),
    "mc8": (_ablation(), _bot_joker),
    "mc8nosym": (_ablation(symmetric=False), _bot_joker),
}
DEFAULT_PLAYERS = ("random", "greedy", "bot100", "bot1000")


def play(
    deal: Sequence[int], table: str, placer: Placer, joker: Joker, rng: Rng
) -> tuple[int, list[float]]:
    """One solo game on `deal`: the final score and the think time of each card (ms)."""
    board: Board = [None] * 25
    unseen = list(deal)
    ms: list[float] = []
    for card in deal:
        if all(c is not None for c in board):
            break
        unseen.remove(card)
        began = time.perf_counter()
        if card == JOKER:
            cell, value = joker(board, table, unseen, rng)
        else:
            cell, value = placer(board, card, table, unseen, rng), card
        ms.append((time.perf_counter() - began) * 1000)
        if board[cell] is not None:
            raise AssertionError(f"cell {cell} is taken")
        board[cell] = value
    return _total(board, table), ms


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS))
    parser.add_argument("--settings", default=",".join(SETTINGS))
    args = parser.parse_args(argv)
    for setting in args.settings.split(","):
        table, jokers = SETTINGS[setting]
        deals = [
            [c for c in shuffled_deck(FIRST_SEED + i) if jokers or c != JOKER]
            for i in range(args.deals)
        ]
        for name in args.players.split(","):
            placer, joker = PLAYERS[name]
            rng = Rng(FIRST_SEED)
            scores: list[int] = []
            ms: list[float] = []
            for deal in deals:
                score, times = play(deal, table, placer, joker, rng)
                scores.append(score)
                ms += times
            mean, half = mean_interval(scores)
            print(
                f"{setting:13} {name:8} {args.deals:5} deals  {mean:6.1f} ± {half:4.1f}"
                f"  (min {min(scores)}, max {max(scores)})  {statistics.fmean(ms):7.1f} ms/card"
                f"  max {max(ms):7.1f} ms",
                flush=True,
            )


if __name__ == "__main__":
    main()

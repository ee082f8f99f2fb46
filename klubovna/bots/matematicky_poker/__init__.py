"""The Matematický poker computer player: where to write the number in hand.

`place` is the public entry point (issue #17). Standard library only, so it also runs in
the browser worker under Pyodide. Design and figures: docs/decisions/0094-mp-bot-search.md,
"Matematický poker computer player". Jokers are not decided here yet: the card in hand is always a
number; jokers in `unseen` (value 0) count as cards still to come but never as a needed value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from klubovna.bots import Bot
from klubovna.core import Rng
from klubovna.games.matematicky_poker.scoring import TABLES

from .player import Player, unseen_cards
from .search import choose, joker_now, values

DEFAULT_SEED = 17

LEHKY = Player("lehky", samples=0, noise=12.0)
STREDNI = Player("stredni", samples=8)
TEZKY = Player("tezky", samples=64)
BOTS: Mapping[str, Bot] = {bot.name: bot for bot in (LEHKY, STREDNI, TEZKY)}
"""The levels a table may seat, weakest first (the first is the default): by look-ahead
rounds and noise, never by wall time (docs/decisions/0095-mp-bot-levels-and-jokers.md)."""

RATINGS: Mapping[str, int] = {"lehky": 1000, "stredni": 1544, "tezky": 1684}
"""Each one's fixed rating on the ratings' scale (bench/computer_ratings.py, 2026-12-07, after
decision 0169; 40 games a step, duels on the default table: Střední won 90.0 % [76.9, 96.0]
against Lehký, Těžký 63.7 % [48.3, 76.8] against Střední)."""


def place(
    board: Sequence[int | None],
    card: int,
    table: str,
    unseen: Sequence[int],
    budget_ms: float = 100.0,
    *,
    samples: int | None = None,
    rng: Rng | None = None,
) -> int:
    """The cell (0..24, empty) for `card` (1..13) on `board` (25 cells row by row, None empty)
    under `table`, given the multiset `unseen` of cards not yet seen.

    Thinks about `budget_ms` of wall time; with `samples` it runs exactly that many look-ahead
    rounds instead, so the choice never depends on the clock. `rng` (default: a fixed seed)
    draws the sampled card sequences.

    >>> place([7, 7, 7, None, 7] + [None] * 20, 7, "adjacent", [1, 2, 3] * 4, samples=4)
    3
    """
    if len(board) != 25 or not 1 <= card <= 13 or table not in TABLES:
        raise ValueError("a board of 25 cells, a card 1..13 and a known table")
    if all(cell is not None for cell in board):
        raise ValueError("the board is full")
    return choose(board, card, table, unseen, budget_ms, samples, rng or Rng(DEFAULT_SEED))


def use_joker(board: Sequence[int | None], table: str, unseen: Sequence[int]) -> tuple[int, int]:
    """A first joker policy: use it at once, the (cell, value) the evaluation gains most from
    (no look-ahead, never kept). Keeping jokers is a later step of issue #17."""
    return joker_now(board, table, unseen)


__all__ = ["BOTS", "RATINGS", "LEHKY", "STREDNI", "TEZKY", "Player", "place", "unseen_cards",
           "use_joker", "values"]

"""Deals consistent with what a Kostkový poker seat knows, and its chance of winning over them.
The computer players' Monte Carlo: random dice for everything hidden, from the bot's own Rng."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from klubovna.core import Rng
from klubovna.games.kostkovy_poker import TRIPLES, hand_value
from klubovna.games.kostkovy_poker.scoring import sorted_hand_value

from .seen import TABLE_DICE, Seen, made_value

ROLLED = 5
KEEP_MAX = 4


class Deal(NamedTuple):
    """One guess at everything hidden: the full table and every live opponent's kept dice."""

    table: tuple[int, ...]
    opponents: tuple[tuple[int, ...], ...]
    weight: float
    """How well the guess fits the opponents' betting (1 for a perfect fit)."""
    best: tuple[int, int]
    """The best opponent's showdown rank (value, pips); (-1, -1) with no opponent."""
    at_best: int
    """How many opponents share that rank."""


def model_keep(rolled: Sequence[int], count: int | None) -> tuple[int, ...]:
    """The dice a sensible opponent keeps from its five: `count` of them (when known, else
    its largest group), best groups first (1s before 6s: three 1s are worth most).

    >>> model_keep([2, 5, 5, 1, 6], None), model_keep([2, 5, 5, 1, 6], 3)
    ((5, 5), (5, 5, 1))
    """
    ranked = sorted(rolled, key=lambda d: (rolled.count(d), TRIPLES[d]), reverse=True)
    if count is None:
        count = min(KEEP_MAX, rolled.count(ranked[0]))
    return tuple(ranked[:count])


def bluff_weight(bets: int, unit: int) -> float:
    """How likely a player who put `bets` chips into the betting holds nothing made,
    relative to one that holds something: each bet unit halves it.

    >>> bluff_weight(0, 2), bluff_weight(4, 2)
    (1.0, 0.25)
    """
    return math.pow(0.5, bets / unit)


def sample(seen: Seen, rng: Rng) -> Deal:
    """One random deal consistent with `seen`: the missing table dice and each live
    opponent's kept dice (five rolled, kept as `model_keep` would), weighted by their bets."""
    table = seen.table + tuple(rng.below(6) + 1 for _ in range(TABLE_DICE - len(seen.table)))
    unit = seen.bet_size or 2
    opponents: list[tuple[int, ...]] = []
    weight = 1.0
    for opponent in seen.opponents:
        rolled = [rng.below(6) + 1 for _ in range(ROLLED)]
        kept = model_keep(rolled, opponent.kept)
        if opponent.bets and seen.table and made_value(kept, seen.table) == 0:
            weight *= bluff_weight(opponent.bets, unit)
        opponents.append(kept)
    ranks = [hand_value(kept, table)[:2] for kept in opponents]
    best = max(ranks, default=(-1, -1))
    return Deal(table, tuple(opponents), weight, best, ranks.count(best))


def equity(kept: Sequence[int], deals: Sequence[Deal]) -> float:
    """My weighted share of the pot at showdown over `deals` (a tie counts its share).

    >>> equity([6, 6, 6], [Deal((1, 2, 3, 4, 5), ((2, 2),), 1.0, (0, 17), 1)])
    1.0
    """
    won = total = 0.0
    dice = tuple(sorted(kept))  # sorted once for every deal
    for deal in deals:
        mine = sorted_hand_value(dice, tuple(sorted(deal.table)))[:2]
        if mine > deal.best:
            won += deal.weight
        elif mine == deal.best:
            won += deal.weight / (deal.at_best + 1)
        total += deal.weight
    return won / total if total else 0.0


def nothing_made(seen: Seen, deals: Sequence[Deal]) -> float:
    """The weighted chance that no live opponent holds a made combination yet."""
    weak = total = 0.0
    for deal in deals:
        if all(made_value(kept, seen.table) == 0 for kept in deal.opponents):
            weak += deal.weight
        total += deal.weight
    return weak / total if total else 0.0

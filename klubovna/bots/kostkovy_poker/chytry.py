"""Chytrý (smart), the strong computer player of Kostkový poker: before every decision it
plays out hundreds of deals consistent with its view and weighs its chance against the price.
It reads the seat's view only; its randomness comes from the Rng it is given."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from klubovna.core import Event, Rng, View
from klubovna.games.kostkovy_poker import KEEP_COSTS

from .courtesy import Courteous
from .deals import Deal, equity, nothing_made, sample
from .seen import Action, Seen, first_of, keep, read

SIMS = 500
"""Deals played out before a betting decision."""
KEEP_SIMS = 500
"""Deals played out before keeping (shared by every choice of dice, so they compare fairly)."""
POT_PER_PLAYER = 8
"""While keeping: the chips each player is expected to leave in the pot by the showdown."""
VALUE_EDGE = 0.2
"""Bet or raise for value when my chance beats a fair share by this part of the rest."""
CALL_MARGIN = 0.03
"""Call when my chance beats the pot odds by this much."""
FOLD_GUESS = 0.4
"""How often a player without a made combination is assumed to fold to a bet."""
BLUFF_RATE = 0.35
"""When a bluff looks profitable, how often it is actually made (so it is not predictable)."""


@dataclass(frozen=True)
class Chytry(Courteous):
    """Monte Carlo on the seat's view: keeps the dice with the best expected chips, bets and
    raises for value, calls on pot odds and sometimes bluffs when the opponents look weak.

    >>> from klubovna.games.kostkovy_poker import ENGINE
    >>> s, _ = ENGINE.apply(ENGINE.new({}, seed=2), 0, {"type": "start"}, now=0)
    >>> action = CHYTRY.choose(ENGINE.view(s, 0), [], Rng(7))
    >>> action in ENGINE.legal(s, 0)
    True
    """

    sims: int = SIMS
    keep_sims: int = KEEP_SIMS
    name: ClassVar[str] = "chytry"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        seen = read(view)
        if "start" in seen.actions:
            return {"type": "start"}
        if "keep" in seen.actions:
            return self.choose_keep(seen, rng)
        return self.choose_bet(seen, rng)

    def choose_keep(self, seen: Seen, rng: Rng) -> Action:
        """The dice whose chance of winning, times the pot expected, most exceeds their cost."""
        assert seen.keep_max is not None
        deals = [sample(seen, rng) for _ in range(self.keep_sims)]
        pot = POT_PER_PLAYER * (len(seen.opponents) + 1)
        best: tuple[float, tuple[int, ...]] | None = None
        for indexes in _distinct_keeps(seen.dice, seen.keep_max):
            kept = [seen.dice[i] for i in indexes]
            gain = equity(kept, deals) * pot - KEEP_COSTS[len(indexes)]
            if best is None or gain > best[0]:
                best = (gain, indexes)
        assert best is not None
        return keep(best[1])

    def choose_bet(self, seen: Seen, rng: Rng) -> Action:
        deals = [sample(seen, rng) for _ in range(self.sims)]
        chance = equity(seen.kept, deals)
        fair = 1 / (len(seen.opponents) + 1)
        strong = chance >= fair + (1 - fair) * VALUE_EDGE
        if seen.to_call == 0:
            if strong:
                return first_of(seen, "bet", "check")
            bluff = "bet" in seen.actions and _bluff_pays(seen, deals, chance)
            if bluff and rng.below(1000) < BLUFF_RATE * 1000:
                return {"type": "bet"}
            return first_of(seen, "check")
        if strong:
            return first_of(seen, "raise", "call")
        price = seen.to_call / (seen.pot + seen.to_call)
        if chance >= price + CALL_MARGIN:
            return first_of(seen, "call")
        return first_of(seen, "fold")


def _distinct_keeps(dice: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    """Every choice of 1 to `most` dice, one per distinct set of faces (fewest dice first)."""
    seen: set[tuple[int, ...]] = set()
    choices: list[tuple[int, ...]] = []
    for count in range(1, most + 1):
        for indexes in combinations(range(len(dice)), count):
            faces = tuple(sorted(dice[i] for i in indexes))
            if faces not in seen:
                seen.add(faces)
                choices.append(indexes)
    return choices


def _bluff_pays(seen: Seen, deals: list[Deal], chance: float) -> bool:
    """Whether betting beats checking if weak opponents fold as often as FOLD_GUESS says."""
    assert seen.bet_size is not None
    folds = nothing_made(seen, deals) * FOLD_GUESS
    bet = seen.bet_size
    called = chance * (seen.pot + 2 * bet) - bet
    return folds * seen.pot + (1 - folds) * called > chance * seen.pot


CHYTRY = Chytry()

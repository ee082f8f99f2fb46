"""Klidný (calm), the plain computer player of Kostkový poker: keeps its largest group and
bets only with a made combination. Deterministic; it reads the seat's view only."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, Rng, View

from .courtesy import Courteous
from .seen import Action, Seen, first_of, keep, largest_group, made_value, read


class Klidny(Courteous):
    """Keeps its largest group (ties: the higher number); bets and raises with a made
    combination (else calls), otherwise checks, and folds to a bet unless calling is free.

    >>> from klubovna.games.kostkovy_poker import ENGINE
    >>> s, _ = ENGINE.apply(ENGINE.new({}, seed=2), 0, {"type": "start"}, now=0)
    >>> ENGINE.view(s, 0)["dice"], KLIDNY.choose(ENGINE.view(s, 0), [], Rng(0))
    ([3, 4, 1, 2, 4], {'type': 'keep', 'dice': [1, 4]})
    """

    name = "klidny"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        seen = read(view)
        if "start" in seen.actions:
            return {"type": "start"}
        if "keep" in seen.actions:
            assert seen.keep_max is not None  # the view says how many while keeping
            return keep(largest_group(seen.dice, seen.keep_max))
        return bet_if_made(seen)


def bet_if_made(seen: Seen) -> Action:
    """Klidný's betting: aggressive with a made combination, otherwise check or fold."""
    if made_value(seen.kept, seen.table) > 0:
        return first_of(seen, "bet", "raise", "call", "check")
    return first_of(seen, "check", "fold")


KLIDNY = Klidny()

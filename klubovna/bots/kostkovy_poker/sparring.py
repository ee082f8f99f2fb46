"""Fixed sparring partners for Kostkový poker: always call, always raise, and random legal
play. Not offered to players; the tests and the benchmark measure the real bots against them."""

from __future__ import annotations

from klubovna.core import Rng, View

from .seen import Action, first_of, keep, largest_group, read


class AlwaysCall:
    """Keeps its largest group like Klidný, then calls every bet and never bets itself."""

    name = "always-call"

    def choose(self, view: View, rng: Rng) -> Action:
        seen = read(view)
        if "keep" in seen.actions:
            assert seen.keep_max is not None
            return keep(largest_group(seen.dice, seen.keep_max))
        return first_of(seen, "start", "call", "check")


class AlwaysRaise:
    """Keeps its largest group like Klidný, then bets or raises whenever it may, else calls."""

    name = "always-raise"

    def choose(self, view: View, rng: Rng) -> Action:
        seen = read(view)
        if "keep" in seen.actions:
            assert seen.keep_max is not None
            return keep(largest_group(seen.dice, seen.keep_max))
        return first_of(seen, "start", "raise", "bet", "call", "check")


class RandomPlayer:
    """Keeps a random number of random dice and sends a random allowed action.

    >>> from klubovna.games.kostkovy_poker import ENGINE
    >>> s, _ = ENGINE.apply(ENGINE.new({}, seed=2), 0, {"type": "start"}, now=0)
    >>> action = RANDOM.choose(ENGINE.view(s, 0), Rng(1))
    >>> action in ENGINE.legal(s, 0)
    True
    """

    name = "random"

    def choose(self, view: View, rng: Rng) -> Action:
        seen = read(view)
        if "keep" in seen.actions:
            assert seen.keep_max is not None
            indexes = list(range(len(seen.dice)))
            rng.shuffle(indexes)
            return keep(indexes[: 1 + rng.below(seen.keep_max)])
        return {"type": seen.actions[rng.below(len(seen.actions))]}


ALWAYS_CALL = AlwaysCall()
ALWAYS_RAISE = AlwaysRaise()
RANDOM = RandomPlayer()

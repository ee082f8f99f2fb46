"""Kostkový poker helpers for tests and benchmarks, not shipped to players: fixed sparring
partners (always call, always raise, random legal play) that the real computer players are
measured against, and `play_hand`, computer players alone at a table."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.bots import Bot
from klubovna.bots.kostkovy_poker.seen import Action, first_of, keep, largest_group, read
from klubovna.core import Event, Rng, View
from klubovna.games.kostkovy_poker import ENGINE, State, to_move


class AlwaysCall:
    """Keeps its largest group like Klidný, then calls every bet and never bets itself."""

    name = "always-call"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        seen = read(view)
        if "keep" in seen.actions:
            assert seen.keep_max is not None
            return keep(largest_group(seen.dice, seen.keep_max))
        return first_of(seen, "start", "call", "check")


class AlwaysRaise:
    """Keeps its largest group like Klidný, then bets or raises whenever it may, else calls."""

    name = "always-raise"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        seen = read(view)
        if "keep" in seen.actions:
            assert seen.keep_max is not None
            return keep(largest_group(seen.dice, seen.keep_max))
        return first_of(seen, "start", "raise", "bet", "call", "check")


class RandomPlayer:
    """Keeps a random number of random dice and sends a random allowed action.

    >>> s, _ = ENGINE.apply(ENGINE.new({}, seed=2), 0, {"type": "start"}, now=0)
    >>> action = RANDOM.choose(ENGINE.view(s, 0), [], Rng(1))
    >>> action in ENGINE.legal(s, 0)
    True
    """

    name = "random"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
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


def play_hand(
    state: State, players: Sequence[Bot], rngs: Sequence[Rng], now: int = 0
) -> tuple[State, list[Event]]:
    """Play until the current hand is over (the next one is dealt or the game ends); a game
    not started yet is started by seat 0 and its first hand played. Whoever may act is shown
    its view (and no events: these bots remember nothing) and its choice is applied; the
    engine judges it as it would a human's.

    >>> from klubovna.bots.kostkovy_poker import KLIDNY
    >>> state, _ = play_hand(ENGINE.new({}, seed=1), [KLIDNY, KLIDNY], [Rng(1), Rng(2)])
    >>> state.hand, sum(seat.chips + seat.put_in for seat in state.seats)
    (2, 40)
    """
    events: list[Event] = []
    if not state.started:
        state, events = ENGINE.apply(state, 0, {"type": "start"}, now)
    hand = state.hand
    while not state.over and state.hand == hand:
        seat = to_move(state)[0]
        action = players[seat].choose(ENGINE.view(state, seat), (), rngs[seat])
        state, more = ENGINE.apply(state, seat, action, now)
        events += more
    return state, events

"""Computer players alone at a Kostkový poker table, for tests and benchmarks: whoever may
act is shown its view and its choice is applied; the engine judges it as it would a human's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from klubovna.core import Event, Rng, View
from klubovna.games.kostkovy_poker import ENGINE, State, to_move

from .seen import Action


class Player(Protocol):
    def choose(self, view: View, rng: Rng) -> Action: ...


def play_hand(
    state: State, players: Sequence[Player], rngs: Sequence[Rng], now: int = 0
) -> tuple[State, list[Event]]:
    """Play until the current hand is over (the next one is dealt or the game ends); a game
    not started yet is started by seat 0 and its first hand played.

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
        action = players[seat].choose(ENGINE.view(state, seat), rngs[seat])
        state, more = ENGINE.apply(state, seat, action, now)
        events += more
    return state, events

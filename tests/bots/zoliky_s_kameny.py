"""Žolíky s kameny helpers for tests and benchmarks, not shipped to players: the greedy
sparring partner (the most tiles every turn, the issue's yardstick for the hard level) and
`play_round`, computer players alone at a round."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.bots import Bot
from klubovna.bots.zoliky_s_kameny.common import Action, meld_or_draw, no_play, play
from klubovna.core import Event, Json, Rng, View
from klubovna.games.zoliky_s_kameny import ENGINE, State, best_move


class Greedy:
    """Lays the most tiles it can every turn, the whole table rearranged (the search), and
    holds nothing back."""

    name = "greedy"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if "play" not in view["actions"]:
            return no_play(view)
        if not view["melded"]:
            return meld_or_draw(view)
        amount, table = best_move(view["table"], view["rack"], "tiles")
        return play(table) if amount else no_play(view)


GREEDY = Greedy()

TURNS_MAX = 1000
"""A round ends long before: every turn draws, lays or passes, and two passes end it."""


def play_round(players: Sequence[Bot], seed: int, config: dict[str, Json] | None = None
               ) -> State:
    """A whole round of `players` (seat by seat) dealt from `seed`; its final state."""
    state, _ = ENGINE.apply(ENGINE.new(config or {"seats": len(players)}, seed), 0,
                            {"type": "start"}, 0)
    rngs = [Rng(seed * 8 + seat) for seat in range(len(players))]
    for _ in range(TURNS_MAX):
        if state.over:
            return state
        seat = state.turn
        action = players[seat].choose(ENGINE.view(state, seat), (), rngs[seat])
        state, _ = ENGINE.apply(state, seat, action, 0)
    raise AssertionError(f"round {seed} did not end in {TURNS_MAX} turns")

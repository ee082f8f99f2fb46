"""Locus Poker helpers for tests and benchmarks, not shipped to players: `play_game`, two
computer players alone at a game from a seed, and a random player (the yardstick below the
beginner)."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.bots import Action, Bot
from klubovna.core import Event, Json, Rng, View
from klubovna.games.locus_poker import ENGINE, State


class Random:
    """Any legal move, the generator's choice."""

    name = "random"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        free = [cell for cell, chip in enumerate(view["chips"]) if chip is None]
        return {"type": "play", "cell": free[rng.below(len(free))],
                "face": "up" if rng.below(2) else "down"}


RANDOM = Random()


def play_game(players: Sequence[Bot], seed: int, config: dict[str, Json] | None = None
              ) -> State:
    """A whole game of `players` (seat 0, seat 1) dealt from `seed`; its final state.
    Every action goes through the engine, so an illegal one fails the caller."""
    state, _ = ENGINE.apply(ENGINE.new(config or {}, seed), 0, {"type": "start"}, 0)
    rngs = [Rng(seed * 8 + seat) for seat in range(2)]
    while not state.over:
        seat = state.turn
        action = players[seat].choose(ENGINE.view(state, seat), (), rngs[seat])
        state, _ = ENGINE.apply(state, seat, action, 0)
    return state

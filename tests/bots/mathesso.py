"""Mathesso helpers for tests and benchmarks, not shipped to players: `play_game`, computer
players alone at a table, each fed exactly the events its seat witnessed (as a table
does), every action checked against the rules' legal list; and `CHILD`, a model of a
young child at the table, to measure the friendliest level against."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.bots import Bot
from klubovna.bots.mathesso import Player
from klubovna.core import Event, Json, Rng
from klubovna.games.mathesso import ENGINE, State

CHILD = Player("dite", chance=500, capacity=4, careful=False, salt=9)
"""A young child, as a computer player: a card it sees sticks with a chance of one half, it
holds at most four, takes a pair it remembers and always turns two cards (the friendliest
level should lose to it about half the time or more: docs/decisions/0126-ma-computer-players.md)."""
STEPS_MAX = 5000
"""A game ends long before: every turn turns a card, and at most 113 pairs lie out."""


def play_game(players: Sequence[Bot], seed: int, config: dict[str, Json] | None = None,
              *, check: bool = True) -> State:
    """A whole game of `players` (seat by seat) laid out from `seed`; its final state.
    With `check`, every action a bot sends must be one of `legal` (AssertionError)."""
    config = {"seats": len(players), **(config or {})}
    state, events = ENGINE.apply(ENGINE.new(config, seed), 0, {"type": "start"}, 0)
    witnessed: list[list[Event]] = [list(public(events)) for _ in players]
    rngs = [Rng(seed * 8 + seat) for seat in range(len(players))]
    for step in range(STEPS_MAX):
        if state.over:
            return state
        seat = state.current
        assert seat is not None
        action = players[seat].choose(ENGINE.view(state, seat), witnessed[seat], rngs[seat])
        if check:
            assert action in ENGINE.legal(state, seat), (action, ENGINE.to_text(state))
        state, events = ENGINE.apply(state, seat, action, step)
        for memory in witnessed:
            memory.extend(public(events))
    raise AssertionError(f"game {seed} did not end in {STEPS_MAX} steps")


def public(events: Sequence[Event]) -> list[Event]:
    """The events every seat is sent (Mathesso has no private ones: this checks it)."""
    assert all("to" not in event for event in events)
    return list(events)

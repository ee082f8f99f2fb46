"""Matematický poker helpers for tests and benchmarks, not shipped to players: `play_game`,
computer players alone at a table (solo, or both seats of a duel), each fed exactly the
events its seat is sent, every action checked against the rules' legal list, and what a
seat has not seen checked against the deck at every decision."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from klubovna.bots import Bot, waits
from klubovna.bots.matematicky_poker import unseen_cards
from klubovna.core import Event, Json, Rng
from klubovna.games.matematicky_poker import ENGINE, State

STEPS_MAX = 400
"""A game ends long before: 2 seats × (25 cells + 2 jokers + forfeits) and the start."""
Pause = Callable[[State], int]
"""How many ms pass before the next step, given the state."""


def play_game(players: Mapping[int, Bot], seed: int, config: dict[str, Json] | None = None,
              pause: Pause = lambda state: 1) -> tuple[State, list[tuple[int, Json]]]:
    """A whole game of `players` (by seat) dealt from `seed`, `pause(state)` ms passing
    before each step; its final state and every (seat, action) sent. Asserts each action is legal,
    that a seat which waits (`waits`) is not the only one able to move, and that
    `unseen_cards` is exactly the deck minus the cards the seat took into hand."""
    state = ENGINE.new(config or {}, seed)
    witnessed: dict[int, list[Event]] = {seat: [] for seat in players}
    sent: list[tuple[int, Json]] = []
    now = 0
    for step in range(STEPS_MAX):
        now += pause(state)
        state, events = ENGINE.advance(state, now)
        deliver(events, witnessed)
        if state.over:
            return state, sent
        for seat, bot in players.items():
            legal = ENGINE.legal(state, seat)
            view = ENGINE.view(state, seat)
            if not legal or waits(bot, view, witnessed[seat]):
                continue
            if state.started:
                player = state.players[seat]
                assert unseen_cards(view, witnessed[seat]) == sorted(state.deck[player.position:])
            action = bot.choose(view, witnessed[seat], Rng(seed * 1000 + step))
            assert action in legal, (action, ENGINE.to_text(state))
            state, events = ENGINE.apply(state, seat, action, now)
            deliver(events, witnessed)
            sent.append((seat, action))
            break
        else:
            raise AssertionError(f"nobody moves: {ENGINE.to_text(state)}")
    raise AssertionError(f"game {seed} did not end in {STEPS_MAX} steps")


def deliver(events: Sequence[Event], witnessed: Mapping[int, list[Event]]) -> None:
    """Each event to the seats it is sent to: those in its `to`, else everybody."""
    for seat, memory in witnessed.items():
        memory.extend(e for e in events if seat in e.get("to", [seat]))  # type: ignore[operator]

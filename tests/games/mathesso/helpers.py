"""Helpers of the Mathesso tests: a game whose cards lie in catalogue order (so a test
knows what lies where), finding a card, turning cards, a refusal's code."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from klubovna.core import IllegalAction, Json
from klubovna.games.mathesso import ENGINE, State
from klubovna.games.mathesso.rules import new

NOW = 1_700_000_000_000


def laid_out(config: dict[str, Json], seed: int = 1) -> State:
    """A new game whose cards lie in catalogue order (place = catalogue id), so a test
    knows what lies where."""
    state = new(config, seed)
    return replace(state, layout=tuple(range(len(state.layout))))


def started(config: dict[str, Json], seed: int = 1) -> State:
    state, _ = ENGINE.apply(laid_out(config, seed), 0, {"type": "start"}, NOW)
    return state


def place(state: State, group: str, value: int, *, black: str | None = None,
          skip: tuple[int, ...] = ()) -> int:
    """The first place of a card with that coloured side (and black side)."""
    cards = state.cards
    return next(p for p, c in enumerate(state.layout) if cards[c].face.group == group
                and cards[c].face.value == value and p not in skip
                and (black is None or cards[c].black == black))


def act(state: State, seat: int | None, action: dict[str, Any]
        ) -> tuple[State, list[dict[str, Any]]]:
    assert seat is not None
    return ENGINE.apply(state, seat, action, NOW)


def turn(state: State, *cards: int) -> tuple[State, list[dict[str, Any]]]:
    """The seat on turn turns these cards over (and stops after one)."""
    seat = state.current
    assert seat is not None
    events: list[dict[str, Any]] = []
    for card in cards:
        state, more = act(state, seat, {"type": "turn", "card": card})
        events += more
    if len(cards) == 1:
        state, more = act(state, seat, {"type": "stop"})
        events += more
    return state, events


def refused(state: State, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as error:
        act(state, seat, action)
    return error.value.code


def cjv_cards(state: State) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for p, c in enumerate(state.layout):
        card = state.cards[c]
        if card.face.group == "cjv":
            out.setdefault(card.black, []).append(p)
    return out

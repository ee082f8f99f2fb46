"""Games with chosen dice for the Kostkový poker tests: rolled dice are written into the state,
table dice come from a generator state found to roll them next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from klubovna.core import IllegalAction, Rng
from klubovna.games.kostkovy_poker import State
from klubovna.games.kostkovy_poker.rules import CODES, apply, new

NOW = 1_700_000_000_000
START = {"type": "start"}
CHECK = {"type": "check"}
BET = {"type": "bet"}
CALL = {"type": "call"}
RAISE = {"type": "raise"}
FOLD = {"type": "fold"}


def keep(*dice: int) -> dict[str, Any]:
    return {"type": "keep", "dice": list(dice)}


@cache
def rng_rolling(dice: tuple[int, ...]) -> int:
    """A generator state whose next rolls are `dice` (found by trying states 0, 1, 2 ...)."""
    for state in range(10_000_000):
        rng = Rng(state)
        if all(rng.below(6) + 1 == die for die in dice):
            return state
    raise AssertionError(f"no generator state rolls {dice}")


def rigged(
    rolled: Sequence[Sequence[int]],
    table: Sequence[int] = (),
    *,
    chips: Sequence[int] | None = None,
    dealer: int = 0,
    config: Mapping[str, Any] | None = None,
) -> State:
    """A started game in the keeping phase of hand 1: seat i rolled `rolled[i]`, the table
    dice will be `table` (as far as given, then random), the button is at `dealer`, and seat i
    has `chips[i]` behind after the ante."""
    config = {"seats": len(rolled), **(config or {})}
    state = replace(new(config, 0), dealer=dealer)
    state, _ = apply(state, 0, START, NOW)
    seats = tuple(
        replace(
            seat,
            rolled=tuple(rolled[i]),
            chips=seat.chips if chips is None else chips[i],
        )
        for i, seat in enumerate(state.seats)
    )
    return replace(state, seats=seats, rng=rng_rolling(tuple(table)) if table else state.rng)


def act(state: State, seat: int, *actions: Mapping[str, Any], now: int = NOW) -> State:
    """`seat` sends `actions` one after another."""
    for action in actions:
        state, _ = apply(state, seat, action, now)
    return state


def play(state: State, *moves: tuple[int, Mapping[str, Any]], now: int = NOW) -> State:
    """Several seats' actions in order: (seat, action) pairs."""
    for seat, action in moves:
        state, _ = apply(state, seat, action, now)
    return state


def events_of(state: State, *moves: tuple[int, Mapping[str, Any]], now: int = NOW) -> list[Any]:
    """The events of the last of `moves` (the others are applied first)."""
    state = play(state, *moves[:-1], now=now)
    seat, action = moves[-1]
    return apply(state, seat, action, now)[1]


def code_of(state: State, seat: Any, action: Any, now: int = NOW) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action, now)
    assert caught.value.message  # every refusal carries a sentence for people
    assert caught.value.code in CODES, "a code the engine does not declare"
    return caught.value.code


def stacks(state: State) -> list[int]:
    """Each seat's chips as at the end of the last hand (the current hand's stakes added back)."""
    return [seat.chips + seat.put_in for seat in state.seats]

"""`min_think_ms`: a recorded game refuses a placement made too soon after the draw."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klubovna.core import IllegalAction
from klubovna.games.matematicky_poker import ENGINE, State, replay
from klubovna.games.matematicky_poker.rules import advance, apply, new, next_deadline
from klubovna.games.matematicky_poker.state import JOKER, fresh_deck
from klubovna.games.matematicky_poker.view import view
from tests.games.matematicky_poker import VIEW_KEYS
from tests.games.matematicky_poker.test_properties import PROPERTY_SETTINGS

NOW = 1_700_000_000_000
THINK = {"min_think_ms": 120}
START = {"type": "start"}
KEEP = {"type": "joker", "choice": "keep"}


def place(cell: int) -> dict[str, Any]:
    return {"type": "place", "cell": cell}


def started(first: list[int], config: dict[str, Any] | None = None) -> State:
    rest = fresh_deck()
    for card in first:
        rest.remove(card)
    state = replace(new(config if config is not None else THINK, 0), deck=(*first, *rest))
    return apply(state, 0, START, NOW)[0]


def too_fast(state: State, action: dict[str, Any], now: int) -> None:
    with pytest.raises(IllegalAction) as caught:
        apply(state, 0, action, now)
    assert caught.value.code == "too_fast" and "120 ms" in caught.value.message


def test_config() -> None:
    assert new({}, 1).min_think_ms == 0
    assert new({"min_think_ms": 0}, 1).min_think_ms == 0
    assert new({"mode": "hard", "seconds": 5, "min_think_ms": 120}, 1).min_think_ms == 120


@pytest.mark.parametrize("value", [-1, 1.5, True, "120", None, [120]])
def test_bad_config(value: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        new({"min_think_ms": value}, 1)
    assert caught.value.code == "bad_config"


def test_easy_mode_records_the_draw_but_has_no_deadline() -> None:
    state = started([5, 6])
    assert state.players[0].drawn_at == NOW
    assert next_deadline(state) is None
    assert advance(state, NOW + 10**9) == (state, [])
    shown = view(state, 0)
    assert set(shown) == VIEW_KEYS and shown["deadline"] is None


def test_place_too_fast_is_refused_and_nothing_is_lost() -> None:
    state = started([5, 6])
    too_fast(state, place(0), NOW)
    too_fast(state, place(0), NOW + 119)
    placed, events = apply(state, 0, place(0), NOW + 120)  # the same move, later: accepted
    assert events[0] == {"type": "placed", "cell": 0, "value": 5, "joker": False}
    assert placed.players[0].hand == 6 and placed.players[0].drawn_at == NOW + 120
    too_fast(placed, place(1), NOW + 200)  # the next card's clock starts at its draw
    assert apply(placed, 0, place(1), NOW + 240)[0].players[0].board[:2] == (5, 6)


def test_other_errors_come_first() -> None:
    state = started([5, 6])
    state = apply(state, 0, place(0), NOW + 500)[0]
    with pytest.raises(IllegalAction) as caught:
        apply(state, 0, place(0), NOW + 501)
    assert caught.value.code == "cell_taken"


def test_jokers() -> None:
    state = started([JOKER, JOKER, 5])
    too_fast(state, {"type": "joker", "choice": "now", "value": 7, "cell": 3}, NOW + 1)
    kept = apply(state, 0, KEEP, NOW + 1)[0]  # keeping places nothing: no wait
    assert kept.players[0].kept_jokers == 1 and kept.players[0].drawn_at == NOW + 1
    used = apply(kept, 0, {"type": "joker", "choice": "now", "value": 7, "cell": 3}, NOW + 121)
    state = used[0]
    assert state.players[0].board[3] == 7 and state.players[0].hand == 5
    # A kept joker played while a number waits counts from that number's draw.
    too_fast(state, {"type": "kept_joker", "value": 9, "cell": 4}, NOW + 200)
    state = apply(state, 0, {"type": "kept_joker", "value": 9, "cell": 4}, NOW + 241)[0]
    assert state.players[0].board[4] == 9 and state.players[0].drawn_at == NOW + 121


def test_hard_mode_keeps_its_clock() -> None:
    state = started([5, 6], {"mode": "hard", "seconds": 3, "min_think_ms": 120})
    too_fast(state, place(0), NOW + 50)
    assert view(state, 0)["deadline"] == NOW + 3000
    assert apply(state, 0, place(0), NOW + 4500)[0].players[0].board[0] == 5  # grace


def test_without_the_option_nothing_changes() -> None:
    state = started([5, 6], {})
    assert state.players[0].drawn_at is None
    assert apply(state, 0, place(0), NOW)[0].players[0].board[0] == 5


def test_text_form() -> None:
    state = started([5, 6])
    text = state.to_text()
    assert text.split(" | ")[0].endswith(" 120")
    assert State.from_text(text) == state
    plain = started([5, 6], {})
    assert len(plain.to_text().split(" | ")[0].split(" ")) == 7  # unchanged without it
    with pytest.raises(ValueError):
        State.from_text(text.replace(" 120 |", " 0 |"))


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), gaps=st.lists(st.integers(0, 300), min_size=80))
def test_random_play_replays(seed: int, gaps: list[int]) -> None:
    """Random legal moves at random pauses: refused ones change nothing, the log replays."""
    config = {"min_think_ms": 120}
    state = ENGINE.new(config, seed)
    now = NOW
    log: list[dict[str, Any]] = []
    for i, gap in enumerate(gaps):
        actions = ENGINE.legal(state, 0)
        if not actions:
            break
        action = actions[(seed + i * 7919) % len(actions)]
        now += gap
        try:
            state, _ = ENGINE.apply(state, 0, action, now)
        except IllegalAction as error:
            assert error.code == "too_fast" and gap < 120
            continue
        log.append({"kind": "act", "seat": 0, "action": action, "now": now})
    assert replay(config, seed, log) == state
    assert State.from_text(state.to_text()) == state

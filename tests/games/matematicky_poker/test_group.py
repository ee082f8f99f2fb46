"""Group: the dealer draws for everyone, queues, per-player hard deadlines, `end`."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.games.matematicky_poker import ENGINE, GRACE_MS, State
from klubovna.games.matematicky_poker.rules import new
from klubovna.games.matematicky_poker.state import JOKER
from tests.games.matematicky_poker import (
    DEALER_VIEW_KEYS,
    MULTI_VIEW_KEYS,
    queue_of,
    waiting,
)
from tests.games.matematicky_poker.test_duel import handle

SEED = 5
START = {"type": "start"}
DRAW = {"type": "draw"}
END = {"type": "end"}


def group(seats: int = 3, now: int = 0, **config: Any) -> State:
    state = new({"variant": "group", "seats": seats, **config}, SEED)
    return ENGINE.apply(state, 0, START, now)[0]


def deal(state: State, times: int = 1, now: int = 0) -> State:
    for _ in range(times):
        state = ENGINE.apply(state, 0, DRAW, now)[0]
    return state


def code_of(state: State, seat: int, action: dict[str, Any], now: int = 0) -> str:
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, seat, action, now)
    assert error.value.code in ENGINE.codes, "a code the engine does not declare"
    return error.value.code


def test_config() -> None:
    assert new({"variant": "group", "seats": 50}, SEED).playing == tuple(range(50))
    assert new({"variant": "group", "seats": 4, "dealer_plays": False}, SEED).playing == (1, 2, 3)
    assert new({"variant": "group", "seats": 1}, SEED).playing == (0,)
    for bad in ({"variant": "group"}, {"variant": "group", "seats": 51},
                {"variant": "group", "seats": 0}, {"variant": "group", "seats": True},
                {"variant": "group", "seats": 1, "dealer_plays": False},
                {"variant": "group", "seats": 3, "dealer_plays": 1}):
        with pytest.raises(IllegalAction) as error:
            new(bad, SEED)
        assert error.value.code == "bad_config"


def test_only_the_dealer_starts_draws_and_ends() -> None:
    fresh = new({"variant": "group", "seats": 3}, SEED)
    assert code_of(fresh, 1, START) == "not_dealer"
    assert ENGINE.legal(fresh, 1) == [] and ENGINE.legal(fresh, 0) == [START]
    state = group()
    assert state.drawn == 0 and all(p.hand is None for p in state.players)  # dealer draws first
    assert code_of(state, 1, DRAW) == "not_dealer"
    assert code_of(state, 2, END) == "not_dealer"
    assert {"type": "draw"} not in ENGINE.legal(deal(state), 1)


def test_every_draw_reaches_every_queue() -> None:
    state = deal(group(), 3)
    assert all(p.hand == state.deck[0] for p in state.players)
    assert [waiting(ENGINE.view(state, s)) for s in range(3)] == [3, 3, 3]
    state = handle(handle(state, 1), 1)
    assert state.players[1].hand == state.deck[2] and state.players[2].hand == state.deck[0]
    view = ENGINE.view(state, 2)
    assert [queue_of(view, s) for s in view["seats"]] == [3, 1, 3]


def test_a_kept_joker_is_placed_outside_the_queue() -> None:
    state = group(2)
    joker_at = state.deck.index(JOKER)
    state = deal(state, joker_at + 1)
    for _ in range(joker_at):
        state = handle(state, 1)
    assert state.players[1].hand == JOKER
    state = ENGINE.apply(state, 1, {"type": "joker", "choice": "keep"}, 0)[0]
    held = state.players[1].hand
    cell = state.players[1].board.index(None)
    state = ENGINE.apply(state, 1, {"type": "kept_joker", "value": 7, "cell": cell}, 0)[0]
    assert state.players[1].board[cell] == 7 and state.players[1].hand == held
    assert state.players[0].hand == state.deck[0]  # the dealer's queue is its own


def test_dealer_who_only_deals() -> None:
    state = deal(group(3, dealer_plays=False), 2)
    view = ENGINE.view(state, 0)
    assert set(view) == DEALER_VIEW_KEYS
    assert view["dealt"] == list(state.deck[:2]) and view["playing"] is False
    assert [s["seat"] for s in view["seats"]] == [1, 2]
    assert code_of(state, 0, {"type": "place", "cell": 0}) == "not_playing"
    assert set(ENGINE.view(state, 1)) == MULTI_VIEW_KEYS
    assert ENGINE.legal(state, 0) == [DRAW, END]


def test_end_finishes_everyone_and_shows_the_ranking() -> None:
    state = handle(deal(group(3), 2), 2)
    state, events = ENGINE.apply(state, 0, END, 10)
    assert state.over and state.ended and {"type": "ended"} in events
    result = ENGINE.result(state)
    assert result is not None and result["ended"] is True
    assert result["ranking"][0]["seat"] == 2
    assert ENGINE.view(state, 1)["boards"] is not None
    assert code_of(state, 0, DRAW) == "game_over"
    assert ENGINE.legal(state, 0) == []


def test_hard_deadline_counts_from_reaching_the_card() -> None:
    period = 10_000
    state = deal(group(2, mode="hard", seconds=10), 2, now=0)
    state = handle(state, 1, now=4000)  # seat 1 reaches card 2 at 4000
    assert state.players[1].drawn_at == 4000 and state.players[0].drawn_at == 0
    assert ENGINE.view(state, 1)["deadline"] == 4000 + period
    state, _ = ENGINE.advance(state, period + GRACE_MS + 1)
    # Seat 0's first card expired; it reached the second at the expiry moment.
    assert state.players[0].drawn_at == period + GRACE_MS
    assert state.players[1].drawn_at == 4000
    # A card drawn while a seat is waiting counts from the draw.
    state, _ = ENGINE.advance(state, 10**6)
    assert all(p.hand is None for p in state.players)
    state = deal(state, 1, now=2 * 10**6)
    assert all(p.drawn_at == 2 * 10**6 for p in state.players)


def test_whole_group_game_ends_when_everyone_finished() -> None:
    state = group(3)
    for _ in range(60):
        if state.over:
            break
        state = deal(state)
        for seat in range(3):
            while not state.players[seat].finished and state.players[seat].hand is not None:
                state = handle(state, seat)
    assert state.over and ENGINE.result(state) is not None
    assert all(p.filled == 25 for p in state.players)
    assert "winner" not in ENGINE.result(state)  # type: ignore[operator]


def test_deck_out_with_kept_jokers_lets_them_be_placed() -> None:
    from dataclasses import replace

    state = deal(group(2), 54)
    player = replace(state.players[1], hand=None, position=54, kept_jokers=1)
    state = replace(state, players=(state.players[0], player))
    assert not state.players[1].finished
    assert all(a["type"] == "kept_joker" for a in ENGINE.legal(state, 1))
    state = ENGINE.apply(state, 1, {"type": "kept_joker", "value": 3, "cell": 0}, 0)[0]
    assert state.players[1].finished


def test_text_form_round_trips_with_every_head_field() -> None:
    state = deal(group(3, dealer_plays=False, min_think_ms=120, mode="hard", seconds=5), 2)
    text = state.to_text()
    assert text.split(" | ")[0].split(" ")[7:] == ["120", "group", "0", "2", "0"]
    assert State.from_text(text) == state
    solo = new({}, SEED)
    assert State.from_text(solo.to_text()) == solo

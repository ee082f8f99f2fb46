"""Duel: two seats, one shared sequence, automatic and early draws, the winner."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.games.matematicky_poker import ENGINE, GRACE_MS, State
from klubovna.games.matematicky_poker.rules import new
from klubovna.games.matematicky_poker.state import JOKER
from tests.games.matematicky_poker import DUEL_VIEW_KEYS, waiting

SEED = 11
START = {"type": "start"}
DRAW = {"type": "draw"}


def started(config: dict[str, Any] | None = None, now: int = 0) -> State:
    state = new({"variant": "duel", **(config or {})}, SEED)
    return ENGINE.apply(state, 1, START, now)[0]


def handle(state: State, seat: int, now: int = 0) -> State:
    """Handle the card in hand: place a number in the first empty cell, keep a joker."""
    player = state.players[seat]
    if player.hand == JOKER:
        return ENGINE.apply(state, seat, {"type": "joker", "choice": "keep"}, now)[0]
    cell = player.board.index(None)
    return ENGINE.apply(state, seat, {"type": "place", "cell": cell}, now)[0]


def code_of(state: State, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, seat, action, 0)
    assert error.value.code in ENGINE.codes, "a code the engine does not declare"
    return error.value.code


def test_config() -> None:
    state = new({"variant": "duel"}, SEED)
    assert len(state.players) == 2 and state.playing == (0, 1)
    assert new({"variant": "duel", "seats": 2}, SEED) == state
    for bad in ({"variant": "duel", "seats": 3}, {"variant": "duel", "dealer_plays": True},
                {"variant": "trio"}, {"seats": 2}):
        with pytest.raises(IllegalAction) as error:
            new(bad, SEED)
        assert error.value.code == "bad_config"


def test_both_get_the_same_first_card_and_the_next_comes_when_both_handled() -> None:
    state = started()
    a, b = state.players
    assert a.hand == b.hand == state.deck[0] and state.drawn == 1
    state = handle(state, 0)
    assert state.drawn == 1 and state.players[0].hand is None
    assert waiting(ENGINE.view(state, 0)) == 0
    state = handle(state, 1)
    assert state.drawn == 2
    assert state.players[0].hand == state.players[1].hand == state.deck[1]


def test_an_early_draw_queues_the_card_for_the_slower_player() -> None:
    state = started()
    state = handle(state, 0)
    state, events = ENGINE.apply(state, 0, DRAW, 0)
    assert state.drawn == 2
    assert state.players[0].hand == state.deck[1]
    assert state.players[1].hand == state.deck[0]  # still the first card: a queue
    assert waiting(ENGINE.view(state, 1)) == 2
    assert {"type": "dealt", "drawn": 2} in events
    # Seat 1 may draw even while holding a card: a third card for both.
    state, _ = ENGINE.apply(state, 1, DRAW, 0)
    assert state.drawn == 3 and waiting(ENGINE.view(state, 1)) == 3
    state = handle(state, 1)
    assert state.players[1].hand == state.deck[1]


def test_own_events_are_addressed_to_the_seat() -> None:
    state = started()
    _, events = ENGINE.apply(state, 0, {"type": "place", "cell": 3}, 0) if (
        state.players[0].hand != JOKER
    ) else ENGINE.apply(state, 0, {"type": "joker", "choice": "keep"}, 0)
    assert events and all(e.get("to") == [0] for e in events)


def play_out(state: State, first_seat_cells: int | None = None) -> State:
    for _ in range(200):
        if state.over:
            return state
        for seat in (0, 1):
            if not state.players[seat].finished and state.players[seat].hand is not None:
                state = handle(state, seat)
    raise AssertionError("the duel did not end")


def test_a_whole_duel_ends_with_a_result_and_views() -> None:
    state = play_out(started())
    assert state.over and all(p.finished for p in state.players)
    result = ENGINE.result(state)
    assert result is not None
    assert [s["seat"] for s in result["seats"]] == [0, 1]
    # Both played the same way on the same cards: a draw.
    assert result["winner"] is None
    view = ENGINE.view(state, 0)
    assert set(view) == DUEL_VIEW_KEYS
    assert view["boards"] is not None and len(view["boards"]) == 2
    assert view["opponent"]["board"] == list(state.players[1].board)


def test_winner_by_score_then_filled() -> None:
    base = play_out(started())
    a, b = base.players
    worse = b.board[:24] + (None,)
    state = State.from_text(base.to_text())
    from dataclasses import replace

    state = replace(state, players=(a, replace(b, board=worse)))
    result = ENGINE.result(state)
    assert result is not None
    totals = {s["seat"]: s["total"] for s in result["seats"]}
    if totals[0] == totals[1]:
        assert result["winner"] == 0  # more filled cells
    else:
        assert result["winner"] == max(totals, key=lambda s: totals[s])
    assert result["ranking"][0]["seat"] == result["winner"]


def opponent(state: State, seat: int) -> list[int | None]:
    return list(ENGINE.view(state, seat)["opponent"]["board"])


def test_the_other_board_shows_as_far_as_the_seat_has_come() -> None:
    state = handle(started(), 0)
    view = ENGINE.view(state, 1)
    assert set(view) == DUEL_VIEW_KEYS
    assert view["boards"] is None
    assert view["seats"][0] == {"seat": 0, "score": 0, "filled": state.players[0].filled,
                                "handled": 1, "finished": False, "left": False}
    # Seat 1 still holds the first card: where seat 0 put it is not shown (nor scored).
    assert view["opponent"] == {"seat": 0, "board": [None] * 25, "jokers": [False] * 25,
                                "score": 0}
    state = handle(state, 1)
    first = state.deck[0]
    assert opponent(state, 1)[0] == opponent(state, 0)[0] == first
    # Seat 0 places the second card and draws a third early: seat 1 sees neither until it
    # has handled the second card itself.
    state = handle(state, 0)
    state, _ = ENGINE.apply(state, 0, DRAW, 0)
    state = handle(state, 0)
    assert state.players[0].filled + state.players[0].kept_jokers == 3
    assert opponent(state, 1) == [first] + [None] * 24
    state = handle(state, 1)
    assert opponent(state, 1)[:2] == list(state.players[0].board[:2])
    assert opponent(state, 1)[2] is None
    # Seat 0 sees all of seat 1's board: seat 1 is behind.
    assert opponent(state, 0) == list(state.players[1].board)


def test_stamps_round_trip_in_the_text_form() -> None:
    state = handle(handle(started(), 0), 1)
    assert state.players[0].stamps[0] == 1 and state.players[0].stamps[1] is None
    text = state.to_text()
    assert State.from_text(text) == state
    assert [row.split()[-1] for row in text.split(" | ")[1:]] == ["1", "1"]
    solo = ENGINE.apply(new({}, SEED), 0, START, 0)[0]
    solo = ENGINE.apply(solo, 0, {"type": "place", "cell": 0}, 0)[0]
    assert solo.players[0].stamps == (None,) * 25  # solo lines stay as they were
    assert len(solo.to_text().split("|")[1].split()) == 8


def test_hard_duel_expiry_deals_the_next_card() -> None:
    state = started({"mode": "hard", "seconds": 3})
    state = handle(state, 0, now=1000)
    expiry = 3000 + GRACE_MS
    state, events = ENGINE.advance(state, expiry + 1)
    # Seat 1's card expired at its expiry moment; both were then idle: next card for both.
    assert state.drawn == 2
    assert state.players[0].drawn_at == state.players[1].drawn_at == expiry
    assert any(e["type"] in ("forfeited", "kept") and e["to"] == [1] for e in events)


def test_errors() -> None:
    fresh = new({"variant": "duel"}, SEED)
    assert code_of(fresh, 0, DRAW) == "not_started"
    assert code_of(started(), 0, {"type": "end"}) == "not_dealer"
    assert code_of(started(), 0, START) == "already_started"
    assert ENGINE.legal(fresh, 1) == [START]

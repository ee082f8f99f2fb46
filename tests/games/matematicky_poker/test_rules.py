"""Rules of Matematický poker: config, actions and their errors, jokers, hard-mode time, views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.games.matematicky_poker import ENGINE, GRACE_MS, Player, State, replay, score_board
from klubovna.games.matematicky_poker.rules import (
    advance,
    apply,
    legal,
    new,
    next_deadline,
    result,
)
from klubovna.games.matematicky_poker.state import JOKER, fresh_deck
from klubovna.games.matematicky_poker.view import view
from klubovna.tables.registry import REGISTRY, get_game
from tests.games.matematicky_poker import VIEW_KEYS

NOW = 1_700_000_000_000
START = {"type": "start"}
DRAW = {"type": "draw"}
KEEP = {"type": "joker", "choice": "keep"}


def place(cell: int) -> dict[str, Any]:
    return {"type": "place", "cell": cell}


def joker_now(value: int, cell: int) -> dict[str, Any]:
    return {"type": "joker", "choice": "now", "value": value, "cell": cell}


def kept_joker(value: int, cell: int) -> dict[str, Any]:
    return {"type": "kept_joker", "value": value, "cell": cell}


def rigged(first: Sequence[int], config: Mapping[str, Any] | None = None) -> State:
    """A new game whose deck starts with `first`, followed by the rest of a full deck."""
    rest = fresh_deck()
    for card in first:
        rest.remove(card)
    return replace(new(config or {}, 0), deck=(*first, *rest))


def act(state: State, action: Mapping[str, Any], now: int = NOW) -> State:
    state, _ = apply(state, 0, action, now)
    return state


def started(first: Sequence[int] = (), config: Mapping[str, Any] | None = None) -> State:
    return act(rigged(first, config), START)


def code_of(state: State, action: Any, seat: Any = 0, now: int = NOW) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action, now)
    assert caught.value.message  # every error carries a human sentence
    assert caught.value.code in ENGINE.codes, "a code the engine does not declare"
    return caught.value.code


def me(state: State) -> Player:
    return state.players[0]


HARD = {"mode": "hard", "seconds": 10}
PERIOD = 10_000 + GRACE_MS
"""In HARD, from one card's draw to its expiry."""


# ---------------------------------------------------------------- config and deck


def test_defaults() -> None:
    state = new({}, 1)
    assert (state.mode, state.seconds, state.table, state.preview) == (
        "easy",
        None,
        "adjacent",
        True,
    )
    assert not state.started and not state.over
    assert state.players == (Player(),)
    assert ENGINE.seats(state) == 1


def test_full_config_accepted() -> None:
    state = new({"mode": "hard", "seconds": 3, "table": "matematico", "preview": False}, 1)
    assert (state.mode, state.seconds, state.table, state.preview) == (
        "hard",
        3,
        "matematico",
        False,
    )
    assert new({"mode": "hard", "seconds": 300}, 1).seconds == 300
    assert new({"mode": "easy", "seconds": None}, 1).seconds is None


@pytest.mark.parametrize(
    "config",
    [
        {"mode": "medium"},
        {"mode": "hard"},
        {"mode": "hard", "seconds": None},
        {"mode": "hard", "seconds": 2},
        {"mode": "hard", "seconds": 301},
        {"mode": "hard", "seconds": True},
        {"mode": "hard", "seconds": 30.0},
        {"mode": "hard", "seconds": "30"},
        {"mode": "easy", "seconds": 30},
        {"seconds": 30},
        {"table": "poker"},
        {"table": ["adjacent"]},
        {"preview": "yes"},
        {"preview": 1},
        {"colour": "red"},
    ],
)
def test_bad_config(config: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction) as caught:
        new(config, 1)
    assert caught.value.code == "bad_config"
    assert caught.value.message


def test_bad_config_not_a_mapping_or_bad_seed() -> None:
    for config, seed in (([("mode", "easy")], 1), ({}, "1"), ({}, True), ({}, 1.5)):
        with pytest.raises(IllegalAction) as caught:
            new(config, seed)  # type: ignore[arg-type]
        assert caught.value.code == "bad_config"


def test_deck_is_54_cards_shuffled_by_seed() -> None:
    a, b, c = new({}, 1).deck, new({}, 1).deck, new({}, 2).deck
    assert sorted(a) == sorted(fresh_deck()) == [0, 0] + [v for v in range(1, 14) for _ in "1234"]
    assert a == b
    assert a != c
    assert a != tuple(fresh_deck())


# ---------------------------------------------------------------- start and draw


def test_start_draws_the_first_card() -> None:
    state = new({}, 5)
    state, events = apply(state, 0, START, NOW)
    first = state.deck[0]
    shown = {"kind": "joker"} if first == JOKER else {"kind": "number", "value": first}
    assert events == [{"type": "drawn", "card": shown}]
    assert state.started
    assert me(state).hand == first
    assert me(state).position == 1
    assert view(state, 0)["cards_left"] == 53


def test_start_only_once() -> None:
    state = started([5])
    assert code_of(state, START) == "already_started"


def test_draw_is_idempotent_while_a_card_is_in_hand() -> None:
    state = started([5, 6])
    after, events = apply(state, 0, DRAW, NOW)
    assert events == []
    assert after == state
    assert me(after).hand == 5


def test_draw_draws_when_the_hand_is_empty() -> None:
    state = replace(started([5, 6]), players=(replace(me(started([5, 6])), hand=None),))
    after, events = apply(state, 0, DRAW, NOW)
    assert events == [{"type": "drawn", "card": {"kind": "number", "value": 6}}]
    assert me(after).hand == 6


def test_draw_before_start_and_after_the_end() -> None:
    assert code_of(new({}, 1), DRAW) == "not_started"
    assert code_of(finished_game(), DRAW) == "game_over"


# ---------------------------------------------------------------- placing


def test_place_writes_the_number_and_draws_the_next() -> None:
    state = started([5, 9])
    state, events = apply(state, 0, place(12), NOW)
    assert events == [
        {"type": "placed", "cell": 12, "value": 5, "joker": False},
        {"type": "drawn", "card": {"kind": "number", "value": 9}},
    ]
    assert me(state).board[12] == 5
    assert me(state).hand == 9
    assert not me(state).from_joker[12]


def test_apply_never_changes_the_old_state() -> None:
    before = started([5, 9])
    text = before.to_text()
    act(before, place(3))
    assert before.to_text() == text


def finished_game(config: Mapping[str, Any] | None = None) -> State:
    state = started([], config)
    for cell in range(25):
        while me(state).hand == JOKER:
            state = act(state, KEEP)
        state = act(state, place(cell))
    return state


def test_game_ends_when_25_cells_are_used() -> None:
    state = started([v for v in range(1, 14)] * 2)
    for cell in range(24):
        state = act(state, place(cell))
    assert not state.over
    state, events = apply(state, 0, place(24), NOW)
    assert events[-1]["type"] == "over"
    assert events[-1]["total"] == score_board(me(state).board, "adjacent")[1]
    assert not any(e["type"] == "drawn" for e in events)
    assert state.over and me(state).finished
    assert me(state).hand is None
    assert None not in me(state).board
    assert legal(state, 0) == []


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "action",
    [
        "place",
        None,
        ["type", "place"],
        {},
        {"type": 1},
        {"type": "fold"},
        {"type": "joker:keep", "choice": "keep"},
        {"type": "start", "cell": 1},
        {"type": "draw", "now": 1},
        {"type": "place"},
        {"type": "place", "cell": "3"},
        {"type": "place", "cell": 3.0},
        {"type": "place", "cell": True},
        {"type": "place", "cell": None},
        {"type": "place", "cell": 3, "value": 5},
        {"type": "joker"},
        {"type": "joker", "choice": "later"},
        {"type": "joker", "choice": "keep", "cell": 3},
        {"type": "joker", "choice": "now", "value": 5},
        {"type": "joker", "choice": "now", "value": False, "cell": 3},
        {"type": "kept_joker", "value": 5},
        {"type": "kept_joker", "value": 5, "cell": 2, "choice": "now"},
        {"type": "kept_joker", "value": "5", "cell": 2},
    ],
)
def test_bad_action(action: Any) -> None:
    assert code_of(started([5]), action) == "bad_action"


def test_not_your_seat() -> None:
    state = started([5])
    for seat in (1, -1, True, "0", None):
        assert code_of(state, place(0), seat=seat) == "not_your_seat"
    assert legal(state, 1) == []
    with pytest.raises(IllegalAction) as caught:
        view(state, 1)
    assert caught.value.code == "not_your_seat"


def test_not_started() -> None:
    state = new({}, 1)
    for action in (DRAW, place(0), KEEP, joker_now(5, 0), kept_joker(5, 0)):
        assert code_of(state, action) == "not_started"


def test_game_over() -> None:
    state = replace(finished_game(), players=(replace(me(finished_game()), kept_jokers=1),))
    for action in (DRAW, place(0), KEEP, joker_now(5, 0), kept_joker(5, 0)):
        assert code_of(state, action) == "game_over"
    assert code_of(state, START) == "already_started"


def test_no_card() -> None:
    state = started([5])
    state = replace(state, players=(replace(me(state), hand=None),))
    assert code_of(state, place(0)) == "no_card"


def test_joker_in_hand() -> None:
    assert code_of(started([JOKER]), place(0)) == "joker_in_hand"


def test_not_a_joker() -> None:
    state = started([5])
    assert code_of(state, KEEP) == "not_a_joker"
    assert code_of(state, joker_now(5, 0)) == "not_a_joker"


@pytest.mark.parametrize("cell", [-1, 25, 100])
def test_cell_out_of_range(cell: int) -> None:
    assert code_of(started([5]), place(cell)) == "cell_out_of_range"
    assert code_of(started([JOKER]), joker_now(5, cell)) == "cell_out_of_range"


def test_cell_taken() -> None:
    state = act(started([5, 6]), place(7))
    assert code_of(state, place(7)) == "cell_taken"
    state = replace(state, players=(replace(me(state), kept_jokers=1),))
    assert code_of(state, kept_joker(3, 7)) == "cell_taken"
    state = act(started([5, JOKER]), place(7))
    assert code_of(state, joker_now(3, 7)) == "cell_taken"


@pytest.mark.parametrize("value", [0, 14, -3])
def test_value_out_of_range(value: int) -> None:
    assert code_of(started([JOKER]), joker_now(value, 0)) == "value_out_of_range"
    assert code_of(started([5]), kept_joker(value, 0)) == "value_out_of_range"


def test_no_kept_joker() -> None:
    assert code_of(started([5]), kept_joker(5, 0)) == "no_kept_joker"


# ---------------------------------------------------------------- jokers


def test_joker_now_writes_the_value_and_remembers_the_joker() -> None:
    state = started([JOKER, 8])
    state, events = apply(state, 0, joker_now(13, 4), NOW)
    assert events == [
        {"type": "placed", "cell": 4, "value": 13, "joker": True},
        {"type": "drawn", "card": {"kind": "number", "value": 8}},
    ]
    assert me(state).board[4] == 13
    assert me(state).from_joker[4]
    assert view(state, 0)["jokers"] == [i == 4 for i in range(25)]
    assert me(state).kept_jokers == 0


def test_joker_keep_counts_it_and_draws_at_once() -> None:
    state = started([JOKER, 8])
    state, events = apply(state, 0, KEEP, NOW)
    assert events == [
        {"type": "kept", "expired": False},
        {"type": "drawn", "card": {"kind": "number", "value": 8}},
    ]
    assert me(state).kept_jokers == 1
    assert me(state).hand == 8
    assert me(state).board == (None,) * 25


def test_kept_joker_played_while_a_number_is_in_hand() -> None:
    state = act(started([JOKER, 8, 9]), KEEP)
    cards_left = view(state, 0)["cards_left"]
    state, events = apply(state, 0, kept_joker(2, 10), NOW)
    assert events == [{"type": "placed", "cell": 10, "value": 2, "joker": True}]
    assert me(state).hand == 8  # the hand stays as it is
    assert me(state).kept_jokers == 0
    assert me(state).board[10] == 2 and me(state).from_joker[10]
    assert view(state, 0)["cards_left"] == cards_left  # no card taken from the deck
    state = act(state, place(11))
    assert me(state).hand == 9


def test_kept_joker_played_while_a_joker_is_in_hand() -> None:
    state = act(started([JOKER, JOKER, 8]), KEEP)
    assert me(state).hand == JOKER
    state = act(state, kept_joker(1, 0))
    assert me(state).hand == JOKER
    assert me(state).board[0] == 1


def test_kept_joker_on_the_last_cell_ends_the_game_and_discards_the_hand() -> None:
    state = act(started([JOKER, *range(1, 13), *range(1, 13), 13]), KEEP)
    for cell in range(24):
        state = act(state, place(cell))
    assert me(state).hand is not None and me(state).kept_jokers == 1
    state, events = apply(state, 0, kept_joker(7, 24), NOW)
    assert [e["type"] for e in events] == ["placed", "over"]
    assert state.over
    assert me(state).hand is None
    final = result(state)
    assert final is not None and final["complete"] is True


def test_unused_kept_jokers_are_simply_unused() -> None:
    state = act(started([JOKER, 5]), KEEP)
    for cell in range(25):
        state = act(state, place(cell))
    assert state.over
    assert me(state).kept_jokers == 1
    assert legal(state, 0) == []


# ---------------------------------------------------------------- legal


def test_legal_follows_the_hand() -> None:
    assert legal(new({}, 1), 0) == [START]
    state = act(started([5, JOKER, 6]), place(0))
    assert me(state).hand == JOKER
    actions = legal(state, 0)
    assert actions[0] == KEEP
    assert len(actions) == 1 + 13 * 24
    assert joker_now(13, 24) in actions and joker_now(1, 0) not in actions
    state = act(state, KEEP)
    actions = legal(state, 0)
    assert [a for a in actions if a["type"] == "place"] == [place(c) for c in range(1, 25)]
    assert len([a for a in actions if a["type"] == "kept_joker"]) == 13 * 24
    assert DRAW not in actions


def test_every_legal_action_is_accepted() -> None:
    state = act(act(started([JOKER, 5, JOKER, 7]), KEEP), place(3))
    for action in legal(state, 0):
        apply(state, 0, action, NOW)  # raises if the list lies


# ---------------------------------------------------------------- hard mode


def test_easy_mode_has_no_deadlines() -> None:
    state = started([5])
    assert me(state).drawn_at is None
    assert next_deadline(state) is None
    assert view(state, 0)["deadline"] is None
    assert advance(state, NOW + 10**9) == (state, [])


def test_hard_deadline_and_expiry() -> None:
    state = started([5, 6], HARD)
    assert me(state).drawn_at == NOW
    assert view(state, 0)["deadline"] == NOW + 10_000  # the grace is never shown
    # advance first changes something 1 ms after deadline + grace
    assert next_deadline(state) == NOW + 10_000 + GRACE_MS + 1


def test_hard_number_accepted_until_deadline_plus_grace() -> None:
    state = started([5, 6], HARD)
    expiry = NOW + PERIOD
    same, events = advance(state, expiry)
    assert same is state and events == []
    placed, events = apply(state, 0, place(0), expiry)
    assert events[0] == {"type": "placed", "cell": 0, "value": 5, "joker": False}
    assert me(placed).drawn_at == expiry  # the next card is drawn at the action's now


def test_hard_number_forfeited_just_after_grace() -> None:
    state = started([5, 6, 7], HARD)
    expiry = NOW + PERIOD
    state, events = advance(state, expiry + 1)
    assert events == [
        {"type": "forfeited", "value": 5},
        {"type": "drawn", "card": {"kind": "number", "value": 6}},
    ]
    assert me(state).forfeited == 1
    assert me(state).hand == 6
    assert me(state).drawn_at == expiry  # drawn at the expiry moment, not at `now`
    assert next_deadline(state) == expiry + PERIOD + 1
    assert me(state).board == (None,) * 25


def test_apply_runs_advance_first() -> None:
    state = started([5, 6, 7], HARD)
    state, events = apply(state, 0, place(0), NOW + PERIOD + 1)
    assert [e["type"] for e in events] == ["forfeited", "drawn", "placed", "drawn"]
    assert me(state).board[0] == 6  # the expired 5 is gone before the action is judged
    assert me(state).hand == 7


def test_hard_undecided_joker_is_kept_at_expiry() -> None:
    state = started([JOKER, 6], HARD)
    state, events = advance(state, NOW + PERIOD + 1)
    assert events == [
        {"type": "kept", "expired": True},
        {"type": "drawn", "card": {"kind": "number", "value": 6}},
    ]
    assert me(state).kept_jokers == 1
    assert me(state).forfeited == 0
    assert me(state).drawn_at == NOW + PERIOD


def test_hard_cascade_catch_up() -> None:
    state = started([5, 6, JOKER, 7, 8], HARD)
    # Expiries: 5 at NOW+P, 6 at NOW+2P, joker at NOW+3P, 7 at NOW+4P; 8 still in time.
    state, events = advance(state, NOW + 4 * PERIOD + 1)
    assert [e["type"] for e in events] == ["forfeited", "drawn"] * 2 + ["kept", "drawn"] * 1 + [
        "forfeited",
        "drawn",
    ]
    assert me(state).forfeited == 3
    assert me(state).kept_jokers == 1
    assert me(state).hand == 8
    assert me(state).drawn_at == NOW + 4 * PERIOD


def test_hard_cascade_is_the_same_in_one_jump_or_many() -> None:
    one = advance(started([], HARD), NOW + 7 * PERIOD + 3)[0]
    many = started([], HARD)
    for t in range(NOW, NOW + 7 * PERIOD + 4, 997):
        many = advance(many, t)[0]
    many = advance(many, NOW + 7 * PERIOD + 3)[0]
    assert one == many


def test_hard_forfeits_end_the_game_when_all_cells_are_used() -> None:
    state = started([], HARD)
    state, events = advance(state, NOW + 10**9)
    assert state.over
    assert me(state).forfeited + me(state).filled == 25
    assert me(state).forfeited == 25
    assert events[-1] == {"type": "over", "total": 0}
    assert next_deadline(state) is None
    final = result(state)
    assert final == {"total": 0, "lines": [0] * 12, "filled": 0, "forfeited": 25, "complete": False}


def test_hard_forfeit_of_the_last_cell_ends_the_game() -> None:
    state = started([*range(1, 14), *range(1, 13), 13, 13], HARD)
    for cell in range(24):
        state = act(state, place(cell))
    due = next_deadline(state)
    assert due is not None
    same, _ = advance(state, due - 1)
    assert same is state
    state, events = advance(state, due)
    assert [e["type"] for e in events] == ["forfeited", "over"]
    final = result(state)
    assert final is not None
    assert (final["filled"], final["forfeited"], final["complete"]) == (24, 1, False)


def test_kept_joker_does_not_reset_the_clock() -> None:
    state = act(started([JOKER, 5], HARD), KEEP, NOW + 1000)
    drawn_at = me(state).drawn_at
    assert drawn_at == NOW + 1000
    state = act(state, kept_joker(4, 0), NOW + 5000)
    assert me(state).drawn_at == drawn_at
    assert me(state).hand == 5


def test_advance_rejects_a_non_integer_clock() -> None:
    with pytest.raises(TypeError):
        advance(started([5], HARD), 1.5)  # type: ignore[arg-type]


# ---------------------------------------------------------------- deck running out


def test_running_out_of_cards_ends_the_game() -> None:
    state = replace(new({}, 1), deck=(5, JOKER, 7))
    state = act(state, START)
    state = act(state, place(0))
    state = act(state, KEEP)
    state, events = apply(state, 0, place(1), NOW)
    assert events[-1]["type"] == "over"
    assert state.over
    final = result(state)
    assert final is not None and final["filled"] == 2 and final["complete"] is False
    assert view(state, 0)["cards_left"] == 0


# ---------------------------------------------------------------- view and preview




def test_view_fields() -> None:
    fresh = view(new({"mode": "hard", "seconds": 30}, 1), 0)
    assert set(fresh) == VIEW_KEYS
    assert fresh["game"] == "matematicky-poker"
    assert fresh["seconds"] == 30
    assert fresh["hand"] is None and fresh["started"] is False and fresh["deadline"] is None
    assert fresh["cards_left"] == 54
    assert fresh["score"] == {"lines": [0] * 12, "total": 0}

    state = act(act(started([7, 7, JOKER], {"table": "school"}), place(0)), place(1))
    shown = view(state, 0)
    assert shown["board"][:3] == [7, 7, None]
    assert shown["hand"] == {"kind": "joker"}
    assert shown["preview"] is None  # no number in hand
    assert shown["score"] == {"lines": [10] + [0] * 11, "total": 10}
    assert shown["cards_left"] == 51
    assert shown["over"] is False


def expected_preview(board: Sequence[int | None], hand: int, table: str) -> list[int | None]:
    """The preview computed the slow, obvious way: score the whole board with and without."""
    _, total = score_board(board, table)
    gains: list[int | None] = []
    for cell in range(25):
        if board[cell] is not None:
            gains.append(None)
            continue
        trial = list(board)
        trial[cell] = hand
        gain = score_board(trial, table)[1] - total
        gains.append(gain if gain != 0 else None)
    return gains


def test_preview_equals_score_differences() -> None:
    gains_seen = 0
    for table in ("adjacent", "school", "matematico"):
        for seed in range(4):
            state = act(new({"table": table}, seed), START)
            for step in range(25):
                while me(state).hand == JOKER:
                    state = act(state, KEEP)
                board, hand = me(state).board, me(state).hand
                assert hand is not None
                expected = expected_preview(board, hand, table)
                assert view(state, 0)["preview"] == expected
                gains_seen += sum(gain is not None for gain in expected)
                empty = [c for c, v in enumerate(board) if v is None]
                state = act(state, place(empty[(step * 7) % len(empty)]))
            assert state.over
    assert gains_seen > 300  # plenty of non-zero gains were compared, not just blanks


def test_preview_small_board() -> None:
    state = act(started([5, 5]), place(0))
    preview = view(state, 0)["preview"]
    # Next to the 5 (row 0 and column 0): adjacent pair 15; diagonal cell 6: pair 15 too.
    assert preview[1] == 15 and preview[5] == 15 and preview[6] == 15
    assert preview[2] == 10 and preview[10] == 10 and preview[12] == 10
    assert preview[0] is None  # used
    assert preview[7] is None  # no line with the 5: no gain
    assert sum(1 for p in preview if p is not None) == 12


def test_preview_disabled() -> None:
    state = act(started([5, 5], {"preview": False}), place(0))
    assert me(state).hand == 5
    assert view(state, 0)["preview"] is None


def test_preview_gone_when_over() -> None:
    assert view(finished_game(), 0)["preview"] is None


# ---------------------------------------------------------------- result, replay, text, registry


def test_result() -> None:
    assert result(started([5])) is None
    state = finished_game({"table": "matematico"})
    final = result(state)
    lines, total = score_board(me(state).board, "matematico")
    assert final == {
        "total": total,
        "lines": lines,
        "filled": 25,
        "forfeited": 0,
        "complete": True,
    }
    assert ENGINE.result(state) == final


def test_replay_reproduces_the_game() -> None:
    config = {"mode": "hard", "seconds": 5, "table": "school"}
    log: list[dict[str, Any]] = [{"kind": "act", "seat": 0, "action": START, "now": NOW}]
    state = ENGINE.apply(ENGINE.new(config, 77), 0, START, NOW)[0]
    now = NOW
    for step in range(30):
        now += 3000 * (step % 4)
        if step % 5 == 4:
            log.append({"kind": "tick", "now": now})
            state = ENGINE.advance(state, now)[0]
            continue
        state = ENGINE.advance(state, now)[0]
        if state.over:
            break
        action = ENGINE.legal(state, 0)[-1 if step % 2 else 0]
        log.append({"kind": "act", "seat": 0, "action": action, "now": now})
        state = ENGINE.apply(state, 0, action, now)[0]
    assert state.over and me(state).forfeited > 0  # the log exercised expiries too
    again = replay(config, 77, log)
    assert again == state
    assert again.to_text() == state.to_text()


def test_replay_rejects_a_bad_entry() -> None:
    with pytest.raises(ValueError):
        replay({}, 1, [{"kind": "undo", "now": NOW}])
    with pytest.raises(ValueError):
        replay({}, 1, [{"kind": "tick"}])
    with pytest.raises(IllegalAction):
        replay({}, 1, [{"kind": "act", "seat": 0, "action": DRAW, "now": NOW}])


def test_text_form_round_trips() -> None:
    states = [new({}, 3), started([JOKER, 5], HARD), finished_game({"table": "matematico"})]
    states.append(act(act(started([JOKER, JOKER, 9], HARD), joker_now(13, 6)), KEEP))
    for state in states:
        text = state.to_text()
        assert "\n" not in text
        assert State.from_text(text) == state
    assert State.from_text(states[-1].to_text()).players[0].from_joker[6]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "mp0 easy - adjacent 1 0 " + "5" * 54 + " | 0 " + "." * 25 + " - - - 0 0 0",
        "mp1 easy - adjacent 1 0 55X | 0 " + "." * 25 + " - - - 0 0 0",
        "mp1 easy - adjacent 1 0 555 | 0 " + "." * 24 + " - - - 0 0 0",
        "mp1 easy - adjacent 2 0 555 | 0 " + "." * 25 + " - - - 0 0 0",
        "mp1 easy - adjacent 1 0 555 | 0 " + "." * 25 + " 30 - - 0 0 0",
        "mp1 easy - adjacent 1 0 555 | 0 " + "*" + "." * 24 + " - - - 0 0 0",
        "mp1 easy - adjacent 1 0 555",
    ],
)
def test_text_form_rejects_malformed(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_text(text)


def test_registry() -> None:
    assert REGISTRY["matematicky-poker"].game is ENGINE
    assert get_game("matematicky-poker") is ENGINE
    assert ENGINE.name == "matematicky-poker"
    with pytest.raises(IllegalAction) as caught:
        get_game("chess")
    assert caught.value.code == "unknown_game"

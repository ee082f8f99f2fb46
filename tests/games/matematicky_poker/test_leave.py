"""Leaving a game: the board stays; in a duel or group the others play on (or, when the
group's dealer leaves, the game ends for everybody) and the result says who left; a solo
game ends there, incomplete."""

from __future__ import annotations

import pytest

from klubovna.core import IllegalAction
from klubovna.games.matematicky_poker.rules import apply, new, result
from klubovna.games.matematicky_poker.state import State
from klubovna.games.matematicky_poker.view import view


def place_anywhere(state: State, seat: int, now: int) -> State:
    player = state.players[seat]
    cell = player.board.index(None)
    if player.hand == 0:
        return apply(state, seat, {"type": "joker", "choice": "now", "value": 7, "cell": cell},
                     now)[0]
    return apply(state, seat, {"type": "place", "cell": cell}, now)[0]


def test_a_duel_player_leaves_and_the_other_plays_on() -> None:
    state = apply(new({"variant": "duel"}, 5), 0, {"type": "start"}, 0)[0]
    state = place_anywhere(state, 0, 1)
    state, events = apply(state, 1, {"type": "leave"}, 2)
    assert {"type": "left", "seat": 1} in events
    assert state.players[1].left and state.players[1].finished
    assert view(state, 0)["seats"][1]["left"] is True
    # The next card reaches seat 0 without waiting for the one who left.
    assert state.players[0].hand is not None
    now = 3
    while not state.over:
        state = place_anywhere(state, 0, now)
        now += 1
    outcome = result(state)
    assert outcome is not None
    assert [seat["left"] for seat in outcome["seats"]] == [False, True]
    assert outcome["seats"][0]["complete"] is True
    assert State.from_text(state.to_text()) == state


def test_the_dealer_leaving_ends_a_group_game() -> None:
    state = new({"variant": "group", "seats": 3}, 8)
    state = apply(state, 0, {"type": "start"}, 0)[0]
    state = apply(state, 0, {"type": "draw"}, 1)[0]
    state, events = apply(state, 0, {"type": "leave"}, 2)
    assert state.over and state.ended and {"type": "ended"} in events
    assert result(state) is not None and view(state, 2)["game_over"] is True
    assert state.players[0].left


def test_a_group_player_leaves_and_stays_in_the_ranking() -> None:
    state = new({"variant": "group", "seats": 3, "dealer_plays": False}, 8)
    state = apply(state, 0, {"type": "start"}, 0)[0]
    state = apply(state, 0, {"type": "draw"}, 1)[0]
    state = place_anywhere(state, 1, 2)
    state = apply(state, 1, {"type": "leave"}, 3)[0]
    assert not state.over
    assert [row["seat"] for row in view(state, 2)["ranking"]] == [1, 2]
    with pytest.raises(IllegalAction) as error:
        apply(state, 1, {"type": "place", "cell": 5}, 4)
    assert error.value.code == "game_over"  # the seat's own game is over


def test_a_solo_player_leaves_and_the_game_ends_incomplete() -> None:
    """"Nová hra" during a solo game: the board stays as it is and the game is over, with the
    result a hard-mode game left to its deadlines would have (incomplete, so it counts as a
    game and not as a completed one)."""
    state = apply(new({}, 1), 0, {"type": "start"}, 0)[0]
    state = place_anywhere(state, 0, 1)
    state = place_anywhere(state, 0, 2)
    state, events = apply(state, 0, {"type": "leave"}, 3)
    assert events[0] == {"type": "left", "seat": 0}
    assert state.over and state.players[0].left and state.players[0].hand is None
    outcome = result(state)
    assert outcome is not None
    assert outcome["complete"] is False and outcome["filled"] == 2
    assert view(state, 0)["over"] is True
    assert State.from_text(state.to_text()) == state
    with pytest.raises(IllegalAction) as error:
        apply(state, 0, {"type": "leave"}, 4)
    assert error.value.code == "game_over"


def test_leave_is_refused_before_the_start() -> None:
    with pytest.raises(IllegalAction) as error:
        apply(new({}, 1), 0, {"type": "leave"}, 0)
    assert error.value.code == "not_started"
    with pytest.raises(IllegalAction) as error:
        apply(new({"variant": "duel"}, 1), 1, {"type": "leave"}, 0)
    assert error.value.code == "not_started"

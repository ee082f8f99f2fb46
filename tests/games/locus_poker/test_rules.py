"""Locus Poker's rules on boards made to order (a 6×5 grid, cell = row * 6 + col):

     0  1  2  3  4  5
     6  7  8  9 10 11
    12 13 14 15 16 17
    18 19 20 21 22 23
    24 25 26 27 28 29

the scoring area in the middle, on an edge and in a corner, dead face-down cards, the wild
card, the bonus, the first player, the end and draws, and the refusals."""

from __future__ import annotations

import pytest

from klubovna.core import IllegalAction
from klubovna.games.locus_poker import ENGINE, Move, State
from klubovna.games.locus_poker.grid import areas
from tests.games.locus_poker.helpers import NOW, board, cells_of, last_score, play


def test_areas_have_nine_six_or_four_cards() -> None:
    sizes = [len(near) + 1 for near in areas(6, 5)]
    assert sizes[14] == 9 and sizes[3] == 6 and sizes[11] == 6 and sizes[18] == 6
    assert [sizes[c] for c in (0, 5, 24, 29)] == [4, 4, 4, 4]
    assert sorted(sizes).count(4) == 4


def test_a_corner_scores_its_four_cards_only() -> None:
    state = board({0: "90", 1: "91", 6: "92", 7: "23", 2: "93", 12: "22"})
    after = play(state, (0, "up"))
    assert last_score(after) == (5, 0)  # three 9s: the 9 on cell 2 is outside the corner
    assert cells_of(after) == [0, 1, 6]


def test_an_edge_scores_its_six_cards() -> None:
    # top edge, cell 3: cells 2, 3, 4, 8, 9, 10 hold a straight 5-9; cell 15 holds the 10
    state = board({2: "50", 3: "61", 4: "72", 8: "83", 9: "90", 10: "K0", 15: "T1"})
    after = play(state, (3, "up"))
    assert last_score(after) == (7, 0)
    assert cells_of(after) == [2, 3, 4, 8, 9]


def test_the_middle_scores_its_nine_cards() -> None:
    # cell 14's area: 7 8 9 / 13 14 15 / 19 20 21 holds a flush of suit 2 across corners
    state = board({7: "22", 9: "52", 19: "82", 21: "J2", 14: "K2", 8: "30", 13: "41",
                   15: "T3", 20: "Q0"})
    after = play(state, (14, "up"))
    assert last_score(after) == (8, 0)
    assert cells_of(after) == [7, 9, 14, 19, 21]


def test_a_hand_need_not_use_the_chosen_card() -> None:
    state = board({7: "A0", 8: "A1", 14: "20", 9: "30", 13: "51", 15: "72", 19: "93",
                   20: "J1", 21: "K3"})
    after = play(state, (14, "up"))
    assert last_score(after) == (2, 0)
    assert cells_of(after) == [7, 8]


def test_face_down_the_chosen_card_is_wild() -> None:
    # cell 0's neighbours: 9 9 and a 2: the wild card makes three 9s (or a full house of
    # nothing: four cards only); face up the 2 on cell 0 pairs with nothing
    state = board({0: "K0", 1: "90", 6: "91", 7: "22"})
    assert last_score(play(state, (0, "up"))) == (2, 0)
    down = play(state, (0, "down"))
    assert last_score(down) == (5, 0)
    assert cells_of(down) == [0, 1, 6]  # the chosen cell is the wild card of the hand


def test_face_down_cards_are_dead_for_both_players() -> None:
    state = board({0: "90", 1: "91", 6: "92", 7: "93", 2: "40", 8: "41", 3: "K2", 9: "Q3"})
    state = play(state, (7, "down"))  # seat 0 kills the 9 on cell 7 (and scores with it)
    assert last_score(state) == (10, 0)  # its own wild: four 9s with 0, 1, 6
    after = play(state, (0, "up"))  # seat 1: 9 9 9 on 0, 1, 6; 7 is dead
    assert last_score(after) == (5, 0)
    assert 7 not in cells_of(after)
    # a face-down card is dead also for its own player, and counts for no bonus
    after = play(after, (2, "up"))  # seat 0 at 2: 9 (1), 4 (2), 4 (8); 7 dead
    assert last_score(after) == (2, 0)


def test_played_face_up_cards_still_count_for_both() -> None:
    state = board({0: "90", 1: "91", 6: "92", 7: "23", 12: "K1", 13: "Q2"})
    state = play(state, (1, "up"), (6, "up"))  # seat 1's 6 sees 0, 1, 7, 12, 13
    assert last_score(state) == (5, 0)  # the 9 under seat 0's chip counts for seat 1
    after = play(state, (0, "up"))  # seat 0 at 0: 9 9 9 all face up, played or not
    assert last_score(after) == (5, 2)  # and its chip on 1 (orthogonal) is worth 2


def test_the_bonus_counts_own_face_up_chips_two_and_one() -> None:
    around = [7, 8, 9, 13, 15, 19, 20, 21]
    far = [0, 2, 4, 24, 26, 28, 5, 29]
    state = board({}, starter=0)
    for mine, theirs in zip(around, far, strict=True):
        state = play(state, (mine, "up"), (theirs, "up"))
    state = play(state, (14, "up"))
    assert last_score(state)[1] == 12
    # the other player next to seat 1's chips gets nothing for seat 0's
    state = play(state, (3, "up"))
    # cell 3's neighbours: 2 and 4 (seat 1's, orthogonal), 8 and 9 (seat 0's), 10 (free)
    assert last_score(state)[1] == 2 + 2


def test_a_face_down_chip_gives_no_bonus() -> None:
    state = board({}, starter=0)
    state = play(state, (13, "down"), (0, "up"), (15, "up"), (5, "up"), (14, "up"))
    assert last_score(state)[1] == 2  # 15 up counts 2, 13 down counts nothing


def test_the_game_ends_when_every_card_carries_a_chip() -> None:
    state = board({})
    for cell in range(30):
        assert not state.over
        state = play(state, (cell, "up" if cell % 3 else "down"))
    assert state.over
    view = ENGINE.view(state, 0)
    assert view["chips_left"] == [0, 0] and all(chip is not None for chip in view["chips"])
    result = ENGINE.result(state)
    assert result is not None and result["reason"] == "full"
    totals = state.totals()
    assert result["totals"] == totals
    assert result["winner"] == (None if totals[0] == totals[1] else totals.index(max(totals)))
    assert ENGINE.legal(state, 0) == [] and ENGINE.legal(state, 1) == []


def test_equal_totals_are_a_draw() -> None:
    moves = tuple(Move(cell % 2, cell, False, 2 if cell < 2 else 0, 0) for cell in range(30))
    state = State(grid="6x5", round=1, starter=0, cards=board({}).cards, moves=moves,
                  started=True)
    result = ENGINE.result(state)
    assert result is not None and result["winner"] is None and result["totals"] == [2, 2]
    assert [o.outcome for o in ENGINE.outcomes(result)] == ["draw", "draw"]


def test_the_first_player_is_drawn_then_alternates() -> None:
    firsts = {ENGINE.new({}, seed).turn for seed in range(20)}
    assert firsts == {0, 1}
    for seed in (3, 4):  # tables stored before series: round r begins with seat r - 1
        assert [ENGINE.new({"round": r}, seed).turn for r in (2, 3, 4, 5)] == [1, 0, 1, 0]
    # a series (a room's, a page's games played again): drawn in round 1, then alternating,
    # whatever each round's own seed
    runs = [[ENGINE.new({"round": r, "series": series}, seed=series * 5 + r).turn
             for r in (1, 2, 3, 4)] for series in range(12)]
    assert {tuple(run) for run in runs} == {(0, 1, 0, 1), (1, 0, 1, 0)}
    state, events = ENGINE.apply(ENGINE.new({}, 7), 1, {"type": "start"}, NOW)
    assert events == [{"type": "started", "turn": state.turn}]


def test_grids_deal_their_cards_from_the_seed() -> None:
    for grid, count in (("6x5", 30), ("6x6", 36), ("7x6", 42), ("8x6", 48)):
        state = ENGINE.new({"grid": grid}, 11)
        assert len(set(state.cards)) == count
        assert ENGINE.new({"grid": grid}, 11) == state
    assert ENGINE.new({}, 1).cards != ENGINE.new({}, 2).cards
    assert ENGINE.view(ENGINE.new({}, 1), 0)["grid"] == "6x6"


@pytest.mark.parametrize(("action", "seat", "code"), [
    ({"type": "play", "cell": 5, "face": "up"}, 1, "not_your_turn"),
    ({"type": "play", "cell": 30, "face": "up"}, 0, "no_such_cell"),
    ({"type": "play", "cell": -1, "face": "down"}, 0, "no_such_cell"),
    ({"type": "play", "cell": 0, "face": "up"}, 0, "cell_taken"),
    ({"type": "play", "cell": 5, "face": "sideways"}, 0, "bad_action"),
    ({"type": "play", "cell": "5", "face": "up"}, 0, "bad_action"),
    ({"type": "start"}, 0, "already_started"),
])
def test_refusals(action: dict[str, object], seat: int, code: str) -> None:
    state = play(board({}), (0, "up"), (1, "up"))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, action, NOW)  # type: ignore[arg-type]
    assert refused.value.code == code


def test_no_play_before_the_start_or_after_the_end() -> None:
    fresh = ENGINE.new({"grid": "6x5"}, 1)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(fresh, fresh.turn, {"type": "play", "cell": 0, "face": "up"}, NOW)
    assert refused.value.code == "not_started"
    gone, _ = ENGINE.leave(fresh, 0, NOW)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(gone, 1, {"type": "start"}, NOW)
    assert refused.value.code == "game_over"
    result = ENGINE.result(gone)
    assert result is not None and result["winner"] == 1 and result["reason"] == "left"


def test_the_preview_is_what_the_move_scores() -> None:
    state = play(board({0: "90", 1: "91", 6: "92", 7: "23"}), (1, "up"), (20, "down"))
    view = ENGINE.view(state, 0)
    assert view["preview"][1] is None and view["preview"][20] is None
    for cell in (0, 6, 14, 21):
        for face in ("up", "down"):
            shown = view["preview"][cell][face]
            after = play(state, (cell, face))
            assert (shown["hand"], shown["bonus"]) == last_score(after)
            last = ENGINE.view(after, 0)["last"]
            assert (last["name"], last["cells"]) == (shown["name"], shown["cells"])
    assert view["preview"][0]["up"] == {"hand": 5, "name": "three_of_a_kind", "bonus": 2,
                                        "score": 7, "cells": [0, 1, 6]}

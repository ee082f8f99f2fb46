"""The hand table: every golden vector of ../shared/vectors/locus-poker-hands.json, each
combination with and without the wild card, aces high and low, no wrapping straights, and
the cards `best_hand` says make the hand."""

from __future__ import annotations

import json

import pytest

from klubovna.games.locus_poker import best_hand, hand_score
from klubovna.games.locus_poker.cards import card
from klubovna.games.locus_poker.hands import NAMES, SIZES, points
from tests.vectors import vector_path

VECTORS = json.loads(vector_path("locus-poker-hands.json").read_text(encoding="utf-8"))


def test_every_golden_vector_scores_its_points() -> None:
    vectors = VECTORS["vectors"]
    assert len(vectors) > 100
    wrong = [v for v in vectors if hand_score(v["cards"], v["wild"]) != v["points"]]
    assert wrong == []


@pytest.mark.parametrize(("cards", "wild", "points_", "name"), [
    ([[9, 1], [10, 1], [11, 1], [12, 1], [13, 1], [2, 0]], 0, 11, "straight_flush"),
    ([[14, 2], [2, 2], [3, 2], [4, 2], [5, 2]], 0, 11, "straight_flush"),
    ([[10, 3], [11, 3], [13, 3], [14, 3]], 1, 11, "straight_flush"),
    ([[7, 0], [7, 1], [7, 2], [7, 3], [2, 0]], 0, 10, "four_of_a_kind"),
    ([[7, 0], [7, 1], [7, 2], [3, 3]], 1, 10, "four_of_a_kind"),
    ([[5, 0], [5, 1], [5, 2], [9, 3], [9, 0]], 0, 9, "full_house"),
    ([[5, 0], [5, 1], [9, 3], [9, 0]], 1, 9, "full_house"),
    ([[2, 0], [6, 0], [9, 0], [11, 0], [13, 0]], 0, 8, "flush"),
    ([[2, 0], [6, 0], [9, 0], [11, 0], [13, 1]], 1, 8, "flush"),
    ([[10, 0], [11, 1], [12, 2], [13, 3], [14, 0]], 0, 7, "straight"),
    ([[14, 0], [2, 1], [3, 2], [4, 3], [5, 0]], 0, 7, "straight"),
    ([[6, 0], [7, 1], [9, 2], [10, 3]], 1, 7, "straight"),
    ([[8, 0], [8, 1], [8, 2], [2, 3]], 0, 5, "three_of_a_kind"),
    ([[8, 0], [8, 1], [2, 3]], 1, 5, "three_of_a_kind"),
    ([[8, 0], [8, 1], [2, 3], [2, 0], [13, 1]], 0, 4, "two_pairs"),
    ([[8, 0], [8, 1], [2, 3]], 0, 2, "pair"),
    ([[4, 2]], 1, 2, "pair"),
    ([[2, 0], [5, 1], [9, 2], [13, 3]], 0, 0, None),
    ([], 1, 0, None),
    ([[12, 0], [13, 1], [14, 2], [2, 3], [3, 0]], 0, 0, None),  # a straight never wraps
    ([[13, 1], [14, 2], [2, 3], [3, 0]], 1, 2, "pair"),
])
def test_each_combination(cards: list[list[int]], wild: int, points_: int,
                          name: str | None) -> None:
    assert hand_score(cards, wild) == points_
    assert NAMES[points_] == name


def test_the_best_combination_wins_among_nine_cards() -> None:
    # a flush (3 6 8 J K of suit 0), a straight (6-10) and a pair of 8s: the flush counts
    cards = [[3, 0], [6, 0], [8, 0], [11, 0], [13, 0], [9, 1], [10, 2], [7, 3], [8, 2]]
    assert hand_score(cards, 0) == 8
    # with a third 8 and a pair of 3s the full house beats the flush
    assert hand_score([*cards[:5], [8, 1], [8, 2], [3, 1], [10, 2]], 0) == 9


def test_full_house_needs_the_pair() -> None:
    assert hand_score([[8, 0], [8, 1], [8, 2], [3, 0], [6, 0], [11, 0], [13, 0]], 0) == 8
    assert hand_score([[8, 0], [8, 1], [8, 2], [3, 0], [3, 1]], 0) == 9


@pytest.mark.parametrize("wild", [0, 1])
def test_best_hand_names_cards_that_score_the_same(wild: int) -> None:
    for vector in VECTORS["vectors"][:300]:
        cards = [card(r, s) for r, s in vector["cards"]]
        got, chosen, used = best_hand(cards, wild)
        assert got == points(cards, wild)
        if got:
            assert len(chosen) + used == SIZES[got]
            assert points([cards[i] for i in chosen], int(used)) == got
            assert used <= wild
        else:
            assert chosen == ()


def test_refuses_a_card_that_is_no_card() -> None:
    for bad in ([1, 0], [15, 0], [2, 4], [2], "A3", [True, 0]):
        with pytest.raises(ValueError):
            hand_score([bad], 0)

"""Showdown values of Kostkový poker: the agreed golden vectors, every line of the value
table and the choice of the six dice."""

from __future__ import annotations

import json
from typing import Any

import pytest

from klubovna.games.kostkovy_poker import TRIPLES, VALUE_TABLE, best_line, hand_value, six_value
from tests.vectors import vector_path

VECTORS_PATH = vector_path("kostkovy-poker-hands.json")


def _load_vectors() -> list[dict[str, Any]]:
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    vectors: list[dict[str, Any]] = data["vectors"]
    return vectors


VECTORS = _load_vectors()


def test_vector_file_covers_every_keep_count() -> None:
    assert len(VECTORS) == 3000
    assert {len(v["kept"]) for v in VECTORS} == {1, 2, 3, 4}


def test_golden_vectors() -> None:
    """Every vector in one test (3,000 items cost each test worker more to collect and
    report than to score); a failure lists each vector that scores wrong."""
    wrong = []
    for vector in VECTORS:
        value, pips, six = hand_value(vector["kept"], vector["table"])
        if (value, pips, list(six)) != (vector["value"], vector["pips"], vector["six"]):
            wrong.append(f"{vector['kept']}+{vector['table']}: {(value, pips, six)}")
    assert not wrong, f"{len(wrong)} vectors score wrong: {wrong[:20]}"


@pytest.mark.parametrize("line", VALUE_TABLE, ids=lambda line: line.name)
def test_every_line_scores_its_example(line: Any) -> None:
    assert best_line(line.example) == line
    if line.points is not None:
        assert six_value(line.example) == line.points


@pytest.mark.parametrize(
    ("six", "value", "name"),
    [
        ((3, 3, 3, 3, 3, 3), 5000, "six_of_a_kind"),
        ((1, 1, 1, 1, 1, 1), 5000, "six_of_a_kind"),  # not 1000 + 1000 for two triples of 1s
        ((6, 5, 4, 3, 2, 1), 2000, "straight"),
        ((1, 1, 4, 4, 6, 6), 1000, "three_pairs"),
        ((5, 5, 5, 5, 2, 2), 1000, "three_pairs"),  # four of a kind + a pair
        ((6, 6, 6, 6, 1, 1), 1000, "three_pairs"),  # beats the triple of 6s (600)
        ((1, 1, 1, 1, 3, 3), 1000, "three_pairs"),  # equal to three 1s: the first line named
        ((1, 1, 1, 6, 6, 6), 1600, "two_triples"),
        ((2, 2, 2, 3, 3, 3), 500, "two_triples"),
        ((2, 2, 2, 6, 6, 6), 800, "two_triples"),
        ((1, 1, 1, 2, 2, 2), 1200, "two_triples"),
        ((1, 1, 1, 2, 3, 4), 1000, "three_ones"),
        ((6, 6, 6, 1, 2, 3), 600, "three_sixes"),
        ((5, 5, 5, 1, 2, 3), 500, "three_fives"),
        ((4, 4, 4, 1, 2, 3), 400, "three_fours"),
        ((3, 3, 3, 1, 2, 4), 300, "three_threes"),
        ((2, 2, 2, 1, 3, 4), 200, "three_twos"),
        ((4, 4, 4, 4, 1, 2), 400, "three_fours"),  # four of a kind counts as a triple
        ((6, 6, 6, 6, 6, 1), 600, "three_sixes"),  # and so do five
        ((1, 1, 1, 1, 1, 2), 1000, "three_ones"),
    ],
)
def test_value_table_line_by_line(six: tuple[int, ...], value: int, name: str) -> None:
    line = best_line(six)
    assert line is not None and line.name == name
    assert six_value(six) == value


@pytest.mark.parametrize(
    "six",
    [
        (1, 5, 1, 5, 2, 3),  # single 1s and 5s score nothing
        (1, 1, 5, 5, 2, 3),  # two pairs are nothing
        (2, 3, 4, 5, 6, 6),  # a five-die run is no straight
        (1, 2, 3, 4, 5, 5),
    ],
)
def test_anything_else_is_worth_nothing(six: tuple[int, ...]) -> None:
    assert six_value(six) == 0
    assert best_line(six) is None


def test_triples_table_matches_the_spec() -> None:
    assert TRIPLES == {1: 1000, 6: 600, 5: 500, 4: 400, 3: 300, 2: 200}
    assert [line.points for line in VALUE_TABLE] == [
        5000, 2000, 1000, None, 1000, 600, 500, 400, 300, 200,
    ]


def test_all_kept_dice_and_exactly_six_minus_k_table_dice() -> None:
    # With four kept dice only two table dice count: the table's triple cannot be used whole.
    assert hand_value([2, 3, 4, 4], [6, 6, 6, 1, 1]) == (0, 25, (2, 3, 4, 4, 6, 6))
    # With one kept die all five table dice are used, whatever they are.
    assert hand_value([2], [6, 6, 6, 1, 1]) == (600, 22, (1, 1, 2, 6, 6, 6))
    # Kept dice are never left out, even when the table alone would be better.
    assert hand_value([2, 3], [5, 5, 5, 5, 1])[2] == (2, 3, 5, 5, 5, 5)


def test_best_by_value_then_by_pips() -> None:
    # Three 2s with the three highest table dice: the fourth 2 adds nothing but fewer pips.
    assert hand_value([2, 2, 2], [1, 6, 3, 5, 2]) == (200, 20, (2, 2, 2, 3, 5, 6))
    # Three 1s (1000, 19 pips) beat three 6s (600, 25 pips): value first.
    assert hand_value([1, 1, 4], [1, 6, 6, 6, 2]) == (1000, 19, (1, 1, 1, 4, 6, 6))


def test_equal_value_and_pips_show_the_higher_six() -> None:
    # Three 1s + 4, 4, 5 and three pairs 1, 3, 4 are both 1000 with 16 pips: they rank the
    # same, and the six shown is the higher sorted tuple.
    assert hand_value([1, 1, 4, 4], [1, 5, 3, 3, 2]) == (1000, 16, (1, 1, 3, 3, 4, 4))


@pytest.mark.parametrize(
    ("kept", "table"),
    [([], [1, 2, 3, 4, 5]), ([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), ([1], [1, 2, 3, 4]),
     ([7], [1, 2, 3, 4, 5]), ([0], [1, 2, 3, 4, 5])],
)
def test_bad_dice_are_refused(kept: list[int], table: list[int]) -> None:
    with pytest.raises(ValueError):
        hand_value(kept, table)


def test_every_hand_is_the_best_of_its_choices() -> None:
    """hand_value answers by multiset numbers (issue #34: a computer player's first decision
    asks for thousands of new hands); it is the plain search's answer for every kept/table
    pair there is: the greatest (value, pips, six) over every choice of table dice."""
    from itertools import combinations, combinations_with_replacement

    faces = range(1, 7)
    tables = list(combinations_with_replacement(faces, 5))
    for count in range(1, 5):
        for kept in combinations_with_replacement(faces, count):
            for table in tables:
                plain = max(
                    (six_value(six), sum(six), six)
                    for chosen in combinations(table, 6 - count)
                    for six in [tuple(sorted(kept + chosen))]
                )
                assert hand_value(list(reversed(kept)), table) == plain, (kept, table)

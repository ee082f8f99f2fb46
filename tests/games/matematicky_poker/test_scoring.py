"""Scoring of Matematický poker: the agreed golden vectors and every row of the three tables."""

from __future__ import annotations

import json
from typing import Any

import pytest

from klubovna.games.matematicky_poker import TABLES, score_board, score_line
from klubovna.games.matematicky_poker.scoring import (
    LINES,
    LINES_THROUGH,
    best_combination,
    total_of,
)
from tests.vectors import vector_path

VECTORS_PATH = vector_path("matematicky-poker-scoring.json")
_: None = None  # an empty cell


def _load_vectors() -> list[dict[str, Any]]:
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    vectors: list[dict[str, Any]] = data["vectors"]
    return vectors


VECTORS = _load_vectors()


def test_vector_file_covers_all_tables() -> None:
    assert len(VECTORS) == 1200
    assert {v["table"] for v in VECTORS} == set(TABLES)


def test_golden_vectors() -> None:
    """Every vector in one test (1,200 items cost each test worker more to collect and
    report than to score); a failure lists each vector, by its index, that scores wrong."""
    wrong = []
    for index, vector in enumerate(VECTORS):
        lines, total = score_board(vector["grid"], vector["table"])
        if (lines, total) != (vector["lines"], vector["total"]):
            wrong.append(f"#{index} ({vector['table']}): lines {lines}, total {total}")
    assert not wrong, f"{len(wrong)} vectors score wrong: {wrong[:20]}"


def test_lines_are_rows_columns_then_diagonals() -> None:
    assert LINES[0] == (0, 1, 2, 3, 4)
    assert LINES[4] == (20, 21, 22, 23, 24)
    assert LINES[5] == (0, 5, 10, 15, 20)
    assert LINES[9] == (4, 9, 14, 19, 24)
    assert LINES[10] == (0, 6, 12, 18, 24)
    assert LINES[11] == (4, 8, 12, 16, 20)
    assert LINES_THROUGH[12] == (2, 7, 10, 11)  # the centre: row, column, both diagonals
    assert LINES_THROUGH[1] == (0, 6)


@pytest.mark.parametrize(
    ("table", "row"),
    [(table, row) for table, rows in TABLES.items() for row in rows],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_every_row_example_scores_that_row(table: str, row: Any) -> None:
    assert score_line(row.example, table) == row.points
    best = best_combination(row.example, table)
    assert best is not None
    assert best.name == row.name


def test_tables_read_top_to_bottom_from_highest() -> None:
    for rows in TABLES.values():
        points = [row.points for row in rows]
        assert points == sorted(points, reverse=True)


ADJACENT_CASES = [
    # (line, points, why)
    ((7, 7, 7, 7, 7), 125, "five of a kind"),
    ((2, 7, 7, 7, 7), 100, "four adjacent at the end"),
    ((7, 7, 7, 7, _), 100, "four adjacent need not fill the line"),
    ((7, 7, _, 7, 7), 70, "an empty cell breaks adjacency"),
    ((7, 7, 2, 7, 7), 70, "four of a kind split by another number"),
    ((7, 7, 7, 2, 7), 70, "three adjacent plus one more is four of a kind"),
    ((3, 4, 5, 6, 7), 75, "ascending straight in order"),
    ((13, 12, 11, 10, 9), 75, "descending straight in order"),
    ((1, 2, 3, 4, 5), 75, "1 is low"),
    ((3, 5, 4, 6, 7), 50, "straight in any order"),
    ((3, 4, 5, 7, 6), 50, "almost ordered is still only a straight"),
    ((10, 11, 12, 13, 1), 0, "1 is not high: no straight"),
    ((1, 10, 11, 12, 13), 0, "no special 1-10-11-12-13 in this table"),
    ((3, 4, 5, 6, _), 0, "a straight needs all five cells"),
    ((5, 5, 5, 9, 9), 50, "full house adjacent AAABB"),
    ((5, 5, 9, 9, 9), 50, "full house adjacent AABBB"),
    ((5, 9, 5, 9, 5), 40, "full house spread"),
    ((5, 5, 9, 5, 9), 40, "full house with only a pair adjacent"),
    ((9, 5, 5, 5, 9), 40, "full house with three adjacent but the pair split"),
    ((4, 4, 9, 9, 2), 35, "two adjacent pairs side by side"),
    ((4, 4, _, 9, 9), 35, "two adjacent pairs around an empty cell"),
    ((2, 4, 4, 9, 9), 35, "two adjacent pairs at the end"),
    ((4, 4, 9, 2, 9), 30, "only one of the pairs adjacent"),
    ((4, _, 4, 9, 9), 30, "an empty cell breaks one pair"),
    ((4, 9, 4, 9, _), 30, "two pairs spread"),
    ((5, 9, 5, 9, _), 30, "a full house needs all five cells"),
    ((1, 6, 6, 6, _), 25, "three adjacent"),
    ((6, 6, 6, _, _), 25, "three adjacent in a partial line"),
    ((6, 6, _, 6, _), 20, "empty cell breaks three adjacent"),
    ((6, 2, 6, 3, 6), 20, "three spread"),
    ((8, 8, _, _, _), 15, "pair adjacent"),
    ((1, 2, 8, 8, 3), 15, "pair adjacent in the middle"),
    ((8, _, 8, _, _), 10, "empty cell breaks the pair"),
    ((8, 2, 3, 4, 8), 10, "pair at both ends"),
    ((1, 2, 3, 4, 6), 0, "nothing"),
    ((_, _, _, _, _), 0, "an empty line"),
]

SCHOOL_CASES = [
    ((7, 7, 7, 7, 7), 160, "five of a kind counts as four"),
    ((7, 7, 7, 7, _), 160, "four of a kind in a partial line"),
    ((7, 2, 7, 7, 7), 160, "adjacency does not matter"),
    ((5, 5, 5, 9, 9), 80, "full house, side by side or not"),
    ((5, 9, 5, 9, 5), 80, "full house spread"),
    ((5, 9, 5, 9, _), 20, "a full house needs all five cells"),
    ((3, 4, 5, 6, 7), 50, "straight, order does not matter"),
    ((9, 5, 7, 6, 8), 50, "straight in any order"),
    ((10, 11, 12, 13, 1), 0, "1 is low only"),
    ((1, 10, 11, 12, 13), 0, "no special in the school table"),
    ((3, 4, 5, 6, _), 0, "a straight needs all five cells"),
    ((4, 4, _, 4, 1), 40, "three of a kind"),
    ((4, 4, 4, _, _), 40, "three adjacent scores like three spread"),
    ((4, 9, 4, 9, _), 20, "two pairs"),
    ((4, 4, 9, 9, 1), 20, "two adjacent pairs score like two pairs"),
    ((4, 4, _, _, _), 10, "pair adjacent scores like a pair"),
    ((4, _, _, _, 4), 10, "pair"),
    ((1, 2, 3, 4, 6), 0, "nothing"),
]

MATEMATICO_CASES = [
    ((1, 1, 5, 1, 1), 200, "four 1s"),
    ((1, 1, 1, 1, 1), 200, "five 1s hold four 1s"),
    ((1, 1, _, 1, 1), 200, "four 1s in a partial line"),
    ((7, 2, 7, 7, 7), 160, "four of a kind"),
    ((13, 13, 13, 13, 13), 160, "five of a kind counts as four"),
    ((12, 1, 10, 13, 11), 150, "1-10-11-12-13 in any order"),
    ((1, 10, 11, 12, _), 0, "the special needs all five cells"),
    ((1, 13, 1, 13, 1), 100, "three 1s and two 13s"),
    ((13, 13, 1, 1, 1), 100, "three 1s and two 13s in any order"),
    ((1, 1, 1, 13, _), 40, "three 1s and one 13 is three of a kind"),
    ((13, 13, 13, 1, 1), 80, "three 13s and two 1s is a plain full house"),
    ((4, 9, 4, 9, 4), 80, "full house"),
    ((9, 5, 7, 6, 8), 50, "straight"),
    ((1, 2, 3, 4, 5), 50, "straight from 1"),
    ((4, 4, _, 4, 1), 40, "three of a kind"),
    ((4, 9, 4, 9, _), 20, "two pairs"),
    ((4, 4, _, 2, 3), 10, "pair"),
    ((1, 2, 3, 4, 6), 0, "nothing"),
]


@pytest.mark.parametrize(
    ("table", "line", "points"),
    [("adjacent", line, points) for line, points, _why in ADJACENT_CASES]
    + [("school", line, points) for line, points, _why in SCHOOL_CASES]
    + [("matematico", line, points) for line, points, _why in MATEMATICO_CASES],
    ids=[f"adjacent: {why}" for *_, why in ADJACENT_CASES]
    + [f"school: {why}" for *_, why in SCHOOL_CASES]
    + [f"matematico: {why}" for *_, why in MATEMATICO_CASES],
)
def test_line_case(table: str, line: tuple[int | None, ...], points: int) -> None:
    assert score_line(line, table) == points
    assert score_line(tuple(reversed(line)), table) == points  # lines read either way
    # The same line placed as a row, a column and a diagonal scores the same there.
    for index in (0, 7, 10, 11):
        cells: list[int | None] = [None] * 25
        for cell, value in zip(LINES[index], line, strict=True):
            cells[cell] = value
        lines, _ = score_board(cells, table)
        assert lines[index] == points


def _board(assignments: dict[int, int]) -> list[int | None]:
    cells: list[int | None] = [None] * 25
    for cell, value in assignments.items():
        cells[cell] = value
    return cells


def test_adjacency_follows_line_order_in_columns_and_diagonals() -> None:
    # Cells 0 and 5 are neighbours in column 0; cells 0 and 6 along the main diagonal.
    lines, total = score_board(_board({0: 9, 5: 9, 6: 9}), "adjacent")
    assert lines[5] == 15  # column 0: 9, 9 adjacent
    assert lines[10] == 15  # main diagonal: 9, 9 adjacent
    assert lines[1] == 15  # row 1: cells 5 and 6
    assert lines == [0, 15, 0, 0, 0, 15, 0, 0, 0, 0, 15, 0]
    assert total == 45


def test_empty_board_scores_nothing() -> None:
    for table in TABLES:
        assert score_board([None] * 25, table) == ([0] * 12, 0)


def test_matematico_bonus_per_scoring_diagonal() -> None:
    main_pair = _board({0: 4, 6: 4})  # only the main diagonal scores
    lines, total = score_board(main_pair, "matematico")
    assert lines[10] == 10  # the line score itself has no bonus
    assert sum(lines) == 10
    assert total == 20

    both = _board({0: 4, 6: 4, 4: 8, 8: 8})
    lines, total = score_board(both, "matematico")
    assert lines[10] == 10 and lines[11] == 10
    assert total == sum(lines) + 20

    rows_only = _board({0: 4, 1: 4})
    lines, total = score_board(rows_only, "matematico")
    assert lines[0] == 10
    assert total == 10  # no diagonal scores: no bonus

    for table in ("adjacent", "school"):
        lines, total = score_board(both, table)
        assert total == sum(lines)


def test_total_of_adds_bonus_only_for_matematico() -> None:
    lines = [10] * 10 + [0, 50]
    assert total_of(lines, "matematico") == 160
    assert total_of(lines, "school") == 150
    assert total_of(lines, "adjacent") == 150


def test_full_board_total_is_sum_of_lines() -> None:
    cells: list[int | None] = [1 + (i * 7) % 13 for i in range(25)]
    for table in ("adjacent", "school"):
        lines, total = score_board(cells, table)
        assert len(lines) == 12
        assert total == sum(lines)


@pytest.mark.parametrize(
    ("cells", "table"),
    [
        ([None] * 24, "adjacent"),
        ([None] * 26, "adjacent"),
        ([14] + [None] * 24, "adjacent"),
        ([0] + [None] * 24, "school"),
        (["5"] + [None] * 24, "school"),
        ([None] * 25, "poker"),
    ],
)
def test_score_board_rejects_bad_input(cells: list[Any], table: str) -> None:
    with pytest.raises(ValueError):
        score_board(cells, table)


def test_score_line_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        score_line((1, 2, 3, 4), "adjacent")
    with pytest.raises(ValueError):
        score_line((1, 2, 3, 4, 14), "adjacent")
    with pytest.raises(ValueError):
        score_line((1, 2, 3, 4, 5), "nope")


def test_memo_gives_same_answers_as_fresh_scoring() -> None:
    line = (6, 6, 6, 2, 2)
    first = score_line(line, "adjacent")
    assert score_line(list(line), "adjacent") == first == 50
    row = best_combination(line, "adjacent")
    assert row is not None and row.points == first

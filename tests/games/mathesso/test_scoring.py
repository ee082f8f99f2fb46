"""Mathesso's scoring: every agreed golden vector, and the rules the seed gives examples of."""

from __future__ import annotations

import json
from typing import Any

import pytest

from klubovna.games.mathesso import explain, score_pairs
from tests.vectors import vector_path

VECTORS: list[dict[str, Any]] = json.loads(
    vector_path("mathesso-scoring.json").read_text(encoding="utf-8"))["vectors"]


def test_every_vector() -> None:
    wrong = [(v["pairs"], v["points"], score_pairs(v["pairs"])) for v in VECTORS
             if score_pairs(v["pairs"]) != v["points"]]
    assert len(VECTORS) >= 1000 and wrong == []


def p(group: str, value: int) -> dict[str, Any]:
    return {"group": group, "value": value}


@pytest.mark.parametrize(("pairs", "points"), [
    ([p("fibonacci", 21), p("multiplication", 21)], 8),  # the seed's (2 + 2) × 2
    ([p("square", 16), p("multiplication", 16)], 10),  # (3 + 2) × 2
    ([p("multiplication", 12), p("zero", 12)], 4),  # 0/12 doubles the 12
    ([p("multiplication", 12), p("zero", 12), p("zero", 12)], 8),  # each zero once more
    ([p("zero", 21)], 0),
    ([p("factorial", 6), p("multiplication", 6)], 6),  # factorials stand apart
    ([p("factorial", 24), p("zero", 24)], 4),
    ([p("cjv", 12), p("zero", 12)], 5),  # and CJV too
    ([p("cjv", 12), p("cjv", 37)], 12),  # a Sheldon
    ([p("cjv", 12)] * 3, 17),
    ([p("cjv", 12)] * 4, 24),
])
def test_the_rules(pairs: list[dict[str, Any]], points: int) -> None:
    assert score_pairs(pairs) == points
    assert sum(line["total"] for line in explain(pairs)) == points


def test_explained_line_by_line() -> None:
    lines = explain([p("square", 16), p("multiplication", 16), p("zero", 16), p("zero", 55),
                     p("cjv", 12), p("cjv", 37), p("cjv", 12), p("factorial", 2)])
    assert [(line["kind"], line["value"], line["total"]) for line in lines] == [
        ("number", 16, 20), ("zero", 55, 0), ("factorial", 2, 4), ("cjv", None, 17)]
    assert lines[0]["groups"] == ["multiplication", "square", "zero"]
    assert lines[-1]["sheldons"] == 1


def test_a_pair_that_is_none_is_refused() -> None:
    with pytest.raises(ValueError):
        score_pairs([{"group": "joker", "value": 3}])

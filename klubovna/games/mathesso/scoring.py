"""Mathesso's points of one player's pairs (all variants but Atto, which counts pairs), and
the same points explained line by line for the end screen.

A pair is {"group": ..., "value": ...} as in ../shared/vectors/mathesso-scoring.json: for
a zero pair the value is the number behind its 0.

1. Each pair scores its group's points (cards.POINTS).
2. The pairs with the same number are added and multiplied by how many they are.
3. Each zero pair doubles once what step 2 gives for its number.
4. Factorial pairs score 4 each, apart from steps 2 and 3; CJV pairs 5 each, every two
   of them a Sheldon worth 12 instead of 10.

>>> score_pairs([{"group": "fibonacci", "value": 21}, {"group": "multiplication", "value": 21}])
8
>>> score_pairs([{"group": "multiplication", "value": 12}, {"group": "zero", "value": 12}])
4
>>> [score_pairs([{"group": "cjv", "value": 12}] * n) for n in range(5)]
[0, 5, 12, 17, 24]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from klubovna.core import Json

from .cards import GROUPS, POINTS

SHELDON = 12
"""Two CJV pairs together."""
APART = ("factorial", "cjv")
"""Groups that stand apart from the same-number multiplier and the zeros."""


def sheldons(cjv_pairs: int) -> int:
    """Sheldons in `cjv_pairs` CJV pairs: each gives one extra turn."""
    return cjv_pairs // 2


def cjv_points(cjv_pairs: int) -> int:
    return SHELDON * sheldons(cjv_pairs) + POINTS["cjv"] * (cjv_pairs % 2)


def explain(pairs: Sequence[Mapping[str, Json]]) -> list[dict[str, Json]]:
    """The score line by line: one line per number (its pairs, their points, the times
    they are multiplied, the zero pairs doubling them, the total), one per factorial pair,
    one for all CJV pairs, one per zero pair with no number to double. Lines are ordered
    by number, then factorials, then CJV.

    >>> for line in explain([{"group": "square", "value": 16}, {"group": "zero", "value": 16},
    ...                      {"group": "multiplication", "value": 16},
    ...                      {"group": "factorial", "value": 6}]):
    ...     print(line["kind"], line["value"], line["points"], line["times"], line["zeros"],
    ...           line["total"])
    number 16 5 2 1 20
    factorial 6 4 1 0 4
    """
    for pair in pairs:
        if pair.get("group") not in GROUPS or not isinstance(pair.get("value"), int):
            raise ValueError(f"not a pair: {pair!r}")
    by_number: dict[int, list[str]] = {}
    zeros: dict[int, int] = {}
    for pair in pairs:
        group, value = pair["group"], pair["value"]
        if group == "zero":
            zeros[value] = zeros.get(value, 0) + 1
        elif group not in APART:
            by_number.setdefault(value, []).append(group)
    lines: list[dict[str, Json]] = []
    for value in sorted(set(by_number) | set(zeros)):
        groups = by_number.get(value, [])
        points = sum(POINTS[g] for g in groups)
        doubled = zeros.get(value, 0)
        lines.append({"kind": "number" if groups else "zero", "value": value,
                      "groups": sorted(groups) + ["zero"] * doubled, "points": points,
                      "times": len(groups), "zeros": doubled,
                      "total": points * len(groups) * 2**doubled})
    for pair in sorted((p for p in pairs if p["group"] == "factorial"),
                       key=lambda p: int(p["value"])):
        lines.append({"kind": "factorial", "value": pair["value"], "groups": ["factorial"],
                      "points": POINTS["factorial"], "times": 1, "zeros": 0,
                      "total": POINTS["factorial"]})
    cjv = sum(p["group"] == "cjv" for p in pairs)
    if cjv:
        lines.append({"kind": "cjv", "value": None, "groups": ["cjv"] * cjv,
                      "points": POINTS["cjv"] * cjv, "times": 1, "zeros": 0,
                      "sheldons": sheldons(cjv), "total": cjv_points(cjv)})
    return lines


def score_pairs(pairs: Sequence[Mapping[str, Json]]) -> int:
    """The points of one player's pairs (every variant but Atto)."""
    return sum(int(line["total"]) for line in explain(pairs))

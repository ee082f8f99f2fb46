"""The card catalogue of Mathesso: pairs per group and cards per variant, counted by hand
from the spec's table and the seed (the derivation is in docs/decisions/0123-ma-cards.md), and what
makes two cards a pair."""

from __future__ import annotations

from collections import Counter

import pytest

from klubovna.core import IllegalAction
from klubovna.games.mathesso import ENGINE, catalogue, counts, matches
from klubovna.games.mathesso.cards import VARIANTS, ones, pair_key

BASE = {
    # variant: multiplication, square, prime, fibonacci, zero pairs
    "atto": (6, 2, 3, 0, 0),
    "femto": (6, 2, 3, 5, 0),
    "pico": (14, 3, 6, 7, 0),
    "nano": (22, 4, 8, 8, 1),
    "mikro": (31, 6, 12, 9, 2),
    "mili": (43, 8, 21, 10, 3),
    "standart": (45, 11, 30, 11, 3),
}
CARDS = {"atto": 22, "femto": 32, "pico": 60, "nano": 86, "mikro": 120, "mili": 170,
         "standart": 200}
FACTORIALS = {"femto": 3, "pico": 3, "nano": 3, "mikro": 4, "mili": 4, "standart": 5}
"""1!, 2!, 3! = 6 from Femto; 4! = 24 from Mikro (1-37); 5! = 120 in Standart only."""


@pytest.mark.parametrize("variant", VARIANTS)
def test_pairs_per_group_and_cards_per_variant(variant: str) -> None:
    groups = ("multiplication", "square", "prime", "fibonacci", "zero")
    expected = {g: n for g, n in zip(groups, BASE[variant], strict=True) if n}
    assert counts(variant) == expected
    assert len(catalogue(variant)) == CARDS[variant]


@pytest.mark.parametrize("variant", VARIANTS[1:])
def test_the_factorial_add_on(variant: str) -> None:
    with_it = counts(variant, faktorial=True)
    assert with_it.pop("factorial") == FACTORIALS[variant]
    assert with_it == counts(variant)
    assert len(catalogue(variant, faktorial=True)) == CARDS[variant] + 2 * FACTORIALS[variant]
    assert {c.black for c in catalogue(variant, faktorial=True)
            if c.face.group == "factorial"} >= {"!", "1", "2", "3"}


@pytest.mark.parametrize("variant", VARIANTS[2:])
def test_the_cjv_add_on(variant: str) -> None:
    """8 CJV cards, and the zero pairs 0/12 (two different ones), 0/37 and 0/73."""
    cards = catalogue(variant, cjv=True)
    assert len(cards) == CARDS[variant] + 16
    extra = Counter(c.face.group for c in cards) - Counter(c.face.group for c in catalogue(
        variant))
    assert extra == {"cjv": 8, "zero": 8}
    cjv = sorted((c.black, c.face.shows) for c in cards if c.face.group == "cjv")
    assert cjv == [("12", "21")] * 2 + [("21", "12")] * 2 + [("37", "73")] * 2 + [
        ("73", "37")] * 2
    twelves = [c.face for c in cards if c.face.group == "zero" and c.face.value == 12]
    assert len(twelves) == 4 and len(set(twelves)) == 2


def test_standart_with_both_add_ons() -> None:
    assert len(catalogue("standart", cjv=True, faktorial=True)) == 200 + 10 + 16


@pytest.mark.parametrize(("variant", "cjv", "faktorial"), [
    ("atto", True, False), ("atto", False, True), ("femto", True, False)])
def test_an_add_on_outside_its_variants_is_refused(variant: str, cjv: bool,
                                                   faktorial: bool) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.new({"variant": variant, "cjv": cjv, "faktorial": faktorial}, 1)
    assert refused.value.code == "bad_config"
    with pytest.raises(ValueError):
        catalogue(variant, cjv, faktorial)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_has_a_partner_and_the_pairs_close(variant: str) -> None:
    """Every group of matching cards is even (taking pairs can always empty the table):
    2 cards, or 4 for the two Fibonacci 1 pairs and each CJV combination."""
    cards = catalogue(variant, variant not in ("atto", "femto"), variant != "atto")
    sizes = Counter(pair_key(c.face) for c in cards)
    assert all(n in (2, 4) for n in sizes.values())
    assert [k for k, n in sizes.items() if n == 4] == [k for k in sizes if k in {
        ("fibonacci", 1, (), 0), ("cjv", 12, (), 0), ("cjv", 37, (), 0)}]
    for a in cards:
        assert sum(matches(a.face, b.face) for b in cards) - matches(a.face, a.face) >= 1


def test_what_is_a_pair() -> None:
    pico = catalogue("pico", cjv=True)
    two_five = next(c.face for c in pico if c.face.colours == (2, 5))
    one_ten = next(c.face for c in pico if c.face.colours == (1, 10))
    assert two_five.value == one_ten.value == 10 and not matches(two_five, one_ten)
    fib1 = [c.face for c in pico if c.face.group == "fibonacci" and c.face.value == 1]
    assert len(fib1) == 4 and all(matches(a, b) for a in fib1 for b in fib1)
    cjv = {(c.black, c.face.shows): c.face for c in pico if c.face.group == "cjv"}
    assert matches(cjv["12", "21"], cjv["21", "12"])
    assert not matches(cjv["12", "21"], cjv["12", "21"])  # two cards showing 21
    assert not matches(cjv["12", "21"], cjv["73", "37"])


def test_the_one_cards_of_the_ritual() -> None:
    atto = catalogue("atto")
    shown = sorted(atto[i].face.value for i in ones(atto))
    assert shown == [1, 1, 2, 3, 4, 5, 6]  # 1·2 ... 1·6 and the two squares of 1

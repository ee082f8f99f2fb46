"""The cards of Mathesso: every group, every variant, both add-ons (../shared/spec/mathesso.md).

A card has a black side (printed face up: "5", "21" or "!") and a coloured side (its
`Face`: group, the number it shows, the ruler colours of its digits, its background).
Two cards form a pair when their coloured sides are identical, except the CJV cards,
where 12 (showing 21) pairs with 21 (showing 12), and 37 with 73 (`matches`).

A variant's cards are listed by `catalogue(variant, cjv, faktorial)`; a card's index in
that list is its catalogue id (inside the engine only: a view names cards by their place
on the table, never by catalogue id, which would give the coloured side away).

>>> len(catalogue("atto")), len(catalogue("pico")), len(catalogue("standart", True, True))
(22, 60, 226)
>>> [c.black for c in catalogue("atto") if c.face.value == 6]
['1', '6', '2', '3']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from klubovna.core import Json

VARIANTS = ("atto", "femto", "pico", "nano", "mikro", "mili", "standart")
"""Easiest first."""
TOP = {"atto": 6, "femto": 6, "pico": 13, "nano": 21, "mikro": 37, "mili": 73,
       "standart": 121}
"""The highest number on the coloured side in each variant (the seed's table)."""
CJV_FROM = VARIANTS[2:]
"""The CJV add-on is played from Pico up."""
FAKTORIAL_FROM = VARIANTS[1:]
"""The factorial add-on from Femto up."""
ZEROS = {"atto": (), "femto": (), "pico": (), "nano": (21,), "mikro": (21, 34),
         "mili": (21, 34, 55), "standart": (21, 34, 55)}
"""The zero pairs (the number behind the 0) each variant adds by itself."""
CJV_ZEROS = ((12, 1), (12, 2), (37, 0), (73, 0))
"""The zero pairs the CJV add-on brings: two different 0/12 pairs (marks 1 and 2: the seed
says the black 12s are different, no pair), 0/37 and 0/73."""
CJV_COMBINATIONS = ((12, 21), (37, 73))
"""Each CJV combination twice: 12 shows 21 and 21 shows 12 (8 cards)."""
FIBONACCI = (1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89)
"""1 twice: two pairs whose four cards are interchangeable."""
GROUPS = ("multiplication", "square", "prime", "fibonacci", "factorial", "zero", "cjv")
POINTS = {"multiplication": 2, "square": 3, "prime": 1, "fibonacci": 2, "factorial": 4,
          "zero": 0, "cjv": 5}
"""Each group's points per pair (scoring.py adds the multipliers)."""
BACKGROUNDS = {"multiplication": "grey", "square": "round", "prime": "yellow",
               "fibonacci": "orange", "factorial": "rainbow", "zero": "black",
               "cjv": "yellow-blue"}


@dataclass(frozen=True, slots=True)
class Face:
    """A coloured side. `value` is the number a pair counts with in scoring: for a zero
    the number behind the 0, else the number shown. `colours` are the ruler colours (1-10)
    the digits are painted in: a and b for a·b, a for a², none for the other groups.
    `mark` tells the two different 0/12 designs apart (0 for every other card)."""

    group: str
    value: int
    shows: str
    colours: tuple[int, ...] = ()
    hint: str | None = None
    """Small print on the card: "5!" on 120, the faint number behind a zero."""
    mark: int = 0

    @property
    def background(self) -> str:
        return BACKGROUNDS[self.group]

    def to_json(self) -> dict[str, Json]:
        return {"group": self.group, "value": self.value, "shows": self.shows,
                "colours": list(self.colours), "background": self.background,
                "hint": self.hint, "mark": self.mark}


@dataclass(frozen=True, slots=True)
class Card:
    black: str
    """The black-and-white side, face up on the table."""
    face: Face


def matches(a: Face, b: Face) -> bool:
    """Whether two coloured sides form a pair: identical ones, or the two numbers of one
    CJV combination (two CJV cards showing the same number are not a pair:
    docs/decisions/0123-ma-cards.md).

    >>> cjv12, cjv21 = Face("cjv", 21, "21"), Face("cjv", 12, "12")
    >>> matches(cjv12, cjv21), matches(cjv12, cjv12), matches(Face("prime", 5, "5"),
    ...                                                      Face("prime", 5, "5"))
    (True, False, True)
    """
    if a.group == "cjv" or b.group == "cjv":
        return a.group == b.group and _combination(a.value) == _combination(b.value) and (
            a.value != b.value)
    return a == b


def pair_value(face: Face) -> int:
    """The value a taken pair is scored with (the vectors' "value"): the face's value; a
    CJV pair is named by its combination's lower number (12 or 37; CJV points ignore it)."""
    return _combination(face.value)[0] if face.group == "cjv" else face.value


def pair_key(face: Face) -> tuple[str, int, tuple[int, ...], int]:
    """Faces that can pair share a key (the CJV combination's two numbers share one).

    >>> pair_key(Face("cjv", 21, "21")) == pair_key(Face("cjv", 12, "12"))
    True
    """
    if face.group == "cjv":
        return face.group, _combination(face.value)[0], (), 0
    return face.group, face.value, face.colours, face.mark


def _combination(value: int) -> tuple[int, int]:
    return next(c for c in CJV_COMBINATIONS if value in c)


def _pair(black_a: str, black_b: str, face: Face) -> tuple[Card, Card]:
    return Card(black_a, face), Card(black_b, face)


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))


@cache
def catalogue(variant: str, cjv: bool = False, faktorial: bool = False) -> tuple[Card, ...]:
    """Every card of `variant` (one of VARIANTS) with the add-ons asked for, pair by pair
    (the two cards of a pair next to each other). ValueError for an add-on the variant
    does not take (rules.new refuses it earlier, through the settings)."""
    if variant not in TOP:
        raise ValueError(f"no variant {variant!r}")
    if (cjv and variant not in CJV_FROM) or (faktorial and variant not in FAKTORIAL_FROM):
        raise ValueError(f"{variant} takes no such add-on")
    top = TOP[variant]
    cards: list[Card] = []
    for a in range(1, 11):
        for b in range(a + 1, 11):
            if a * b <= top:
                cards += _pair(str(a), str(b), Face("multiplication", a * b, str(a * b), (a, b)))
    for a in range(1, 12):
        if a * a <= top:
            cards += _pair(str(a), str(a), Face("square", a * a, str(a * a), (a,)))
    for p in range(2, top + 1):
        if _is_prime(p):
            cards += _pair(str(p), str(p), Face("prime", p, str(p)))
    if variant != "atto":
        for f in FIBONACCI:
            if f <= top:
                cards += _pair(str(f), str(f), Face("fibonacci", f, str(f)))
    if faktorial:
        fact = 1
        for n in range(1, 6):
            fact *= n
            if fact <= top:
                cards += _pair(str(n), "!", Face("factorial", fact, str(fact), hint=f"{n}!"))
    zeros = [(n, 0) for n in ZEROS[variant]] + (list(CJV_ZEROS) if cjv else [])
    for n, mark in zeros:
        cards += _pair(str(n), str(n), Face("zero", n, "0", hint=str(n), mark=mark))
    if cjv:
        for low, high in CJV_COMBINATIONS:
            for _ in range(2):
                cards += (Card(str(low), Face("cjv", high, str(high))),
                          Card(str(high), Face("cjv", low, str(low))))
    return tuple(cards)


def counts(variant: str, cjv: bool = False, faktorial: bool = False) -> dict[str, int]:
    """Pairs per group of a variant (for the rules page and the tests).

    >>> counts("pico")
    {'multiplication': 14, 'square': 3, 'prime': 6, 'fibonacci': 7}
    """
    out: dict[str, int] = {}
    for card in catalogue(variant, cjv, faktorial)[::2]:
        out[card.face.group] = out.get(card.face.group, 0) + 1
    return out


def ones(cards: tuple[Card, ...]) -> list[int]:
    """The catalogue ids of the cards with 1 on the black side (the order ritual's)."""
    return [i for i, card in enumerate(cards) if card.black == "1"]

"""The hand table of Locus Poker: the best poker combination a scoring area's face-up cards
(and, for a face-down play, one wild card) can form. `points` is the bots' inner loop, so it
reads the cards once into rank counts and per-suit rank masks and tests the combinations
from the best down; `best_hand` (slower, for the highlights of the last move and of the
preview) finds which cards make that combination.

>>> from klubovna.games.locus_poker.cards import card
>>> points([card(9, 0), card(9, 2), card(9, 3), card(4, 1), card(4, 2)], 0)
9
>>> points([card(10, 1), card(11, 1), card(13, 1), card(14, 1)], 1)
11
>>> NAMES[points([card(2, 0), card(3, 1), card(4, 2), card(5, 3), card(14, 0)], 0)]
'straight'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .cards import Card

STRAIGHT_FLUSH, FOUR, FULL_HOUSE, FLUSH, STRAIGHT, THREE, TWO_PAIRS, PAIR, NOTHING = (
    11, 10, 9, 8, 7, 5, 4, 2, 0)
NAMES: dict[int, str | None] = {
    STRAIGHT_FLUSH: "straight_flush", FOUR: "four_of_a_kind", FULL_HOUSE: "full_house",
    FLUSH: "flush", STRAIGHT: "straight", THREE: "three_of_a_kind", TWO_PAIRS: "two_pairs",
    PAIR: "pair", NOTHING: None,
}
"""Each hand's points name it (the table's points are all different): the stable ids the
web catalogue translates; None for no combination."""
SIZES = {STRAIGHT_FLUSH: 5, FOUR: 4, FULL_HOUSE: 5, FLUSH: 5, STRAIGHT: 5, THREE: 3,
         TWO_PAIRS: 4, PAIR: 2}
"""How many cards (the wild one included) each combination is made of."""

_WINDOWS = tuple(sum(1 << r for r in range(low, low + 5)) for low in range(1, 11))
"""Rank masks of the ten straights: bit 1 is the ace played low (A-2-3-4-5), bit 14 high."""
_ACE = 1 << 14


def points(cards: Sequence[Card], wild: int) -> int:
    """The points of the best combination of `cards` (engine ints) plus `wild` (0 or 1)
    wild cards, which stand for any rank and suit."""
    n = len(cards)
    if n + wild < 2:
        return NOTHING
    counts = [0] * 15
    suits = [0, 0, 0, 0]
    masks = [0, 0, 0, 0]
    for c in cards:
        r = c >> 2
        counts[r] += 1
        s = c & 3
        suits[s] += 1
        masks[s] |= 1 << r
    need = 5 - wild
    five = n >= need
    if five:
        for s in range(4):
            if suits[s] >= need:
                m = masks[s]
                if m & _ACE:
                    m |= 2
                for w in _WINDOWS:
                    if (m & w).bit_count() >= need:
                        return STRAIGHT_FLUSH
    c1 = c2 = 0
    for k in counts:
        if k > c1:
            c1, c2 = k, c1
        elif k > c2:
            c2 = k
    if c1 + wild >= 4:
        return FOUR
    if c1 >= 3 and c2 >= 2 - wild or wild and c1 >= 2 and c2 >= 2:
        return FULL_HOUSE
    if five:
        if max(suits) >= need:
            return FLUSH
        m = masks[0] | masks[1] | masks[2] | masks[3]
        if m & _ACE:
            m |= 2
        for w in _WINDOWS:
            if (m & w).bit_count() >= need:
                return STRAIGHT
    if c1 + wild >= 3:
        return THREE
    if c1 >= 2 and c2 >= 2:
        return TWO_PAIRS
    if c1 + wild >= 2:
        return PAIR
    return NOTHING


def best_hand(cards: Sequence[Card], wild: int) -> tuple[int, tuple[int, ...], bool]:
    """The best combination's points, the indices (into `cards`) of the cards it is made
    of and whether it uses the wild card; the highest such cards when several would do
    (cards are tried highest rank first), the wild card used only when it is needed.

    >>> from klubovna.games.locus_poker.cards import card
    >>> best_hand([card(3, 0), card(13, 1), card(13, 2), card(3, 3)], 0)
    (4, (1, 2, 0, 3), False)
    >>> best_hand([card(3, 0), card(13, 1)], 1)
    (2, (1,), True)
    """
    return _best_hand(tuple(cards), wild)


@lru_cache(maxsize=8192)
def _best_hand(cards: tuple[Card, ...], wild: int) -> tuple[int, tuple[int, ...], bool]:
    """best_hand, kept: a grid's areas change only where a card went face down, so every
    view's preview asks again for nearly the same areas (the search tries up to 252
    combinations, some 40 ms for a whole 8×6 preview in CPython uncached)."""
    best = points(cards, wild)
    if best == NOTHING:
        return best, (), False
    order = sorted(range(len(cards)), key=lambda i: (-(cards[i] >> 2), cards[i] & 3))
    size = SIZES[best]
    for use in (0, 1) if wild else (0,):
        for chosen in combinations(order, size - use):
            if points([cards[i] for i in chosen], use) == best:
                return best, chosen, bool(use)
    raise AssertionError("a best hand is always found")  # pragma: no cover

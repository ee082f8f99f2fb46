"""The cards of Locus Poker: a standard 52-card deck, no jokers. Inside the engine a card is
one int, rank * 4 + suit (rank 2..14, 14 the ace; suit 0..3); in JSON it is [rank, suit];
in the text form two characters, rank then suit ("A3", "T0")."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Json

Card = int
RANKS = "23456789TJQKA"
DECK: tuple[Card, ...] = tuple(rank * 4 + suit for rank in range(2, 15) for suit in range(4))


def card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(code: Card) -> int:
    return code >> 2


def suit_of(code: Card) -> int:
    return code & 3


def card_json(code: Card) -> list[Json]:
    """[rank, suit] as views and vectors write it.

    >>> card_json(card(14, 3))
    [14, 3]
    """
    return [code >> 2, code & 3]


def card_from_json(value: object) -> Card:
    """A card from [rank 2..14, suit 0..3]; ValueError on anything else."""
    if (not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"a card is [rank, suit], got {value!r}")
    rank, suit = value
    if not (2 <= rank <= 14 and 0 <= suit <= 3):
        raise ValueError(f"no such card {value!r}")
    return card(rank, suit)


def card_text(code: Card) -> str:
    """The text form's two characters: rank, then suit.

    >>> card_text(card(10, 0)), card_text(card(14, 3))
    ('T0', 'A3')
    """
    return RANKS[(code >> 2) - 2] + str(code & 3)


def card_from_text(text: str) -> Card:
    if len(text) != 2 or text[0] not in RANKS or text[1] not in "0123":
        raise ValueError(f"not a card: {text!r}")
    return card(RANKS.index(text[0]) + 2, int(text[1]))

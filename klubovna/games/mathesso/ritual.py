"""The order ritual: each player turns over a card with 1 on its black side; the lower the
number on its coloured side, the earlier the player plays; players who tie turn another
"1" card among themselves, and so on. The digital table draws the cards from the game's
generator at the start, and records every draw so the browser can animate it.

Cards turned in the ritual stay up until it ends (physically they are turned back at the
end, where they lay), so a tie-break draws from the "1" cards not yet turned; should too
few be left, all go back first and are drawn afresh (docs/decisions/0124-ma-play.md).

>>> from klubovna.games.mathesso.cards import catalogue
>>> cards = catalogue("atto")
>>> rounds, order = ritual(tuple(range(len(cards))), cards, 3, Rng(7))
>>> sorted(order), [seat for seat, _ in rounds[0]]
([0, 1, 2], [0, 1, 2])
"""

from __future__ import annotations

from klubovna.core import Rng

from .cards import Card

Draw = tuple[int, int]
"""(seat, place on the table) of one "1" card turned."""
MAX_ROUNDS = 40
"""A tie still standing after this many rounds (never seen: a safeguard) goes by seat."""


def ritual(layout: tuple[int, ...], cards: tuple[Card, ...], seats: int,
           rng: Rng) -> tuple[tuple[tuple[Draw, ...], ...], tuple[int, ...]]:
    """The rounds of draws (each a tuple of (seat, place), seats in order) and the order of
    play they give. One seat needs no ritual: no rounds, the order (0,)."""
    if seats == 1:
        return (), (0,)
    ones = [place for place, card in enumerate(layout) if cards[card].black == "1"]
    rounds: list[tuple[Draw, ...]] = []
    available = list(ones)

    def value(place: int) -> int:
        return cards[layout[place]].face.value

    def rank(group: list[int]) -> list[int]:
        nonlocal available
        if len(group) == 1:
            return group
        if len(rounds) >= MAX_ROUNDS:
            return sorted(group)
        if len(available) < len(group):
            available = list(ones)
        draws = tuple((seat, available.pop(rng.below(len(available)))) for seat in group)
        rounds.append(draws)
        ordered: list[int] = []
        for shown in sorted({value(place) for _, place in draws}):
            ordered += rank([seat for seat, place in draws if value(place) == shown])
        return ordered

    order = rank(list(range(seats)))
    return tuple(rounds), tuple(order)

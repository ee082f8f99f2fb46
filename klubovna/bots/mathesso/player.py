"""The one way every level of Mathesso's computer players plays; the levels differ in how
much they remember (memory.py) and in whether they weigh turning one card or two.

A turn: a pair it remembers is taken at once (the first card, then its partner). Else it
turns a card it does not know; should it remember that card's partner, it takes the pair.
Else it turns a second unknown card, or, when it weighs the choice (`careful`), only if
the expected value of doing so is positive: the chance that the second card is a partner
of the first (counted from the variant's catalogue: partners not yet taken and not among
the cards it remembers), times that pair's points, against the chance that the second
card completes a pair it remembers and so hands it to the next player, times those
points. An extra turn (Sheldon) is taken at once by the careless; the careful take it when
they know a pair or the end is near, and keep it otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from klubovna.core import Event, Json, Rng, View
from klubovna.games.mathesso import Face, catalogue, matches
from klubovna.games.mathesso.cards import POINTS, pair_key

from .memory import face_of, remembered

Action = dict[str, Json]
NEAR_END = 8
"""Cards left on the table at which a careful player spends its extra turns."""


@dataclass(frozen=True)
class Player:
    """One level: its name, the chance (per mille) that a card it sees sticks, how many it
    holds at most (None: all), and whether it weighs one card against two."""

    name: str
    chance: int
    capacity: int | None
    careful: bool
    salt: int

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        on_table = {c["id"] for c in view["cards"] if c["state"] != "gone"}
        memory = {place: face for place, face in remembered(
            witnessed, view["seat"], self.chance, self.capacity, self.salt).items()
            if place in on_table}
        for card in view["cards"]:
            if card["state"] == "up":
                memory[card["id"]] = face_of(card["face"])
        recall = Recall(memory)
        if view["choosing"]:
            return self._extra(recall, len(on_table))
        up = view["up"]
        if not up:
            pair = recall.pair()
            if pair is not None:
                return _turn(pair[0])
            return _turn(_pick(rng, on_table - set(memory)) if on_table - set(memory)
                         else _pick(rng, on_table))
        first = up[0]
        partners = recall.partners(first)
        if partners:
            return _turn(partners[0])
        unknown = on_table - set(memory)
        if not unknown:
            return {"type": "stop"}
        if self.careful and _value_of_second(view, recall, first, unknown) <= 0:
            return {"type": "stop"}
        return _turn(_pick(rng, unknown))

    def _extra(self, recall: Recall, left: int) -> Action:
        if not self.careful or left <= NEAR_END or recall.pair() is not None:
            return {"type": "extra"}
        return {"type": "pass"}


def _turn(place: int) -> Action:
    return {"type": "turn", "card": place}


def _pick(rng: Rng, places: set[int]) -> int:
    ordered = sorted(places)
    return ordered[rng.below(len(ordered))]


class Recall:
    """What a player remembers, by place, and grouped by pair key (cards.pair_key), so
    finding a known pair or a card's known partners looks at a handful of cards, not at
    every pair of them (Standart: 226 cards, in the browser's Pyodide)."""

    def __init__(self, memory: dict[int, Face]) -> None:
        self.memory = memory
        self.by_key: dict[tuple[str, int, tuple[int, ...], int], list[int]] = {}
        for place, face in memory.items():
            self.by_key.setdefault(pair_key(face), []).append(place)

    def partners(self, place: int) -> list[int]:
        """The remembered cards that pair with the one at `place`, in memory order."""
        face = self.memory[place]
        return [p for p in self.by_key.get(pair_key(face), ())
                if p != place and matches(self.memory[p], face)]

    def pair(self) -> tuple[int, int] | None:
        """A remembered pair on the table (the first in memory order), if any."""
        for places in self.by_key.values():
            for place in places:
                partners = self.partners(place)
                if partners:
                    return place, partners[0]
        return None


def _points(view: View, face: Face) -> int:
    """What a pair of `face` is worth, roughly: its group's points (1 in Atto; a zero, which
    doubles another pair, 1)."""
    if not view["scored"]:
        return 1
    return POINTS[face.group] or 1


@cache
def _keys(variant: str, cjv: bool, faktorial: bool) -> Counter[tuple[str, int, tuple[int, ...],
                                                                   int]]:
    """How many cards of each pair key a variant has."""
    return Counter(pair_key(card.face) for card in catalogue(variant, cjv, faktorial))


def _value_of_second(view: View, recall: Recall, first: int, unknown: set[int]) -> float:
    """The expected points of turning a second unknown card rather than stopping."""
    gone = Counter(pair_key(face_of(c["face"])) for c in view["cards"]
                   if c["state"] == "gone")
    every = _keys(view["variant"], view["cjv"], view["faktorial"])

    def hidden_partners(face: Face, known: int) -> int:
        """Cards matching `face` still on the table that are not among the remembered
        (a CJV face's key counts both numbers of its combination, itself among them:
        hence the halving, each card pairing the other number's two)."""
        key = pair_key(face)
        left = every[key] - gone[key]
        return (left // 2 if face.group == "cjv" else left - 1) - known

    first_face = recall.memory[first]
    gain = hidden_partners(first_face, len(recall.partners(first))) * _points(view, first_face)
    loss = 0
    for place, face in recall.memory.items():
        if place != first:
            known = len(recall.partners(place))
            loss += max(0, hidden_partners(face, known)) * _points(view, face)
    return (gain - loss) / len(unknown)

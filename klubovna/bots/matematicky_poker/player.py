"""The Matematický poker computer player at a table: every decision of its seat's view
(start, the number in hand, the joker just drawn, a kept joker), made from that view and
the events its seat witnessed only. The levels differ in look-ahead rounds and in noise,
never in wall time, so a table's moves never depend on the machine (docs/decisions.md,
"Matematický poker computer player").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import exp

from klubovna.core import Event, Json, Rng, View
from klubovna.games.matematicky_poker.state import JOKER, fresh_deck

from .search import joker_now, values

Action = dict[str, Json]
TOP = 4
"""A noisy level picks among this many of the best cells."""


def unseen_cards(view: View, witnessed: Sequence[Event]) -> list[int]:
    """The full deck (54 cards, jokers as 0) minus every card this seat has seen: its
    board (a joker's cell as a joker), its hand, its kept jokers and the numbers it lost to
    the clock (from the witnessed `forfeited` events: the view only counts them)."""
    counts = Counter(fresh_deck())
    for value, joker in zip(view["board"], view["jokers"], strict=True):
        if value is not None:
            counts[JOKER if joker else value] -= 1
    counts[JOKER] -= view["kept_jokers"]
    hand: Mapping[str, Json] | None = view["hand"]
    if hand is not None:
        counts[JOKER if hand["kind"] == "joker" else int(hand["value"])] -= 1
    seat = view["seat"]
    for event in witnessed:
        if event.get("type") == "forfeited" and event.get("seat", seat) == seat:
            counts[int(event["value"])] -= 1
    return sorted(counts.elements())


@dataclass(frozen=True)
class Player:
    """One level: `samples` look-ahead rounds a move (0: the mean over the next card only)
    and `noise` in points (0: always the best cell; else a cell among the TOP best, each
    as likely as exp(−points lost / noise))."""

    name: str
    samples: int
    noise: float = 0.0

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if not view["started"]:
            return {"type": "start"}
        board: list[int | None] = list(view["board"])
        table: str = view["table"]
        hand: Mapping[str, Json] | None = view["hand"]
        unseen = unseen_cards(view, witnessed)
        if hand is not None and hand["kind"] == "joker":
            cell, value = joker_now(board, table, unseen)
            return {"type": "joker", "choice": "now", "value": value, "cell": cell}
        if view["kept_jokers"]:
            cell, value = joker_now(board, table, unseen)
            return {"type": "kept_joker", "value": value, "cell": cell}
        if hand is None:
            return {"type": "draw"}  # solo only: a duel's seat waits instead (`waits`)
        card = int(hand["value"])
        return {"type": "place", "cell": self.cell(board, card, table, unseen, rng)}

    def waits(self, view: View, witnessed: Sequence[Event]) -> bool:
        """Whether to do nothing now though the view allows an action: a duel or group seat
        with nothing in hand waits for the next number (drawing it early would rush the
        opponent), unless the deck is out and kept jokers are still to be played."""
        if view.get("variant", "solo") == "solo" or not view["started"]:
            return False
        if not view.get("playing", True):
            return True  # a dealer who only deals: computer players do not deal
        return view["hand"] is None and not (view["kept_jokers"] and view["cards_left"] == 0)

    def cell(
        self, board: Sequence[int | None], card: int, table: str, unseen: Sequence[int], rng: Rng
    ) -> int:
        """Where this level writes `card`."""
        found = values(board, card, table, unseen, self.samples, rng)
        ranked = sorted(found, key=lambda c: (-found[c], c))
        if self.noise <= 0 or len(ranked) == 1:
            return ranked[0]
        top = ranked[:TOP]
        best = found[top[0]]
        weights = [exp((found[c] - best) / self.noise) for c in top]
        pick = rng.below(1 << 30) / (1 << 30) * sum(weights)
        for c, weight in zip(top, weights, strict=True):
            pick -= weight
            if pick < 0:
                return c
        return top[-1]

"""The Matematický poker computer player at a table: every decision of its seat's view
(start, the number in hand, the joker just drawn, a kept joker), made from that view and
the events its seat witnessed only. The levels differ in look-ahead rounds and in noise,
never in wall time, so a table's moves never depend on the machine
(docs/decisions/0095-mp-bot-levels-and-jokers.md, "Matematický poker computer player").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import exp

from klubovna.core import Event, Json, Rng, View
from klubovna.games.matematicky_poker.state import JOKER, fresh_deck

from .search import IDEAS, Ideas, joker_now, values

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
    keeps: bool = True
    """Keep a joker drawn, play it by the look-ahead; False: use it at once, where it gains
    most (the first policy, for bench/mp_bot.py's comparison)."""
    budget_ms: float | None = None
    """Think by the clock instead of `samples` (bench/mp_bot.py only: a table's level never
    depends on the machine)."""
    ideas: Ideas = IDEAS

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if not view["started"]:
            return {"type": "start"}
        hand: Mapping[str, Json] | None = view["hand"]
        kept: int = view["kept_jokers"]
        if hand is None and not kept:
            return {"type": "draw"}  # solo only: a duel's seat waits instead (`waits`)
        card = None if hand is None else JOKER if hand["kind"] == "joker" else int(hand["value"])
        return self.decide(list(view["board"]), card, kept, view["table"],
                           unseen_cards(view, witnessed), rng)

    def decide(
        self, board: Sequence[int | None], card: int | None, kept: int, table: str,
        unseen: Sequence[int], rng: Rng,
    ) -> Action:
        """The action for `card` in hand (a number, JOKER, or None) with `kept` jokers kept,
        given the cards not yet seen (`unseen`, jokers as 0; bench/mp_bot.py calls this
        with its own deals).

        A joker drawn is kept (with `keeps`): a kept joker can still be played at the very
        next decision where it would have gone now, after one more card is seen, so keeping
        never loses. A kept joker is played when the look-ahead values playing it now
        (where it gains most, then the number) above holding it (the number now; the joker
        at the end of each sampled sequence, where it then gains most): `_joker_first`."""
        empties = [c for c in range(25) if board[c] is None]
        if card == JOKER:
            if self.keeps:
                return {"type": "joker", "choice": "keep"}
            cell, value = joker_now(board, table, unseen, kept)
            return {"type": "joker", "choice": "now", "value": value, "cell": cell}
        if kept and (card is None or len(empties) <= kept or not self.keeps):
            # No number to weigh it against, or as many jokers as cells: any value beats
            # the number's own.
            cell, value = joker_now(board, table, unseen, kept - 1)
            return {"type": "kept_joker", "value": value, "cell": cell}
        if card is None:
            raise ValueError("nothing in hand and no kept joker")
        if kept:
            played, found = self._joker_first(board, card, kept, table, unseen, rng)
            if played is not None:
                return played
            return {"type": "place", "cell": self._pick(found, rng)}
        return {"type": "place", "cell": self.cell(board, card, table, unseen, rng)}

    def _joker_first(
        self, board: Sequence[int | None], card: int, kept: int, table: str,
        unseen: Sequence[int], rng: Rng,
    ) -> tuple[Action | None, dict[int, float]]:
        """The kept joker's move if playing it before `card` is worth more than holding it
        (both looked ahead on the same sampled sequences), else None; and the values of
        the cells for `card` while holding it."""
        seed = rng.below(1 << 30)
        found = values(board, card, table, unseen, self.samples, Rng(seed),
                       budget_ms=self._half(), kept=kept, ideas=self.ideas)
        hold = max(found.values())
        cell, value = joker_now(board, table, unseen, kept)  # the number and the others wait
        after = list(board)
        after[cell] = value
        play = max(values(after, card, table, unseen, self.samples, Rng(seed),
                          budget_ms=self._half(), kept=kept - 1,
                          ideas=self.ideas).values())
        if play > hold:
            return {"type": "kept_joker", "value": value, "cell": cell}, found
        return None, found

    def _half(self) -> float | None:
        return None if self.budget_ms is None else self.budget_ms / 2

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
        found = values(board, card, table, unseen, self.samples, rng, budget_ms=self.budget_ms,
                       ideas=self.ideas)
        return self._pick(found, rng)

    def _pick(self, found: Mapping[int, float], rng: Rng) -> int:
        """The best cell of `found`, or with `noise` one of the TOP best."""
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

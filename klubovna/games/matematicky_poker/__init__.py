"""Matematický poker: draw numbers, write each into a 5x5 grid, score poker lines.
Public names only; the rules are in rules.py, points in scoring.py, views in view.py."""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.core import Event, Json, View

from . import rules
from .rules import GRACE_MS, Action, replay
from .scoring import TABLES, score_board, score_line
from .state import Player, State
from .view import points_preview
from .view import view as seat_view


class MatematickyPoker:
    """The engine object (klubovna.core.Game) of Matematický poker: solo, duel or group.

    >>> s = ENGINE.new({"table": "school"}, seed=5)
    >>> s, _ = ENGINE.apply(s, 0, {"type": "start"}, now=0)
    >>> ENGINE.view(s, 0)["hand"] is not None, ENGINE.result(s)
    (True, None)
    """

    name: str = "matematicky-poker"

    def new(self, config: Mapping[str, Json], seed: int) -> State:
        return rules.new(config, seed)

    def seats(self, state: State) -> int:
        return len(state.players)

    def legal(self, state: State, seat: int) -> list[Action]:
        return rules.legal(state, seat)

    def apply(
        self, state: State, seat: int, action: Mapping[str, Json], now: int
    ) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action, now)

    def advance(self, state: State, now: int) -> tuple[State, list[Event]]:
        return rules.advance(state, now)

    def next_deadline(self, state: State) -> int | None:
        return rules.next_deadline(state)

    def view(self, state: State, seat: int) -> View:
        return seat_view(state, seat)

    def result(self, state: State) -> dict[str, Json] | None:
        return rules.result(state)


ENGINE = MatematickyPoker()

__all__ = [
    "ENGINE",
    "GRACE_MS",
    "TABLES",
    "MatematickyPoker",
    "Player",
    "State",
    "points_preview",
    "replay",
    "score_board",
    "score_line",
]

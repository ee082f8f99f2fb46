"""The engine object of a game, made from the functions of its rules and view modules.

Every game folder has the same shape (rules.py with new/legal/apply/advance/next_deadline/
result, view.py with view), so one adapter turns any of them into a `Game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Generic, TypeVar

from klubovna.core.game import Event, Json, View

S = TypeVar("S")


class Engine(Generic[S]):
    """A `Game` whose methods are the game's module functions (see klubovna.core.game)."""

    def __init__(
        self, name: str, rules: ModuleType, view: Callable[[S, int], View], *,
        seats: Callable[[S], int],
    ) -> None:
        self.name = name
        self._rules = rules
        self._view = view
        self._seats = seats

    def new(self, config: Mapping[str, Json], seed: int) -> S:
        state: S = self._rules.new(config, seed)
        return state

    def seats(self, state: S) -> int:
        return self._seats(state)

    def legal(self, state: S, seat: int) -> list[dict[str, Json]]:
        actions: list[dict[str, Json]] = self._rules.legal(state, seat)
        return actions

    def apply(
        self, state: S, seat: int, action: Mapping[str, Json], now: int
    ) -> tuple[S, list[Event]]:
        outcome: tuple[S, list[Event]] = self._rules.apply(state, seat, action, now)
        return outcome

    def advance(self, state: S, now: int) -> tuple[S, list[Event]]:
        outcome: tuple[S, list[Event]] = self._rules.advance(state, now)
        return outcome

    def next_deadline(self, state: S) -> int | None:
        deadline: int | None = self._rules.next_deadline(state)
        return deadline

    def view(self, state: S, seat: int) -> View:
        return self._view(state, seat)

    def result(self, state: S) -> dict[str, Json] | None:
        result: dict[str, Json] | None = self._rules.result(state)
        return result

    def __repr__(self) -> str:
        return f"Engine({self.name!r})"


__all__ = ["Engine"]

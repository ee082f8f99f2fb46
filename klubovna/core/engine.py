"""The engine object of a game, made from the functions of its rules and view modules.

Every game folder has the same shape (rules.py with new/legal/apply/advance/next_deadline/
result, view.py with view), so one adapter turns any of them into a `Game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Generic, TypeVar

from klubovna.core.game import Event, Json, View

S = TypeVar("S")


class Engine(Generic[S]):
    """A `Game` whose methods are the game's module functions (see klubovna.core.game)."""

    def __init__(
        self, name: str, rules: ModuleType, view: Callable[[S, int], View], *,
        seats: Callable[[S], int], same_own: Callable[[S, S, int], bool] | None = None,
    ) -> None:
        self.name = name
        self._rules = rules
        self._view = view
        self._seats = seats
        self._same_own = same_own

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

    def same_own(self, before: S, after: S, seat: int) -> bool:
        return self._same_own is not None and self._same_own(before, after, seat)

    def result(self, state: S) -> dict[str, Json] | None:
        result: dict[str, Json] | None = self._rules.result(state)
        return result

    def replay(
        self, config: Mapping[str, Json], seed: int, log: Sequence[Mapping[str, Json]]
    ) -> S:
        """The state after replaying a game's log on `new(config, seed)`.

        Entries: {"kind": "act", "seat": s, "action": {...}, "now": ms} or
        {"kind": "tick", "now": ms}. An illegal action raises IllegalAction as it did live.

        >>> from klubovna.games.matematicky_poker import ENGINE
        >>> log = [{"kind": "act", "seat": 0, "action": {"type": "start"}, "now": 0},
        ...        {"kind": "act", "seat": 0, "action": {"type": "draw"}, "now": 5}]
        >>> ENGINE.replay({}, 9, log) == ENGINE.apply(ENGINE.new({}, 9), 0, log[0]["action"], 0)[0]
        True
        """
        state = self.new(config, seed)
        for entry in log:
            if not isinstance(entry, Mapping):
                raise ValueError(f"not a log entry: {entry!r}")
            kind = entry.get("kind")
            if kind == "act" and set(entry) == {"kind", "seat", "action", "now"}:
                state, _ = self.apply(state, entry["seat"], entry["action"], entry["now"])
            elif kind == "tick" and set(entry) == {"kind", "now"}:
                state, _ = self.advance(state, entry["now"])
            else:
                raise ValueError(f"not a log entry: {entry!r}")
        return state

    def __repr__(self) -> str:
        return f"Engine({self.name!r})"


__all__ = ["Engine"]

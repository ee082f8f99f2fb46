"""The engine object of a game: its rules functions and declarations, named one by one.

A game's `__init__.py` builds its `ENGINE = Engine(name=..., new=rules.new, ...)` from
explicit functions (typed, so a checker sees a missing or mismatched one), plus what it
declares (settings, seat range, leave policy, refusal codes, rooms, outcomes) and its
`hidden_variants`; see klubovna.core.game.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, TypeVar

from klubovna.core.declarations import LeavePolicy, PublicKind, RoomPolicy, SeatOutcome, Setting
from klubovna.core.game import Event, Json, View
from klubovna.core.statistics import Played, game_statistics

S = TypeVar("S")


def _never_same(before: Any, after: Any) -> Container[int]:
    return ()  # unsure: the table compares the views' parts itself


def _no_outcomes(result: dict[str, Json]) -> list[SeatOutcome]:
    return []  # a game that does not (yet) say how its result reads per seat


@dataclass(frozen=True, eq=False, repr=False)
class Engine(Generic[S]):
    """A `Game` (klubovna.core.game) made of a game's functions.

    `rooms`, `public`, `outcomes` and `statistics` have defaults (no rooms by code, no
    public tables, no per-seat outcomes, the statistics every game has) so a game adds
    them with one keyword each: `Engine(..., rooms=ROOMS, outcomes=outcomes)`.
    `codes` and `hidden_variants` have none: a default "nothing hidden" would let a game
    that forgot to say what it hides pass the contract suite's hidden-information check."""

    name: str
    settings: tuple[Setting, ...]
    seat_range: tuple[int, int]
    leaver: LeavePolicy
    new: Callable[[Mapping[str, Json], int], S]
    seats: Callable[[S], int]
    legal: Callable[[S, int], list[dict[str, Json]]]
    apply: Callable[[S, int, Mapping[str, Json], int], tuple[S, list[Event]]]
    advance: Callable[[S, int], tuple[S, list[Event]]]
    next_deadline: Callable[[S], int | None]
    view: Callable[[S, int | None], View]
    result: Callable[[S], dict[str, Json] | None]
    to_text: Callable[[S], str]
    from_text: Callable[[str], S]
    started: Callable[[S], bool]
    leave: Callable[[S, int, int], tuple[S, list[Event]]]
    codes: frozenset[str]
    hidden_variants: Callable[[S, int, int], list[S]]
    same_own: Callable[[S, S], Container[int]] = _never_same
    rooms: tuple[RoomPolicy, ...] = ()
    public: tuple[PublicKind, ...] = ()
    outcomes: Callable[[dict[str, Json]], list[SeatOutcome]] = _no_outcomes
    statistics: Callable[[Sequence[Played], date], dict[str, Json]] = game_statistics
    """A profile's block of this game's statistics from its finished recorded games
    (oldest first) and the Prague day of today."""

    def replay(
        self, config: Mapping[str, Json], seed: int, log: Sequence[Mapping[str, Json]]
    ) -> S:
        """The state after replaying a game's log on `new(config, seed)`.

        Entries: {"kind": "act", "seat": s, "action": {...}, "now": ms},
        {"kind": "tick", "now": ms}, or {"kind": "leave", "seat": s, "now": ms} (the seat
        left for good: `leave`). An illegal action raises IllegalAction as it did live.

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
            elif kind == "leave" and set(entry) == {"kind", "seat", "now"}:
                state, _ = self.leave(state, entry["seat"], entry["now"])
            else:
                raise ValueError(f"not a log entry: {entry!r}")
        return state

    def __repr__(self) -> str:
        return f"Engine({self.name!r})"


__all__ = ["Engine"]

"""A tiny game for the table tests, registered like a club game: players take turns adding
1 or 2 to a total until it reaches the target. Each move also tells the mover a secret (a
private event), and its computer player remembers what it witnessed: it adds 1 or 2 by how
many moves it has seen, so a bot that forgot anything would play differently."""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from klubovna.core import Event, IllegalAction, Json, Rng, View
from klubovna.core.declarations import LeavePolicy
from klubovna.tables.registry import REGISTRY, register


@dataclass(frozen=True)
class State:
    seats: int
    target: int
    total: int = 0
    turn: int = 0
    started: bool = False
    out: frozenset[int] = frozenset()
    ended: bool = False


class Counting:
    """The game; `leaver` says what a leaving seat becomes (a subclass per policy)."""

    name = "counting"
    leaver: LeavePolicy = "fold"

    def new(self, config: Mapping[str, Json], seed: int) -> State:
        return State(seats=int(config.get("seats", 2)), target=int(config.get("target", 12)))

    def seats(self, state: State) -> int:
        return state.seats

    def legal(self, state: State, seat: int) -> list[dict[str, Json]]:
        if state.ended:
            return []
        if not state.started:
            return [{"type": "start"}]
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}] if seat == state.turn else []

    def apply(self, state: State, seat: int, action: Mapping[str, Json],
              now: int) -> tuple[State, list[Event]]:
        if dict(action) not in self.legal(state, seat):
            raise IllegalAction("not_allowed", f"{action!r} is not allowed now.")
        if action["type"] == "start":
            return replace(state, started=True), [{"type": "started"}]
        total = state.total + int(action["n"])
        after = replace(state, total=total, turn=self._next(state, seat),
                        ended=total >= state.target)
        return after, [{"type": "added", "seat": seat, "n": action["n"]},
                       {"type": "secret", "to": [seat], "total": total}]

    def _next(self, state: State, seat: int) -> int:
        for step in range(1, state.seats + 1):
            candidate = (seat + step) % state.seats
            if candidate not in state.out:
                return candidate
        return seat

    def leave(self, state: State, seat: int, now: int) -> tuple[State, list[Event]]:
        if state.ended or seat in state.out:
            raise IllegalAction("not_allowed", "Not in the game.")
        out = state.out | {seat}
        after = replace(state, out=out, ended=state.seats - len(out) <= 1)
        if state.turn == seat:
            after = replace(after, turn=self._next(after, seat))
        return after, [{"type": "left", "seat": seat}]

    def advance(self, state: State, now: int) -> tuple[State, list[Event]]:
        return state, []

    def next_deadline(self, state: State) -> int | None:
        return None

    def view(self, state: State, seat: int | None) -> View:
        running = state.started and not state.ended
        return {"game": self.name, "seat": seat, "over": state.ended,
                "turn": [state.turn] if running else [], "deadline": None,
                "total": state.total, "out": sorted(state.out),
                "actions": [] if seat is None else self.legal(state, seat)}

    def same_own(self, before: State, after: State) -> Container[int]:
        return ()

    def result(self, state: State) -> dict[str, Json] | None:
        return {"total": state.total, "out": sorted(state.out)} if state.ended else None


class Ending(Counting):
    name = "counting-ends"
    leaver: LeavePolicy = "end"

    def leave(self, state: State, seat: int, now: int) -> tuple[State, list[Event]]:
        if state.ended:
            raise IllegalAction("not_allowed", "It is over.")
        return replace(state, ended=True), [{"type": "ended", "by": seat}]


class TakenOver(Counting):
    name = "counting-robot"
    leaver: LeavePolicy = "robot"


class Rememberer:
    """Adds 1 after an even number of moves it witnessed, 2 after an odd one."""

    name = "rememberer"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> dict[str, Json]:
        moves = sum(1 for event in witnessed if event["type"] == "added")
        return {"type": "add", "n": 1 + moves % 2}


class Broken:
    """A computer player whose code raises."""

    name = "broken"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> dict[str, Json]:
        raise RuntimeError("a bug in the bot")


COUNTING, ENDING, TAKEN_OVER = Counting(), Ending(), TakenOver()
BOTS: dict[str, Any] = {"rememberer": Rememberer(), "broken": Broken()}


@contextmanager
def registered() -> Iterator[None]:
    """The test games in the registry for the time being (no other test sees them: the
    contract suite covers every registered game)."""
    for game in (COUNTING, ENDING, TAKEN_OVER):
        register(game, BOTS)
    try:
        yield
    finally:
        for game in (COUNTING, ENDING, TAKEN_OVER):
            REGISTRY.pop(game.name, None)

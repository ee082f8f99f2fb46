"""Nim for 2-4 seats: the toy game that proves the platform takes any game.

Heaps of stones; seat 0 starts the game (`{"type": "start"}`, as the host of a room does);
on your turn take one or more stones from one heap; whoever takes the last stone wins. The
seats move in turn; a seat that leaves folds out and the others play on (the last one left
wins). With `seconds` set, a seat that lets its time run out takes one stone from the first
heap that has any.

It implements the whole `klubovna.core.Game` protocol by hand, with no help from
`klubovna.core.engine`, so it shows what the protocol asks and nothing more.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, replace

from klubovna.core import Event, IllegalAction, Json, Rng, View
from klubovna.core.checks import bad_action, is_int, is_seat, require_time
from klubovna.core.declarations import RoomPolicy, SeatOutcome, Setting, read_settings
from klubovna.core.statistics import game_statistics

NAME = "nim"
TEXT_TAG = "nim1"
MAX_HEAP = 7
"""A heap starts with 1 to 7 stones, from the seed."""

SETTINGS = (
    Setting("seats", "int", 2, minimum=2, maximum=4),
    Setting("heaps", "int", 3, minimum=1, maximum=5),
    Setting("seconds", "int", None, minimum=3, maximum=60, optional=True),
)

ROOMS = (
    RoomPolicy("table", seats=(1, 4), settings=("seats", "heaps", "seconds"),
               robots="computer", next_round="host"),
)
"""One person or more up to `seats`; the room's own setting `computer` names the computer
player who takes the empty seats (one of the registered BOTS)."""

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_your_turn", "game_over", "out_of_game",
    "not_started", "already_started", "no_such_heap", "too_many",
})
"""Every IllegalAction code Nim raises (the contract suite holds it to these)."""


@dataclass(frozen=True, slots=True)
class State:
    heaps: tuple[int, ...]
    seconds: int | None
    started: bool = False
    turn: int = 0
    left: tuple[bool, ...] = (False, False)
    """Seats that left the game (they fold out)."""
    took: tuple[int, ...] = (0, 0)
    """Stones each seat has taken."""
    deadline: int | None = None
    """With a timer: when the seat to move runs out of time (from the start on)."""
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.left)

    @property
    def over(self) -> bool:
        return self.winner is not None


def _next_seat(state: State, seat: int) -> int:
    """The next seat after `seat` still in the game (itself if it is the only one)."""
    for step in range(1, state.seats + 1):
        candidate = (seat + step) % state.seats
        if not state.left[candidate]:
            return candidate
    return seat


def _take(state: State, seat: int, heap: int, count: int, now: int) -> State:
    heaps = state.heaps[:heap] + (state.heaps[heap] - count,) + state.heaps[heap + 1:]
    took = state.took[:seat] + (state.took[seat] + count,) + state.took[seat + 1:]
    winner = seat if not any(heaps) else None
    deadline = None if winner is not None or state.seconds is None else now + state.seconds * 1000
    return replace(state, heaps=heaps, took=took, turn=_next_seat(state, seat),
                   deadline=deadline, winner=winner)


class Nim:
    """The engine (a `klubovna.core.Game`). Stateless: every method is a pure function."""

    name = NAME
    settings = SETTINGS
    seat_range = (2, 4)
    leaver = "fold"
    rooms = ROOMS
    public = ()  # no leaderboard, no daily challenge
    codes = CODES
    statistics = staticmethod(game_statistics)  # games, wins, losses, stones taken

    # -- a new game and its text form

    def new(self, config: Mapping[str, Json], seed: int) -> State:
        values = read_settings(SETTINGS, config)
        rng = Rng(seed)
        heaps = tuple(1 + rng.below(MAX_HEAP) for _ in range(values["heaps"]))
        seats = values["seats"]
        return State(heaps=heaps, seconds=values["seconds"], left=(False,) * seats,
                     took=(0,) * seats)

    def to_text(self, state: State) -> str:
        """E.g. `nim1 3,0,5 30 1 1 00 2,4 - -`: heaps, seconds, started, turn, left, took,
        deadline, winner (`-` for none)."""
        fields = [
            TEXT_TAG, ",".join(map(str, state.heaps)), _opt(state.seconds),
            "1" if state.started else "0", str(state.turn),
            "".join("1" if gone else "0" for gone in state.left), ",".join(map(str, state.took)),
            _opt(state.deadline), _opt(state.winner),
        ]
        return " ".join(fields)

    def from_text(self, text: str) -> State:
        tag, heaps, seconds, started, turn, left, took, deadline, winner = text.split(" ")
        if tag != TEXT_TAG or set(left + started) - {"0", "1"}:
            raise ValueError(f"not a {TEXT_TAG} state: {text!r}")
        return State(
            heaps=tuple(int(h) for h in heaps.split(",")), seconds=_parse_opt(seconds),
            started=started == "1", turn=int(turn), left=tuple(ch == "1" for ch in left),
            took=tuple(int(t) for t in took.split(",")), deadline=_parse_opt(deadline),
            winner=_parse_opt(winner),
        )

    # -- play

    def seats(self, state: State) -> int:
        return state.seats

    def started(self, state: State) -> bool:
        return state.started

    def legal(self, state: State, seat: int) -> list[dict[str, Json]]:
        if state.over or seat != state.turn:
            return []
        if not state.started:
            return [{"type": "start"}]
        return [{"type": "take", "heap": heap, "count": count}
                for heap, size in enumerate(state.heaps) for count in range(1, size + 1)]

    def apply(
        self, state: State, seat: int, action: Mapping[str, Json], now: int
    ) -> tuple[State, list[Event]]:
        require_time("now", now)
        if not is_seat(seat, state.seats):
            raise IllegalAction("not_your_seat", f"Seat {seat!r} does not play in this game.")
        if isinstance(action, Mapping) and action.get("type") == "start" and set(action) == {
                "type"}:
            return self._start(state, seat, now)
        if not isinstance(action, Mapping) or action.get("type") != "take" or set(action) != {
                "type", "heap", "count"}:
            bad_action('An action is {"type": "start"} or {"type": "take", "heap": h, '
                       '"count": n}.')
        heap, count = action["heap"], action["count"]
        if not (is_int(heap) and is_int(count)):
            bad_action("heap and count are whole numbers.")
        state, events = self.advance(state, now)
        if state.over:
            raise IllegalAction("game_over", "The game is over.")
        if state.left[seat]:
            raise IllegalAction("out_of_game", "You have left this game.")
        if not state.started:
            raise IllegalAction("not_started", "The game has not started yet.")
        if seat != state.turn:
            raise IllegalAction("not_your_turn", "It is not your turn.")
        if not 0 <= heap < len(state.heaps):
            raise IllegalAction("no_such_heap", f"There is no heap {heap}.")
        if not 1 <= count <= state.heaps[heap]:
            raise IllegalAction("too_many", f"Take 1 to {state.heaps[heap]} stones from it.")
        state = _take(state, seat, heap, count, now)
        return state, events + [_took(seat, heap, count, state)]

    def _start(self, state: State, seat: int, now: int) -> tuple[State, list[Event]]:
        if state.over:
            raise IllegalAction("game_over", "The game is over.")
        if state.started:
            raise IllegalAction("already_started", "The game has already started.")
        if seat != state.turn:
            raise IllegalAction("not_your_turn", "Seat 0 starts the game.")
        deadline = None if state.seconds is None else now + state.seconds * 1000
        return replace(state, started=True, deadline=deadline), [{"type": "started"}]

    def advance(self, state: State, now: int) -> tuple[State, list[Event]]:
        """A seat whose time ran out takes one stone from the first heap; the next seat's
        time runs from that deadline, so a long pause plays on exactly as if on time."""
        require_time("now", now)
        events: list[Event] = []
        while state.deadline is not None and now > state.deadline:
            seat, heap = state.turn, next(i for i, size in enumerate(state.heaps) if size)
            state = _take(state, seat, heap, 1, state.deadline)
            events.append({**_took(seat, heap, 1, state), "timeout": True})
        return state, events

    def next_deadline(self, state: State) -> int | None:
        return None if state.deadline is None else state.deadline + 1

    def leave(self, state: State, seat: int, now: int) -> tuple[State, list[Event]]:
        """The seat folds out; the last seat still in wins."""
        state, events = self.advance(state, now)
        if state.over or state.left[seat]:
            return state, events
        left = state.left[:seat] + (True,) + state.left[seat + 1:]
        state = replace(state, left=left)
        if left.count(False) == 1:
            state = replace(state, winner=left.index(False), deadline=None)
        elif state.turn == seat:
            running = state.deadline is not None and state.seconds is not None
            state = replace(state, turn=_next_seat(state, seat),
                            deadline=now + state.seconds * 1000 if running else None)
        return state, events + [{"type": "left", "seat": seat, "winner": state.winner}]

    # -- what seats see, and the end

    def view(self, state: State, seat: int | None) -> View:
        """Everything: Nim has no hidden information. One who watches (`seat` None) sees it
        too, as does every seat (Nim has no seat's own part)."""
        if seat is not None and not is_seat(seat, state.seats):
            raise IllegalAction("not_your_seat", f"Seat {seat!r} does not play in this game.")
        return {
            "game": NAME, "seat": seat, "over": state.over,
            "turn": [] if state.over else [state.turn], "deadline": self.next_deadline(state),
            "started": state.started, "heaps": list(state.heaps), "left": list(state.left),
            "took": list(state.took), "winner": state.winner,
        }

    def same_own(self, before: State, after: State) -> Container[int]:
        return ()

    def hidden_variants(self, state: State, seat: int, seed: int) -> list[State]:
        """States that differ from `state` only in what `seat` may not know: none."""
        return []

    def result(self, state: State) -> dict[str, Json] | None:
        if not state.over:
            return None
        return {"winner": state.winner, "took": list(state.took), "left": list(state.left)}

    def outcomes(self, result: dict[str, Json]) -> list[SeatOutcome]:
        winner = result["winner"]
        return [
            SeatOutcome(seat, 1 if seat == winner else 2, "win" if seat == winner else "loss",
                        score=took, figures={"stones": took})
            for seat, took in enumerate(result["took"])
        ]


def _took(seat: int, heap: int, count: int, after: State) -> Event:
    return {"type": "took", "seat": seat, "heap": heap, "count": count, "winner": after.winner}


def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


def _parse_opt(text: str) -> int | None:
    return None if text == "-" else int(text)


ENGINE = Nim()

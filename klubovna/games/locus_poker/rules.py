"""The rules of Locus Poker: a new game, the legal actions, applying them, leaving and the
result. A turn puts a chip on a card nobody has played yet, face up or face down, and scores
its hand and bonus (scoring.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from klubovna.core import Event, IllegalAction, Json, Rng
from klubovna.core.checks import bad_action, is_seat, require_time
from klubovna.core.rounds import first_seat
from klubovna.core.rules import (
    action_type,
    dispatch,
    exact_fields,
    int_field,
    read_config,
    require_running,
    require_seat,
)

from .cards import DECK
from .grid import dimensions
from .scoring import score
from .settings import SETTINGS
from .state import SEATS, Move, State
from .wire import LpResult

Action = dict[str, Json]

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_started", "already_started",
    "game_over", "not_your_turn", "no_such_cell", "cell_taken",
})
"""Every IllegalAction code this game raises (klubovna.core's checks included)."""

FACES = ("up", "down")
_FIELDS: Mapping[str, frozenset[str]] = {
    "start": frozenset({"type"}),
    "play": frozenset({"type", "cell", "face"}),
}
_STARTER_SALT = 0x5EA7_0F_F1257
"""The first player's draw has its own generator, apart from the deal's."""


class Play(NamedTuple):
    """An action after its shape is checked."""

    type: str
    cell: int = -1
    down: bool = False


# ---------------------------------------------------------------- new game


def new(config: Mapping[str, Json], seed: int) -> State:
    """A fresh game, not started: the deck shuffled by the game's generator and the grid
    dealt from its top, row by row.

    Config: `grid` (default "6x6"), `seats` (2), `round` 1 or more and `series`: the first
    player is drawn from the series in round 1 and alternates after it (first_seat).

    >>> s = new({"grid": "8x6", "round": 2}, seed=1)
    >>> len(s.cards), s.turn, s.started
    (48, 1, False)
    >>> [new({"round": r, "series": 3}, seed=r).turn for r in (1, 2, 3)]
    [0, 1, 0]
    """
    values = read_config(SETTINGS, config, seed)
    grid, round_ = str(values["grid"]), int(values["round"])
    cols, rows = dimensions(grid)
    deck = list(DECK)
    Rng(seed).shuffle(deck)
    starter = first_seat(values, seed, SEATS, _STARTER_SALT)
    return State(grid=grid, round=round_, starter=starter, cards=tuple(deck[:cols * rows]))


# ---------------------------------------------------------------- what may be done


def legal(state: State, seat: int) -> list[Action]:
    """Every action `seat` may send now: before the start `start`; on its turn a face-up
    and a face-down play on every free cell.

    >>> s, _ = apply(new({"grid": "6x5"}, seed=1), 0, {"type": "start"}, now=0)
    >>> len(legal(s, s.turn)), legal(s, 1 - s.turn)
    (60, [])
    """
    if state.over or not is_seat(seat, SEATS):
        return []
    if not state.started:
        return [{"type": "start"}]
    if state.turn != seat:
        return []
    chips = state.chips()
    return [{"type": "play", "cell": cell, "face": face}
            for cell in range(len(state.cards)) if chips[cell] is None for face in FACES]


def to_move(state: State) -> list[int]:
    """The seat the game waits for (none before the start and after the end)."""
    return [state.turn] if state.started and not state.over else []


def action_types(state: State, seat: int) -> list[str]:
    """The kinds of action `seat` may send now (the view's `actions`)."""
    if state.over:
        return []
    if not state.started:
        return ["start"]
    return ["play"] if state.turn == seat else []


def apply(
    state: State, seat: int, action: Mapping[str, Json], now: int
) -> tuple[State, list[Event]]:
    """Apply `seat`'s `action` (klubovna.core.rules.dispatch: shape, then the handler).

    >>> s, events = apply(new({}, seed=3), 0, {"type": "start"}, now=0)
    >>> s, events = apply(s, s.turn, {"type": "play", "cell": 0, "face": "down"}, now=1)
    >>> events[0]["type"], events[0]["hand"], events[0]["bonus"], s.totals()[1 - s.turn]
    ('played', 2, 0, 2)
    """
    return dispatch(state, seat, action, now, seats=SEATS, parse=parse_action,
                    advance=advance, handlers=_HANDLERS, key=lambda move: move.type)


def parse_action(action: Mapping[str, Json]) -> Play:
    """Check an action's shape (not whether the state allows it)."""
    kind = action_type(action)
    exact_fields(action, kind, _FIELDS.get(kind))
    if kind != "play":
        return Play(kind)
    cell = int_field(action, "cell")
    face = action["face"]
    if face not in FACES:
        bad_action(f'"face" must be "up" or "down", got {face!r}.')
    return Play(kind, cell, face == "down")


# ---------------------------------------------------------------- the actions


def _start(state: State, seat: int, move: Play, now: int) -> tuple[State, list[Event]]:
    if state.started:
        raise IllegalAction("already_started", "The game has already started.")
    if state.over:
        raise IllegalAction("game_over", "The game is over.")
    return replace(state, started=True), [{"type": "started", "turn": state.turn}]


def _play(state: State, seat: int, move: Play, now: int) -> tuple[State, list[Event]]:
    require_running(state.started, state.over)
    if state.turn != seat:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if not 0 <= move.cell < len(state.cards):
        raise IllegalAction("no_such_cell", f"The grid has no cell {move.cell}.")
    chips = state.chips()
    if chips[move.cell] is not None:
        raise IllegalAction("cell_taken", "That card has been played already.")
    hand, bonus = score(state.cols, state.rows, state.cards, chips, seat, move.cell, move.down)
    state = replace(state, moves=(*state.moves, Move(seat, move.cell, move.down, hand, bonus)))
    events: list[Event] = [{"type": "played", "seat": seat, "cell": move.cell,
                            "face": "down" if move.down else "up", "hand": hand,
                            "bonus": bonus}]
    if state.over:
        over = result(state)
        assert over is not None
        return state, [*events, {"type": "over", **over}]
    return state, [*events, {"type": "turn", "seat": state.turn}]


_HANDLERS = {"start": _start, "play": _play}


# ---------------------------------------------------------------- time, leaving, the end


def advance(state: State, now: int) -> tuple[State, list[Event]]:
    """No clock in this game: time changes nothing."""
    require_time("now", now)
    return state, []


def next_deadline(state: State) -> int | None:
    return None


def started(state: State) -> bool:
    return state.started


def leave(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    """`seat` leaves for good (the leave policy is "end"): the game ends at once and the
    other player wins. A game that is over already changes nothing.

    >>> s, events = leave(new({}, seed=1), 1, now=5)
    >>> s.over, result(s)["winner"]
    (True, 0)
    """
    require_time("now", now)
    require_seat(seat, SEATS)
    if state.over:
        return state, []
    state = replace(state, left=seat)
    over = result(state)
    assert over is not None
    return state, [{"type": "left", "seat": seat}, {"type": "over", **over}]


def result(state: State) -> LpResult | None:
    """None while the game runs; then why it ended ("full": every card carries a chip;
    "left"), the winner (None on a draw: equal totals), the totals and the standings (a
    leaver is last whatever the totals)."""
    if not state.over:
        return None
    totals = state.totals()
    if state.left is not None:
        strength = [0 if seat == state.left else 1 for seat in range(SEATS)]
    else:
        strength = totals
    places = [1 + sum(other > mine for other in strength) for mine in strength]
    firsts = [seat for seat in range(SEATS) if places[seat] == 1]
    return {
        "reason": "left" if state.left is not None else "full",
        "winner": firsts[0] if len(firsts) == 1 else None,
        "left": state.left,
        "totals": totals,
        "standings": sorted(({"seat": s, "place": places[s], "score": totals[s]}
                             for s in range(SEATS)), key=lambda r: (r["place"], r["seat"])),
    }

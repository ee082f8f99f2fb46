"""The rules of Mathesso: a new game, the legal actions, applying them, leaving and the
result.

A turn, as the browser plays it in two steps: `{"type": "turn", "card": p}` turns over
the card at place p (everyone sees its coloured side); then the player either turns a
second card the same way (a match takes the pair, otherwise both go back face down) or
sends `{"type": "stop"}` (the one card goes back). Either way the turn passes. A player
holding an extra turn (one per Sheldon: every second CJV pair) is asked after each of
their own turns: `{"type": "extra"}` takes it at once, `{"type": "pass"}` keeps it for
later. Seat 0 starts the game (`{"type": "start"}`), which runs the order ritual.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple, cast

from klubovna.core import Event, IllegalAction, Json, Rng
from klubovna.core.checks import is_seat
from klubovna.core.rules import (
    action_type,
    dispatch,
    exact_fields,
    int_field,
    read_config,
    replaced,
    require_running,
)

from .cards import catalogue, matches, pair_value
from .ritual import ritual
from .scoring import explain, score_pairs
from .settings import SETTINGS
from .state import State
from .wire import MaResult, ScoreLine, Standing

Action = dict[str, Json]

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_started", "already_started",
    "game_over", "not_your_turn", "no_such_card", "card_taken", "card_up", "nothing_up",
    "choose_extra", "no_extra",
})
"""Every IllegalAction code this game raises (klubovna.core's checks included)."""

_FIELDS: Mapping[str, frozenset[str]] = {
    "start": frozenset({"type"}),
    "turn": frozenset({"type", "card"}),
    "stop": frozenset({"type"}),
    "extra": frozenset({"type"}),
    "pass": frozenset({"type"}),
}


class Move(NamedTuple):
    type: str
    card: int = -1


# ---------------------------------------------------------------- new game


def new(config: Mapping[str, Json], seed: int) -> State:
    """A fresh game, not started: the variant's cards laid out by the game's generator.

    >>> s = new({"variant": "atto", "seats": 3}, seed=1)
    >>> len(s.layout), s.seats, s.started
    (22, 3, False)
    >>> new({"variant": "atto", "cjv": True}, seed=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: cjv is set only when variant is 'pico' or ...
    """
    values = read_config(SETTINGS, config, seed)
    variant = str(values["variant"])
    cjv, faktorial = bool(values.get("cjv", False)), bool(values.get("faktorial", False))
    layout = list(range(len(catalogue(variant, cjv, faktorial))))
    rng = Rng(seed)
    rng.shuffle(layout)
    return State(variant=variant, cjv=cjv, faktorial=faktorial, layout=tuple(layout),
                 rng=rng.state, seats=int(values["seats"]))


def started(state: State) -> bool:
    return state.started


# ---------------------------------------------------------------- what may be done


def legal(state: State, seat: int) -> list[Action]:
    """Everything `seat` may send now.

    >>> s = new({"variant": "atto"}, seed=2)
    >>> legal(s, 0), legal(s, 1)
    ([{'type': 'start'}], [])
    """
    if state.over or not is_seat(seat, state.seats):
        return []
    if not state.started:
        return [{"type": "start"}] if seat == 0 else []
    if seat != state.current:
        return []
    if state.choosing:
        return [{"type": "extra"}, {"type": "pass"}]
    taken = state.taken()
    actions: list[Action] = [{"type": "turn", "card": place} for place in range(
        len(state.layout)) if place not in taken and place not in state.up]
    return actions + ([{"type": "stop"}] if state.up else [])


def action_types(state: State, seat: int) -> list[str]:
    """The kinds of action `seat` may send now (the view's `actions`)."""
    return sorted({str(action["type"]) for action in legal(state, seat)})


def to_move(state: State) -> list[int]:
    """The seat the game waits for (none before the start and after the end)."""
    return [] if state.current is None else [state.current]


def apply(
    state: State, seat: int, action: Mapping[str, Json], now: int
) -> tuple[State, list[Event]]:
    """Apply `seat`'s `action` (klubovna.core.rules.dispatch: shape, then the handler).

    >>> s, events = apply(new({"variant": "atto", "seats": 2}, seed=3), 0, {"type": "start"}, 0)
    >>> s.started, sorted(s.order), events[0]["type"]
    (True, [0, 1], 'started')
    """
    return dispatch(state, seat, action, now, seats=state.seats, parse=parse_action,
                    advance=advance, handlers=_HANDLERS, key=lambda move: move.type)


def parse_action(action: Mapping[str, Json]) -> Move:
    """Check an action's shape (not whether the state allows it)."""
    kind = action_type(action)
    exact_fields(action, kind, _FIELDS.get(kind))
    return Move(kind, int_field(action, "card")) if kind == "turn" else Move(kind)


def advance(state: State, now: int) -> tuple[State, list[Event]]:
    """No clock: time changes nothing."""
    return state, []


def next_deadline(state: State) -> int | None:
    return None


def leave(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    """A computer player takes a leaver's seat (the game's `leaver` is "robot"), so the
    game itself never changes when someone leaves."""
    return state, []


# ---------------------------------------------------------------- the actions


def _start(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.started:
        raise IllegalAction("already_started", "The game has already started.")
    if seat != 0:
        raise IllegalAction("not_your_turn", "Seat 0 starts the game.")
    rng = Rng(state.rng)
    rounds, order = ritual(state.layout, state.cards, state.seats, rng)
    seen = frozenset(place for draws in rounds for _, place in draws)
    state = replace(state, started=True, order=order, ritual=rounds, rng=rng.state,
                    seen=seen)
    return state, [{"type": "started", "order": list(order), "ritual": [
        [{"seat": s, "card": p, "face": _face(state, p)} for s, p in draws]
        for draws in rounds]}, {"type": "turn", "seat": order[0]}]


def _turn(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _my_turn(state, seat)
    place = move.card
    if not 0 <= place < len(state.layout):
        raise IllegalAction("no_such_card", f"There is no card {place}.")
    if place in state.taken():
        raise IllegalAction("card_taken", f"Card {place} has been taken.")
    if place in state.up:
        raise IllegalAction("card_up", f"Card {place} is turned over already.")
    events: list[Event] = [{"type": "turned", "seat": seat, "card": place,
                            "face": _face(state, place)}]
    state = replace(state, seen=state.seen | {place})
    if not state.up:
        return replace(state, up=(place,), last=None), events
    first = state.up[0]
    faces = state.cards
    if not matches(faces[state.layout[first]].face, faces[state.layout[place]].face):
        events.append({"type": "back", "seat": seat, "cards": [first, place]})
        return _end_turn(replace(state, up=(), last=(seat, (first, place), False)), events)
    pairs = replaced(state.pairs, seat, (*state.pairs[seat], (first, place)))
    state = replace(state, up=(), last=(seat, (first, place), True), pairs=pairs)
    face = faces[state.layout[place]].face
    events.append({"type": "took", "seat": seat, "cards": [first, place],
                   "pair": {"group": face.group, "value": pair_value(face)}})
    if face.group == "cjv" and _cjv_pairs(state, seat) % 2 == 0:
        state = replace(state, extras=replaced(state.extras, seat, state.extras[seat] + 1))
        events.append({"type": "sheldon", "seat": seat, "extras": state.extras[seat]})
    return _end_turn(state, events)


def _stop(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _my_turn(state, seat)
    if not state.up:
        raise IllegalAction("nothing_up", "Turn a card over first.")
    up = state.up
    state = replace(state, up=(), last=(seat, up, False))
    return _end_turn(state, [{"type": "back", "seat": seat, "cards": list(up)}])


def _extra(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _choosing(state, seat)
    extras = replaced(state.extras, seat, state.extras[seat] - 1)
    state = replace(state, choosing=False, extras=extras)
    return state, [{"type": "extra", "seat": seat, "extras": extras[seat]},
                   {"type": "turn", "seat": seat}]


def _pass(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _choosing(state, seat)
    return _next_seat(replace(state, choosing=False), [])


_HANDLERS = {"start": _start, "turn": _turn, "stop": _stop, "extra": _extra, "pass": _pass}


def _my_turn(state: State, seat: int) -> None:
    require_running(state.started, state.over)
    if seat != state.current:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if state.choosing:
        raise IllegalAction("choose_extra", "Say first whether you take your extra turn now.")


def _choosing(state: State, seat: int) -> None:
    require_running(state.started, state.over)
    if seat != state.current:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if not state.choosing:
        raise IllegalAction("no_extra", "There is no extra turn to take or keep now.")


def _end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state = replace(state, turns=state.turns + 1)
    if state.over:
        return state, [*events, {"type": "over", "result": result(state)}]
    seat = state.order[state.turn]
    if state.extras[seat]:
        return replace(state, choosing=True), [*events, {"type": "choose", "seat": seat}]
    return _next_seat(state, events)


def _next_seat(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    turn = (state.turn + 1) % len(state.order)
    return replace(state, turn=turn), [*events, {"type": "turn", "seat": state.order[turn]}]


def _face(state: State, place: int) -> dict[str, Json]:
    return state.cards[state.layout[place]].face.to_json()


def _cjv_pairs(state: State, seat: int) -> int:
    return sum(state.cards[state.layout[a]].face.group == "cjv" for a, _ in state.pairs[seat])


# ---------------------------------------------------------------- the end


def pair_list(state: State, seat: int) -> list[dict[str, Json]]:
    """A seat's pairs as scoring.score_pairs reads them, in the order taken."""
    out: list[dict[str, Json]] = []
    for a, _ in state.pairs[seat]:
        face = state.cards[state.layout[a]].face
        out.append({"group": face.group, "value": pair_value(face)})
    return out


def points(state: State, seat: int) -> int:
    """A seat's points so far (its pairs in Atto, which counts pairs)."""
    return len(state.pairs[seat]) if state.variant == "atto" else score_pairs(
        pair_list(state, seat))


def result(state: State) -> MaResult | None:
    """Once every card is taken: each seat's points, pairs and place (equal points share
    a place; the most points win, in Atto the most pairs), and the score explained.

    >>> result(new({}, seed=1)) is None
    True
    """
    if not state.over:
        return None
    totals = [points(state, seat) for seat in range(state.seats)]
    standings: list[Standing] = [{"seat": seat, "place": 1 + sum(t > totals[seat] for t in totals),
                  "points": totals[seat], "pairs": len(state.pairs[seat]),
                  "sheldons": _cjv_pairs(state, seat) // 2} for seat in range(state.seats)]
    scored = state.variant != "atto"
    return {"scored": scored, "standings": sorted(standings, key=lambda r: (r["place"],
                                                                           r["seat"])),
            "points": totals,
            "explained": [cast("list[ScoreLine]", explain(pair_list(state, seat))) if scored else []
                          for seat in range(state.seats)]}

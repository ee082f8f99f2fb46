"""The rules of Žolíky s kameny: a new round, the legal actions, applying them, leaving and
the result. A turn is one action judged as a whole: the complete new table against the old
table and the rack. Sets are read in sets.py, the best move found in search.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple, cast

from klubovna.core import Event, IllegalAction, Json, Rng
from klubovna.core.checks import bad_action, is_seat, require_time
from klubovna.core.rules import (
    action_type,
    dispatch,
    exact_fields,
    read_config,
    replaced,
    require_running,
    require_seat,
)

from .plays import simple_plays
from .search import MELD_MIN
from .sets import SET_CODES, NotASet, Reading, judge
from .settings import SETTINGS
from .state import RACK_START, Seat, State
from .tiles import TILE_COUNT, Tile, full_bag, rack_value, tile_from_json, tile_json
from .wire import EndReason, ZkResult

Action = dict[str, Json]
Table = tuple[tuple[Tile, ...], ...]

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_started", "already_started",
    "game_over", "not_your_turn", "not_a_tile", "tile_removed", "not_your_tiles",
    "nothing_played", "meld_too_low", "meld_touches_table", "pool_empty", "pool_not_empty",
    *SET_CODES,
})
"""Every IllegalAction code this game raises (klubovna.core's checks included)."""

_FIELDS: Mapping[str, frozenset[str]] = {
    "start": frozenset({"type"}),
    "play": frozenset({"type", "table"}),
    "draw": frozenset({"type"}),
    "pass": frozenset({"type"}),
}


class Move(NamedTuple):
    """An action after its shape is checked: a play carries its new table's sets."""

    type: str
    table: Table = ()


# ---------------------------------------------------------------- new round


def new(config: Mapping[str, Json], seed: int) -> State:
    """A fresh round, not started: the 106 tiles shuffled by the game's generator.

    Config: `seats` 2-4 (default 2), `round` 1 or more (default 1: seat 0 starts; the
    starter moves one seat on every round).

    >>> s = new({"seats": 3, "round": 2}, seed=1)
    >>> len(s.seats), len(s.pool), s.turn, s.started
    (3, 106, 1, False)
    """
    values = read_config(SETTINGS, config, seed)
    seats, round_ = values["seats"], values["round"]
    bag = full_bag()
    Rng(seed).shuffle(bag)
    return State(round=round_, seats=(Seat(),) * seats, pool=tuple(bag),
                 turn=(round_ - 1) % seats)


# ---------------------------------------------------------------- what may be done


def legal(state: State, seat: int) -> list[Action]:
    """A sample of what `seat` may send now, each one `apply` accepts: before the start
    `start`; on its turn `draw` (or `pass` on an empty pool) and up to two simple plays
    (plays.simple_plays). Listing every possible new table is out of the question, and
    the best move is the search's (docs/decisions/0111-zk-legal-and-best-move.md).

    >>> legal(new({}, seed=1), 0)
    [{'type': 'start'}]
    """
    if state.over or not is_seat(seat, len(state.seats)):
        return []
    if not state.started:
        return [{"type": "start"}]
    if state.turn != seat:
        return []
    me = state.seats[seat]
    actions: list[Action] = [{"type": "draw"} if state.pool else {"type": "pass"}]
    for table in simple_plays(state.table, me.rack, me.melded):
        actions.append({"type": "play", "table": [[tile_json(t) for t in s] for s in table]})
    return actions


def to_move(state: State) -> list[int]:
    """The seat the round waits for (none before the start and after the end)."""
    return [state.turn] if state.started and not state.over else []


def action_types(state: State, seat: int) -> list[str]:
    """The kinds of action `seat` may send now (the view's `actions`)."""
    if state.over:
        return []
    if not state.started:
        return ["start"]
    if state.turn != seat:
        return []
    return ["play", "draw" if state.pool else "pass"]


def apply(
    state: State, seat: int, action: Mapping[str, Json], now: int
) -> tuple[State, list[Event]]:
    """Apply `seat`'s `action` (klubovna.core.rules.dispatch: shape, then the handler).

    >>> s, events = apply(new({}, seed=3), 0, {"type": "start"}, now=0)
    >>> [len(seat.rack) for seat in s.seats], len(s.pool), [e["type"] for e in events]
    ([14, 14], 78, ['started', 'dealt', 'dealt'])
    """
    return dispatch(state, seat, action, now, seats=len(state.seats), parse=parse_action,
                    advance=advance, handlers=_HANDLERS, key=lambda move: move.type)


def parse_action(action: Mapping[str, Json]) -> Move:
    """Check an action's shape (not whether the state allows it)."""
    kind = action_type(action)
    exact_fields(action, kind, _FIELDS.get(kind))
    if kind != "play":
        return Move(kind)
    table = action["table"]
    if not isinstance(table, list) or not all(isinstance(s, list) for s in table):
        bad_action('"table" must be a list of sets, each a list of tiles.')
    if sum(len(s) for s in table) > TILE_COUNT:
        bad_action(f"The game has only {TILE_COUNT} tiles.")
    sets = []
    for number, tiles in enumerate(table, 1):
        try:
            sets.append(tuple(tile_from_json(t) for t in tiles))
        except ValueError as error:
            raise IllegalAction("not_a_tile", f"Set {number}: {error}.") from None
    return Move(kind, tuple(sets))


# ---------------------------------------------------------------- the actions


def _start(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.started:
        raise IllegalAction("already_started", "The round has already started.")
    if state.over:
        raise IllegalAction("game_over", "The round is over.")
    pool = state.pool
    seats = []
    events: list[Event] = [{"type": "started", "turn": state.turn}]
    for index, player in enumerate(state.seats):
        rack = tuple(sorted(pool[:RACK_START]))
        pool = pool[RACK_START:]
        seats.append(replace(player, rack=rack))
        events.append({"type": "dealt", "seat": index, "tiles": [tile_json(t) for t in rack],
                       "to": [index]})
    return replace(state, started=True, seats=tuple(seats), pool=pool), events


def _play(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _my_turn(state, seat)
    me = state.seats[seat]
    first = not me.melded
    readings = judge_play(state.table, me.rack, me.melded, move.table)
    old = Counter(t for s in state.table for t in s)
    laid = Counter(t for r in readings for t in r.tiles) - old
    rack = tuple(sorted((Counter(me.rack) - laid).elements()))
    count = sum(laid.values())
    me = replace(me, rack=rack, melded=True, laid=me.laid + count)
    table = tuple(r.tiles for r in readings)
    state = replace(state, table=table, seats=replaced(state.seats, seat, me), passes=0)
    events: list[Event] = [{
        "type": "played", "seat": seat, "meld": first,
        "laid": [tile_json(t) for t in sorted(laid.elements())],
        "table": [[tile_json(t) for t in s] for s in table],
    }]
    if not rack:
        return _end(state, "out", events)
    return _next_turn(state, events)


def _draw(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _my_turn(state, seat)
    if not state.pool:
        raise IllegalAction("pool_empty", "The pool is empty: pass instead.")
    tile, pool = state.pool[0], state.pool[1:]
    me = state.seats[seat]
    me = replace(me, rack=tuple(sorted((*me.rack, tile))))
    state = replace(state, pool=pool, seats=replaced(state.seats, seat, me), passes=0)
    events: list[Event] = [{"type": "drew", "seat": seat, "pool": len(pool)},
                           {"type": "drawn", "seat": seat, "tile": tile_json(tile), "to": [seat]}]
    return _next_turn(state, events)


def _pass(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _my_turn(state, seat)
    if state.pool:
        raise IllegalAction("pool_not_empty", "You may pass only when the pool is empty: draw.")
    state = replace(state, passes=state.passes + 1)
    events: list[Event] = [{"type": "passed", "seat": seat}]
    if state.passes >= len(state.seats):
        return _end(state, "blocked", events)
    return _next_turn(state, events)


_HANDLERS = {"start": _start, "play": _play, "draw": _draw, "pass": _pass}


def _my_turn(state: State, seat: int) -> None:
    require_running(state.started, state.over)
    if state.turn != seat:
        raise IllegalAction("not_your_turn", "It is not your turn.")


def _next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    turn = (state.turn + 1) % len(state.seats)
    return replace(state, turn=turn), [*events, {"type": "turn", "seat": turn}]


# ---------------------------------------------------------------- judging a play


def judge_play(table: Table, rack: Sequence[Tile], melded: bool,
               new_table: Sequence[Sequence[Tile]]) -> list[Reading]:
    """The readings of `new_table`'s sets when it is a legal play from `rack` onto `table`
    (a player who has `melded`, or one making the initial meld); IllegalAction saying
    which set is wrong and why otherwise. Tiles are counted first, then each set is read,
    then the turn's own rules (something laid; the initial meld's 30 beside an untouched
    table)."""
    old = Counter(t for s in table for t in s)
    new = Counter(t for s in new_table for t in s)
    gone = old - new
    if gone:
        tile = min(gone)
        raise IllegalAction("tile_removed", f"{_name(tile)} from the table is missing from "
                            "the new table: tiles never go back to a rack.")
    laid = new - old
    foreign = laid - Counter(rack)
    if foreign:
        tile = min(foreign)
        raise IllegalAction("not_your_tiles", f"{_name(tile)} is neither on the table nor "
                            "on your rack (or not as many times).")
    readings = []
    for number, tiles in enumerate(new_table, 1):
        reading = judge(tiles)
        if isinstance(reading, NotASet):
            shown = " ".join(_name(t) for t in tiles)
            raise IllegalAction(reading.code, f"Set {number} ({shown}) is not valid: "
                                f"{reading.reason}.")
        readings.append(reading)
    if not laid:
        raise IllegalAction("nothing_played", "Add at least one tile from your rack (or draw).")
    if not melded:
        before = Counter(_in_reading_order(s) for s in table)
        after = Counter(r.tiles for r in readings)
        if before - after:
            raise IllegalAction("meld_touches_table", "Your initial meld is made of new sets "
                                "from your rack alone: the sets on the table stay as they are.")
        meld = sum(r.value for r in readings) - sum(_value(s) for s in table)
        if meld < MELD_MIN:
            raise IllegalAction("meld_too_low", f"Your initial meld is worth {meld}; it needs "
                                f"at least {MELD_MIN}.")
    return readings


def check_play(table: Sequence[Sequence[Json]], rack: Sequence[Json], melded: bool,
               new_table: Sequence[Sequence[Json]]) -> dict[str, Json]:
    """judge_play for a page editing a turn (JSON tiles, as views hold them): whether the
    edited `new_table` could be confirmed now. {"code": None} when it could, else the
    refusal's "code" and English "message"; a meld under 30 also says what it is worth so
    far ("meld"). The page disables its confirm on a code and shows why (it judges nothing
    itself).

    >>> rack = [[3, 9], [3, 10], [0, 4], [3, 11]]
    >>> check_play([], rack, False, [[[3, 9], [3, 10], [3, 11]]])
    {'code': None}
    >>> check_play([], rack, False, [[[3, 9], [3, 10], [0, 4]]])["code"]
    'not_a_set'
    >>> check_play([], [[0, 1], [0, 2], [0, 3]], False, [[[0, 1], [0, 2], [0, 3]]])["meld"]
    6
    """
    try:
        old = tuple(tuple(tile_from_json(t) for t in s) for s in table)
        new = tuple(tuple(tile_from_json(t) for t in s) for s in new_table)
        hand = [tile_from_json(t) for t in rack]
    except (TypeError, ValueError) as error:
        return {"code": "not_a_tile", "message": str(error)}
    try:
        judge_play(old, hand, melded, new)
    except IllegalAction as refusal:
        answer: dict[str, Json] = {"code": refusal.code, "message": refusal.message}
        if refusal.code == "meld_too_low":
            answer["meld"] = sum(_value(s) for s in new) - sum(_value(s) for s in old)
        return answer
    return {"code": None}


def _in_reading_order(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """A table set's tiles in its reading's order (a state stores them so already; a
    caller's table may not)."""
    reading = judge(tiles)
    return reading.tiles if isinstance(reading, Reading) else tuple(tiles)


def _value(tiles: Sequence[Tile]) -> int:
    reading = judge(tiles)
    return reading.value if isinstance(reading, Reading) else 0


def _name(tile: Tile) -> str:
    value = tile_json(tile)
    return "the joker" if value == "J" else f"[{value[0]}, {value[1]}]"


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
    """`seat` leaves for good (the leave policy is "end"): the round ends at once, the
    leaver last and the others sharing first place, nobody scoring. A round that is over
    already changes nothing.

    >>> s, events = leave(new({}, seed=1), 1, now=5)
    >>> s.ended, s.seats[1].left, result(s)["winner"]
    ('left', True, 0)
    """
    require_time("now", now)
    require_seat(seat, len(state.seats))
    if state.over:
        return state, []
    state = replace(state, seats=replaced(state.seats, seat, replace(state.seats[seat], left=True)))
    return _end(state, "left", [{"type": "left", "seat": seat}])


def _end(state: State, reason: str, events: list[Event]) -> tuple[State, list[Event]]:
    state = replace(state, ended=reason)
    over = result(state)
    assert over is not None
    return state, events + [{"type": "over", **over}]


def result(state: State) -> ZkResult | None:
    """None while the round runs; then why it ended, the winner (None on a draw), every
    rack as it was left and its value, each seat's score and the standings.

    Scores: a player who empties their rack scores the sum of the others' racks, the
    others lose their own; when every player passed, the lowest rack wins the difference
    to each other rack and the others lose their difference to it (equal lowest racks: a
    draw). Rack values are the numbers, a joker 30.
    """
    if not state.over:
        return None
    sums = [rack_value(seat.rack) for seat in state.seats]
    n = len(state.seats)
    if state.ended == "left":
        strength = [0 if seat.left else 1 for seat in state.seats]
        scores = [0] * n
    elif state.ended == "out":
        strength = [1_000 if not seat.rack else -sums[i] for i, seat in enumerate(state.seats)]
        winner = strength.index(1_000)
        scores = [sum(sums) - sums[i] if i == winner else -sums[i] for i in range(n)]
    else:
        low = min(sums)
        strength = [-s for s in sums]
        scores = [sum(s - low for s in sums) if sums[i] == low else low - sums[i]
                  for i in range(n)]
    places = [1 + sum(other > mine for other in strength) for mine in strength]
    firsts = [i for i in range(n) if places[i] == 1]
    return {
        "reason": cast(EndReason, state.ended),
        "winner": firsts[0] if len(firsts) == 1 else None,
        "racks": [[tile_json(t) for t in seat.rack] for seat in state.seats],
        "rack_values": sums,
        "scores": scores,
        "laid": [seat.laid for seat in state.seats],
        "standings": sorted(({"seat": i, "place": places[i], "score": scores[i]}
                             for i in range(n)), key=lambda row: (row["place"], row["seat"])),
    }

"""The rules of Matematický poker: a new game, legal actions, applying them, time, the result.
Points live in scoring.py, the state and its text form in state.py, what a seat sees in view.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import NamedTuple, cast

from klubovna.core import Event, IllegalAction, Json
from klubovna.core.checks import bad_action, bad_config, is_seat, require_time
from klubovna.core.rules import SECONDS_MAX as SECONDS_MAX  # the range, for the server too
from klubovna.core.rules import SECONDS_MIN as SECONDS_MIN
from klubovna.core.rules import (
    action_type,
    dispatch,
    exact_fields,
    first_due,
    int_field,
    read_config,
    replaced,
    require_running,
    require_seat,
    with_grace,
)

from .scoring import board_total, score_board
from .settings import GROUP_SEATS_MAX, SETTINGS
from .state import (
    CELLS,
    DEALER,
    JOKER,
    VALUES,
    Player,
    State,
    shuffled_deck,
)
from .wire import MpResult, MultiResult

SEATS = {"solo": 1, "duel": 2}
"""The seats of the variants that have a fixed number of them."""

Action = dict[str, Json]

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_started", "already_started",
    "game_over", "cell_out_of_range", "value_out_of_range", "cell_taken", "no_card",
    "joker_in_hand", "not_a_joker", "no_kept_joker", "not_dealer", "not_playing",
    "deck_empty", "too_fast",
})
"""Every IllegalAction code this game raises (klubovna.core's checks included): the
engine's `codes`, each translated by the web's catalogues."""


class Move(NamedTuple):
    """An action after validation: only the fields its type uses are not None."""

    type: str
    choice: str | None = None
    value: int | None = None
    cell: int | None = None


# Which keys each action may carry (by type, and choice for jokers): exactly these.
_FIELDS: Mapping[tuple[str, str | None], frozenset[str]] = {
    ("start", None): frozenset({"type"}),
    ("draw", None): frozenset({"type"}),
    ("place", None): frozenset({"type", "cell"}),
    ("joker", "keep"): frozenset({"type", "choice"}),
    ("joker", "now"): frozenset({"type", "choice", "value", "cell"}),
    ("kept_joker", None): frozenset({"type", "value", "cell"}),
    ("end", None): frozenset({"type"}),
    ("leave", None): frozenset({"type"}),
}
_JOKER_CHOICES = ("keep", "now")


# ---------------------------------------------------------------- new game


def new(config: Mapping[str, Json], seed: int) -> State:
    """A fresh game, not started yet; raises IllegalAction("bad_config") on a bad config.

    `variant` is "solo" (default), "duel" (2 seats) or "group" (`seats` 1-50 with the dealer
    at seat 0, `dealer_plays` default true).

    >>> s = new({"mode": "hard", "seconds": 20}, seed=1)
    >>> s.mode, s.seconds, s.table, s.preview, len(s.deck), s.started
    ('hard', 20, 'adjacent', True, 54, False)
    """
    values = read_config(SETTINGS, config, seed)
    mode, variant, seats = values["mode"], values["variant"], values["seats"]
    # What the settings cannot say alone: hard mode names its seconds (the setup pages'
    # default is not the engine's), and the seats must fit the variant.
    if mode == "hard" and config.get("seconds") is None:
        bad_config(
            f"Hard mode needs whole seconds per card, {SECONDS_MIN} to {SECONDS_MAX}, got None."
        )
    if "min_think_ms" in config and config["min_think_ms"] is None:
        bad_config("min_think_ms must be a whole number of ms, 0 or more, got None.")
    dealer_plays: bool = values.get("dealer_plays", True)
    if variant == "group":
        if seats is None:
            bad_config(f"A group has 1 to {GROUP_SEATS_MAX} seats (dealer included), got None.")
        if seats == 1 and not dealer_plays:
            bad_config("A group whose dealer does not play needs at least one more seat.")
    else:
        fixed = SEATS[variant]
        if seats is not None and seats != fixed:
            bad_config(f"A {variant} game has exactly {fixed} seat(s), got {seats!r}.")
        seats = fixed
    return State(
        mode=mode,
        seconds=values.get("seconds"),
        table=values["table"],
        preview=values["preview"],
        deck=shuffled_deck(seed),
        players=(Player(),) * seats,
        min_think_ms=values["min_think_ms"],
        variant=variant,
        dealer_plays=dealer_plays,
    )


# ---------------------------------------------------------------- what may be done


def legal(state: State, seat: int) -> list[Action]:
    """Every action `seat` may send now: what `apply` would accept at this very state
    (except `leave`, which a seat may always send while the game runs).

    In hard mode a card in hand may already have expired: call `advance(now)` first.
    With `min_think_ms` a placement may still be refused as `too_fast` (time is not known here).
    """
    if not is_seat(seat, len(state.players)):
        return []
    if state.variant != "solo":
        return _legal_multi(state, seat)
    if not state.started:
        return [{"type": "start"}]
    player = state.players[seat]
    if player.finished:
        return []
    actions: list[Action] = []
    if player.hand is None:
        actions.append({"type": "draw"})
    return actions + _card_actions(player)


def to_move(state: State) -> list[int]:
    """The seats the game waits for now (the view's `turn`): before the start whoever
    starts; then a group's dealer (who draws or ends), and every playing seat that has not
    finished and has a number to handle, a card it may draw (solo, duel), or, with the deck
    out, a kept joker to play. Each of them has a legal action. Only a group seat holding
    just a kept joker may act without being listed: nobody waits for it, and its kept
    jokers are its own secret (the list is public, made of public facts only).

    >>> to_move(new({"variant": "group", "seats": 3}, seed=1))
    [0]
    """
    if not state.started:  # whoever starts (a duel seat that left before the start does not)
        if state.variant == "group":
            return [DEALER]
        return [seat for seat, player in enumerate(state.players) if not player.finished]
    if state.over:
        return []
    deck_out = state.drawn >= len(state.deck)
    can_draw = state.variant == "solo" or (state.variant == "duel" and not deck_out)
    if can_draw or deck_out:
        waited = [seat for seat in state.playing if not state.players[seat].finished]
    else:  # (once a draw for each of a group's 50: State.waiting's test, inlined)
        drawn, players = state.drawn, state.players
        waited = [
            seat for seat in state.playing
            if not (player := players[seat]).finished
            and (player.hand is not None) + drawn - player.position > 0
        ]
    if state.variant == "group" and DEALER not in waited:
        waited.insert(0, DEALER)  # the dealer may always draw or end
    return waited


def _legal_multi(state: State, seat: int) -> list[Action]:
    group_dealer = state.variant == "group" and seat == DEALER
    if not state.started:
        duel_seat = state.variant == "duel" and not state.players[seat].finished
        return [{"type": "start"}] if duel_seat or group_dealer else []
    if state.over:
        return []
    actions: list[Action] = []
    if group_dealer:
        if state.drawn < len(state.deck):
            actions.append({"type": "draw"})
        actions.append({"type": "end"})
    player = state.players[seat]
    if seat not in state.playing or player.finished:
        return actions
    if state.variant == "duel" and state.drawn < len(state.deck):
        actions.append({"type": "draw"})
    return actions + _card_actions(player)


def _card_actions(player: Player) -> list[Action]:
    """What `player` may do with the card in hand and the kept jokers."""
    empty = [cell for cell, value in enumerate(player.board) if value is None]
    actions: list[Action] = []
    if player.hand == JOKER:
        actions.append({"type": "joker", "choice": "keep"})
        actions += (
            {"type": "joker", "choice": "now", "value": v, "cell": c} for v in VALUES for c in empty
        )
    elif player.hand is not None:
        actions += ({"type": "place", "cell": c} for c in empty)
    if player.kept_jokers:
        actions += ({"type": "kept_joker", "value": v, "cell": c} for v in VALUES for c in empty)
    return actions


def apply(
    state: State, seat: int, action: Mapping[str, Json], now: int
) -> tuple[State, list[Event]]:
    """Apply `seat`'s `action` at `now` through klubovna.core.rules.dispatch: its shape,
    then `advance`, then its handler in _HANDLERS (by type and joker choice).

    >>> s, events = apply(new({}, seed=3), 0, {"type": "start"}, now=0)
    >>> events[0]["type"], s.players[0].hand is not None
    ('drawn', True)
    """
    return dispatch(state, seat, action, now, seats=len(state.players), parse=parse_action,
                    advance=advance, handlers=_HANDLERS, key=lambda move: (move.type, move.choice))


def parse_action(action: Mapping[str, Json]) -> Move:
    """Check an action's shape and ranges (not whether the state allows it)."""
    kind = action_type(action)
    choice: str | None = None
    if kind == "joker":
        choice = action.get("choice")
        if choice not in _JOKER_CHOICES:
            bad_action(f'A joker action needs "choice" "keep" or "now", got {choice!r}.')
    expected = _FIELDS.get((kind, choice))
    exact_fields(action, kind, expected)
    value = int_field(action, "value") if "value" in action else None
    cell = int_field(action, "cell") if "cell" in action else None
    if cell is not None and not 0 <= cell < CELLS:
        raise IllegalAction("cell_out_of_range", f"Cell {cell} is not on the board (0 to 24).")
    if value is not None and value not in VALUES:
        raise IllegalAction("value_out_of_range", f"A joker's value is 1 to 13, not {value}.")
    return Move(kind, choice, value, cell)


# ---------------------------------------------------------------- the actions


def _start(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.started:
        raise IllegalAction("already_started", "The game has already started.")
    if state.variant != "solo":
        if state.variant == "group" and seat != DEALER:
            raise IllegalAction("not_dealer", "Only the dealer starts a group game.")
        state = replace(state, started=True)
        if state.variant == "group":
            return state, []  # the dealer draws the first card when ready
        return _deal(state, now)
    state = replace(state, started=True)
    events: list[Event] = []
    for each, player in enumerate(state.players):
        state, drawn = _draw(state, each, player, now)
        events += drawn
    return state, events


def _draw_action(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.variant != "solo":
        _multi_running(state)
        if state.variant == "group" and seat != DEALER:
            raise IllegalAction("not_dealer", "Only the dealer draws in a group game.")
        if state.variant == "duel":
            _in_play(state, seat)
        if state.drawn >= len(state.deck):
            raise IllegalAction("deck_empty", "Every card has been drawn.")
        return _deal(state, now)
    player = _in_play(state, seat)
    if player.hand is not None:
        return state, []  # idempotent fallback: never a second card while one is in hand
    return _draw(state, seat, player, now)


def _place(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    player = _in_play(state, seat)
    if player.hand is None:
        raise IllegalAction("no_card", "There is no number in hand to place.")
    if player.hand == JOKER:
        raise IllegalAction("joker_in_hand", "The card in hand is a joker: use it now or keep it.")
    cell = _empty_cell(player, move.cell)
    _thought(state, player, now)
    value = player.hand
    player = replace(_written(state, player, cell, value, False), hand=None, drawn_at=None)
    state, more = _finish_or_draw(state, seat, player, now)
    placed = _private(state, seat, {"type": "placed", "cell": cell, "value": value, "joker": False})
    return state, [placed, *more]


def _joker_keep(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    player = _joker_in_hand(state, seat)
    player = replace(player, hand=None, drawn_at=None, kept_jokers=player.kept_jokers + 1)
    kept = _private(state, seat, {"type": "kept", "expired": False})
    if state.variant != "solo":
        state, more = _settle(_with_player(state, seat, player), now)
        return state, [kept, *more]
    state, more = _draw(state, seat, player, now)
    return state, [kept, *more]


def _joker_now(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    player = _joker_in_hand(state, seat)
    cell = _empty_cell(player, move.cell)
    value = _given_value(move)
    _thought(state, player, now)
    player = replace(_written(state, player, cell, value, True), hand=None, drawn_at=None)
    state, more = _finish_or_draw(state, seat, player, now)
    placed = _private(state, seat, {"type": "placed", "cell": cell, "value": value, "joker": True})
    return state, [placed, *more]


def _kept_joker(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    player = _in_play(state, seat)
    if player.kept_jokers == 0:
        raise IllegalAction("no_kept_joker", "There is no kept joker to play.")
    cell = _empty_cell(player, move.cell)
    value = _given_value(move)
    _thought(state, player, now)
    # A kept joker takes no card: whatever is in hand stays there, with its clock.
    player = replace(_written(state, player, cell, value, True),
                     kept_jokers=player.kept_jokers - 1)
    placed = _private(state, seat, {"type": "placed", "cell": cell, "value": value, "joker": True})
    if player.used < CELLS:
        if state.variant != "solo":  # with the deck out, the last kept joker may end the game
            state, more = _settle(_with_player(state, seat, player), now)
            return state, [placed, *more]
        return _with_player(state, seat, player), [placed]
    state, over = _finish(state, seat, player)
    if state.variant != "solo":
        state, more = _settle(state, now)  # a duel opponent may be waiting for this seat
        over += more
    return state, [placed, *over]


def _end(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.variant != "group" or seat != DEALER:
        raise IllegalAction("not_dealer", "Only the dealer of a group game may end it.")
    _multi_running(state)
    events: list[Event] = []
    for each in state.playing:
        player = state.players[each]
        if not player.finished:
            state, over = _finish(state, each, player)
            events += over
    return replace(state, ended=True), [*events, {"type": "ended"}]


def _leave(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    """The seat leaves for good. Its board stays as it is (and in the ranking); a solo game
    ends there, with the board as a hard-mode game left to its deadlines would end (an
    incomplete board: it counts as a game, not as a completed one); a group's dealer leaving
    ends the game for everybody. Leaving a seat that has already finished changes nothing."""
    _multi_running(state)
    if state.variant == "solo":
        state, events = _finish(state, seat, replace(state.players[seat], left=True))
        return state, [{"type": "left", "seat": seat}, *events]
    if state.variant == "group" and seat == DEALER:
        state, events = _end(state, seat, move, now)
        if DEALER in state.playing:
            state = _with_player(state, DEALER, replace(state.players[DEALER], left=True))
        return state, events
    player = state.players[seat]
    if player.finished:
        return state, []
    state, events = _finish(state, seat, replace(player, left=True))
    state, more = _settle(state, now)  # a duel opponent may be waiting for this seat
    return state, [{"type": "left", "seat": seat}, *events, *more]


def started(state: State) -> bool:
    return state.started


def leave(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    """`seat` leaves for good (the game's leave policy is "fold"): while the game runs, as
    its own `leave` action (the board stays as it is, finished; a group's dealer ends the
    game). Before the start the seat is finished at once with an empty board, so the others
    never wait for it (a solo game, or a group whose dealer leaves, is then over). After the
    end, or for a seat already finished, nothing changes.

    >>> s, _ = leave(new({"variant": "duel"}, seed=1), 1, now=0)
    >>> s.players[1].left, s.over, leave(s, 1, now=1)[1]
    (True, False, [])
    """
    require_time("now", now)
    require_seat(seat, len(state.players))
    if state.over or state.players[seat].finished:
        return state, []
    if state.started:
        return apply(state, seat, {"type": "leave"}, now)
    left: Event = {"type": "left", "seat": seat}
    if state.variant == "group" and seat == DEALER:  # nobody deals: every board is over
        players = tuple(replace(p, finished=True, left=p.left or each == DEALER)
                        for each, p in enumerate(state.players))
        return replace(state, players=players, started=True, ended=True), [
            left, {"type": "ended"}]
    state = _with_player(state, seat, replace(state.players[seat], left=True, finished=True))
    if state.variant == "solo":
        state = replace(state, started=True)  # over: its only board is finished
    return state, [left]


_Handler = Callable[[State, int, Move, int], tuple[State, list[Event]]]
_HANDLERS: Mapping[tuple[str, str | None], _Handler] = {
    ("start", None): _start,
    ("draw", None): _draw_action,
    ("place", None): _place,
    ("joker", "keep"): _joker_keep,
    ("joker", "now"): _joker_now,
    ("kept_joker", None): _kept_joker,
    ("end", None): _end,
    ("leave", None): _leave,
}


# ---------------------------------------------------------------- time


def advance(state: State, now: int) -> tuple[State, list[Event]]:
    """Let time run to `now`: in hard mode expire every card whose grace has passed.

    An expired number is forfeited (its cell is lost), an undecided joker is kept; the
    next card counts as drawn at the expiry moment, so a long pause cascades the same way
    whenever it is caught up. Returns the same state object when nothing was due.
    """
    require_time("now", now)
    events: list[Event] = []
    if state.seconds is None:  # easy mode: nothing expires (a group would ask 50 seats)
        return state, events
    while True:  # in time order (then seat order): in a duel one expiry may deal to the other
        due = [
            (expiry, seat)
            for seat in range(len(state.players))
            if (expiry := hand_expiry(state, state.players[seat])) is not None
        ]
        if not due or min(due)[0] >= now:
            break
        expiry, seat = min(due)
        state, more = _expire(state, seat, expiry)
        events += more
    return state, events


def hand_deadline(state: State, player: Player) -> int | None:
    """Hard mode: the deadline shown for the card in hand (Unix ms), else None."""
    if state.seconds is None or player.hand is None or player.drawn_at is None:
        return None
    return player.drawn_at + state.seconds * 1000


def hand_expiry(state: State, player: Player) -> int | None:
    """Hard mode: the last moment an action on the card in hand counts (deadline + grace)."""
    return with_grace(hand_deadline(state, player))


def next_deadline(state: State) -> int | None:
    """The first moment (Unix ms) at which `advance` changes something: 1 ms after the
    earliest hand expiry of any seat, since an action at the expiry moment still counts."""
    if state.seconds is None:  # easy mode: no hand ever expires (a group asks 50 seats)
        return None
    return first_due(hand_expiry(state, p) for p in state.players if not p.finished)


def _expire(state: State, seat: int, at: int) -> tuple[State, list[Event]]:
    player = state.players[seat]
    card = player.hand
    expired: Event
    if card == JOKER:
        player = replace(player, hand=None, drawn_at=None, kept_jokers=player.kept_jokers + 1)
        expired = {"type": "kept", "expired": True}
    else:
        player = replace(player, hand=None, drawn_at=None, forfeited=player.forfeited + 1)
        expired = {"type": "forfeited", "value": card}
    expired = _private(state, seat, expired)
    if card == JOKER and state.variant != "solo":
        state, more = _settle(_with_player(state, seat, player), at)
        return state, [expired, *more]
    state, more = _finish_or_draw(state, seat, player, at)
    return state, [expired, *more]


# ---------------------------------------------------------------- the end


def result(state: State) -> MpResult | MultiResult | None:
    """None until the game is over; then seat 0's total, line scores and board counts.

    >>> result(new({}, seed=1)) is None
    True
    """
    if not state.over:
        return None
    if state.variant != "solo":
        return _multi_result(state)
    player = state.players[0]
    lines, total = score_board(player.board, state.table)
    return {
        "total": total,
        "lines": lines,
        "filled": player.filled,
        "forfeited": player.forfeited,
        "complete": player.filled == CELLS,
    }


def _multi_result(state: State) -> MultiResult:
    seats: list[Json] = []
    for seat in state.playing:
        player = state.players[seat]
        lines, total = score_board(player.board, state.table)
        seats.append(
            {
                "seat": seat,
                "total": total,
                "lines": lines,
                "filled": player.filled,
                "forfeited": player.forfeited,
                "complete": player.filled == CELLS,
                "left": player.left,
            }
        )
    out: dict[str, Json] = {
        "variant": state.variant,
        "ended": state.ended,
        "seats": seats,
        "ranking": ranking(state),
    }
    if state.variant == "duel":
        first, second = state.playing
        a, b = _standing(state, first), _standing(state, second)
        out["winner"] = None if a == b else first if a > b else second
    return cast(MultiResult, out)  # its shape: tests/contract/test_wire.py


def _standing(state: State, seat: int) -> tuple[int, int]:
    player = state.players[seat]
    return board_total(player.board, state.table), player.filled


def ranking(state: State) -> list[Json]:
    """The playing seats by score, then filled cells (then seat): seat, score and filled."""
    rows = [(seat, *_standing(state, seat)) for seat in state.playing]
    rows.sort(key=lambda row: (-row[1], -row[2], row[0]))
    return [{"seat": seat, "score": score, "filled": filled} for seat, score, filled in rows]


# ---------------------------------------------------------------- helpers


def _draw(state: State, seat: int, player: Player, now: int) -> tuple[State, list[Event]]:
    """Seat `seat` as `player`, given the next card drawn at `now` (finished if none is left)."""
    if player.position >= len(state.deck):
        return _finish(state, seat, player)
    player, shown = _take_card(state, player, now)
    return _with_player(state, seat, player), [{"type": "drawn", "card": shown}]


def _take_card(state: State, player: Player, now: int) -> tuple[Player, Json]:
    """`player` with the card at its deck position in hand, reached at `now`, and the card
    as the "drawn" event shows it."""
    card = state.deck[player.position]
    player = replace(
        player,
        position=player.position + 1,
        hand=card,
        drawn_at=now if state.mode == "hard" or state.min_think_ms else None,
    )
    shown: Json = {"kind": "joker"} if card == JOKER else {"kind": "number", "value": card}
    return player, shown


def _finish_or_draw(state: State, seat: int, player: Player, now: int) -> tuple[State, list[Event]]:
    if player.used >= CELLS:
        state, events = _finish(state, seat, player)
        if state.variant != "solo":
            state, more = _settle(state, now)
            events += more
        return state, events
    if state.variant != "solo":
        return _settle(_with_player(state, seat, player), now)
    return _draw(state, seat, player, now)


def _finish(state: State, seat: int, player: Player) -> tuple[State, list[Event]]:
    """Seat `seat` as `player`, whose game ends: a number still in hand is simply discarded
    (and so is the rest of its queue in a duel or group)."""
    player, events = _finished(state, seat, player)
    return _with_player(state, seat, player), events


def _finished(state: State, seat: int, player: Player) -> tuple[Player, list[Event]]:
    """`player` (of seat `seat`) finished, and the event that says so."""
    player = replace(player, hand=None, drawn_at=None, finished=True)
    _, total = score_board(player.board, state.table)
    return player, [_private(state, seat, {"type": "over", "total": total})]


def _deal(state: State, now: int) -> tuple[State, list[Event]]:
    """Duel and group: draw the next card for every playing seat at `now` (it joins each
    queue; whoever was waiting takes it at once)."""
    state = replace(state, drawn=state.drawn + 1)
    state, events = _settle(state, now)
    return state, [{"type": "dealt", "drawn": state.drawn}, *events]


def _settle(state: State, now: int) -> tuple[State, list[Event]]:
    """Duel and group, after anything changed at `now`: every seat with an empty hand takes
    the next card of its queue (reaching it now); with the deck out, a seat with nothing
    queued and no kept joker is finished; in a duel, when no playing seat has anything left
    to handle, the next card is drawn for both."""
    events: list[Event] = []
    players = list(state.players)  # one new State at the end, not one per seat
    for seat in state.playing:
        player = players[seat]
        if player.finished or player.hand is not None:
            continue
        if player.position < state.drawn:
            players[seat], shown = _take_card(state, player, now)
            events.append(_private(state, seat, {"type": "drawn", "card": shown}))
        elif state.drawn >= len(state.deck) and player.kept_jokers == 0:
            players[seat], over = _finished(state, seat, player)
            events += over
    if events:
        state = replace(state, players=tuple(players))
    if state.variant == "duel" and state.drawn < len(state.deck):
        idle = [state.players[seat] for seat in state.playing if not state.players[seat].finished]
        if idle and all(p.hand is None for p in idle):
            state, more = _deal(state, now)
            events += more
    return state, events


def _private(state: State, seat: int, event: Event) -> Event:
    """In a duel or group a seat's own events go to that seat only; solo they stay as they are."""
    return event if state.variant == "solo" else {**event, "seat": seat, "to": [seat]}


def _multi_running(state: State) -> None:
    require_running(state.started, state.over)


def _with_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=replaced(state.players, seat, player))


def _in_play(state: State, seat: int) -> Player:
    if not state.started:
        raise IllegalAction("not_started", "The game has not started yet.")
    if seat not in state.playing:
        raise IllegalAction("not_playing", "The dealer only deals in this game.")
    player = state.players[seat]
    if player.finished or state.ended:
        raise IllegalAction("game_over", "The game is over.")
    return player


def _joker_in_hand(state: State, seat: int) -> Player:
    player = _in_play(state, seat)
    if player.hand != JOKER:
        raise IllegalAction("not_a_joker", "The card in hand is not a joker.")
    return player


def _empty_cell(player: Player, cell: int | None) -> int:
    assert cell is not None  # parse_action guarantees it for actions that name a cell
    if player.board[cell] is not None:
        raise IllegalAction("cell_taken", f"Cell {cell} is already filled.")
    return cell


def _thought(state: State, player: Player, now: int) -> None:
    """Recorded games: refuse a placement sooner than `min_think_ms` after the draw.
    The card stays in hand; the same action sent again later is judged anew."""
    if state.min_think_ms and player.drawn_at is not None and (
        now - player.drawn_at < state.min_think_ms
    ):
        raise IllegalAction(
            "too_fast",
            f"Too fast: a card may be placed {state.min_think_ms} ms after it was drawn at "
            "the earliest; send the move again.",
        )


def _written(state: State, player: Player, cell: int, value: int, joker: bool) -> Player:
    """`player` with `value` written into `cell`, marked as a joker's if it is one; in a duel
    stamped with the seat's position (what the other seat may see of it, view.py)."""
    player = replace(player, board=replaced(player.board, cell, value))
    if joker:
        player = replace(player, from_joker=replaced(player.from_joker, cell, True))
    if state.variant == "duel":
        player = replace(player, stamps=replaced(player.stamps, cell, player.position))
    return player


def _given_value(move: Move) -> int:
    assert move.value is not None  # parse_action guarantees it for joker plays
    return move.value

"""The rules of Kostkový poker: a new game, legal actions, applying them, time, the result.
Dice values live in scoring.py, side pots in pots.py, the state in state.py, views in view.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import NamedTuple, cast

from klubovna.core import Event, IllegalAction, Json, Rng
from klubovna.core.checks import bad_action, is_int, is_seat, require_time
from klubovna.core.rules import SECONDS_MAX as SECONDS_MAX  # the timer's range, for the server
from klubovna.core.rules import SECONDS_MIN as SECONDS_MIN
from klubovna.core.rules import (
    action_type,
    deadline_after,
    dispatch,
    exact_fields,
    first_due,
    read_config,
    replaced,
    require_running,
    require_seat,
    with_grace,
)

from .pots import returned, side_pots, split
from .scoring import FACES, KEEP_MAX, KEEP_MIN, TABLE_DICE, hand_value
from .settings import SETTINGS
from .state import (
    ANTE,
    BET_SIZES,
    KEEP_COSTS,
    MAX_RAISES,
    ROLLED,
    STREETS,
    Seat,
    State,
)
from .wire import EndReason, KpResult

Action = dict[str, Json]

BETTING = ("check", "bet", "call", "raise", "fold")
"""The betting actions in the order `legal` lists them."""

CODES = frozenset({
    "bad_config", "bad_action", "not_your_seat", "not_started", "already_started",
    "game_over", "dice_out_of_range", "keep_count", "not_keeping", "out_of_game",
    "already_kept", "cannot_afford", "not_betting", "not_your_turn", "must_call",
    "nothing_to_call", "already_bet", "short_of_chips", "no_opponent", "no_bet",
    "raise_limit",
})
"""Every IllegalAction code this game raises (klubovna.core's checks included): the
engine's `codes`, each translated by the web's catalogues."""


class Move(NamedTuple):
    """An action after validation of its shape."""

    type: str
    dice: tuple[int, ...] = ()
    agree: bool = False


_FIELDS: Mapping[str, frozenset[str]] = {
    "start": frozenset({"type"}),
    "keep": frozenset({"type", "dice"}),
    **{kind: frozenset({"type"}) for kind in BETTING},
    "stop": frozenset({"type", "agree"}),
}
"""Which keys each action carries: exactly these."""


# ---------------------------------------------------------------- new game


def new(config: Mapping[str, Json], seed: int) -> State:
    """A fresh game, not started yet; raises IllegalAction("bad_config") on a bad config.

    Config: `seats` 2-6 (default 2), `chips` each 10-100 (default 20), `seconds` per action
    3-300 or None (default: no timer). The first dealer is drawn by the game's generator.

    >>> s = new({"seats": 3}, seed=1)
    >>> len(s.seats), s.chips, s.seconds, s.phase, s.dealer in (0, 1, 2)
    (3, 20, None, 'waiting', True)
    """
    values = read_config(SETTINGS, config, seed)
    seats, chips = values["seats"], values["chips"]
    rng = Rng(seed)
    dealer = rng.below(seats)
    return State(
        chips=chips, seconds=values["seconds"], rng=rng.state, seats=(Seat(chips),) * seats,
        dealer=dealer,
    )


# ---------------------------------------------------------------- what may be done


def legal(state: State, seat: int) -> list[Action]:
    """Every action `seat` may send now: what `apply` would accept at this very state
    (except `stop`, which a seat still in the game may send at any time while it runs).

    With a timer the turn may already have run out: call `advance(now)` first.

    >>> legal(new({}, seed=1), 0)
    [{'type': 'start'}]
    """
    kinds = action_types(state, seat)
    if kinds == ["keep"]:
        return [{"type": "keep", "dice": list(dice)} for dice in keep_choices(state, seat)]
    return [{"type": kind} for kind in kinds]


def action_types(state: State, seat: int) -> list[str]:
    """The types of the actions in `legal(state, seat)`, without listing every keep choice."""
    if not is_seat(seat, len(state.seats)):
        return []
    if not state.started:
        return ["start"] if not state.over and state.seats[seat].out is None else []
    if state.phase == "keep":
        player = state.seats[seat]
        return ["keep"] if player.live and player.kept is None else []
    return [kind for kind in BETTING if _refusal(state, seat, kind) is None]


def to_move(state: State) -> list[int]:
    """The seats that may act now: every undecided keeper, or the one whose turn it is.

    >>> to_move(apply(new({"seats": 3}, seed=1), 0, {"type": "start"}, now=0)[0])
    [0, 1, 2]
    """
    if state.phase == "betting":  # only the seat whose turn it is (it may always fold)
        return [] if state.turn is None else [state.turn]
    return [seat for seat in range(len(state.seats)) if action_types(state, seat)]


def keep_choices(state: State, seat: int) -> list[tuple[int, ...]]:
    """The index sets `seat` may keep now: 1 to 4 of its five dice, as many as it can pay for.

    >>> s = apply(new({}, seed=1), 0, {"type": "start"}, now=0)[0]
    >>> len(keep_choices(s, 0)), keep_choices(s, 0)[0]
    (30, (0,))
    """
    player = state.seats[seat]
    if state.phase != "keep" or not player.live or player.kept is not None:
        return []
    most = keep_max(player.chips)
    return [
        dice for k in range(KEEP_MIN, most + 1) for dice in combinations(range(ROLLED), k)
    ]


def keep_max(chips: int) -> int:
    """The most dice a player with `chips` behind can pay to keep (at worst 1, which is free).

    >>> [keep_max(c) for c in (0, 1, 2, 3, 4, 9)]
    [1, 1, 2, 3, 4, 4]
    """
    return max(k for k, cost in KEEP_COSTS.items() if cost <= chips)


def to_call(state: State, seat: int) -> int:
    """Chips `seat` must add to stay in the current betting round (before any all-in cap)."""
    return state.level - state.seats[seat].round_bet


def apply(
    state: State, seat: int, action: Mapping[str, Json], now: int
) -> tuple[State, list[Event]]:
    """Apply `seat`'s `action` at `now` through klubovna.core.rules.dispatch: its shape,
    then `advance`, then its handler in _HANDLERS.

    >>> s, events = apply(new({"seats": 2}, seed=3), 1, {"type": "start"}, now=0)
    >>> s.phase, [e["type"] for e in events]
    ('keep', ['hand', 'rolled', 'rolled'])
    """
    return dispatch(state, seat, action, now, seats=len(state.seats), parse=parse_action,
                    advance=advance, handlers=_HANDLERS, key=lambda move: move.type)


def parse_action(action: Mapping[str, Json]) -> Move:
    """Check an action's shape and ranges (not whether the state allows it)."""
    kind = action_type(action)
    exact_fields(action, kind, _FIELDS.get(kind))
    if kind == "stop":
        agree = action["agree"]
        if not isinstance(agree, bool):
            bad_action(f'"agree" must be true or false, got {agree!r}.')
        return Move(kind, agree=agree)
    if kind != "keep":
        return Move(kind)
    dice = action["dice"]
    if not isinstance(dice, list) or not all(is_int(i) for i in dice):
        bad_action(f'"dice" must be a list of die indexes, got {dice!r}.')
    if not all(0 <= i < ROLLED for i in dice):
        raise IllegalAction("dice_out_of_range", f"Your dice are numbered 0 to {ROLLED - 1}.")
    if len(set(dice)) != len(dice) or not KEEP_MIN <= len(dice) <= KEEP_MAX:
        raise IllegalAction(
            "keep_count", f"Keep {KEEP_MIN} to {KEEP_MAX} different dice, got {dice!r}."
        )
    return Move(kind, dice=tuple(sorted(dice)))


# ---------------------------------------------------------------- the actions


def _start(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    if state.started:
        raise IllegalAction("already_started", "The game has already started.")
    if state.over:  # everybody else left before the start
        raise IllegalAction("game_over", "The game is over.")
    return _deal(replace(state, started=True), now)


def _keep(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _running(state)
    player = state.seats[seat]
    if state.phase != "keep":
        raise IllegalAction("not_keeping", "Dice are kept only at the start of a hand.")
    if not player.live:
        raise IllegalAction("out_of_game", "You have no chips left in this game.")
    if player.kept is not None:
        raise IllegalAction("already_kept", "You have already chosen your dice for this hand.")
    cost = KEEP_COSTS[len(move.dice)]
    if cost > player.chips:
        raise IllegalAction(
            "cannot_afford", f"Keeping {len(move.dice)} dice costs {cost} chips; you have "
            f"{player.chips}."
        )
    return _kept(state, seat, move.dice, now, timeout=False)


def _bet_action(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _running(state)
    refusal = _refusal(state, seat, move.type)
    if refusal is not None:
        raise IllegalAction(*refusal)
    return _betting_move(state, seat, move.type, now, timeout=False)


def _stop(state: State, seat: int, move: Move, now: int) -> tuple[State, list[Event]]:
    _running(state)
    if state.seats[seat].out is not None:
        raise IllegalAction("out_of_game", "You have no chips left in this game.")
    state = _with_seat(state, seat, replace(state.seats[seat], stop=move.agree))
    return state, [{"type": "stop", "seat": seat, "agree": move.agree}]


def started(state: State) -> bool:
    return state.started


def leave(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    """`seat` leaves the table for good (the game's leave policy is "fold"): it folds out of
    the current hand (what it put into the pot stays there) and is dealt no later hand, it
    counts as agreeing to stop, and it ranks after every seat that stayed. The others play
    on: a hand it was the last opponent in goes to the one left, a turn or a keeping that
    waited for it moves on. A seat already out, or a game that is over, changes nothing.

    >>> s, _ = apply(new({"seats": 3}, seed=2), 0, {"type": "start"}, now=0)
    >>> s, events = leave(s, 1, now=5)
    >>> s.seats[1].left, s.seats[1].folded, events[0]
    (True, True, {'type': 'left', 'seat': 1})
    >>> leave(s, 1, now=6)[1]
    []
    """
    require_time("now", now)
    require_seat(seat, len(state.seats))
    player = state.seats[seat]
    if state.over or player.out is not None:
        return state, []
    state, events = advance(state, now)  # what was due before the leaving counts first
    if state.over:
        return state, events
    player = state.seats[seat]
    was_turn = state.phase == "betting" and state.turn == seat
    folded = player.in_hand
    player = replace(
        player, left=True, stop=True, out=state.hand, folded=folded, to_act=False,
        kept=None if state.phase == "keep" else player.kept,
    )
    state = _with_seat(state, seat, player)
    events.append({"type": "left", "seat": seat})
    if not state.started:
        if len(state.in_game) <= 1:
            state = replace(state, phase="over", ended="last_player")
            events.append({"type": "over", "reason": "last_player"})
        return state, events
    live = [i for i, s in enumerate(state.seats) if s.live]
    if len(live) == 1:
        state, more = _uncontested(state, live[0], now)
    elif was_turn:
        state, more = _after_betting_move(state, seat, now)
    elif state.phase == "keep" and not any(s.live and s.kept is None for s in state.seats):
        state, more = _reveal(state, now)
    else:
        more = []
    return state, events + more


_Handler = Callable[[State, int, Move, int], tuple[State, list[Event]]]
_HANDLERS: Mapping[str, _Handler] = {
    "start": _start,
    "keep": _keep,
    **{kind: _bet_action for kind in BETTING},
    "stop": _stop,
}


# ---------------------------------------------------------------- betting


class _Need(NamedTuple):
    """One condition a betting action needs, with the refusal when it does not hold."""

    holds: Callable[[State, int], bool]
    code: str
    message: str


def _opponent_can_answer(state: State, seat: int) -> bool:
    return any(other.can_bet for i, other in enumerate(state.seats) if i != seat)


def _size(state: State) -> int:
    return BET_SIZES[len(state.table)]


_NEEDS: Mapping[str, tuple[_Need, ...]] = {
    "check": (
        _Need(lambda s, i: to_call(s, i) == 0, "must_call", "There is a bet: call, raise or fold."),
    ),
    "call": (
        _Need(lambda s, i: to_call(s, i) > 0, "nothing_to_call", "There is no bet to call."),
    ),
    "bet": (
        _Need(lambda s, i: s.level == 0, "already_bet", "There is a bet already: raise it."),
        _Need(
            lambda s, i: s.seats[i].chips >= _size(s),
            "short_of_chips", "You do not have the chips for a whole bet.",
        ),
        _Need(_opponent_can_answer, "no_opponent", "Nobody left with chips could answer a bet."),
    ),
    "raise": (
        _Need(lambda s, i: s.level > 0, "no_bet", "There is no bet to raise: bet instead."),
        _Need(
            lambda s, i: s.raises < MAX_RAISES,
            "raise_limit", f"At most {MAX_RAISES} raises follow the opening bet.",
        ),
        _Need(
            lambda s, i: s.seats[i].chips >= to_call(s, i) + _size(s),
            "short_of_chips", "You do not have the chips for a whole raise.",
        ),
        _Need(_opponent_can_answer, "no_opponent", "Nobody left with chips could answer a raise."),
    ),
    "fold": (),
}
"""What each betting action needs besides being the seat's turn, checked in this order."""


def _refusal(state: State, seat: int, kind: str) -> tuple[str, str] | None:
    """Why `seat` may not send the betting action `kind` now (code and message), or None
    when it may."""
    if state.phase != "betting":
        return "not_betting", "There is no betting round now."
    if state.turn != seat:
        return "not_your_turn", "It is not your turn."
    for need in _NEEDS[kind]:
        if not need.holds(state, seat):
            return need.code, need.message
    return None


def _betting_move(
    state: State, seat: int, kind: str, now: int, timeout: bool
) -> tuple[State, list[Event]]:
    """Apply a betting action the rules allow, then go on with the hand."""
    player = state.seats[seat]
    level, raises = state.level, state.raises
    if kind == "bet":
        level = _size(state)
    elif kind == "raise":
        level, raises = state.level + _size(state), raises + 1
    # A call is capped by what the player has: whatever is missing makes them all-in.
    paid = min(level - player.round_bet, player.chips) if kind != "fold" else 0
    player = replace(
        player,
        chips=player.chips - paid,
        put_in=player.put_in + paid,
        round_bet=player.round_bet + paid,
        folded=kind == "fold",
        to_act=False,
    )
    seats = list(state.seats)
    seats[seat] = player
    if kind in ("bet", "raise"):  # everyone else still betting must answer anew
        seats = [
            replace(other, to_act=True) if i != seat and other.can_bet else other
            for i, other in enumerate(seats)
        ]
    state = replace(state, seats=tuple(seats), level=level, raises=raises)
    acted: Event = {
        "type": "acted", "seat": seat, "action": kind, "paid": paid, "round_bet": player.round_bet,
        "all_in": player.live and player.chips == 0, "timeout": timeout,
    }
    state, more = _after_betting_move(state, seat, now)
    return state, [acted, *more]


def _after_betting_move(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    live = [i for i, s in enumerate(state.seats) if s.live]
    if len(live) == 1:
        return _uncontested(state, live[0], now)
    waiting = [i for i in state.left_of(seat) if state.seats[i].to_act]
    if waiting:
        return replace(state, turn=waiting[0], deadline=_deadline(state, now)), []
    return _next_street(state, now)


def _open_round(state: State, now: int) -> tuple[State, list[Event]]:
    """Start a betting round, or skip it when fewer than two players could still bet."""
    bettors = [i for i in state.left_of(state.dealer) if state.seats[i].can_bet]
    if len(bettors) < 2:
        return _next_street(state, now)
    seats = tuple(replace(s, to_act=True) if s.can_bet else s for s in state.seats)
    state = replace(
        state, seats=seats, phase="betting", level=0, raises=0, turn=bettors[0],
        deadline=_deadline(state, now),
    )
    return state, [{"type": "round", "bet": _size(state), "turn": bettors[0]}]


def _next_street(state: State, now: int) -> tuple[State, list[Event]]:
    """Roll the next table dice and open their betting round; after the last, the showdown."""
    shown = len(state.table)
    if shown == TABLE_DICE:
        return _showdown(state, now)
    count = STREETS[0] if shown == 0 else STREETS[1]
    rng = Rng.from_state(state.rng)
    dice = tuple(_roll(rng) for _ in range(count))
    seats = tuple(
        replace(s, round_bet=0, to_act=False) if s.round_bet or s.to_act else s
        for s in state.seats
    )
    state = replace(
        state, rng=rng.state, seats=seats, table=state.table + dice, phase="betting",
        level=0, raises=0, turn=None, deadline=None,
    )
    rolled: Event = {"type": "table", "dice": list(dice), "table": list(state.table)}
    state, events = _open_round(state, now)
    return state, [rolled, *events]


# ---------------------------------------------------------------- keeping


def _kept(
    state: State, seat: int, dice: tuple[int, ...], now: int, timeout: bool
) -> tuple[State, list[Event]]:
    state = _with_seat(state, seat, replace(state.seats[seat], kept=dice))
    events: list[Event] = [
        {"type": "kept", "seat": seat, "dice": list(dice), "to": [seat]},
        {"type": "chosen", "seat": seat, "timeout": timeout},
    ]
    if any(s.live and s.kept is None for s in state.seats):
        return state, events
    state, more = _reveal(state, now)
    return state, events + more


def _reveal(state: State, now: int) -> tuple[State, list[Event]]:
    """Everyone has chosen: the keeping costs go into the pot and the counts are shown."""
    seats = tuple(_pay_keeping(seat) for seat in state.seats)
    counts: list[Json] = [len(s.kept) if s.live and s.kept else None for s in seats]
    state, events = _next_street(replace(state, seats=seats, deadline=None), now)
    return state, [{"type": "revealed", "kept": counts}, *events]


def _pay_keeping(seat: Seat) -> Seat:
    if not seat.in_hand or seat.kept is None:
        return seat
    cost = KEEP_COSTS[len(seat.kept)]
    return replace(seat, chips=seat.chips - cost, put_in=seat.put_in + cost)


def default_keep(rolled: Sequence[int]) -> tuple[int, ...]:
    """What a player who let the timer run out keeps: one die (free) of the largest group,
    of the higher face on a tie.

    >>> default_keep([2, 5, 2, 5, 1])
    (1,)
    """
    best = max(FACES, key=lambda face: (rolled.count(face), face))
    return (rolled.index(best),)


# ---------------------------------------------------------------- hands


def _deal(state: State, now: int) -> tuple[State, list[Event]]:
    """A new hand: everyone still in pays the ante and rolls five dice behind the screen."""
    rng = Rng.from_state(state.rng)
    seats: list[Seat] = []
    events: list[Event] = []
    for i, seat in enumerate(state.seats):
        if seat.out is not None:
            seats.append(seat)
            continue
        rolled = tuple(_roll(rng) for _ in range(ROLLED))
        seats.append(
            replace(
                seat, chips=seat.chips - ANTE, in_hand=True, rolled=rolled, kept=None,
                put_in=ANTE, round_bet=0, folded=False, to_act=False,
            )
        )
        events.append({"type": "rolled", "seat": i, "dice": list(rolled), "to": [i]})
    hand = state.hand + 1
    state = replace(
        state, rng=rng.state, seats=tuple(seats), hand=hand, phase="keep", table=(),
        level=0, raises=0, turn=None, deadline=_deadline(state, now),
    )
    return state, [{"type": "hand", "hand": hand, "dealer": state.dealer, "ante": ANTE}, *events]


def _uncontested(state: State, winner: int, now: int) -> tuple[State, list[Event]]:
    """Everybody else folded: the last player takes the whole pot without showing anything."""
    pot = state.pot
    state, events = _end_hand(state, {winner: pot}, {}, now)
    return state, [{"type": "uncontested", "seat": winner, "won": pot}, *events]


def _showdown(state: State, now: int) -> tuple[State, list[Event]]:
    """Every live player shows their kept dice; each pot goes to its best eligible hand."""
    ranks: dict[int, tuple[int, int]] = {}
    hands: list[Json] = []
    for i, seat in enumerate(state.seats):
        if seat.live:
            value, pips, six = hand_value(seat.kept_dice, state.table)
            ranks[i] = (value, pips)
            hands.append(
                {"seat": i, "kept": list(seat.kept_dice), "six": list(six),
                 "value": value, "pips": pips}
            )
    order = state.left_of(state.dealer)
    won: dict[int, int] = {}
    pots: list[Json] = []
    live = [seat.live for seat in state.seats]
    all_in = [seat.live and seat.chips == 0 for seat in state.seats]
    put_in = [seat.put_in for seat in state.seats]
    for pot in side_pots(put_in, live, all_in):
        best = max(ranks[i] for i in pot.eligible)
        winners = [i for i in pot.eligible if ranks[i] == best]
        shares = split(pot.amount, winners, order)
        for i, share in shares.items():
            won[i] = won.get(i, 0) + share
        entry: dict[str, Json] = {
            "amount": pot.amount, "eligible": list(pot.eligible), "winners": sorted(winners)
        }
        back = returned(pot, put_in, live)
        if back:  # the uncalled part of a stake: given back, not won (the chips are the same)
            entry["returned"] = back
        pots.append(entry)
    shown = {i: state.seats[i].kept_dice for i in ranks}
    state, events = _end_hand(state, won, shown, now)
    return state, [{"type": "showdown", "hands": hands, "pots": pots}, *events]


def _end_hand(
    state: State, won: Mapping[int, int], shown: Mapping[int, tuple[int, ...]], now: int
) -> tuple[State, list[Event]]:
    """Pay the winnings, clear the hand, drop players without chips; then the next hand
    with the button one seat further left, or the end of the game."""
    seats = tuple(
        replace(
            seat, chips=seat.chips + won.get(i, 0), in_hand=False, rolled=(), kept=None,
            put_in=0, round_bet=0, folded=False, to_act=False, shown=shown.get(i),
            won=won.get(i, 0), hands_won=seat.hands_won + (won.get(i, 0) > seat.put_in),
        )
        for i, seat in enumerate(state.seats)
    )
    events: list[Event] = []
    for i, seat in enumerate(seats):
        if seat.out is None and seat.chips == 0:
            seats = (*seats[:i], replace(seat, out=state.hand), *seats[i + 1 :])
            events.append({"type": "out", "seat": i})
    state = replace(
        state, seats=seats, phase="keep", last_table=state.table, table=(), level=0,
        raises=0, turn=None, deadline=None,
    )
    staying = state.in_game
    if len(staying) <= 1 or all(seats[i].stop for i in staying):
        reason = "last_player" if len(staying) <= 1 else "agreement"
        state = replace(state, phase="over", ended=reason)
        return state, [*events, {"type": "over", "reason": reason}]
    dealer = next(i for i in state.left_of(state.dealer) if i in staying)
    state, more = _deal(replace(state, dealer=dealer), now)
    return state, events + more


# ---------------------------------------------------------------- time


def advance(state: State, now: int) -> tuple[State, list[Event]]:
    """Let time run to `now`: at each deadline (plus the grace) the keeping or the turn that
    ran out is settled as if the player had chosen: keep one free die, check, else fold.

    The next turn counts as started at the expiry moment, so a long pause cascades the same
    way whenever it is caught up. Returns the same state object when nothing was due.
    """
    require_time("now", now)
    events: list[Event] = []
    while (expiry := with_grace(state.deadline)) is not None and expiry < now:
        state, more = _expire(state, expiry)
        events += more
    return state, events


def next_deadline(state: State) -> int | None:
    """The first moment (Unix ms) at which `advance` changes something: 1 ms after the
    expiry, since an action at the expiry moment still counts."""
    return first_due([with_grace(state.deadline)])


def _expire(state: State, at: int) -> tuple[State, list[Event]]:
    if state.phase == "keep":
        undecided = [i for i, s in enumerate(state.seats) if s.live and s.kept is None]
        events: list[Event] = []
        for i in undecided:  # the last of them reveals everyone's counts
            state, more = _kept(state, i, default_keep(state.seats[i].rolled), at, timeout=True)
            events += more
        return state, events
    assert state.turn is not None  # a betting round with a deadline always has a turn
    kind = "check" if to_call(state, state.turn) == 0 else "fold"
    return _betting_move(state, state.turn, kind, at, timeout=True)


def _deadline(state: State, now: int) -> int | None:
    return deadline_after(now, state.seconds)


# ---------------------------------------------------------------- the end


def result(state: State) -> KpResult | None:
    """None until the game is over; then why it ended, the winner and the standings.

    Standings: by chips, then by the later hand a player went out in; equal ones share a
    place. The winner is the only player in first place (None when several share it).

    >>> result(new({}, seed=1)) is None
    True
    """
    if not state.over:
        return None
    rows = standings(state)
    first = [row for row in rows if isinstance(row, dict) and row["place"] == 1]
    return {
        "reason": cast(EndReason, state.ended),
        "hands": state.hand,
        "chips": state.chips,
        "hands_won": [seat.hands_won for seat in state.seats],
        "winner": first[0]["seat"] if len(first) == 1 else None,
        "standings": rows,
    }


def standings(state: State) -> list[Json]:
    """Every seat by chips, then by how long it stayed in (a seat that left the table
    after every one that did not): seat, chips, out, place."""

    def strength(seat: Seat) -> tuple[int, int, int]:
        return (not seat.left), seat.chips, state.hand + 1 if seat.out is None else seat.out

    keys = [strength(seat) for seat in state.seats]
    order = sorted(range(len(state.seats)), key=lambda i: (tuple(-k for k in keys[i]), i))
    return [
        {
            "seat": i,
            "chips": state.seats[i].chips,
            "out": state.seats[i].out,
            "place": 1 + sum(other > keys[i] for other in keys),
        }
        for i in order
    ]


# ---------------------------------------------------------------- helpers


def _roll(rng: Rng) -> int:
    return rng.below(len(FACES)) + 1


def _running(state: State) -> None:
    require_running(state.started, state.over)


def _with_seat(state: State, index: int, seat: Seat) -> State:
    return replace(state, seats=replaced(state.seats, index, seat))

"""What one seat sees of a Kostkový poker game (JSON-ready): its own dice, everybody's chips,
bets and kept-dice counts, the table dice, and the last hand's showdown; and what one who
watches sees: all of that but the dice of any seat.
Never another seat's dice before the showdown, never a folded hand, never a future roll."""

from __future__ import annotations

from typing import cast

from klubovna.core import Json
from klubovna.core.rules import require_seat

from .pots import side_pots
from .rules import action_types, keep_max, result, to_call, to_move
from .scoring import best_line, hand_value
from .state import ANTE, KEEP_COSTS, MAX_RAISES, State
from .wire import KpPublic, KpView, KpWatchView, Phase

GAME_NAME = "kostkovy-poker"


def view(state: State, seat: int | None) -> KpView | KpWatchView:
    """Everything `seat` may know now. The envelope every game's view has (game, seat,
    over, turn, deadline: klubovna.core.declarations.ENVELOPE): `turn` lists the seats that
    may act now (every undecided keeper, or the one whose betting turn it is), `deadline`
    is when their time runs out.

    `seat` None is one who watches: the public part alone, without any dice behind a
    screen (not even which of them a seat kept) and without anything one seat may do.

    >>> from klubovna.games.kostkovy_poker.rules import apply, new
    >>> s, _ = apply(new({"seats": 3}, seed=4), 0, {"type": "start"}, now=0)
    >>> v = view(s, 0)
    >>> v["phase"], len(v["dice"]), v["actions"], v["keep_max"], v["pot"]
    ('keep', 5, ['keep'], 4, 3)
    >>> [p["kept"] for p in v["players"]]  # counts are shown once everyone has chosen
    [None, None, None]
    >>> watched = view(s, None)
    >>> watched["seat"], "dice" in watched, watched["pot"], watched["turn"] == v["turn"]
    (None, False, 3, True)
    """
    if seat is None:
        return {"seat": None, **_public(state)}
    require_seat(seat, len(state.seats))
    me = state.seats[seat]
    keeping = state.phase == "keep" and me.live and me.kept is None
    return {
        "seat": seat,
        **_public(state),
        "dice": list(me.rolled),
        "kept": None if me.kept is None else list(me.kept),
        "to_call": min(to_call(state, seat), me.chips) if state.phase == "betting" else 0,
        "call_all_in": state.phase == "betting" and 0 < me.chips <= to_call(state, seat),
        "actions": action_types(state, seat),
        "keep_max": keep_max(me.chips) if keeping else None,
    }


def _public(state: State) -> KpPublic:
    """What every seat sees alike (and one who watches): the envelope but `seat`, chips,
    bets, pots, the table dice and the last hand's showdown."""
    return {
        "game": GAME_NAME,
        "chips_at_start": state.chips,
        "seconds": state.seconds,
        "started": state.started,
        "phase": cast(Phase, state.phase),
        "hand": state.hand,
        "dealer": state.dealer,
        "turn": to_move(state),
        "deadline": state.deadline,
        "over": state.over,
        "table": list(state.table),
        "pot": state.pot,
        "pots": _pots(state),
        "bet_size": state.bet_size,
        "level": state.level,
        "raises": state.raises,
        "max_raises": MAX_RAISES,
        "players": [_public_seat(state, i) for i in range(len(state.seats))],
        "raise_to": (state.level + state.bet_size
                     if state.phase == "betting" and state.bet_size is not None else None),
        "last_hand": _last_hand(state),
        "game_over": state.over,
        "result": result(state),
    }


def _public_seat(state: State, index: int) -> Json:
    """What everybody knows of a seat: chips and bets, whether it has chosen, and once all
    have chosen how many dice it kept (never which)."""
    seat = state.seats[index]
    revealed = state.phase == "betting" and seat.in_hand and seat.kept is not None
    kept = len(seat.kept) if revealed and seat.kept is not None else None
    paid_to_keep = KEEP_COSTS[kept] if kept is not None else 0
    return {
        "seat": index,
        "chips": seat.chips,
        "out": seat.out,
        "in_hand": seat.in_hand,
        "folded": seat.folded,
        "all_in": seat.live and seat.chips == 0,
        "chosen": seat.in_hand and seat.kept is not None,
        "kept": kept,
        "put_in": seat.put_in,
        "round_bet": seat.round_bet,
        "bets": seat.put_in - paid_to_keep - ANTE if seat.in_hand else 0,
        "stop": seat.stop,
        "left": seat.left,
    }


def _pots(state: State) -> list[Json]:
    """While the betting runs, the main pot and the side pots (smallest first) with the seats
    that can still win each; empty in other phases. The showdown event says who won them.

    >>> from klubovna.games.kostkovy_poker.state import Seat
    >>> seats = (Seat(chips=0, put_in=3, in_hand=True), Seat(chips=5, put_in=9, in_hand=True),
    ...          Seat(chips=5, put_in=9, in_hand=True))
    >>> _pots(State(chips=20, seconds=None, rng=1, seats=seats, phase="betting"))
    [{'amount': 9, 'eligible': [0, 1, 2]}, {'amount': 12, 'eligible': [1, 2]}]
    """
    if state.phase != "betting":
        return []
    live = [seat.live for seat in state.seats]
    all_in = [seat.live and seat.chips == 0 for seat in state.seats]
    return [
        {"amount": pot.amount, "eligible": list(pot.eligible)}
        for pot in side_pots([seat.put_in for seat in state.seats], live, all_in)
    ]


def _last_hand(state: State) -> Json:
    """The last finished hand: its table dice, the hands shown at its showdown (none when
    everybody else folded) and what each seat won; None before the first hand ends."""
    if not state.last_table:
        return None
    hands: list[Json] = []
    for index, seat in enumerate(state.seats):
        if seat.shown is not None:
            value, pips, six = hand_value(seat.shown, state.last_table)
            line = best_line(six)
            hands.append(
                {
                    "seat": index,
                    "kept": list(seat.shown),
                    "six": list(six),
                    "value": value,
                    "pips": pips,
                    "line": None if line is None else line.name,
                }
            )
    return {
        "hand": state.hand if state.over else state.hand - 1,
        "table": list(state.last_table),
        "hands": hands,
        "won": [seat.won for seat in state.seats],
    }

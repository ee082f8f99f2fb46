"""Rules of Kostkový poker: config, ante, keeping, betting, folding, showdown, side pots,
the button, elimination, agreement, the action timer, errors and the text form."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.games.kostkovy_poker import ENGINE, GRACE_MS, Seat, State, replay
from klubovna.games.kostkovy_poker.rules import (
    advance,
    apply,
    keep_choices,
    legal,
    new,
    next_deadline,
    result,
    to_move,
)
from klubovna.games.kostkovy_poker.view import view
from klubovna.tables.registry import get_game

from .helpers import (
    BET,
    CALL,
    CHECK,
    FOLD,
    NOW,
    RAISE,
    START,
    act,
    code_of,
    events_of,
    keep,
    play,
    rigged,
    stacks,
)

# Two seats, button at seat 0: seat 1 acts first in both betting rounds.
SIXES = (6, 6, 6, 2, 3)
ONES = (1, 1, 4, 5, 2)


def types(events: list[Any]) -> list[str]:
    return [event["type"] for event in events]


def betting(state: State) -> State:
    """Both seats of a heads-up game keep one die (free): the first betting round opens."""
    return play(state, (0, keep(0)), (1, keep(0)))


# ---------------------------------------------------------------- config and start


def test_defaults_and_registry() -> None:
    state = new({}, seed=1)
    assert (len(state.seats), state.chips, state.seconds, state.phase) == (2, 20, None, "waiting")
    assert all(seat == Seat(20) for seat in state.seats)
    assert get_game("kostkovy-poker") is ENGINE and ENGINE.name == "kostkovy-poker"
    assert ENGINE.seats(state) == 2


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {new({"seats": 6}, seed).dealer for seed in range(60)}
    assert dealers == set(range(6))
    assert new({"seats": 6}, 5) == new({"seats": 6}, 5)


@pytest.mark.parametrize(
    "config",
    [
        {"seats": 1}, {"seats": 7}, {"seats": "2"}, {"seats": True},
        {"chips": 9}, {"chips": 101}, {"chips": 20.0},
        {"seconds": 2}, {"seconds": 301}, {"seconds": 5.5}, {"seconds": True},
        {"bots": 1}, {"seats": 2, "mode": "hard"},
    ],
)
def test_bad_config(config: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction) as caught:
        new(config, 1)
    assert caught.value.code == "bad_config"


def test_config_must_be_an_object_and_seed_an_integer() -> None:
    for config, seed in (([], 1), ({}, "1"), ({}, True)):
        with pytest.raises(IllegalAction) as caught:
            new(config, seed)  # type: ignore[arg-type]
        assert caught.value.code == "bad_config"


def test_start_antes_and_rolls_five_dice_each() -> None:
    state, events = apply(new({"seats": 3, "chips": 10}, 4), 2, START, NOW)
    assert types(events) == ["hand", "rolled", "rolled", "rolled"]
    assert events[0] == {"type": "hand", "hand": 1, "dealer": state.dealer, "ante": 1}
    for seat, event in enumerate(events[1:]):
        assert event == {"type": "rolled", "seat": seat, "dice": list(state.seats[seat].rolled),
                         "to": [seat]}
    assert state.phase == "keep" and state.hand == 1 and state.pot == 3
    assert [(s.chips, s.put_in, len(s.rolled)) for s in state.seats] == [(9, 1, 5)] * 3
    assert to_move(state) == [0, 1, 2]


def test_nothing_before_the_start_and_no_second_start() -> None:
    state = new({}, 1)
    assert legal(state, 0) == [START] and legal(state, 5) == []
    for action in (keep(0), CHECK, BET, {"type": "stop", "agree": True}):
        assert code_of(state, 0, action) == "not_started"
    assert code_of(act(state, 0, START), 1, START) == "already_started"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("check", "bad_action"), ({}, "bad_action"), ({"type": 3}, "bad_action"),
        ({"type": "jump"}, "bad_action"), ({"type": "check", "amount": 2}, "bad_action"),
        ({"type": "keep"}, "bad_action"), ({"type": "keep", "dice": "01"}, "bad_action"),
        ({"type": "keep", "dice": [True]}, "bad_action"),
        ({"type": "keep", "dice": [5]}, "dice_out_of_range"),
        ({"type": "keep", "dice": [-1]}, "dice_out_of_range"),
        ({"type": "keep", "dice": []}, "keep_count"),
        ({"type": "keep", "dice": [0, 1, 2, 3, 4]}, "keep_count"),
        ({"type": "keep", "dice": [1, 1]}, "keep_count"),
        ({"type": "stop"}, "bad_action"), ({"type": "stop", "agree": 1}, "bad_action"),
    ],
)
def test_malformed_actions(action: Any, code: str) -> None:
    assert code_of(rigged([SIXES, ONES]), 0, action) == code


def test_seats_out_of_range_and_time_as_integer() -> None:
    state = rigged([SIXES, ONES])
    for seat in (2, -1, True, "0"):
        assert code_of(state, seat, keep(0)) == "not_your_seat"
    with pytest.raises(TypeError):
        apply(state, 0, keep(0), now=1.5)  # type: ignore[arg-type]
    assert legal(state, 9) == []


# ---------------------------------------------------------------- keeping


def test_keeping_costs_are_paid_when_everyone_has_chosen() -> None:
    for count, cost in ((1, 0), (2, 2), (3, 3), (4, 4)):
        state = act(rigged([SIXES, ONES]), 0, keep(*range(count)))
        assert state.seats[0].chips == 19  # nothing paid yet: paying would show the count
        state = act(state, 1, keep(0))
        assert (state.seats[0].chips, state.seats[0].put_in) == (19 - cost, 1 + cost)
        assert state.pot == 2 + cost


def test_choices_are_secret_until_all_have_chosen() -> None:
    state, events = apply(rigged([SIXES, ONES]), 0, keep(0, 1, 2), NOW)
    assert events == [
        {"type": "kept", "seat": 0, "dice": [0, 1, 2], "to": [0]},
        {"type": "chosen", "seat": 0, "timeout": False},
    ]
    mine, theirs = view(state, 0), view(state, 1)
    assert mine["kept"] == [0, 1, 2] and theirs["kept"] is None
    assert [p["chosen"] for p in theirs["players"]] == [True, False]
    assert [p["kept"] for p in theirs["players"]] == [None, None]
    assert theirs["players"][0]["chips"] == 19 and theirs["pot"] == 2
    assert theirs["dice"] == list(ONES) and "6, 6, 6" not in str(theirs)

    state, events = apply(state, 1, keep(0), NOW)
    assert types(events) == ["kept", "chosen", "revealed", "table", "round"]
    assert events[2] == {"type": "revealed", "kept": [3, 1]}
    assert [p["kept"] for p in view(state, 1)["players"]] == [3, 1]
    assert view(state, 1)["dice"] == list(ONES)  # still only its own dice


def test_a_choice_is_final() -> None:
    state = act(rigged([SIXES, ONES]), 0, keep(0))
    assert code_of(state, 0, keep(1)) == "already_kept"
    assert legal(state, 0) == [] and legal(state, 1)[0] == keep(0)
    assert to_move(state) == [1]


def test_keep_choices_follow_the_chips() -> None:
    state = rigged([SIXES, ONES, SIXES], chips=[19, 2, 0])
    assert len(keep_choices(state, 0)) == 30
    assert len(keep_choices(state, 1)) == 15  # one or two dice
    assert keep_choices(state, 2) == [(0,), (1,), (2,), (3,), (4,)]  # at worst one, free
    assert view(state, 2)["keep_max"] == 1 and view(state, 1)["keep_max"] == 2
    assert code_of(state, 1, keep(0, 1, 2)) == "cannot_afford"
    assert code_of(state, 2, keep(0, 1)) == "cannot_afford"


def test_keeping_the_last_chips_makes_a_player_all_in() -> None:
    state = rigged([SIXES, ONES, ONES], chips=[3, 19, 19])
    state = play(state, (0, keep(0, 1, 2)), (1, keep(0)), (2, keep(0)))
    assert state.seats[0].chips == 0 and state.seats[0].live
    assert view(state, 1)["players"][0]["all_in"] is True
    assert state.turn == 1  # seat 0 no longer bets; the others still do
    state = play(state, (1, BET), (2, CALL))
    assert state.turn == 1 and len(state.table) == 5


def test_keep_only_while_keeping() -> None:
    state = betting(rigged([SIXES, ONES]))
    assert code_of(state, 1, keep(0)) == "not_keeping"


# ---------------------------------------------------------------- betting


def test_two_dice_then_a_round_of_2_then_three_dice_and_a_round_of_4() -> None:
    state = rigged([SIXES, ONES], table=(5, 4, 3, 2, 1))
    state = betting(state)
    assert state.table == (5, 4) and state.bet_size == 2 and state.turn == 1
    state, events = apply(state, 1, CHECK, NOW)
    assert state.turn == 0 and types(events) == ["acted"]
    state, events = apply(state, 0, CHECK, NOW)
    assert types(events) == ["acted", "table", "round"]
    assert events[1] == {"type": "table", "dice": [3, 2, 1], "table": [5, 4, 3, 2, 1]}
    assert events[2] == {"type": "round", "bet": 4, "turn": 1}
    assert state.bet_size == 4 and state.table == (5, 4, 3, 2, 1)
    state = play(state, (1, BET), (0, CALL))
    assert stacks(state) == [25, 15]  # the kept 6 makes a straight: seat 1 lost ante and bet


def test_first_to_act_is_left_of_the_dealer_in_both_rounds() -> None:
    rolls = [SIXES, ONES, ONES, SIXES]
    state = play(rigged(rolls, dealer=2), *((seat, keep(0)) for seat in range(4)))
    assert state.turn == 3
    state = play(state, (3, CHECK), (0, BET), (1, CALL), (2, RAISE), (3, FOLD), (0, CALL),
                 (1, CALL))
    assert len(state.table) == 5 and state.turn == 0  # seat 3 folded: the next one left of 2
    state = rigged(rolls, dealer=3)
    assert play(state, *((seat, keep(0)) for seat in range(4))).turn == 0


def test_bets_calls_and_raises_are_fixed() -> None:
    state = play(rigged([SIXES, ONES, ONES]), *((seat, keep(0)) for seat in range(3)))
    assert (view(state, 1)["raise_to"], view(state, 1)["call_all_in"]) == (2, False)
    state = act(state, 1, BET)
    assert (state.level, state.seats[1].round_bet, state.seats[1].put_in) == (2, 2, 3)
    assert view(state, 2)["raise_to"] == 4  # the buttons say "raise to 4"
    state = act(state, 2, RAISE)
    assert (state.level, state.raises, state.seats[2].put_in) == (4, 1, 5)
    state = act(state, 0, CALL)
    assert state.seats[0].put_in == 5 and state.turn == 1  # seat 1 must answer the raise
    assert legal(state, 1) == [CALL, RAISE, FOLD]
    # The event says what a move cost and the round bet it makes ("raises to 6").
    acted = events_of(state, (1, RAISE))[0]
    assert (acted["action"], acted["paid"], acted["round_bet"]) == ("raise", 4, 6)


def test_at_most_three_raises_follow_the_opening_bet() -> None:
    state = betting(rigged([SIXES, ONES]))
    state = play(state, (1, BET), (0, RAISE), (1, RAISE), (0, RAISE))
    assert state.raises == 3 and state.level == 8
    assert legal(state, 1) == [CALL, FOLD]
    assert code_of(state, 1, RAISE) == "raise_limit"
    state = act(state, 1, CALL)
    assert state.pot == 2 + 16 and state.bet_size == 4 and state.raises == 0


@pytest.mark.parametrize(
    ("moves", "seat", "action", "code"),
    [
        ([], 0, CHECK, "not_your_turn"),
        ([(1, BET)], 0, CHECK, "must_call"),
        ([], 1, CALL, "nothing_to_call"),
        ([(1, BET)], 0, BET, "already_bet"),
        ([], 1, RAISE, "no_bet"),
        ([(1, CHECK)], 1, CHECK, "not_your_turn"),
    ],
)
def test_betting_refusals(
    moves: list[tuple[int, dict[str, Any]]], seat: int, action: dict[str, Any], code: str
) -> None:
    state = play(betting(rigged([SIXES, ONES])), *moves)
    assert code_of(state, seat, action) == code
    assert {"type": action["type"]} not in legal(state, seat)


def test_fold_is_allowed_even_when_checking_is_free() -> None:
    state = betting(rigged([SIXES, ONES]))
    assert legal(state, 1) == [CHECK, BET, FOLD]
    state, events = apply(state, 1, FOLD, NOW)
    assert events[1] == {"type": "uncontested", "seat": 0, "won": 2}


def test_a_bet_or_raise_needs_the_whole_amount() -> None:
    state = betting(rigged([SIXES, ONES], chips=[19, 1]))
    assert legal(state, 1) == [CHECK, FOLD]
    assert code_of(state, 1, BET) == "short_of_chips"
    state = play(state, (1, CHECK), (0, BET))
    assert legal(state, 1) == [CALL, FOLD]  # a call for less: all-in
    assert (view(state, 1)["to_call"], view(state, 1)["call_all_in"]) == (1, True)
    state, events = apply(state, 1, CALL, NOW)
    assert events[0] == {"type": "acted", "seat": 1, "action": "call", "paid": 1, "round_bet": 1,
                         "all_in": True, "timeout": False}
    # Facing a raise to 4 with 3 chips: a call (all-in) or a fold, no raise.
    state = rigged([SIXES, ONES, ONES], chips=[3, 19, 19])
    state = play(state, *((seat, keep(0)) for seat in range(3)), (1, BET), (2, RAISE))
    assert state.turn == 0 and legal(state, 0) == [CALL, FOLD]
    assert code_of(state, 0, RAISE) == "short_of_chips"


def test_nobody_bets_into_players_who_cannot_answer() -> None:
    # Seat 2 is all-in from the ante; seat 1 folds: seat 0 may only check or fold.
    state = rigged([SIXES, ONES, ONES], chips=[19, 19, 0])
    state = play(state, *((seat, keep(0)) for seat in range(3)), (1, FOLD))
    assert state.turn == 0 and legal(state, 0) == [CHECK, FOLD]
    assert code_of(state, 0, BET) == "no_opponent"


def test_a_raise_reopens_the_betting_for_those_who_acted() -> None:
    state = play(rigged([SIXES, ONES, ONES]), *((seat, keep(0)) for seat in range(3)))
    state = play(state, (1, CHECK), (2, BET), (0, CALL))
    assert state.turn == 1 and state.seats[1].to_act
    state = play(state, (1, RAISE))
    assert [s.to_act for s in state.seats] == [True, False, True] and state.turn == 2


def test_all_in_players_skip_the_betting_and_see_every_die() -> None:
    state = act(rigged([SIXES, ONES], table=(1, 1, 2, 3, 4), chips=[0, 19]), 0, keep(0))
    state, events = apply(state, 1, keep(0, 1), NOW)
    assert types(events) == [
        "kept", "chosen", "revealed", "table", "table", "showdown", "out", "over",
    ]
    # Kept 1, 1 with 1, 1, 3, 4 from the table: three 1s (1000) beat 6 + the table (0).
    assert [h["value"] for h in events[5]["hands"]] == [0, 1000]
    assert stacks(state) == [0, 21] and state.over


# ---------------------------------------------------------------- folding and the showdown


def test_the_last_player_takes_the_pot_without_showing() -> None:
    state = rigged([SIXES, ONES, ONES])
    state = play(state, (0, keep(0, 1)), (1, keep(0)), (2, keep(0)), (1, BET), (2, FOLD))
    state, events = apply(state, 0, FOLD, NOW)
    assert types(events)[:2] == ["acted", "uncontested"]
    assert events[1] == {"type": "uncontested", "seat": 1, "won": 3 + 2 + 2}
    assert "showdown" not in types(events)
    last = view(state, 2)["last_hand"]
    assert last["hands"] == [] and last["won"] == [0, 7, 0] and last["table"] == list(
        state.last_table
    )
    assert stacks(state) == [17, 24, 19]  # seat 0 lost ante and keeping, seat 2 its ante


def test_higher_value_wins_then_more_pips_then_a_split() -> None:
    # 6,6,6 + table (value 600) against 1,1 + table 1 (three 1s, 1000).
    state = rigged([SIXES, ONES], table=(1, 2, 3, 4, 5))
    state = play(state, (0, keep(0, 1, 2)), (1, keep(0, 1)), (1, CHECK), (0, CHECK), (1, CHECK))
    state, events = apply(state, 0, CHECK, NOW)
    showdown = events[1]
    assert [(h["seat"], h["value"]) for h in showdown["hands"]] == [(0, 600), (1, 1000)]
    assert showdown["pots"] == [{"amount": 7, "eligible": [0, 1], "winners": [1]}]

    # Equal values (nothing), more pips wins: 6 kept against 2 kept, table shared.
    state = rigged([(6, 1, 1, 1, 1), (2, 1, 1, 1, 1)], table=(1, 2, 3, 4, 5))
    state = play(state, (0, keep(0)), (1, keep(0)), (1, CHECK), (0, CHECK), (1, CHECK))
    state, events = apply(state, 0, CHECK, NOW)
    assert [h["pips"] for h in events[1]["hands"]] == [21, 17]
    assert events[1]["pots"][0]["winners"] == [0]

    # A full tie: the pot is split.
    state = rigged([(6, 1, 1, 1, 1), (6, 1, 1, 1, 1)], table=(1, 2, 3, 4, 5))
    state = play(state, (0, keep(0)), (1, keep(0)), (1, CHECK), (0, CHECK), (1, CHECK))
    state, events = apply(state, 0, CHECK, NOW)
    assert events[1]["pots"][0]["winners"] == [0, 1]
    assert stacks(state) == [20, 20]


def test_an_odd_chip_goes_to_the_first_tied_player_left_of_the_dealer() -> None:
    # Three seats, button at 1: seats 0 and 2 tie, seat 1 folds after paying; the pot is odd.
    rolls = [(6, 1, 1, 1, 1), (2, 1, 1, 1, 1), (6, 1, 1, 1, 1)]
    state = rigged(rolls, table=(1, 2, 3, 4, 5), dealer=1)
    state = play(state, (0, keep(0)), (1, keep(0)), (2, keep(0)), (2, BET), (0, CALL),
                 (1, CALL))
    # Pot 3 antes + 6 bets; seat 1 now folds to a bet in the second round.
    state = play(state, (2, BET), (0, CALL))
    state, events = apply(state, 1, FOLD, NOW)
    pots = events[1]["pots"]
    assert pots == [{"amount": 3 + 6 + 8, "eligible": [0, 2], "winners": [0, 2]}]
    assert [s.won for s in state.seats] == [8, 0, 9]  # seat 2 sits first left of seat 1
    state = rigged(rolls, table=(1, 2, 3, 4, 5), dealer=2)
    state = play(state, (0, keep(0)), (1, keep(0)), (2, keep(0)), (0, BET), (1, CALL),
                 (2, CALL), (0, BET), (1, FOLD))
    state = act(state, 2, CALL)
    assert [s.won for s in state.seats] == [9, 0, 8]  # now seat 0 is first left of the button


def test_side_pots_with_a_short_all_in_player() -> None:
    # Seat 0 (best hand) is all-in for 3 in all; seats 1 and 2 bet on: seat 1 beats seat 2.
    rolls = [(6, 6, 6, 1, 2), (5, 5, 5, 1, 2), (4, 4, 4, 1, 2)]
    state = rigged(rolls, table=(1, 2, 3, 2, 3), chips=[2, 19, 19], dealer=2)
    state = play(state, (0, keep(0, 1)), (1, keep(0, 1, 2)), (2, keep(0, 1, 2)))
    assert state.seats[0].chips == 0 and state.turn == 1
    state = play(state, (1, BET), (2, CALL), (1, BET), (2, RAISE))
    state, events = apply(state, 1, CALL, NOW)
    showdown = events[1]
    assert showdown["pots"] == [
        {"amount": 9, "eligible": [0, 1, 2], "winners": [0]},
        {"amount": 2 * (14 - 3), "eligible": [1, 2], "winners": [1]},
    ]
    # Seat 0's three 6s beat seat 1's three 5s for the main pot; the side pot is seat 1's.
    assert [s.won for s in state.seats] == [9, 22, 0]
    assert sum(stacks(state)) == 2 + 19 + 19 + 3


def test_two_all_ins_make_two_side_pots() -> None:
    rolls = [(1, 5, 5, 6, 6), (1, 6, 6, 5, 5), (4, 4, 4, 1, 2), (3, 3, 3, 1, 2)]
    state = rigged(rolls, table=(1, 1, 2, 2, 2), chips=[1, 3, 19, 19], dealer=3)
    state = play(state, (0, keep(0)), (1, keep(0)), (2, keep(0, 1, 2)), (3, keep(0, 1, 2)))
    assert state.turn == 0  # one chip is enough to take part
    state = play(state, (0, CHECK), (1, BET), (2, RAISE), (3, CALL), (0, CALL), (1, CALL))
    assert [s.put_in for s in state.seats] == [2, 4, 8, 8] and state.turn == 2
    state = play(state, (2, BET))
    events = events_of(state, (3, CALL))
    # Seats 0 and 1 both hold 1,1,1,2,2,2 (1200); seat 2 two triples 4s and 2s (600), seat 3
    # 3s and 2s (500).
    assert events[1]["pots"] == [
        {"amount": 8, "eligible": [0, 1, 2, 3], "winners": [0, 1]},
        {"amount": 6, "eligible": [1, 2, 3], "winners": [1]},
        {"amount": 16, "eligible": [2, 3], "winners": [2]},
    ]
    state = act(state, 3, CALL)
    assert [s.won for s in state.seats] == [4, 10, 16, 0]
    assert sum(stacks(state)) == 1 + 3 + 19 + 19 + 4


def test_a_folded_hand_is_never_shown() -> None:
    state = rigged([SIXES, ONES, ONES], table=(1, 2, 3, 4, 5))
    state = play(state, (0, keep(0, 1, 2)), (1, keep(0, 1)), (2, keep(2)), (1, BET), (2, CALL),
                 (0, FOLD), (1, CHECK))
    events = events_of(state, (2, CHECK))
    showdown = next(e for e in events if e["type"] == "showdown")
    assert [h["seat"] for h in showdown["hands"]] == [1, 2]
    assert showdown["pots"] == [{"amount": 3 + 3 + 2 + 4, "eligible": [1, 2], "winners": [1]}]
    state = play(state, (2, CHECK))
    for seat in range(3):
        last = view(state, seat)["last_hand"]
        assert [h["seat"] for h in last["hands"]] == [1, 2]
        assert last["hands"][0]["kept"] == [1, 1] and last["hands"][0]["line"] == "three_ones"


# ---------------------------------------------------------------- the button and the end


def test_the_button_moves_left_every_hand() -> None:
    state = rigged([SIXES, ONES, ONES], dealer=1)
    dealers = []
    for _ in range(4):
        state = play(state, *((seat, keep(0)) for seat in range(3)))
        dealers.append(state.dealer)
        state = play(state, *((seat, FOLD) for seat in state.left_of(state.dealer)[:2]))
    assert dealers == [1, 2, 0, 1] and state.dealer == 2


def test_the_button_skips_players_who_are_out() -> None:
    # Seat 1 is all-in from the ante and loses: hand 2 is dealt by seat 2, not seat 1.
    state = rigged([SIXES, ONES, ONES], table=(1, 2, 3, 4, 5), chips=[19, 0, 19], dealer=0)
    state = play(state, (0, keep(0)), (1, keep(2)), (2, keep(0)))
    assert state.turn == 2  # seat 1 sits left of the button but cannot bet
    state, events = apply(play(state, (2, CHECK), (0, CHECK), (2, CHECK)), 0, CHECK, NOW)
    assert types(events) == ["acted", "showdown", "out", "hand", "rolled", "rolled"]
    assert {"type": "out", "seat": 1} in events
    assert state.hand == 2 and state.dealer == 2 and state.seats[1].out == 1
    assert not state.seats[1].in_hand and state.seats[1].rolled == ()
    assert to_move(state) == [0, 2] and legal(state, 1) == []
    assert [p["out"] for p in view(state, 0)["players"]] == [None, 1, None]


def test_the_last_player_with_chips_wins() -> None:
    state = rigged([SIXES, ONES], table=(1, 2, 3, 4, 5), chips=[19, 0])
    state, events = apply(act(state, 0, keep(0, 1, 2)), 1, keep(2), NOW)
    assert types(events)[-2:] == ["out", "over"]
    assert state.over and state.seats[1].out == 1 and legal(state, 0) == []
    assert result(state) == {
        "reason": "last_player",
        "hands": 1,
        "chips": 20,
        "hands_won": [1, 0],
        "winner": 0,
        "standings": [
            {"seat": 0, "chips": 21, "out": None, "place": 1},
            {"seat": 1, "chips": 0, "out": 1, "place": 2},
        ],
    }
    assert code_of(state, 0, CHECK) == "game_over"
    assert view(state, 1)["result"] == result(state) and view(state, 1)["game_over"]


def test_the_game_ends_by_agreement_after_a_hand() -> None:
    state = rigged([SIXES, ONES, ONES])
    state, events = apply(state, 0, {"type": "stop", "agree": True}, NOW)
    assert events == [{"type": "stop", "seat": 0, "agree": True}]
    state = play(state, (1, {"type": "stop", "agree": True}), (2, {"type": "stop", "agree": True}),
                 (2, {"type": "stop", "agree": False}))
    state = play(state, *((seat, keep(0)) for seat in range(3)), (1, FOLD), (2, FOLD))
    assert not state.over and state.hand == 2  # seat 2 took its agreement back
    state = play(state, (2, {"type": "stop", "agree": True}))
    state = play(state, *((seat, keep(0)) for seat in range(3)))
    while not state.over:
        seat = to_move(state)[0]
        state = act(state, seat, FOLD)
    final = result(state)
    assert final is not None and final["reason"] == "agreement" and final["hands"] == 2
    assert [row["chips"] for row in final["standings"]] == sorted(
        (s.chips for s in state.seats), reverse=True
    )


def test_equal_chips_share_a_place_and_no_one_wins() -> None:
    state = State(chips=20, seconds=None, rng=1, started=True, hand=4, phase="over",
                  ended="agreement", seats=(Seat(25), Seat(25), Seat(10), Seat(0, out=3)))
    final = result(state)
    assert final is not None and final["winner"] is None
    assert [(row["seat"], row["place"]) for row in final["standings"]] == [
        (0, 1), (1, 1), (2, 3), (3, 4),
    ]


def test_players_who_are_out_cannot_act() -> None:
    state = State(chips=20, seconds=None, rng=1, started=True, hand=2, phase="keep",
                  seats=(Seat(20, in_hand=True, rolled=SIXES, put_in=1),
                         Seat(19, in_hand=True, rolled=ONES, put_in=1), Seat(0, out=1)))
    assert code_of(state, 2, keep(0)) == "out_of_game"
    assert code_of(state, 2, {"type": "stop", "agree": True}) == "out_of_game"
    assert legal(state, 2) == [] and view(state, 2)["dice"] == []


# ---------------------------------------------------------------- the action timer


def test_no_timer_no_deadline() -> None:
    state = rigged([SIXES, ONES])
    assert state.deadline is None and next_deadline(state) is None
    assert advance(state, NOW * 2) == (state, [])


def test_keeping_runs_out_into_one_free_die_of_the_largest_group() -> None:
    state = rigged([(2, 5, 2, 5, 1), (3, 4, 6, 1, 2)], config={"seconds": 10})
    assert state.deadline == NOW + 10_000 and view(state, 0)["deadline"] == NOW + 10_000
    expiry = NOW + 10_000 + GRACE_MS
    assert next_deadline(state) == expiry + 1
    state = act(state, 1, keep(2, 3), now=expiry)  # at the expiry moment an action counts
    assert advance(state, expiry)[0] is state
    state, events = advance(state, expiry + 1)
    assert events[:2] == [
        {"type": "kept", "seat": 0, "dice": [1], "to": [0]},  # a 5 (5s and 2s tie)
        {"type": "chosen", "seat": 0, "timeout": True},
    ]
    assert state.phase == "betting" and state.deadline == expiry + 10_000


def test_a_turn_runs_out_into_a_check_else_a_fold() -> None:
    state = betting(rigged([SIXES, ONES], config={"seconds": 5}))
    start = state.deadline
    assert start is not None and state.turn == 1
    state, events = advance(state, start + GRACE_MS + 1)
    assert events[0] == {"type": "acted", "seat": 1, "action": "check", "paid": 0, "round_bet": 0,
                         "all_in": False, "timeout": True}
    state = act(state, 0, BET, now=start + GRACE_MS + 2)
    state, events = advance(state, start + GRACE_MS + 2 + 5000 + GRACE_MS + 1)
    assert events[0]["action"] == "fold" and events[0]["timeout"]
    assert types(events)[1] == "uncontested" and state.hand == 2


def test_a_long_pause_cascades_the_same_whenever_it_is_caught_up() -> None:
    state = rigged([SIXES, ONES, ONES], config={"seconds": 3})
    late = NOW + 60_000
    all_at_once, _ = advance(state, late)
    step = state
    for now in range(NOW, late + 1, 700):
        step, _ = advance(step, now)
    step, _ = advance(step, late)
    assert all_at_once == step
    assert all_at_once.hand > 1  # whole hands were played by the timer alone


# ---------------------------------------------------------------- text form and replay


def test_text_form_round_trips_through_a_game() -> None:
    state = rigged([SIXES, ONES, ONES], table=(1, 2, 3, 4, 5), config={"seconds": 30})
    for seat, action in [(0, keep(0, 1)), (1, keep(0)), (2, keep(1, 2, 3)), (1, BET),
                         (2, RAISE), (0, FOLD), (1, CALL), (1, CHECK), (2, CHECK)]:
        state = act(state, seat, action)
        assert State.from_text(state.to_text()) == state
    assert state.hand == 2 and state.last_table == (1, 2, 3, 4, 5)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "kp3 20 - 5 0 0 0 waiting - 0 0 - - - - | 20 - - - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 dozing - 0 0 - - - - | 20 - - - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting - 0 0 - - - - | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting - 0 0 - - - - | 20 - x - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting 7 0 0 - - - - | 20 - - - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting - 0 0 - - - - | 20 - h 123 9 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting - 0 0 - - - bored | 20 - - - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 2 0 0 waiting - 0 0 - - - - | 20 - - - - 0 0 - 0 0 | 20 - - - - 0 0 - 0 0",
        "kp2 20 - 5 0 0 0 waiting - 0 0 - - - - | 20 - - - - 0 0 - 0 | 20 - - - - 0 0 - 0 0",
    ],
)
def test_text_form_rejects_malformed(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_text(text)


def test_replay_rebuilds_the_same_state_and_refuses_bad_entries() -> None:
    log = [
        {"kind": "act", "seat": 1, "action": START, "now": NOW},
        {"kind": "act", "seat": 0, "action": keep(0, 1), "now": NOW + 5},
        {"kind": "tick", "now": NOW + 10},
        {"kind": "act", "seat": 1, "action": keep(3), "now": NOW + 20},
    ]
    state = new({"seconds": 30}, 8)
    for entry in log:
        if entry["kind"] == "act":
            state = act(state, entry["seat"], entry["action"], now=entry["now"])
    assert replay({"seconds": 30}, 8, log) == state
    for bad in ([1], [{"kind": "act", "seat": 0}], [{"kind": "nap", "now": 1}]):
        with pytest.raises(ValueError):
            replay({}, 8, bad)  # type: ignore[arg-type]

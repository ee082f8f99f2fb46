"""The uncalled part of a stake at the showdown: a pot only one seat can win holds that
seat's chips above every other live stake (the others are all-in for less). The showdown
event says how much of such a pot goes back (`returned`), so that a screen shows it as
returned, not as a side pot won; chips and state stay as they were (old logs replay alike)."""

from __future__ import annotations

from klubovna.games.kostkovy_poker.pots import Pot, returned, side_pots
from klubovna.games.kostkovy_poker.rules import apply
from tests.games.kostkovy_poker.helpers import BET, FOLD, NOW, keep, play, rigged

SIXES = (6, 6, 6, 1, 2)
FIVES = (5, 5, 5, 1, 2)
FOURS = (4, 4, 4, 1, 2)


def showdown_of(events: list[dict[str, object]]) -> dict[str, object]:
    return next(event for event in events if event["type"] == "showdown")


def test_a_short_all_in_leaves_the_bigger_stake_its_own_chips_back() -> None:
    # Seat 0 is all-in for 3 (ante and two kept dice), seat 1 put in 4 (three kept dice):
    # nobody bets after that, so the hand runs to the showdown at once.
    state = rigged([SIXES, FIVES], table=(1, 2, 3, 2, 3), chips=[2, 19], dealer=1)
    state = play(state, (0, keep(0, 1)))
    state, events = apply(state, 1, keep(0, 1, 2), NOW)
    pots = showdown_of(events)["pots"]
    assert pots == [
        {"amount": 6, "eligible": [0, 1], "winners": [0]},
        {"amount": 1, "eligible": [1], "winners": [1], "returned": 1},
    ]
    # The chips are those of before: seat 1 has its uncalled chip back.
    assert [seat.won for seat in state.seats] == [6, 1]


def test_dead_money_of_a_folded_seat_is_won_and_only_the_own_excess_returned() -> None:
    state = rigged([SIXES, FIVES, FOURS], table=(1, 2, 3, 2, 3), chips=[2, 19, 19], dealer=2)
    state = play(state, (0, keep(0, 1)), (1, keep(0, 1, 2)), (2, keep(0, 1, 2)), (1, BET))
    put_in = [seat.put_in for seat in state.seats]
    state, events = apply(state, 2, FOLD, NOW)
    main, side = showdown_of(events)["pots"]
    assert main == {"amount": 3 * 3, "eligible": [0, 1], "winners": [0]}
    # Seat 1's stake above seat 0's all-in goes back; seat 2's chip above 3 is won.
    assert side["eligible"] == [1] and side["returned"] == put_in[1] - put_in[0]
    assert side["amount"] - side["returned"] == put_in[2] - put_in[0] == 1
    assert [seat.won for seat in state.seats] == [9, side["amount"], 0]


def test_a_contested_pot_returns_nothing() -> None:
    put_in, live = [5, 1, 1], [True] * 3  # different keeping costs, nobody all-in
    (pot,) = side_pots(put_in, live, [False] * 3)
    assert returned(pot, put_in, live) == 0
    assert returned(Pot(4, (0,)), [5, 1, 1], [True, True, True]) == 4

"""The computer players of Kostkový poker: never an illegal action over 10,000 random hands,
and the behaviour the spec asks of Klidný and Chytrý in clear-cut spots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from klubovna.bots.kostkovy_poker import BOTS, CHYTRY, KLIDNY, Bot, Chytry, wants_to_stop
from klubovna.core import Rng
from klubovna.games.kostkovy_poker import ENGINE, State, to_move
from tests.bots.kostkovy_poker import ALWAYS_CALL, ALWAYS_RAISE, RANDOM

from .helpers import BET, CHECK, NOW, RAISE, keep, play, rigged

HANDS = 10_000
QUICK_CHYTRY = Chytry(sims=10, keep_sims=6)
"""Chytrý with a tiny budget: the same decisions code, fast enough for 10,000 hands."""
POOL: list[Bot] = [QUICK_CHYTRY, KLIDNY, ALWAYS_CALL, ALWAYS_RAISE, RANDOM]


def test_bots_never_act_illegally_over_10000_hands() -> None:
    pool_rng = Rng(2024)
    hands = games = 0
    while hands < HANDS:
        seats = 2 + pool_rng.below(5)
        players = [POOL[pool_rng.below(len(POOL))] for _ in range(seats)]
        rngs = [Rng(games * 8 + seat) for seat in range(seats)]
        config = {"seats": seats, "chips": 10 + pool_rng.below(91)}
        state, _ = ENGINE.apply(ENGINE.new(config, games), 0, {"type": "start"}, NOW)
        while not state.over and hands < HANDS:
            hand = state.hand
            while not state.over and state.hand == hand:
                seat = to_move(state)[0]
                action = players[seat].choose(ENGINE.view(state, seat), (), rngs[seat])
                assert action in ENGINE.legal(state, seat), (players[seat], action)
                state, _ = ENGINE.apply(state, seat, action, NOW)
            hands += 1
        games += 1
    assert games > 50  # many tables of every size, most played to the end


def test_the_bots_on_offer() -> None:
    assert BOTS == {"klidny": KLIDNY, "chytry": CHYTRY}


def choice(bot: Bot, state: State, seat: int, seed: int = 1) -> dict[str, Any]:
    return bot.choose(ENGINE.view(state, seat), (), Rng(seed))


# ---------------------------------------------------------------- Klidný


@pytest.mark.parametrize(
    ("rolled", "chips", "kept"),
    [
        ((3, 6, 3, 6, 1), 19, [1, 3]),  # two pairs: the higher
        ((2, 2, 2, 5, 1), 19, [0, 1, 2]),
        ((4, 4, 4, 4, 4), 19, [0, 1, 2, 3]),  # at most four
        ((4, 4, 4, 4, 4), 2, [0, 1]),  # only what it can pay for
        ((1, 2, 3, 4, 5), 19, [4]),  # all different: the highest
    ],
)
def test_klidny_keeps_its_largest_group(
    rolled: tuple[int, ...], chips: int, kept: list[int]
) -> None:
    state = rigged([rolled, (1, 2, 3, 4, 5)], chips=[chips, 19])
    assert choice(KLIDNY, state, 0) == keep(*kept)


def test_klidny_bets_only_with_a_made_combination() -> None:
    made = rigged([(5, 5, 1, 2, 3), (6, 6, 6, 1, 2)], table=(5, 2, 3, 4, 1))
    made = play(made, (0, keep(0, 1)), (1, keep(0, 1, 2)))
    assert made.turn == 1 and choice(KLIDNY, made, 1) == BET  # three 6s in hand
    made = play(made, (1, BET))
    # Seat 0 holds 5, 5 with 5, 2 on the table: three 5s, so it raises.
    assert choice(KLIDNY, made, 0) == RAISE
    weak = rigged([(1, 2, 3, 4, 6), (6, 6, 6, 1, 2)], table=(5, 2, 3, 4, 1))
    weak = play(weak, (0, keep(4)), (1, keep(0, 1, 2)))
    weak = play(weak, (1, BET))
    assert choice(KLIDNY, weak, 0) == {"type": "fold"}  # nothing made, the call is not free
    weak = play(rigged([(1, 2, 3, 4, 6), (6, 1, 2, 3, 4)]), (0, keep(4)), (1, keep(0)))
    assert choice(KLIDNY, weak, 1) == CHECK  # nothing made, but checking is free


# ---------------------------------------------------------------- Chytrý


def test_chytry_keeps_a_triple_of_ones() -> None:
    state = rigged([(1, 1, 1, 3, 5), (2, 3, 4, 5, 6)])
    kept = choice(CHYTRY, state, 0)["dice"]
    assert [i for i in kept if i < 3] == [0, 1, 2]


def test_chytry_raises_a_sure_winner_and_folds_a_sure_loser() -> None:
    # Seat 1 keeps four 6s and sees two more on the table: six of a kind, 5000.
    state = rigged([(2, 3, 4, 5, 1), (6, 6, 6, 6, 1)], table=(6, 6, 1, 2, 3))
    state = play(state, (0, keep(0)), (1, keep(0, 1, 2, 3)))
    assert state.turn == 1 and choice(CHYTRY, state, 1) == BET
    state = play(state, (1, BET), (0, RAISE))
    assert choice(CHYTRY, state, 1) == RAISE
    # After the last table dice a kept 2 against a bet and a raise from four kept dice:
    # seat 0 holds 2 + 1, 1, 2, 3 (nothing, 9 pips) and cannot beat much.
    state = rigged([(2, 3, 4, 5, 1), (6, 6, 6, 6, 1), (5, 5, 5, 5, 2)], table=(1, 1, 2, 3, 4))
    state = play(state, (0, keep(0)), (1, keep(0, 1, 2, 3)), (2, keep(0, 1, 2, 3)))
    state = play(state, (1, CHECK), (2, CHECK), (0, CHECK))
    assert len(state.table) == 5
    state = play(state, (1, BET), (2, RAISE))
    assert state.turn == 0 and choice(CHYTRY, state, 0) == {"type": "fold"}


def test_chytry_decides_from_the_view_alone() -> None:
    state = play(rigged([(2, 3, 4, 5, 1), (6, 6, 6, 1, 2)]), (0, keep(0)), (1, keep(0, 1, 2)))
    other = replace(state, seats=(replace(state.seats[0], rolled=(5, 5, 5, 5, 5)),
                                  state.seats[1]), rng=12345)
    assert ENGINE.view(other, 1) == ENGINE.view(state, 1)
    assert [choice(CHYTRY, state, 1, seed) for seed in range(5)] == [
        choice(CHYTRY, other, 1, seed) for seed in range(5)
    ]


def test_computer_players_agree_to_stop_when_someone_else_does() -> None:
    state = rigged([(1, 2, 3, 4, 5)] * 3)
    assert not wants_to_stop(ENGINE.view(state, 1))
    state = play(state, (0, {"type": "stop", "agree": True}))
    assert wants_to_stop(ENGINE.view(state, 1)) and not wants_to_stop(ENGINE.view(state, 0))

"""Side pots and split pots as chip arithmetic (the engine's use of them is in test_rules)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klubovna.games.kostkovy_poker import Pot, side_pots, split

T, F = True, False


@pytest.mark.parametrize(
    ("put_in", "live", "all_in", "pots"),
    [
        # Everyone matched: one main pot.
        ([7, 7], [T, T], [F, F], [Pot(14, (0, 1))]),
        # A folded player's chips stay in the pot for the others.
        ([7, 3, 7], [T, F, T], [F, F, F], [Pot(17, (0, 2))]),
        # Different keeping costs and nobody all-in: still one pot for everybody.
        ([5, 1, 3], [T, T, T], [F, F, F], [Pot(9, (0, 1, 2))]),
        # One short all-in: a main pot for all, a side pot without them.
        ([3, 9, 9], [T, T, T], [T, F, F], [Pot(9, (0, 1, 2)), Pot(12, (1, 2))]),
        # Two all-ins of different sizes: main pot, first and second side pot.
        ([2, 5, 11, 11], [T] * 4, [T, T, F, F],
         [Pot(8, (0, 1, 2, 3)), Pot(9, (1, 2, 3)), Pot(12, (2, 3))]),
        # Two all-ins of the same size share one main pot.
        ([4, 4, 10, 10], [T] * 4, [T, T, F, F], [Pot(16, (0, 1, 2, 3)), Pot(12, (2, 3))]),
        # An all-in player who paid more (kept four dice) than a player still betting
        # can lose all of it to them: the other player is not limited.
        ([5, 1], [T, T], [T, F], [Pot(6, (0, 1))]),
        # Everyone all-in at different stakes: the biggest stake's excess goes back to it.
        ([3, 7], [T, T], [T, T], [Pot(6, (0, 1)), Pot(4, (1,))]),
        # A folded player paid more (keeping four dice) than the all-in live ones: dead money
        # joins the pot below it.
        ([5, 3, 3], [F, T, T], [F, T, T], [Pot(11, (1, 2))]),
        # A folded player between two stakes.
        ([2, 6, 4, 9], [T, T, F, T], [T, F, F, F], [Pot(8, (0, 1, 3)), Pot(13, (1, 3))]),
        # Seats out of the hand put in nothing.
        ([0, 5, 0, 5], [F, T, F, T], [F, F, F, F], [Pot(10, (1, 3))]),
    ],
)
def test_side_pot_shapes(
    put_in: list[int], live: list[bool], all_in: list[bool], pots: list[Pot]
) -> None:
    assert side_pots(put_in, live, all_in) == pots


def test_split_evenly_and_odd_chips_from_the_dealers_left() -> None:
    assert split(10, [0, 1], order=[1, 0]) == {1: 5, 0: 5}
    assert split(11, [0, 1], order=[1, 0]) == {1: 6, 0: 5}  # seat 1 sits left of dealer 0
    assert split(11, [0, 1], order=[0, 1]) == {0: 6, 1: 5}
    # Three ways with two odd chips: the first two tied players from the dealer's left.
    assert split(20, [0, 2, 4], order=[3, 4, 5, 0, 1, 2]) == {4: 7, 0: 7, 2: 6}
    assert split(5, [3], order=[0, 1, 2, 3]) == {3: 5}


seats = st.lists(
    st.tuples(st.integers(0, 40), st.booleans(), st.booleans()), min_size=2, max_size=6
).filter(lambda seats: any(live and paid for paid, live, _ in seats))


@given(seats)
def test_side_pots_hold_every_chip_once_and_limit_all_in_players(
    seats: list[tuple[int, bool, bool]],
) -> None:
    put_in = [paid for paid, _, _ in seats]
    live = [alive and paid > 0 for paid, alive, _ in seats]
    all_in = [short and alive for (_, _, short), alive in zip(seats, live, strict=True)]
    pots = side_pots(put_in, live, all_in)
    assert sum(pot.amount for pot in pots) == sum(put_in)
    for pot in pots:
        assert pot.amount > 0 and pot.eligible and all(live[i] for i in pot.eligible)
    betting = [i for i in range(len(seats)) if live[i] and not all_in[i]]
    for i, paid in enumerate(put_in):
        if live[i] and not all_in[i]:
            assert all(i in pot.eligible for pot in pots)
        elif live[i]:
            winnable = sum(pot.amount for pot in pots if i in pot.eligible)
            limit = sum(min(paid, other) for other in put_in)
            top = max(p for p, alive in zip(put_in, live, strict=True) if alive)
            if not betting and paid == top:  # dead money above every live stake joins it
                limit += sum(max(0, p - top) for p in put_in)
            assert winnable <= limit

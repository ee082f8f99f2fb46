"""The pot of a Kostkový poker hand split into side pots, and a pot shared among tied winners.
Only chip arithmetic belongs here; who won by the dice is decided in rules.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """A main or side pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(put_in: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots, smallest first, from what each seat put in this hand.

    A seat that has not folded (`live`) may win every pot, except that a seat that is all-in
    wins from each other seat at most what it put in itself: every all-in stake is a level,
    and the chips up to each level make one pot. Levels with the same eligible seats merge.
    Different keeping costs make stakes differ without anyone being all-in; those chips are
    simply in the pot. Chips above every stake a live seat can win (a folded player kept four
    dice, the live ones are all-in for less) are dead money and join the pot below.

    >>> side_pots([5, 5, 5], [True] * 3, [False] * 3)
    [Pot(amount=15, eligible=(0, 1, 2))]
    >>> side_pots([3, 9, 9], [True] * 3, [True, False, False])  # seat 0 is all-in for 3
    [Pot(amount=9, eligible=(0, 1, 2)), Pot(amount=12, eligible=(1, 2))]
    >>> side_pots([5, 1, 1], [True] * 3, [False] * 3)  # seat 0 kept four dice: no side pot
    [Pot(amount=7, eligible=(0, 1, 2))]
    """
    if not len(put_in) == len(live) == len(all_in) or any(p < 0 for p in put_in):
        raise ValueError("one non-negative stake per seat")
    stakes = {p for p, alive, short in zip(put_in, live, all_in, strict=True) if alive and short}
    pots: list[Pot] = []
    below = 0
    for level in sorted(stakes | {max(put_in)}):
        amount = sum(min(p, level) - min(p, below) for p in put_in)
        eligible = tuple(
            i for i, p in enumerate(put_in) if live[i] and (not all_in[i] or p >= level)
        )
        if pots and (not eligible or eligible == pots[-1].eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif eligible:
            pots.append(Pot(amount, eligible))
        else:
            raise ValueError("a pot needs a seat that has not folded")
        below = level
    return pots


def returned(pot: Pot, put_in: Sequence[int], live: Sequence[bool]) -> int:
    """The chips of `pot` that go back to its only eligible seat: its own stake above every
    other live seat's (those players are all-in for less, nobody can win these chips). Dead
    money of folded seats in the same pot is won, not returned. 0 for a pot two may win.

    >>> put_in, live = [3, 9, 9], [True, True, False]  # seat 0 all-in for 3, seat 2 folded
    >>> [returned(pot, put_in, live) for pot in side_pots(put_in, live, [True, False, False])]
    [0, 6]
    """
    if len(pot.eligible) != 1:
        return 0
    (seat,) = pot.eligible
    others = [p for i, p in enumerate(put_in) if live[i] and i != seat]
    return max(0, min(pot.amount, put_in[seat] - max(others, default=0)))


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Share `amount` equally among `winners`; the chips left over go one each to the winners
    that come first in `order` (the seats from the dealer's left).

    >>> split(7, [4, 1], order=[2, 3, 4, 0, 1])
    {4: 4, 1: 3}
    """
    if not winners:
        raise ValueError("a pot needs a winner")
    share, odd = divmod(amount, len(winners))
    first = sorted(winners, key=order.index)
    return {seat: share + (rank < odd) for rank, seat in enumerate(first)}

"""What a Kostkový poker seat knows, read from its view (the very view a human gets), and the
actions built from it. Nothing here may look at a State: bots see views only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from klubovna.core import Json, View
from klubovna.games.kostkovy_poker import TRIPLES, hand_value

Action = dict[str, Json]
TABLE_DICE = 5


class Opponent(NamedTuple):
    """Another player still able to win this hand."""

    seat: int
    kept: int | None
    """How many dice it kept; None while the keeping is still secret."""
    bets: int
    """Chips it has bet (or called) in the betting rounds of this hand."""
    all_in: bool


class Seen(NamedTuple):
    """The facts a decision needs, taken from one seat's view."""

    seat: int
    actions: tuple[str, ...]
    dice: tuple[int, ...]
    """My five rolled dice."""
    kept: tuple[int, ...]
    """The values of my kept dice (empty while I am choosing)."""
    keep_max: int | None
    table: tuple[int, ...]
    opponents: tuple[Opponent, ...]
    """The other players still in the hand who have not folded."""
    pot: int
    to_call: int
    bet_size: int | None
    chips: int


def read(view: View) -> Seen:
    """The facts of `view` a bot decides on."""
    seat = int(view["seat"])
    players: Sequence[Mapping[str, Json]] = view["players"]
    dice = tuple(int(d) for d in view["dice"])
    kept_indexes: Sequence[int] = view["kept"] or ()
    opponents = tuple(
        Opponent(int(p["seat"]), p["kept"], int(p["bets"]), bool(p["all_in"]))
        for p in players
        if p["seat"] != seat and p["in_hand"] and not p["folded"]
    )
    return Seen(
        seat=seat,
        actions=tuple(view["actions"]),
        dice=dice,
        kept=tuple(dice[i] for i in kept_indexes),
        keep_max=view["keep_max"],
        table=tuple(view["table"]),
        opponents=opponents,
        pot=int(view["pot"]),
        to_call=int(view["to_call"]),
        bet_size=view["bet_size"],
        chips=int(players[seat]["chips"]),
    )


def largest_group(dice: Sequence[int], most: int) -> tuple[int, ...]:
    """Indexes of the largest group of equal dice (ties: the higher face), at most `most`.

    >>> largest_group([3, 6, 3, 6, 1], most=4), largest_group([2, 2, 2, 2, 2], most=4)
    ((1, 3), (0, 1, 2, 3))
    """
    face = max(set(dice), key=lambda f: (dice.count(f), f))
    return tuple(i for i, d in enumerate(dice) if d == face)[:most]


def made_value(kept: Sequence[int], table: Sequence[int]) -> int:
    """What my hand is worth so far: the showdown value once all five table dice show;
    before that, the best triple among my kept dice and the table dice (a made combination).

    >>> made_value([4, 4], [4, 1]), made_value([4, 2], [4, 1]), made_value([2, 2], [1, 2, 1, 1, 2])
    (400, 0, 1200)
    """
    if len(table) == TABLE_DICE:
        return hand_value(kept, table)[0]
    dice = [*kept, *table]
    return max((TRIPLES[face] for face in set(dice) if dice.count(face) >= 3), default=0)


def keep(indexes: Sequence[int]) -> Action:
    return {"type": "keep", "dice": sorted(indexes)}


def first_of(seen: Seen, *kinds: str) -> Action:
    """The first of `kinds` (in order of preference) that this seat may send now."""
    for kind in kinds:
        if kind in seen.actions:
            return {"type": kind}
    raise ValueError(f"none of {kinds} is allowed now: {seen.actions}")

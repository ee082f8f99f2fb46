"""Lehká (easy): lays whole sets from its rack only, never touching the table's sets."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, Rng, View

from .common import Action, no_play, play, rack_sets, shared_move


class Lehka:
    """The initial meld as soon as it has one, then the most tiles in new sets from its rack.

    >>> from klubovna.games.zoliky_s_kameny import ENGINE
    >>> s, _ = ENGINE.apply(ENGINE.new({}, seed=2), 0, {"type": "start"}, now=0)
    >>> action = LEHKA.choose(ENGINE.view(s, 0), [], Rng(0))
    >>> action["type"], action["table"]  # its initial meld: 7-10 and a group of 13s
    ('play', [[[0, 7], [0, 8], [0, 9], [0, 10]], [[2, 13], [3, 13], 'J']])
    """

    name = "lehka"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if (move := shared_move(view)) is not None:
            return move
        sets = rack_sets(view["rack"])
        return play([*view["table"], *sets]) if sets else no_play(view)


LEHKA = Lehka()

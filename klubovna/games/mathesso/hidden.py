"""What no seat of Mathesso may know: the coloured side of every card on the table that has
never been turned over in front of everyone. The contract suite (tests/contract) checks
that every view is the same whatever those are."""

from __future__ import annotations

from dataclasses import replace

from klubovna.core import Rng

from .state import State


def hidden_variants(state: State, seat: int, seed: int) -> list[State]:
    """`state` with the never-seen cards on the table dealt anew among the places whose
    black side is the same (the black side is face up: it is public), `seed` choosing how;
    [] when there is nothing to deal anew.

    >>> from klubovna.games.mathesso import ENGINE
    >>> state = ENGINE.new({"variant": "atto"}, 5)
    >>> [other] = hidden_variants(state, 0, 1)
    >>> other.layout != state.layout, sorted(other.layout) == sorted(state.layout)
    (True, True)
    """
    taken = state.taken()
    cards = state.cards
    groups: dict[str, list[int]] = {}
    for place, card in enumerate(state.layout):
        if place not in taken and place not in state.seen:
            groups.setdefault(cards[card].black, []).append(place)
    layout = list(state.layout)
    rng = Rng(seed)
    for places in groups.values():
        dealt = [layout[p] for p in places]
        rng.shuffle(dealt)
        for place, card in zip(places, dealt, strict=True):
            layout[place] = card
    if tuple(layout) == state.layout:  # the shuffles left every card where it lay
        movable = [places for places in groups.values() if len(places) > 1]
        if not movable:
            return []
        places = movable[0]
        dealt = [layout[p] for p in places]
        for place, card in zip(places, dealt[1:] + dealt[:1], strict=True):
            layout[place] = card
    return [replace(state, layout=tuple(layout))]

"""What a seat of Matematický poker may not know: the order of the cards nobody has drawn.

Every seat sees the cards dealt to it (and, in a duel or group, the shared cards drawn so
far); the rest of the deck is the future. The contract suite (tests/contract) checks that
a seat's view is the same whatever that order is.
"""

from __future__ import annotations

from dataclasses import replace

from klubovna.core import Rng

from .state import State


def hidden_variants(state: State, seat: int, seed: int) -> list[State]:
    """`state` with the undrawn cards in another order (`seed` shuffles them); [] when the
    order cannot differ (no two different cards are left).

    >>> from klubovna.games.matematicky_poker import ENGINE
    >>> state = ENGINE.new({}, 3)
    >>> [other] = hidden_variants(state, 0, 1)
    >>> other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    True
    """
    dealt = max([state.drawn] + [player.position for player in state.players])
    rest = list(state.deck[dealt:])
    if len(set(rest)) < 2:
        return []
    shuffled = rest.copy()
    Rng(seed).shuffle(shuffled)
    if shuffled == rest:  # the shuffle kept the order: turn it by one card instead
        shuffled = rest[1:] + rest[:1]
    return [replace(state, deck=state.deck[:dealt] + tuple(shuffled))]

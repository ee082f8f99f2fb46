"""What a seat of Locus Poker may not know: nothing. Every card of the grid lies face up,
every chip is public, and the unused rest of the deck is kept in no state at all."""

from __future__ import annotations

from .state import State


def hidden_variants(state: State, seat: int, seed: int) -> list[State]:
    """No variants: the seat knows the whole state.

    >>> from klubovna.games.locus_poker import ENGINE
    >>> hidden_variants(ENGINE.new({}, 5), 0, 1)
    []
    """
    return []

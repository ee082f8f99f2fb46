"""Boards made to order for Locus Poker's rule tests: the cards a test names where it names
them, the rest of the grid filled from the unused deck (never where the test looks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from klubovna.games.locus_poker import ENGINE, State
from klubovna.games.locus_poker.cards import DECK, card_from_text
from klubovna.games.locus_poker.grid import dimensions

NOW = 1_700_000_000_000


def board(cards: Mapping[int, str], grid: str = "6x5", starter: int = 0) -> State:
    """A started game on `grid` with `cards` ({cell: "A3"}) where named, seat `starter` to
    move first."""
    cols, rows = dimensions(grid)
    named = {cell: card_from_text(text) for cell, text in cards.items()}
    spare = iter(c for c in DECK if c not in named.values())
    deal = tuple(named[cell] if cell in named else next(spare) for cell in range(cols * rows))
    return State(grid=grid, round=1, starter=starter, cards=deal, started=True)


def play(state: State, *moves: tuple[int, str]) -> State:
    """`state` after the seats to move place chips on (cell, "up" | "down"), in turn."""
    for cell, face in moves:
        state, _ = ENGINE.apply(state, state.turn, {"type": "play", "cell": cell, "face": face},
                                NOW)
    return state


def last_score(state: State) -> tuple[int, int]:
    move = state.moves[-1]
    return move.hand, move.bonus


def cells_of(state: State) -> Sequence[int]:
    return ENGINE.view(state, 0)["last"]["cells"]

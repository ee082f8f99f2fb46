"""The functions Matematický poker offers the browser's engine worker (the helper pages):
a board's points and a game's shuffled deck. Typed with the wire's shapes, from which the
web build makes their TypeScript signatures (web/build/wire_types.py); klubovna.tables.browser
calls no other. (Its coach's are in klubovna/bots/matematicky_poker/browser.py.)"""

from __future__ import annotations

from klubovna.core.wire import Browser

from . import scoring, state
from .wire import ScoringTable


def score_board(cells: list[int | None], table: ScoringTable) -> tuple[list[int], int]:
    """Each of the twelve lines' points and the total of a board (scoring.score_board)."""
    return scoring.score_board(cells, table)


def shuffled_deck(seed: int) -> list[int]:
    """The 54-card deck (0 = joker, 1..13 numbers) shuffled by the engine's generator."""
    return list(state.shuffled_deck(seed))


BROWSER: Browser = {"score_board": score_board, "shuffled_deck": shuffled_deck}

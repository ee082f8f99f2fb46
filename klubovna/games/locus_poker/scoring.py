"""What one move scores: the hand of its scoring area (the face-up cards among the chosen
card and its neighbours, the chosen card wild when played face down) and the bonus of the
player's own chips on face-up cards around it. The view's preview and the rules both ask
here, so the browser never scores a move itself."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .grid import areas
from .hands import NAMES, best_hand, points
from .state import Chip


def area_cells(cols: int, rows: int, chips: Sequence[Chip | None], cell: int,
               down: bool) -> list[int]:
    """The cells whose cards count for a move on `cell`: the chosen one unless it is played
    face down (it is then the wild card), and every neighbour not played face down."""
    near = [n for n, _ in areas(cols, rows)[cell] if (chip := chips[n]) is None or not chip.down]
    return near if down else [cell, *near]


def bonus(cols: int, rows: int, chips: Sequence[Chip | None], seat: int, cell: int) -> int:
    """2 for each of `seat`'s chips on a face-up card orthogonally next to `cell`, 1 for
    each diagonally next to it (0 to 12)."""
    total = 0
    for n, weight in areas(cols, rows)[cell]:
        chip = chips[n]
        if chip is not None and chip.seat == seat and not chip.down:
            total += weight
    return total


def score(cols: int, rows: int, cards: Sequence[Card], chips: Sequence[Chip | None],
          seat: int, cell: int, down: bool) -> tuple[int, int]:
    """The hand and the bonus `seat` scores by placing a chip on free `cell`."""
    used = area_cells(cols, rows, chips, cell, down)
    return (points([cards[c] for c in used], int(down)),
            bonus(cols, rows, chips, seat, cell))


def hand_cells(cols: int, rows: int, cards: Sequence[Card], chips: Sequence[Chip | None],
               cell: int, down: bool) -> tuple[int, str | None, list[int]]:
    """A move's hand: its points, its name (hands.NAMES) and the cells whose cards make it,
    the chosen cell among them when its wild card is used. `chips` as before the move."""
    used = area_cells(cols, rows, chips, cell, down)
    hand, chosen, wild = best_hand([cards[c] for c in used], int(down))
    cells = sorted([used[i] for i in chosen] + ([cell] if wild else []))
    return hand, NAMES[hand], cells

"""The computer player's cell choice (klubovna.bots.matematicky_poker.place)."""

from __future__ import annotations

import pytest

from klubovna.bots.matematicky_poker import place, use_joker
from klubovna.bots.matematicky_poker.symmetry import representatives, symmetries
from klubovna.core import Rng
from klubovna.games.matematicky_poker.scoring import LINES, TABLES, score_board

FULL = [v for v in range(1, 14) for _ in range(4)]


def _position(seed: int, filled: int) -> tuple[list[int | None], int, list[int]]:
    """A random board with `filled` numbers, the card in hand and what is still unseen."""
    rng = Rng(seed)
    deck = list(FULL)
    rng.shuffle(deck)
    cells = list(range(25))
    rng.shuffle(cells)
    board: list[int | None] = [None] * 25
    for cell, value in zip(cells[:filled], deck, strict=False):
        board[cell] = value
    return board, deck[filled], deck[filled + 1 :]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_an_empty_cell_for_random_positions(table: str) -> None:
    for seed in range(5):
        board, card, unseen = _position(seed, filled=10 + 3 * seed)
        cell = place(board, card, table, unseen, samples=1)
        assert 0 <= cell < 25 and board[cell] is None


def test_the_last_empty_cell() -> None:
    board, card, unseen = _position(3, filled=24)
    assert place(board, card, "school", unseen, samples=1) == board.index(None)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_four_of_a_kind_waiting_is_completed(table: str) -> None:
    # Row 2 holds 9, 9, _, 9, 2: the 9 in hand makes four of a kind (adjacent too) on every
    # table; elsewhere a few scattered numbers that no 9 helps.
    board: list[int | None] = [None] * 25
    board[10:15] = [9, 9, None, 9, 2]
    for cell, value in ((0, 2), (4, 5), (20, 11), (24, 6), (7, 3)):
        board[cell] = value
    unseen = list(FULL)
    for value in (9, 9, 9, 9, 2, 2, 5, 11, 6, 3):
        unseen.remove(value)
    assert place(board, 9, table, unseen, samples=4) == 12


def test_a_fixed_sample_count_is_deterministic() -> None:
    for seed in range(2):
        board, card, unseen = _position(100 + seed, filled=14)
        chosen = {place(board, card, "adjacent", unseen, samples=3) for _ in range(2)}
        assert len(chosen) == 1
        assert place(board, card, "adjacent", unseen, samples=3, rng=Rng(5)) == place(
            board, card, "adjacent", unseen, samples=3, rng=Rng(5)
        )


def test_a_fixed_sample_count_ignores_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `samples`, neither a tiny nor a huge budget nor a clock that jumps a minute on
    every reading changes the choice."""
    import klubovna.bots.matematicky_poker.search as search

    positions = [_position(200 + seed, filled=9 + 4 * seed) for seed in range(3)]
    plain = [place(b, c, "matematico", u, 1.0, samples=3) for b, c, u in positions]
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    jumping = [place(b, c, "matematico", u, 10**6, samples=3) for b, c, u in positions]
    assert jumping == plain


def test_a_budget_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The anytime loop stops once the clock passes the budget: a clock that jumps a minute
    on each reading allows the first round only (the clock comes with the search's Ideas, so
    the test hands one in rather than patching time, which the default already holds)."""
    import klubovna.bots.matematicky_poker.search as search

    board, card, unseen = _position(7, filled=10)
    rounds: list[int] = []
    sample = search._sample
    monkeypatch.setattr(search, "_sample", lambda *a: rounds.append(1) or sample(*a))
    ticks = iter(range(0, 10**9, 60))
    ideas = search.Ideas(clock=lambda: float(next(ticks)))
    cell = search.choose(board, card, "adjacent", unseen, 100, None, Rng(1), ideas)
    assert board[cell] is None and len(rounds) == 1


@pytest.mark.parametrize("ordered", [True, False])
def test_symmetries_keep_every_score(ordered: bool) -> None:
    tables = ["adjacent"] if ordered else ["school", "matematico"]
    board, _, _ = _position(11, filled=25)
    for perm in symmetries(ordered):
        moved: list[int | None] = [None] * 25
        for old, new in enumerate(perm):
            moved[new] = board[old]
        for table in tables:
            assert score_board(moved, table)[1] == score_board(board, table)[1]
        assert {frozenset(perm[i] for i in line) for line in LINES} == {
            frozenset(line) for line in LINES
        }


def test_symmetry_classes_of_the_empty_board() -> None:
    assert representatives([None] * 25, ordered=True) == [0, 1, 2, 6, 7, 12]
    assert representatives([None] * 25, ordered=False) == [0, 1, 2, 12]


def test_a_joker_completes_four_of_a_kind() -> None:
    board: list[int | None] = [None] * 25
    board[0:5] = [4, 4, None, 4, 7]
    unseen = [v for v in FULL if v != 4][:40]
    assert use_joker(board, "school", unseen) == (2, 4)

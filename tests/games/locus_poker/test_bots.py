"""Locus Poker's computer players: the search board scores every move as the engine does,
the search's exact end equals a plain minimax, every player's move is legal (short games
and random positions: cheap), and a player's move depends only on the view and its
generator."""

from __future__ import annotations

import pytest

from klubovna.bots.locus_poker import BOTS, OPPONENTS, Plan
from klubovna.bots.locus_poker.board import Board, action
from klubovna.bots.locus_poker.search import Search
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE, State
from tests.bots.locus_poker import RANDOM, play_game

NOW = 0


def position(seed: int, played: int, grid: str = "6x5") -> State:
    """A started game after `played` random moves."""
    state, _ = ENGINE.apply(ENGINE.new({"grid": grid}, seed), 0, {"type": "start"}, NOW)
    rng = Rng(seed)
    for _ in range(played):
        state, _ = ENGINE.apply(state, state.turn,
                                RANDOM.choose(ENGINE.view(state, state.turn), (), rng), NOW)
    return state


def test_the_opponents_are_the_bots_weakest_first() -> None:
    assert [row[0] for row in OPPONENTS] == list(BOTS)
    assert len(BOTS) == 7
    assert all(name and cs and en for _, name, cs, en in OPPONENTS)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_board_scores_every_move_as_the_engine(seed: int) -> None:
    state = position(seed, 14)
    for seat in (0, 1):
        view = ENGINE.view(state, seat)
        board = Board(view)
        assert board.totals == state.totals()
        for score, cell, up in board.moves(seat):
            shown = view["preview"][cell]["up" if up else "down"]
            assert score == shown["score"]
    # after playing and taking back, the board is as it was
    board = Board(ENGINE.view(state, state.turn))
    before = board.moves(board.side), board.hash, list(board.totals)
    for move in board.moves(board.side)[:5]:
        board.play(move)
        after = ENGINE.apply(state, state.turn, action(move), NOW)[0]
        assert board.moves(board.side) == Board(ENGINE.view(after, after.turn)).moves(
            board.side)
        board.undo(move)
    assert (board.moves(board.side), board.hash, board.totals) == before


def minimax(board: Board) -> int:
    """What the side to move gains over the other from here on, every move tried."""
    best = None
    for move in board.moves(board.side):
        board.play(move)
        value = move[0] - minimax(board)
        board.undo(move)
        best = value if best is None or value > best else best
    return 0 if best is None else best


@pytest.mark.parametrize("seed", [4, 5])
def test_the_exact_end_is_minimax(seed: int) -> None:
    state = position(seed, 25)  # five cards left
    board = Board(ENGINE.view(state, state.turn))
    expected = minimax(board)
    search = Search(board, Plan(nodes=10**6, width=4, solve=5))
    move, value = search.best(board.moves(board.side))
    assert value == expected
    board.play(move)
    assert move[0] - minimax(board) == expected


@pytest.mark.parametrize("name", list(BOTS)[:5])
def test_the_quick_players_play_whole_games_legally(name: str) -> None:
    bot = BOTS[name]
    for seats in ((bot, RANDOM), (RANDOM, bot)):
        state = play_game(seats, 21, {"grid": "6x5"})  # the engine refuses illegal moves
        assert state.over and len(state.moves) == 30


@pytest.mark.parametrize("name", list(BOTS))
def test_every_player_moves_legally_and_alike_for_the_same_generator(name: str) -> None:
    bot = BOTS[name]
    for seed, played in ((7, 22), (8, 27)):
        state = position(seed, played)
        view = ENGINE.view(state, state.turn)
        chosen = bot.choose(view, (), Rng(seed))
        assert chosen in ENGINE.legal(state, state.turn)
        assert bot.choose(view, (), Rng(seed)) == chosen


@pytest.mark.parametrize("name", ["libuse", "mistr"])
def test_the_searchers_play_the_end_perfectly(name: str) -> None:
    state = position(9, 26)  # four cards left: within both searchers' exact end
    view = ENGINE.view(state, state.turn)
    board = Board(view)
    best = minimax(board)
    chosen = BOTS[name].choose(view, (), Rng(1))
    move = next(m for m in board.moves(board.side) if action(m) == chosen)
    board.play(move)
    assert move[0] - minimax(board) == best

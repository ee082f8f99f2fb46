"""The seven computer players of Locus Poker, weakest first: the beginner who grabs the
biggest score but often slips, the greedy one, the one who weighs the reply it leaves, and
four searchers, each looking further ahead with a bigger budget (search.py). Each chooses
from its seat's view alone (there is nothing hidden), its generator breaking ties only."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, Json, Rng, View

from .board import Board, Move, action
from .search import Plan, Search

Action = dict[str, Json]


def _shuffled_best_first(moves: list[Move], rng: Rng) -> list[Move]:
    """`moves` best-scoring first, equal scores in an order the generator draws."""
    rng.shuffle(moves)
    moves.sort(key=lambda m: -m[0])
    return moves


class Beginner:
    """Takes the biggest score at once, but about one move in `slips` is any legal move
    at all (its generator's choice)."""

    def __init__(self, name: str, slips: int) -> None:
        self.name = name
        self.slips = slips

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if "play" not in view["actions"]:
            return {"type": "start"}
        board = Board(view)
        moves = board.moves(board.side)
        if rng.below(self.slips) == 0:
            return action(moves[rng.below(len(moves))])
        return action(_shuffled_best_first(moves, rng)[0])


class Greedy:
    """Takes the biggest score at once (the one-move lookahead)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if "play" not in view["actions"]:
            return {"type": "start"}
        board = Board(view)
        return action(_shuffled_best_first(board.moves(board.side), rng)[0])


class Searcher:
    """Searches ahead by its plan (search.py): its move, the reply, and on."""

    def __init__(self, name: str, plan: Plan) -> None:
        self.name = name
        self.plan = plan

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if "play" not in view["actions"]:
            return {"type": "start"}
        return action(self.think(view, rng)[0])

    def think(self, view: View, rng: Rng) -> tuple[Move, Search]:
        """The move and the search that found it (the benchmark reads its figures)."""
        board = Board(view)
        order = _shuffled_best_first(board.moves(board.side), rng)
        search = Search(board, self.plan)
        move, _ = search.best(order)
        return move, search

"""The searching players' engine: negamax with alpha-beta on the difference of what the two
players will still score, iterative deepening within a node budget, a transposition table,
a beam (the best-scoring moves only) away from the end, and the whole rest of the game
solved exactly once few cards are left.

Budgets count nodes, not time, so a player's move is the same on every machine (and its
generator decides only ties); `seconds` is a guard for a slow machine, never reached on a
normal one (docs/decisions/0120-lp-computer-players.md).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .board import Board, Move

EXACT, LOWER, UPPER = 0, 1, 2
INF = 10**9


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Plan:
    """How a searching player thinks."""

    nodes: int
    """Nodes it may visit for one move (iterative deepening stops when they run out)."""
    width: int
    """Moves tried at each inner node before the end (the best-scoring first)."""
    solve: int
    """With this many free cards or fewer it searches to the end, every move."""
    max_depth: int = 64
    potential: float = 0.0
    """At the horizon: this times the difference of the two players' bonuses on the free
    cells (chips that will pay later)."""
    other: float | None = None
    """The potential's weight for the other player's bonuses (None: `potential`)."""
    tempo: float = 0.0
    """At the horizon: this times the best score the side to move could take at once."""
    ranked: bool = False
    """The beam keeps the moves best by score plus their change to the potential (the
    one-ply player's choices, blocking moves among them) rather than by score alone."""
    seconds: float = 5.0


class Search:
    """One move's search on a board (a fresh one per move: the bot objects are shared)."""

    def __init__(self, board: Board, plan: Plan) -> None:
        self.board = board
        self.plan = plan
        self.nodes = 0
        self.table: dict[int, tuple[int, float, int, Move | None]] = {}
        self.deadline = 0.0
        self.depth_done = 0

    def best(self, order: list[Move]) -> tuple[Move, float]:
        """The best root move (of `order`, the root's moves in the order to try them) and
        its value: the deepest search finished within the budget decides."""
        board, plan = self.board, self.plan
        self.deadline = time.perf_counter() + plan.seconds
        limit = board.free if board.free <= plan.solve else min(plan.max_depth, board.free)
        best, value = order[0], float(order[0][0])
        for depth in range(1, limit + 1):
            try:
                best, value = self._root(order, depth)
            except _OutOfBudget:
                break
            self.depth_done = depth
            order = [best, *[m for m in order if m != best]]
        return best, value

    def _root(self, order: list[Move], depth: int) -> tuple[Move, float]:
        board = self.board
        alpha: float = -INF
        best = order[0]
        for move in order:
            board.play(move)
            try:
                value = move[0] - self._negamax(depth - 1, move[0] - INF, move[0] - alpha)
            finally:
                board.undo(move)
            if value > alpha:
                alpha, best = value, move
        return best, alpha

    def _negamax(self, depth: int, alpha: float, beta: float) -> float:
        board, plan = self.board, self.plan
        self.nodes += 1
        if self.nodes > plan.nodes or (self.nodes & 1023 == 0
                                       and time.perf_counter() > self.deadline):
            raise _OutOfBudget
        if board.free == 0:
            return 0.0
        if depth <= 0:
            return self._horizon()
        key = board.hash
        hit = self.table.get(key)
        first: Move | None = None
        if hit is not None:
            h_depth, h_value, h_flag, first = hit
            if h_depth >= depth:
                if h_flag == EXACT:
                    return h_value
                if h_flag == LOWER and h_value >= beta:
                    return h_value
                if h_flag == UPPER and h_value <= alpha:
                    return h_value
        moves = board.moves(board.side)
        if board.free > plan.solve:
            moves = self.ranked(moves)[:plan.width] if plan.ranked else moves[:plan.width]
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        start = alpha
        best_value: float = -INF
        best_move = moves[0]
        for move in moves:
            score = move[0]
            board.play(move)
            try:
                value = score - self._negamax(depth - 1, score - beta, score - alpha)
            finally:
                board.undo(move)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = UPPER if best_value <= start else LOWER if best_value >= beta else EXACT
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value

    def ranked(self, moves: list[Move]) -> list[Move]:
        """`moves` best first by their score and what they change of the side to move's
        potential (the cell leaves the free ones; a face-up chip offers bonus around)."""
        board, weight = self.board, self.plan.potential
        side = board.side
        me, other = board.bonus[side], board.bonus[side ^ 1]
        face, near = board.face, board.near
        keyed = []
        for move in moves:
            score, cell, up = move
            value = score - weight * (me[cell] - other[cell])
            if up:
                value += weight * sum(w for n, w in near[cell] if face[n] == 0)
            keyed.append((value, move))
        keyed.sort(key=lambda pair: -pair[0])
        return [move for _, move in keyed]

    def _horizon(self) -> float:
        """What the side to move may still expect beyond the search (0 unless the plan
        weighs the chips' potential or the move at hand)."""
        plan, board = self.plan, self.board
        value = 0.0
        if plan.potential:
            me, other = board.bonus[board.side], board.bonus[board.side ^ 1]
            face = board.face
            mine = theirs = 0
            for c in range(board.size):
                if face[c] == 0:
                    mine += me[c]
                    theirs += other[c]
            weight = plan.potential if plan.other is None else plan.other
            value += plan.potential * mine - weight * theirs
        if plan.tempo:
            value += plan.tempo * board.best_score(board.side)
        return value

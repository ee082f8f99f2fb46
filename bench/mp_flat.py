"""The flat Monte Carlo player of Matematický poker: the published baseline the computer
player is measured against (issue #40), written for bench/mp_bot.py. Bench only: nothing
in klubovna imports it; standard library and the engine's own scoring, no other rule.

At each decision every option is played out on random completions of the board: the empty
cells get cards drawn at random from those the player has not seen (its own hidden
information: the cards drawn so far are known, the rest of the deck is not), each
completed board is scored, and the option with the best average wins. Options: the cell
for the number in hand; with jokers (the `adjacent` table, 54 cards) also keeping a joker
just drawn or using it now at each (cell, value), and, while jokers are kept, playing one
now at each (cell, value). A joker in a completion (kept, or drawn from the unseen cards)
stands in a random cell and takes the value that scores most on the completed board (a
kept joker may be played last, once every number is seen); the number in hand, when a
kept joker goes first, also stands in a random cell. No other knowledge: no heuristic,
no evaluation, uniform random completions only.

Time: rounds of playouts, one completion per option a round (the same random cards in the
same cells for every option of a round: common random numbers, which narrow the
comparison and leave each option's average unbiased), until the budget a move is spent by
the process's CPU time, as bench/mp_bot.py's timed bot measures its own.

Speed: a full line's points for every one of the 13**5 lines are read once from the
engine's score_line (with the matematico diagonal bonus from total_of) and checked against
score_board on random boards; a round scores its completion's 12 lines, and each option
rescores only the lines through the cells it changes.

    .venv/bin/python bench/mp_flat.py [--budget-ms 250] [--games 2]   # playouts a second
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from operator import add, sub
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from klubovna.core import Json, Rng  # noqa: E402
from klubovna.games.matematicky_poker.scoring import (  # noqa: E402
    LINES,
    LINES_THROUGH,
    VALUES,
    score_board,
    score_line,
    total_of,
)
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck  # noqa: E402

Board = Sequence[int | None]
Action = dict[str, Json]
Points = list[int]
"""A full line's contribution to the total, by its code sum((value - 1) * 13**(4 - i))."""

WEIGHTS = (13**4, 13**3, 13**2, 13, 1)
THROUGH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((li, WEIGHTS[LINES[li].index(cell)]) for li in LINES_THROUGH[cell]) for cell in range(25)
)
"""For each cell, (line, the cell's weight in that line's code) of the lines through it."""
DIGIT = (0, *range(13))
"""A card's digit in a line code (a joker, 0: a placeholder; its lines are rescored)."""
WILD = range(13)
"""The digits a joker in a completion may take."""


@cache
def line_points(table: str) -> tuple[Points, ...]:
    """For each of the 12 lines, its points by code: score_line's (the engine's), plus what
    total_of adds for that line alone (the matematico diagonal bonus). Checked against
    score_board on random full boards (AssertionError if they ever differ)."""
    points = [score_line(values, table) for values in product(VALUES, repeat=5)]
    tables: list[Points] = []
    for li in range(len(LINES)):
        alone = [0] * len(LINES)
        extra: dict[int, int] = {}
        for p in set(points):
            alone[li] = p
            extra[p] = total_of(alone, table)
        same = all(extra[p] == p for p in extra)
        tables.append(points if same else [extra[p] for p in points])
    result = tuple(tables)
    check = random.Random(40)
    for _ in range(300):
        cells = [check.randint(1, 13) for _ in range(25)]
        mine = sum(result[li][_code(cells, li)] for li in range(len(LINES)))
        if mine != score_board(cells, table)[1]:
            raise AssertionError(f"flat MC's line table disagrees with score_board on {cells}")
    return result


def _code(cells: Sequence[int], line: int) -> int:
    return sum((cells[c] - 1) * w for c, w in zip(LINES[line], WEIGHTS, strict=True))


@dataclass(frozen=True)
class Option:
    """A group of options sharing a completion: `values` at `cell` (None: the joker is kept),
    with `jokers` kept jokers and the `number` in hand (if not placed) in random cells."""

    kind: str
    cell: int | None
    values: tuple[int, ...]
    jokers: int = 0
    number: int | None = None

    def held(self) -> list[int]:
        """The cards in hand that go to random cells of the completion, jokers first (a
        joker can be any value, so where cells are too few the number is the one left)."""
        return [JOKER] * self.jokers + ([] if self.number is None else [self.number])

    def action(self, value: int) -> Action:
        if self.kind == "keep":
            return {"type": "joker", "choice": "keep"}
        if self.kind == "now":
            return {"type": "joker", "choice": "now", "value": value, "cell": self.cell}
        if self.kind == "kept_joker":
            return {"type": "kept_joker", "value": value, "cell": self.cell}
        return {"type": "place", "cell": self.cell}


def options(board: Board, card: int, kept: int) -> list[Option]:
    """Every decision open to the player: the number in hand (`card`, or JOKER just drawn)
    and `kept` jokers."""
    empties = [c for c in range(25) if board[c] is None]
    joker = tuple(VALUES)
    if card == JOKER:
        return [Option("now", c, joker, kept) for c in empties] + [Option("keep", None, (0,),
                                                                            kept + 1)]
    placed = [Option("place", c, (card,), kept) for c in empties]
    if not kept:
        return placed
    return placed + [Option("kept_joker", c, joker, kept - 1, card) for c in empties]


@dataclass
class Trace:
    """What each decision did (for the playouts a second): empty cells, options, rounds,
    CPU seconds."""

    decisions: list[tuple[int, int, int, float]] = field(default_factory=list)


@dataclass
class FlatMonteCarlo:
    """The flat Monte Carlo player, `budget_ms` of `clock` time a decision (bench/mp_bot.py's
    Policy: (board, card, kept jokers, table, unseen, rng) -> action)."""

    budget_ms: float
    clock: Callable[[], float] = time.process_time
    trace: Trace | None = None

    def __call__(self, board: Board, card: int, kept: int, table: str, unseen: list[int],
                 rng: Rng) -> Action:
        points = line_points(table)
        began = self.clock()
        choices = options(board, card, kept)
        if len(choices) == 1 and len(choices[0].values) == 1:
            return choices[0].action(choices[0].values[0])
        playout = Playouts(board, table, unseen, choices, points,
                           random.Random(rng.below(1 << 62)))
        rounds = 0
        budget = self.budget_ms / 1000
        # One completion fixes everything once a single cell is left.
        limit = 1 if len(playout.empties) == 1 else 1 << 62
        while rounds < limit:
            playout.round()
            rounds += 1
            if self.clock() - began >= budget:
                break
        if self.trace is not None:
            self.trace.decisions.append((len(playout.empties), playout.count, rounds,
                                         self.clock() - began))
        best = max(((s, -i, -j) for i, sums in enumerate(playout.sums)
                    for j, s in enumerate(sums)))
        chosen = choices[-best[1]]
        return chosen.action(chosen.values[-best[2]])


@cache
def _offsets(weights: tuple[int, ...]) -> list[int]:
    """What jokers of these weights in a line add to its code, for every assignment of
    their values (in the order of product(WILD, repeat=len(weights)))."""
    return [sum(d * w for d, w in zip(a, weights, strict=True))
            for a in product(WILD, repeat=len(weights))]


class Wild:
    """The jokers of one completion, wild: for each group of them (two that share a line
    are one group), the lines through them, each line's points under every assignment of
    their values, and the best sum; `adjust`: what the total gains when they all take it."""

    def __init__(self, cells: list[int], codes: list[int], scores: list[int],
                 points: tuple[Points, ...]) -> None:
        groups = [cells]
        if len(cells) == 2 and not {li for li, _ in THROUGH[cells[0]]} & {
                li for li, _ in THROUGH[cells[1]]}:
            groups = [[c] for c in cells]
        self.group_of: dict[int, int] = {}
        self.groups: list[tuple[dict[int, tuple[list[int], list[int]]], list[int], int]] = []
        self.adjust = 0
        for g, group in enumerate(groups):
            weights: dict[int, list[int]] = {}
            for i, c in enumerate(group):
                for li, w in THROUGH[c]:
                    weights.setdefault(li, [0] * len(group))[i] = w
            lines: dict[int, tuple[list[int], list[int]]] = {}
            sums = [0] * 13 ** len(group)
            for li, ws in weights.items():
                offsets = _offsets(tuple(ws))
                p, code = points[li], codes[li]
                values = [p[code + o] for o in offsets]
                lines[li] = (offsets, values)
                sums = [s + v for s, v in zip(sums, values, strict=True)]
                self.group_of[li] = g
                self.adjust -= scores[li]
            best = max(sums)
            self.groups.append((lines, sums, best))
            self.adjust += best
        self._without: dict[int, list[int]] = {}

    def best_with(self, group: int, lines: list[tuple[Points, int, int]]) -> int:
        """How much more than their best the group's jokers make when `lines` (points,
        code with the jokers' digits 0, line) score differently (another value in a cell)."""
        table, sums, best = self.groups[group]
        if len(lines) == 1:
            p, code, li = lines[0]
            without = self._without.get(li)
            if without is None:
                without = self._without[li] = list(map(sub, sums, table[li][1]))
            scored = map(p.__getitem__, map(code.__add__, table[li][0]))
            most: int = max(map(add, without, scored))
            return most - best
        most = -1
        for a, s in enumerate(sums):
            for p, code, li in lines:
                offsets, values = table[li]
                s += p[code + offsets[a]] - values[a]
            if s > most:
                most = s
        return most - best


class Playouts:
    """The running sums of every option's completions on one decision."""

    def __init__(self, board: Board, table: str, unseen: list[int], choices: list[Option],
                 points: tuple[Points, ...], rand: random.Random) -> None:
        self.choices = choices
        self.points = points
        self.random = rand.random
        self.empties = [c for c in range(25) if board[c] is None]
        self.pool = list(unseen)
        self.jokers_unseen = JOKER in self.pool
        self.slot = {c: j for j, c in enumerate(self.empties)}
        fixed = 0
        self.open: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        for li, line in enumerate(LINES):
            code = 0
            slots: list[tuple[int, int]] = []
            for c, w in zip(line, WEIGHTS, strict=True):
                value = board[c]
                if value is None:
                    slots.append((self.slot[c], w))
                else:
                    code += (value - 1) * w
            if slots:
                self.open.append((li, code, tuple(slots)))
            else:
                fixed += points[li][code]
        self.fixed = fixed
        # Options holding the same cards share the cells those take in a round.
        by_held: dict[tuple[int, ...], list[int]] = {}
        for i, option in enumerate(choices):
            by_held.setdefault(tuple(option.held()), []).append(i)
        self.by_held = list(by_held.items())
        self.holds = any(held for held, _ in self.by_held)
        self.sums = [[0.0] * len(o.values) for o in choices]
        self.count = sum(len(o.values) for o in choices)
        self.codes = [0] * len(LINES)
        self.scores = [0] * len(LINES)
        self.order = self.empties[:]
        """The cells the cards in hand take, first to last (shuffled each round)."""

    def round(self) -> None:
        """One random completion, every option scored on it."""
        pool, empties, rand, slot = self.pool, self.empties, self.random, self.slot
        k, n = len(empties), len(pool)
        for j in range(k):  # the first k of the pool: a random sequence, one card a cell
            r = j + int(rand() * (n - j))
            pool[j], pool[r] = pool[r], pool[j]
        codes, scores, points = self.codes, self.scores, self.points
        total = self.fixed
        for li, code, slots in self.open:
            for j, w in slots:
                code += DIGIT[pool[j]] * w
            codes[li] = code
            s = points[li][code]
            scores[li] = s
            total += s
        jokers = [empties[j] for j in range(k) if pool[j] == JOKER] if self.jokers_unseen else []
        order = self.order
        if self.holds:
            for j in range(k - 1, 0, -1):
                r = int(rand() * (j + 1))
                order[j], order[r] = order[r], order[j]
        for held, members in self.by_held:
            # The held cards in their cells, then the jokers wild: this group's round.
            places = order[:len(held)]
            wild = [c for c in jokers if c not in places]
            these_codes, these_scores, these_total = codes, scores, total
            if held:
                these_codes, these_scores = codes[:], scores[:]
                for c, card in zip(places, held, strict=False):
                    if card == JOKER:
                        wild.append(c)
                    delta = DIGIT[card] - DIGIT[pool[slot[c]]]
                    for li, w in THROUGH[c]:
                        code = these_codes[li] + delta * w
                        these_codes[li] = code
                        these_total -= these_scores[li]
                        these_scores[li] = points[li][code]
                        these_total += these_scores[li]
            jokers_ = Wild(wild, these_codes, these_scores, points) if wild else None
            for i in members:
                option = self.choices[i]
                cell = option.cell
                sums = self.sums[i]
                if cell is None:
                    sums[0] += these_total + (jokers_.adjust if jokers_ else 0)
                elif cell in places or cell in wild:
                    for v, t in enumerate(self._rescored(option, list(held), jokers, order,
                                                         total)):
                        sums[v] += t
                else:
                    self._score(option.values, cell, DIGIT[pool[slot[cell]]], these_codes,
                                these_scores, these_total, jokers_, sums)

    def _score(self, values: tuple[int, ...], cell: int, old: int, codes: list[int],
               scores: list[int], total: int, jokers: Wild | None, sums: list[float]) -> None:
        """Adds to `sums` the completed totals with each of `values` at `cell` (where the
        round drew a number of digit `old`), the jokers wild."""
        points = self.points
        through = THROUGH[cell]
        if jokers is None:
            for li, _ in through:
                total -= scores[li]
            for i, value in enumerate(values):
                delta = value - 1 - old
                t = total
                for li, w in through:
                    t += points[li][codes[li] + delta * w]
                sums[i] += t
            return
        plain: list[tuple[Points, int, int]] = []
        shared: dict[int, list[tuple[Points, int, int, int]]] = {}
        base = total + jokers.adjust
        for li, w in through:
            g = jokers.group_of.get(li)
            if g is None:
                base -= scores[li]
                plain.append((points[li], codes[li] - old * w, w))
            else:
                shared.setdefault(g, []).append((points[li], codes[li] - old * w, w, li))
        for i, value in enumerate(values):
            digit = value - 1
            t = base
            for p, code, w in plain:
                t += p[code + digit * w]
            for g, lines in shared.items():
                t += jokers.best_with(g, [(p, code + digit * w, li) for p, code, w, li in lines])
            sums[i] += t

    def _rescored(self, option: Option, held: list[int], jokers: list[int], order: list[int],
                  total: int) -> list[int]:
        """The option's completed totals, one for each of its values, when cards in hand
        take random cells or jokers are wild: the lines through the changed cells rescored,
        each joker its best value (jointly where they share a line)."""
        cell = option.cell
        pool, slot, points = self.pool, self.slot, self.points
        codes, scores = self.codes, self.scores
        places = [c for c in order if c != cell][:len(held)]
        wild = [c for c in jokers if c != cell and c not in places]
        number: dict[int, int] = {}
        for c, card in zip(places, held, strict=False):
            if card == JOKER:
                wild.append(c)
            else:
                number[c] = card - 1
        changed = set(wild) | set(number) | ({cell} if cell is not None else set())
        lines = sorted({li for c in changed for li, _ in THROUGH[c]})
        rest = total
        # Each line: (its points, code without the cell's and the wild cells' digits,
        # the cell's weight (0: not in it), ((wild index, weight), ...)).
        terms: list[tuple[Points, int, int, tuple[tuple[int, int], ...]]] = []
        for li in lines:
            rest -= scores[li]
            code = codes[li]
            cw = 0
            ws: list[tuple[int, int]] = []
            for c, w in zip(LINES[li], WEIGHTS, strict=True):
                if c not in changed:
                    continue
                code -= DIGIT[pool[slot[c]]] * w
                if c == cell:
                    cw = w
                elif c in number:
                    code += number[c] * w
                else:
                    ws.append((wild.index(c), w))
            terms.append((points[li], code, cw, tuple(ws)))
        # Jokers sharing no line with the option's cell: their best is the same for every value.
        alone = [t for t in terms if not t[2] and t[3]]
        joint = [t for t in terms if t[2] or not t[3]]
        if any(t[3] for t in joint):
            alone, joint = [], terms
        shared = _best(alone, len(wild), 0) if alone else 0
        out = []
        for value in option.values:
            digit = value - 1 if cell is not None else 0
            out.append(rest + shared + _best(joint, len(wild), digit))
        return out


def _best(terms: list[tuple[Points, int, int, tuple[tuple[int, int], ...]]], wild: int,
          digit: int) -> int:
    """The most the lines `terms` score with `digit` at the option's cell, over every value
    of the `wild` jokers."""
    base = [(p, code + digit * cw, ws) for p, code, cw, ws in terms]
    if not wild or not any(ws for _, _, ws in base):
        return sum(p[code] for p, code, _ in base)
    best = -1
    for values in product(WILD, repeat=wild):
        t = 0
        for p, code, ws in base:
            for i, w in ws:
                code += values[i] * w
            t += p[code]
        if t > best:
            best = t
    return best


def speed(budget_ms: float, games: int) -> None:
    """Playouts a second per option, early (20+ empty cells) and late (≤ 8), on both
    settings, from `games` games of the flat player."""
    for table, jokers in (("matematico", False), ("adjacent", True)):
        line_points(table)
        trace = Trace()
        player = FlatMonteCarlo(budget_ms, trace=trace)
        for g in range(games):
            deal = [c for c in shuffled_deck(40_000 + g) if jokers or c != JOKER]
            board: list[int | None] = [None] * 25
            unseen, kept, rng = list(deal), 0, Rng(g)
            for card in deal:
                if None not in board:
                    break
                unseen.remove(card)
                while None in board:
                    action = player(board, card, kept, table, unseen, rng)
                    if action["type"] == "joker" and action["choice"] == "keep":
                        kept += 1
                        break
                    value = card if action["type"] == "place" else action["value"]
                    board[action["cell"]] = value
                    if action["type"] != "kept_joker":
                        break
                    kept -= 1
        for name, low, high in (("early", 20, 25), ("middle", 9, 19), ("late", 2, 8)):
            rows = [d for d in trace.decisions if low <= d[0] <= high]
            if rows:
                rounds = sum(d[2] for d in rows)
                seconds = sum(d[3] for d in rows)
                per_option = rounds / seconds
                options_ = sum(d[1] for d in rows) / len(rows)
                print(f"{table:10} {name:6} ({low}-{high} empty) {len(rows):4} decisions, "
                      f"{options_:5.1f} options, {per_option:8.0f} playouts/s per option, "
                      f"{per_option * options_:9.0f} playouts/s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-ms", type=float, default=250)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    speed(args.budget_ms, args.games)

"""Matematický poker's computer player against random, greedy and flat Monte Carlo play
(issues #17 and #40).

Seeded deals (seeds 17000 + i), the same deals for every player: the average final score
and its 95 % interval of random (any empty cell), greedy (the largest immediate gain of
the board's total), the flat Monte Carlo baseline (bench/mp_flat.py: random completions
of the board from the unseen cards, the option with the best average) and the bot
(`place()` and its joker play) at 0.1, 0.25 and 1 s a move; on `matematico` with 52 cards
(jokers taken out) and on `adjacent` with the 54 cards and jokers (random and greedy use a
joker at once: greedy where the total gains most, random anywhere; flat Monte Carlo keeps
or uses it by its playouts, the bot keeps it and plays it by its look-ahead).

Side by side (issue #40): `--players paired` plays greedy, flat250, bot250, flat1000 and
bot1000 on 200 deals a setting (PAIRED_DEALS, the issue's minimum) and prints, for each
time a move, the paired difference bot − flat Monte Carlo over the deals both played, its
95 % interval and the ratio of the means (the goal: at least 1.2, the difference's interval
above 0). That is about 20 minutes a setting and player on one core at 0.25 s a move and
80 minutes at 1 s (about 7 hours in all): give a results file and run it in parts. Flat
Monte Carlo's rows name its own code (a hash of bench/mp_flat.py and the engine's
scoring.py), so they stay valid while the bot changes.

The issue asks for 1,000 deals per setting; at 1 s a move that is about 7 hours a setting
on one core. `make bench` runs a part that ends in about 20 minutes (DEFAULT_DEALS) and
says how many deals each figure used. For the full run, give `--deals 1000` and a results
file: each finished deal is appended to it at once, a run started again with the same file
plays only the deals it lacks (so it may be split into chunks, stopped and resumed), and
`--jobs` plays deals in that many processes. A results row names the bot's code it was
played with (a hash of klubovna/bots/matematicky_poker/*.py): rows of other code are not
reused. The timed players (bot100, bot250, bot1000, flat250, flat1000) think by their
process's CPU time (not wall time), so a loaded machine or --jobs 2 on 2 cores buys them
the same work a move; their figures still depend on the machine's speed.

The table's levels' time per move, under CPython and under Pyodide in Node (as in the
browser's worker; bench/mp_moves.py, bench/mp_pyodide.mjs), ends the run (`--moves-games`
games per level, 0: none).

    .venv/bin/python bench/mp_bot.py [--deals N] [--players random,greedy,bot100,bot1000]
        [--settings matematico52,adjacent54] [--results FILE.jsonl] [--jobs 1]
        [--moves-games 2]
    .venv/bin/python bench/mp_bot.py --players paired --results bench/results/mp_flat.jsonl
        [--deals 200] [--moves-games 0]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]  # klubovna, stats and mp_moves

import mp_flat  # noqa: E402
import mp_moves  # noqa: E402
from stats import Z, mean_interval  # noqa: E402

from klubovna.bots.matematicky_poker import LEHKY, STREDNI, TEZKY, Player, use_joker  # noqa: E402
from klubovna.bots.matematicky_poker.search import Ideas, choose  # noqa: E402
from klubovna.core import Json, Rng  # noqa: E402
from klubovna.games.matematicky_poker.scoring import score_board  # noqa: E402
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck  # noqa: E402

FIRST_SEED = 17_000
SETTINGS = {"matematico52": ("matematico", False), "adjacent54": ("adjacent", True)}
ASKED = 1000
"""Deals per setting the issue asks for."""
DEFAULT_DEALS = {"random": 1000, "greedy": 1000, "bot100": 80, "bot1000": 8}
"""What `make bench` plays per setting (about 20 minutes on this 2-core machine)."""
PAIRED = ("greedy", "flat250", "bot250", "flat1000", "bot1000")
"""`--players paired`: the side by side of issue #40."""
PAIRED_DEALS = 200
"""Deals per setting the side by side asks for (the issue's minimum)."""
BUDGETS = (("0.25 s", "flat250", "bot250"), ("1 s", "flat1000", "bot1000"))
"""Each time a move of the side by side: (label, flat Monte Carlo, the bot)."""
GOAL = 1.2
"""The issue's goal: the bot's mean at least this many times flat Monte Carlo's."""
Board = list[int | None]
Action = dict[str, Json]
Policy = Callable[[Board, int, int, str, list[int], Rng], Action]
"""(board, card in hand (JOKER: a joker), kept jokers, table, unseen, rng) -> action."""
Placer = Callable[[Board, int, str, list[int], Rng], int]
Joker = Callable[[Board, str, list[int], Rng], tuple[int, int]]


def _total(board: Board, table: str) -> int:
    return score_board(board, table)[1]


def _place_score(board: Board, cell: int, value: int, table: str) -> int:
    board[cell] = value
    points = _total(board, table)
    board[cell] = None
    return points


def _greedy(board: Board, card: int, table: str, unseen: list[int], rng: Rng) -> int:
    return max((c for c in range(25) if board[c] is None),
               key=lambda c: (_place_score(board, c, card, table), -c))


def _greedy_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    best = max(
        (_place_score(board, c, v, table), -c, -v, c, v)
        for c in range(25)
        if board[c] is None
        for v in range(1, 14)
    )
    return best[3], best[4]


def _random(board: Board, card: int, table: str, unseen: list[int], rng: Rng) -> int:
    empties = [c for c in range(25) if board[c] is None]
    return empties[rng.below(len(empties))]


def _random_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    return _random(board, 1, table, unseen, rng), 1 + rng.below(13)


def _bot_joker(board: Board, table: str, unseen: list[int], rng: Rng) -> tuple[int, int]:
    return use_joker(board, table, unseen)


def _simple(placer: Placer, joker: Joker) -> Policy:
    """A player who places every number and uses every joker at once."""
    def policy(board: Board, card: int, kept: int, table: str, unseen: list[int],
               rng: Rng) -> Action:
        if card == JOKER:
            cell, value = joker(board, table, unseen, rng)
            return {"type": "joker", "choice": "now", "value": value, "cell": cell}
        return {"type": "place", "cell": placer(board, card, table, unseen, rng)}
    return policy


def _ablation(**switches: Any) -> Policy:
    """The first bot with some of its ideas switched off (a fixed 8 rounds: timing-free),
    jokers used at once."""
    return _simple(
        lambda board, card, table, unseen, rng: choose(
            board, card, table, unseen, 0.0, 8, Rng(17), Ideas(**switches)), _bot_joker)


def _player(bot: Player) -> Policy:
    return lambda board, card, kept, table, unseen, rng: bot.decide(
        board, card, kept, table, unseen, rng)


CPU = Ideas(clock=time.process_time)
PLAYERS: dict[str, Policy] = {
    "random": _simple(_random, _random_joker),
    "greedy": _simple(_greedy, _greedy_joker),
    # By the process's CPU time, so that a loaded machine (or --jobs 2 on 2 cores) buys the
    # bot the same work a move.
    "bot100": _player(Player("bot100", samples=0, budget_ms=100, ideas=CPU)),
    "bot250": _player(Player("bot250", samples=0, budget_ms=250, ideas=CPU)),
    "bot1000": _player(Player("bot1000", samples=0, budget_ms=1000, ideas=CPU)),
    # The flat Monte Carlo baseline (issue #40), by the same CPU-time budget a move.
    "flat250": mp_flat.FlatMonteCarlo(250, clock=time.process_time),
    "flat1000": mp_flat.FlatMonteCarlo(1000, clock=time.process_time),
    # The table's levels (timing-free).
    "lehky": _player(LEHKY),
    "stredni": _player(STREDNI),
    "tezky": _player(TEZKY),
    # The ideas one at a time (not in the default run): the evaluation alone, plus the mean
    # over the next card, plus the sampled look-ahead at 8 rounds; jokers used at once.
    "eval": _ablation(next_card=False),
    "next": _ablation(depth=0),
    "mc8": _ablation(),
    "mc8nosym": _ablation(symmetric=False),
    # Jokers (adjacent54): the player at 8 rounds using each joker at once, against keeping
    # it and playing it by the look-ahead.
    "p8now": _player(Player("p8now", samples=8, keeps=False)),
    "p8keep": _player(Player("p8keep", samples=8)),
}
DEFAULT_PLAYERS = ("random", "greedy", "bot100", "bot1000")


def play(deal: Sequence[int], table: str, policy: Policy, rng: Rng,
         board: Board | None = None) -> tuple[int, list[float]]:
    """One solo game on `deal` (the rules of klubovna.games.matematicky_poker: a kept joker
    may be played at any decision and costs no draw): the final score and the think time
    of each decision (CPU ms). `board`: an empty board to play on (it ends filled)."""
    board = [None] * 25 if board is None else board
    unseen = list(deal)
    kept = 0
    ms: list[float] = []
    for card in deal:
        if None not in board:
            break
        unseen.remove(card)
        while None in board:
            began = time.process_time()
            action = policy(board, card, kept, table, unseen, rng)
            ms.append((time.process_time() - began) * 1000)
            kind = action["type"]
            if kind == "joker" and action["choice"] == "keep" and card == JOKER:
                kept += 1
                break
            value = card if kind == "place" else action["value"]
            if kind == "kept_joker":
                if not kept:
                    raise AssertionError("no kept joker")
                kept -= 1
            elif (kind == "place") == (card == JOKER):
                raise AssertionError(f"{action} for card {card}")
            cell = action["cell"]
            if not isinstance(cell, int) or board[cell] is not None:
                raise AssertionError(f"cell {cell} is taken")
            board[cell] = value
            if kind != "kept_joker":
                break
    return _total(board, table), ms


def code_version() -> str:
    """A hash of the bot's code: results of other code are not reused."""
    return _digest(sorted((ROOT / "klubovna" / "bots" / "matematicky_poker").glob("*.py")))


def flat_version() -> str:
    """A hash of flat Monte Carlo's code (bench/mp_flat.py and the engine's scoring)."""
    return _digest([ROOT / "bench" / "mp_flat.py",
                    ROOT / "klubovna" / "games" / "matematicky_poker" / "scoring.py"])


def _digest(paths: Sequence[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def versions() -> dict[str, str]:
    """The code each player's rows must name to be reused, by player."""
    bot, flat = code_version(), flat_version()
    return {name: flat if isinstance(policy, mp_flat.FlatMonteCarlo) else bot
            for name, policy in PLAYERS.items()}


def deal_of(setting: str, index: int) -> list[int]:
    _, jokers = SETTINGS[setting]
    return [c for c in shuffled_deck(FIRST_SEED + index) if jokers or c != JOKER]


def one_deal(task: tuple[str, str, int]) -> dict[str, Any]:
    """A results row: one deal of one setting by one player (its own Rng: the figures do
    not depend on the order or the processes deals are played in)."""
    setting, name, index = task
    table, _ = SETTINGS[setting]
    if isinstance(PLAYERS[name], mp_flat.FlatMonteCarlo):
        mp_flat.line_points(table)  # built once a process, outside the first move's time
    board: Board = [None] * 25
    score, ms = play(deal_of(setting, index), table, PLAYERS[name], Rng(FIRST_SEED + index),
                     board)
    # The final board too: which lines a player makes or misses, deal by deal.
    return {"setting": setting, "player": name, "deal": index, "score": score,
            "ms_sum": round(sum(ms), 3), "moves": len(ms), "ms_max": round(max(ms), 3),
            "board": board}


def load(path: Path | None, code: dict[str, str]) -> dict[tuple[str, str, int], dict[str, Any]]:
    """The rows of a results file played with each player's code, by (setting, player,
    deal)."""
    rows: dict[tuple[str, str, int], dict[str, Any]] = {}
    if path is None or not path.exists():
        return rows
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            if row.get("code") == code.get(row["player"]):
                rows[row["setting"], row["player"], row["deal"]] = row
    return rows


def run(tasks: list[tuple[str, str, int]], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(one_deal, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(one_deal, tasks)


def report(setting: str, name: str, rows: list[dict[str, Any]], asked: int = ASKED) -> str:
    scores = [row["score"] for row in rows]
    mean, half = mean_interval(scores)
    ms = sum(row["ms_sum"] for row in rows) / max(1, sum(row["moves"] for row in rows))
    part = "" if len(rows) >= asked else f" of the {asked} asked"
    return (f"{setting:13} {name:8} {len(rows):5} deals{part:15} {mean:6.1f} ± {half:5.1f}"
            f"  (min {min(scores)}, max {max(scores)})  {ms:7.1f} CPU ms/move"
            f"  max {max(row['ms_max'] for row in rows):7.1f} ms")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=None,
                        help=f"deals per setting and player (default: {DEFAULT_DEALS})")
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS),
                        help=f"names, or 'paired' for {','.join(PAIRED)}")
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument("--results", type=Path, default=None,
                        help="a JSON-lines file: finished deals are appended, and reused")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--moves-games", type=int, default=2,
                        help="games per level for the time per move (0: none)")
    args = parser.parse_args(argv)
    paired = args.players == "paired"
    players = list(PAIRED) if paired else args.players.split(",")
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        parser.error(f"unknown players {unknown}; known: {', '.join(PLAYERS)}")
    side = any(name in PAIRED[1:] for name in players)
    code = versions()
    done = load(args.results, code)
    print(f"Matematický poker bot, code {code_version()} (flat Monte Carlo {flat_version()});"
          f" seeds {FIRST_SEED}+, the same deals for every player; 95 % intervals;"
          f" {args.jobs} process(es); CPU time a move", flush=True)
    for setting in args.settings.split(","):
        played: dict[str, list[dict[str, Any]]] = {}
        for name in players:
            asked = PAIRED_DEALS if name in PAIRED and side else ASKED
            deals = args.deals if args.deals is not None else (
                PAIRED_DEALS if paired else DEFAULT_DEALS.get(name, asked))
            keys = [(setting, name, i) for i in range(deals)]
            tasks = [key for key in keys if key not in done]
            with (open(args.results, "a") if args.results else _Nowhere()) as out:
                for row in run(tasks, args.jobs):
                    row["code"] = code[name]
                    done[row["setting"], row["player"], row["deal"]] = row
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            reused = len(keys) - len(tasks)
            played[name] = [done[key] for key in keys]
            line = report(setting, name, played[name], asked)
            print(line + (f"  ({reused} from {args.results})" if reused else ""), flush=True)
        side_by_side(setting, played)
    if args.moves_games:
        think_time(args.moves_games)


def side_by_side(setting: str, played: dict[str, list[dict[str, Any]]]) -> None:
    """Issue #40's table for one setting: for each time a move whose flat Monte Carlo and
    bot were both played, their means over the deals both played (greedy's on the same
    deals, if played), the paired difference bot − flat with its 95 % interval and the
    ratio of the means with its (delta method) interval."""
    budgets = [b for b in BUDGETS if b[1] in played and b[2] in played]
    if not budgets:
        return
    print(f"Side by side, {setting}: paired over the same deals, 95 % intervals; the goal "
          f"(issue #40): bot ≥ {GOAL} × flat MC with the difference's interval above 0, on "
          f"≥ {PAIRED_DEALS} deals", flush=True)
    print(f"  {'a move':6} {'deals':>11}  {'greedy':>14}  {'flat MC':>14}  {'bot':>14}"
          f"  {'bot − flat':>14}  {'ratio':>19}  goal")
    greedy = {row["deal"]: row["score"] for row in played.get("greedy", [])}
    for label, flat_name, bot_name in budgets:
        flat = {row["deal"]: row["score"] for row in played[flat_name]}
        bot = {row["deal"]: row["score"] for row in played[bot_name]}
        deals = sorted(flat.keys() & bot.keys())
        if not deals:
            print(f"  {label:6} {0:5} deals")
            continue
        f = [flat[d] for d in deals]
        b = [bot[d] for d in deals]
        g = [greedy[d] for d in deals if d in greedy]
        diff, diff_half = mean_interval([y - x for x, y in zip(f, b, strict=True)])
        ratio, ratio_half = _ratio(f, b)
        met = ratio >= GOAL and diff - diff_half > 0 and len(deals) >= PAIRED_DEALS
        greedy_text = _mean_text(g) if len(g) == len(deals) else f"{'—':>14}"
        print(f"  {label:6} {len(deals):5} of {PAIRED_DEALS}  {greedy_text}  {_mean_text(f)}"
              f"  {_mean_text(b)}  {diff:+6.1f} ± {diff_half:5.1f}"
              f"  {ratio:5.3f} [{ratio - ratio_half:5.3f}, {ratio + ratio_half:5.3f}]"
              f"  {'met' if met else 'not met'}", flush=True)


def _mean_text(values: Sequence[float]) -> str:
    mean, half = mean_interval(values)
    return f"{mean:6.1f} ± {half:5.1f}"


def _ratio(flat: Sequence[float], bot: Sequence[float]) -> tuple[float, float]:
    """The ratio of the means, bot / flat, and the half-width of its 95 % interval (delta
    method on the paired deals: the spread of bot − ratio × flat over flat's mean)."""
    ratio = statistics.fmean(bot) / statistics.fmean(flat)
    if len(flat) < 2:
        return ratio, 0.0
    spread = statistics.stdev([y - ratio * x for x, y in zip(flat, bot, strict=True)])
    return ratio, Z * spread / len(flat) ** 0.5 / statistics.fmean(flat)


PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"


def run_pyodide(games: int) -> dict[str, Any] | str:
    """The levels' moves timed under Pyodide in Node, or a message saying why there are none."""
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        return "needs node and web/node_modules/pyodide (npm ci --prefix web)"
    try:
        proc = subprocess.run([node, str(ROOT / "bench" / "mp_pyodide.mjs"), str(games)],
                              cwd=ROOT, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired:
        return "the Pyodide run took more than 1800 s"
    if proc.returncode != 0:
        return f"the Pyodide run failed (exit {proc.returncode}): {proc.stderr.strip()[-2000:]}"
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


def think_time(games: int) -> None:
    """The levels' time per move over `games` fixed games each, CPython and Pyodide."""
    print(f"Time per move of the table's levels, {games} game(s) each on adjacent54 "
          f"(seeds {mp_moves.FIRST_SEED}+, memos empty at the start, one process):", flush=True)
    cpython = mp_moves.run(games)
    pyodide = run_pyodide(games)
    runtimes = [(f"CPython {platform.python_version()}", cpython)]
    if isinstance(pyodide, dict):
        runtimes.append((f"Pyodide {pyodide['pyodide_version']}", pyodide["levels"]))
    for runtime, levels in runtimes:
        for name, figures in levels.items():
            ms = figures["ms"]
            print(f"  {runtime:16} {name:8} {len(ms):4} moves  mean {statistics.fmean(ms):6.0f} ms"
                  f"  median {statistics.median(ms):6.0f}  max {max(ms):6.0f}"
                  f"  (CPU mean {statistics.fmean(figures['cpu_ms']):6.0f})")
    if isinstance(pyodide, dict):
        same = all(pyodide["levels"][n]["actions"] == cpython[n]["actions"] for n in cpython)
        print(f"  Pyodide in Node {pyodide['node']}, loaded in {pyodide['load_seconds']:.1f} s;"
              f" its moves are {'the same as' if same else 'DIFFERENT from'} CPython's")
    else:
        print(f"  No Pyodide figures: {pyodide}.")


class _Nowhere:
    def __enter__(self) -> _Nowhere:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def write(self, text: str) -> None:
        return None

    def flush(self) -> None:
        return None


if __name__ == "__main__":
    main()

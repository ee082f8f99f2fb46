"""The replay of a finished table from one seat: what that seat saw at every step.

Seed + log replay the table (as a restore does: klubovna.tables.table.logged), and each
step's frame is the seat's view then, the very payload of the live {"t": "view"} message.
The last frame is the end view, so a replay shows what the end revealed and nothing more.
Other seats' actions are left out (null): one may carry what the seat never saw (a
discarded card's choice among hidden ones); their effect is in the frames anyway.

Shape (/work/notes/contract-replay.md, plus "kind" on each move, which says what a move
with a null action was):

    {"t": "replay", "game": name, "seat": seat,
     "frames": [view after new, view after entry 1, ...],          # len(log) + 1
     "moves": [{"kind": "act" | "tick" | "leave", "seat": s | None, "now": ms,
                "action": {...} | None}, ...]}                      # one per entry
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from klubovna.core import IllegalAction, View
from klubovna.core.checks import is_int
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import Table, logged

Replay = dict[str, Any]
Move = dict[str, Any]
MAX_MOVES = 20_000
"""A longer log has no replay (`too_long`): its frames would be hundreds of megabytes (a
Kostkový poker view of six seats is ~1.6 kB of JSON). The longest game of six Klidný
players with 100 chips each is ~12,000 moves (bench/log_length.py), a 50-seat group's
~1,300; six players who call every bet to the end (~125,000) get none."""


def not_over() -> IllegalAction:
    return IllegalAction("not_over", "The game is not over yet: its replay comes at the end.")


def steps(table: Table, seat: int | None) -> Iterator[tuple[View, Move | None]]:
    """The replay one step at a time: the first frame (no move), then each log entry's
    move with the frame after it. Checks first, as `replay` says."""
    if not table.over:
        raise not_over()
    if seat is None:
        raise IllegalAction("no_spectator", "A replay is seen from a seat of the table.")
    if not is_int(seat) or not 0 <= seat < len(table.key_hashes):
        raise IllegalAction("bad_seat", "This table has no such seat.")
    if len(table.log) > MAX_MOVES:
        raise IllegalAction("too_long", f"A game of more than {MAX_MOVES} moves has no replay.")
    return _steps(table, seat)


def _steps(table: Table, seat: int) -> Iterator[tuple[View, Move | None]]:
    game = table.game
    state = game.new({k: v for k, v in table.config.items() if k != ROBOTS}, table.seed)
    yield game.view(state, seat), None
    for entry in table.log:
        state, _ = logged(game, state, entry)
        own = entry.kind == "act" and entry.seat == seat
        yield game.view(state, seat), {"kind": entry.kind, "seat": entry.seat, "now": entry.now,
                                       "action": entry.action if own else None}


def replay(table: Table, seat: int | None) -> Replay:
    """The replay of `table` (over) from `seat`. Raises IllegalAction: "not_over" before
    the end, "bad_seat" for a seat the table does not have, "no_spectator" for None (no
    game has a spectator's view yet, so a replay is always some seat's), "too_long" past
    MAX_MOVES."""
    frames: list[View] = []
    moves: list[Move] = []
    for frame, move in steps(table, seat):
        frames.append(frame)
        if move is not None:
            moves.append(move)
    return {"t": "replay", "game": table.game.name, "seat": seat, "frames": frames,
            "moves": moves}

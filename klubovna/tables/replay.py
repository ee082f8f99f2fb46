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

from typing import Any

from klubovna.core import IllegalAction, View
from klubovna.core.checks import is_int
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import Table, logged

Replay = dict[str, Any]


def not_over() -> IllegalAction:
    return IllegalAction("not_over", "The game is not over yet: its replay comes at the end.")


def replay(table: Table, seat: int | None) -> Replay:
    """The replay of `table` (over) from `seat`. Raises IllegalAction: "not_over" before
    the end, "bad_seat" for a seat the table does not have, "no_spectator" for None (no
    game has a spectator's view yet, so a replay is always some seat's)."""
    if not table.over:
        raise not_over()
    if seat is None:
        raise IllegalAction("no_spectator", "A replay is seen from a seat of the table.")
    if not is_int(seat) or not 0 <= seat < len(table.key_hashes):
        raise IllegalAction("bad_seat", "This table has no such seat.")
    game = table.game
    state = game.new({k: v for k, v in table.config.items() if k != ROBOTS}, table.seed)
    frames: list[View] = [game.view(state, seat)]
    moves: list[dict[str, Any]] = []
    for entry in table.log:
        state, _ = logged(game, state, entry)
        frames.append(game.view(state, seat))
        own = entry.kind == "act" and entry.seat == seat
        moves.append({"kind": entry.kind, "seat": entry.seat, "now": entry.now,
                      "action": entry.action if own else None})
    return {"t": "replay", "game": game.name, "seat": seat, "frames": frames, "moves": moves}

"""The one step pipeline every host runs: the server's hub and the browser's LocalHost.

One message (or a deadline, or an action the host takes) makes a few steps, in order: the
due deadline is settled first, then the message is judged, then the computer players move
until none has a move. `steps` yields them one at a time and makes the next only once the
caller has committed the previous one, so the caller can persist each step before it is
committed (the hub awaits its database in between):

    for step in steps(table, now, lambda now: table.handle(seat, data, now)):
        if step.entry is not None:
            persist(step.entry)          # the hub; the browser keeps nothing here
        deliver(table.commit(step, now))

The guards are here, so both hosts apply the same: computer players make at most
MAX_ROBOT_MOVES moves in a row, a computer player whose move is refused or whose code
raises stops there (logged; the people's moves stand), the log's bound is the table's
(`log_full`), and anything else a game raises becomes InternalError (logged), answered
to the sender as `internal_error`. Nothing of a step that raised is committed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

from klubovna.core import IllegalAction
from klubovna.tables.table import Message, Outbox, Step, Table

log = logging.getLogger("klubovna.tables")
MAX_ROBOT_MOVES = 1000
"""Computer players alone never play on without end between two messages: past this many
moves in a row they stop until the next message or deadline."""
INTERNAL = "internal"
INTERNAL_MESSAGE = "The server failed on this message; please try again."

MakeStep = Callable[[int], Step]
"""What the message is, as the step it makes at `now` (table.handle, act_for, leave)."""


class InternalError(IllegalAction):
    """A game (or the table around it) raised something unexpected: answered as the
    refusal it also is (code `internal`)."""

    def __init__(self) -> None:
        super().__init__(INTERNAL, INTERNAL_MESSAGE)


def internal_error(seq: Any = None) -> Message:
    """The error message a sender gets for an InternalError."""
    return {"t": "error", "seq": seq, "code": INTERNAL, "message": INTERNAL_MESSAGE}


def steps(
    table: Table, now: int, first: MakeStep | None = None, robots: bool = True
) -> Iterator[Step]:
    """The steps of one message at `now` (see the module's docstring): the deadline's, the
    message's (`first`; none for a sweep), the computer players' (unless `robots` is false:
    the caller runs `robot_steps` later itself). Raises IllegalAction from `first` (an
    action the host takes, refused) and InternalError for anything else the deadline or
    the message raised."""
    yield _guarded(table, lambda: table.tick(now))
    if first is not None:
        yield _guarded(table, lambda: first(now))
    if robots:
        yield from robot_steps(table, now)


def robot_steps(table: Table, now: int) -> Iterator[Step]:
    """The computer players' moves, one at a time, until none has a move (at most
    MAX_ROBOT_MOVES). A refused or failing move ends them, logged."""
    for _ in range(MAX_ROBOT_MOVES):
        try:
            step = table.robot_step(now)
        except IllegalAction as error:
            log.warning("a computer player's move at %s was refused: %s", table.id, error.code)
            return
        except Exception:
            log.exception("a computer player at %s failed", table.id)
            return
        if step.entry is None:
            return
        yield step


def _guarded(table: Table, make: Callable[[], Step]) -> Step:
    try:
        return make()
    except IllegalAction:
        raise
    except Exception as error:
        log.exception("table %s failed on a message", table.id)
        raise InternalError from error


def run(
    table: Table, now: int, first: MakeStep | None = None, robots: bool = True
) -> Outbox:
    """The whole pipeline for a host that stores nothing itself (the browser's): every step
    committed, the messages they cause, then the stale seats' views. Raises as `steps`.
    Without `robots` the computer players do not move; `run_robots` moves them."""
    outbox: Outbox = []
    for step in steps(table, now, first, robots):
        outbox += table.commit(step, now)
    return outbox + table.flush(now)


def run_robots(table: Table, now: int) -> Outbox:
    """The computer players' moves alone, committed, then the stale seats' views."""
    outbox: Outbox = []
    for step in robot_steps(table, now):
        outbox += table.commit(step, now)
    return outbox + table.flush(now)

"""The rooms Kostkový poker is played in from a code (klubovna.core.declarations.RoomPolicy):
a table of 2-6 seats whose empty seats computer players take at the start."""

from __future__ import annotations

from klubovna.core.declarations import RoomPolicy

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("table", seats=(1, 6), settings=("seats", "chips", "seconds"),
               robots="robots", next_round="host"),
)
"""`seats` counts people: one person fills the rest with computer players; the `seats`
setting says how many seats the table has in all. A person who leaves a running table
folds out of it (the game's `leave`; docs/decisions/0010-seat-leaves-folds-out.md), and the others
play on."""

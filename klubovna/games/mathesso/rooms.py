"""The rooms Mathesso is played in from a code (klubovna.core.declarations.RoomPolicy): a table
of 1-6 people whose empty seats computer players take at the start."""

from __future__ import annotations

from klubovna.core.declarations import RoomPolicy

WEEK_MS = 7 * 24 * 60 * 60 * 1000

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("table", seats=(1, 6), settings=("seats", "variant", "cjv", "faktorial"),
               robots="computer", idle_ms=WEEK_MS, next_round="host", turn_based=True),
)
"""`seats` counts people; the `seats` setting says how many seats the table has in all,
and the room's own setting `computer` names the computer player (one of BOTS) who takes
the empty ones. Two friends open a room of two seats. A new game when the host says."""

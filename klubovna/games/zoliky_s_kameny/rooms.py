"""The rooms Žolíky s kameny is played in from a code (klubovna.core.declarations.RoomPolicy):
two people, kept for seven days without activity, a new round when both agree."""

from __future__ import annotations

from klubovna.core.declarations import RoomPolicy

WEEK_MS = 7 * 24 * 60 * 60 * 1000

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("duel", seats=(2, 2), settings=(), idle_ms=WEEK_MS,
               next_round="all", turn_based=True),
)
"""The room sets `seats` (two) and `round` (its round: the starter alternates)."""

"""The rooms Locus Poker is played in from a code (klubovna.core.declarations.RoomPolicy): two
people, kept for seven days without activity, a new round when both agree."""

from __future__ import annotations

from klubovna.core.declarations import RoomPolicy

WEEK_MS = 7 * 24 * 60 * 60 * 1000

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("duel", seats=(2, 2), settings=("grid",), idle_ms=WEEK_MS,
               next_round="all", turn_based=True),
)
"""The host picks the grid; the room sets `seats` (two) and `round` (the first player
alternates from round to round)."""

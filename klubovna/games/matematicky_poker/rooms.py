"""The rooms Matematický poker is played in from a code (klubovna.core.settings.RoomPolicy):
a duel of two, and a group of up to 50 whose dealer may choose only to deal."""

from __future__ import annotations

from klubovna.core.settings import RoomPolicy

SHOWN = ("mode", "seconds", "table")
"""The settings a room shows and accepts; the room sets the variant and the seats."""

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("duel", seats=(2, 2), settings=SHOWN, fixed={"variant": "duel"},
               next_round="all"),
    RoomPolicy("group", seats=(1, 50), settings=SHOWN, fixed={"variant": "group"},
               host_only_deals=True, next_round="host"),
)

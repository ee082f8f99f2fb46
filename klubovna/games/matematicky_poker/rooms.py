"""Where Matematický poker is played besides alone: the rooms from a code
(klubovna.core.declarations.RoomPolicy), a duel of two and a group of up to 50 whose dealer may
choose only to deal; and the public kinds (PublicKind), the ranked leaderboard and the
daily challenge, both on the adjacent table with no points preview."""

from __future__ import annotations

from klubovna.core.declarations import PublicKind, RoomPolicy

SHOWN = ("mode", "seconds", "table")
"""The settings a room shows and accepts; the room sets the variant and the seats."""

ROOMS: tuple[RoomPolicy, ...] = (
    RoomPolicy("duel", seats=(2, 2), settings=SHOWN, fixed={"variant": "duel"},
               next_round="all"),
    RoomPolicy("group", seats=(1, 50), settings=SHOWN, fixed={"variant": "group"},
               host_only_deals=True, next_round="host"),
)

PUBLIC: tuple[PublicKind, ...] = (
    PublicKind("ranked", requires={"table": "adjacent"}, fixed={"preview": False}),
    PublicKind("daily", requires={"table": "adjacent", "mode": "easy"},
               fixed={"preview": False}),
)

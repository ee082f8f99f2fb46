"""Turn-based play: a room whose host chose a time per move in days (issue #38).

Such a table keeps the platform-only config key TURNS, `{"ms": the time per move, "from":
the start}`, beside the game's own settings (the engine never sees it, like ROBOTS). The
seats the game waits for (its view's `turn`, the same public fact for every game) have
`ms` to move from when the wait began (the start, or the entry that made the game wait
for them: Table.waiting_since); a seat that lets it run out
leaves the table as the game's leave policy says (Game.leaver): docs/decisions/0162. Pure,
the clock passed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core import Json

TURNS = "turns"
"""The platform-only config key of a turn-based table."""
DAY_MS = 24 * 60 * 60 * 1000
DAYS_MIN, DAYS_MAX = 1, 14
"""The time per move a host may choose (`days_per_move`)."""
REMIND_BEFORE_MS = 6 * 60 * 60 * 1000
"""A person whose time runs out is reminded this long before (push, when they allow it)."""


def turns_config(days: int, now: int) -> dict[str, Json]:
    """The TURNS value of a table started at `now` with `days` per move."""
    if not DAYS_MIN <= days <= DAYS_MAX:
        raise ValueError(f"days per move {days} outside {DAYS_MIN}..{DAYS_MAX}")
    return {"ms": days * DAY_MS, "from": now}


def move_deadline(config: Mapping[str, Any], since: int) -> int:
    """When a seat the game has waited for `since` runs out of time."""
    return since + int(config[TURNS]["ms"])

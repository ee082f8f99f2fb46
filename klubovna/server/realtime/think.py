"""A recorded game refuses inhumanly fast moves: a game with the platform-only setting
`min_think_ms` gets MIN_THINK_MS at a table that records for somebody (a one-seat table
with a profile, a lobby's table with a member's profile).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from klubovna.core import Game

MIN_THINK_MS = 120
"""Recorded games refuse a placement sooner than this after the draw (`too_fast`)."""
THINK = "min_think_ms"
"""The (platform-only) setting of a game that refuses inhumanly fast moves, if it has one."""


def paced(game: Game[Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """`config` of a recorded table, with the think time if `game` has the setting."""
    if any(setting.name == THINK for setting in game.settings):
        return {**config, THINK: MIN_THINK_MS}
    return dict(config)

"""Computer players of Kostkový poker: Klidný and Chytrý. Each chooses an action from the
seat's view (the one a human gets) and a seeded Rng, never from the game state, so it cannot
see hidden dice; both agree to end the game when another player asks (courtesy.py)."""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.bots import Bot

from .chytry import CHYTRY, Chytry
from .courtesy import wants_to_stop
from .klidny import KLIDNY, Klidny

BOTS: Mapping[str, Bot] = {KLIDNY.name: KLIDNY, CHYTRY.name: CHYTRY}
"""The computer players a table may seat, by name; the first is the default one."""

RATINGS: Mapping[str, int] = {"klidny": 1000, "chytry": 1313}
"""Each one's fixed rating on the ratings' scale (bench/computer_ratings.py, 2026-12-07,
100 games a step: Chytrý won 78.0 % [68.9, 85.0] against Klidný)."""

__all__ = ["BOTS", "RATINGS", "CHYTRY", "KLIDNY", "Bot", "Chytry", "Klidny", "wants_to_stop"]

"""The settings of a Locus Poker table (klubovna.core.settings.Setting): the one source for
the API's request models, the setup pages and `rules.new`'s validation."""

from __future__ import annotations

from klubovna.core.settings import Setting

from .grid import GRIDS
from .state import SEATS

SETTINGS: tuple[Setting, ...] = (
    Setting("grid", "choice", "6x6", choices=GRIDS),
    Setting("seats", "int", SEATS, minimum=SEATS, maximum=SEATS),
    Setting("round", "int", 1, minimum=1),
)
"""The grid (columns × rows), the seats (always two), and which round of a room (or of
games against the computer) this is: round 1's first player is drawn from the seed, and
from round 2 on seat (round - 1) mod 2 begins, so the first player alternates. A room sets
`round` itself (klubovna.tables.lobby)."""

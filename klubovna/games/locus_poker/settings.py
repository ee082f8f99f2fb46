"""The settings of a Locus Poker table (klubovna.core.declarations.Setting): the one source for
the API's request models, the setup pages and `rules.new`'s validation."""

from __future__ import annotations

from klubovna.core.declarations import Setting
from klubovna.core.rounds import round_settings

from .grid import GRIDS
from .state import SEATS

SETTINGS: tuple[Setting, ...] = (
    Setting("grid", "choice", "6x6", choices=GRIDS),
    Setting("seats", "int", SEATS, minimum=SEATS, maximum=SEATS),
    *round_settings(),
)
"""The grid (columns × rows), the seats (always two), and which round of a series (a room's,
or games against the computer) this is with the series' number: round 1's first player is
drawn from it, then the first player alternates (klubovna.core.rounds). A room sets both
itself (klubovna.tables.lobby)."""

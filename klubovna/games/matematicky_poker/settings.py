"""The settings of a Matematický poker table (klubovna.core.declarations.Setting): the one source
for the API's request models, the setup pages and `rules.new`'s validation."""

from __future__ import annotations

from klubovna.core.declarations import Setting
from klubovna.core.rules import SECONDS_MAX, SECONDS_MIN

from .scoring import TABLES
from .state import MODES, VARIANTS

GROUP_SEATS_MAX = 50
"""A group holds up to 50 seats, the dealer included."""

SETTINGS: tuple[Setting, ...] = (
    Setting("mode", "choice", "easy", choices=MODES),
    Setting("seconds", "int", 30, minimum=SECONDS_MIN, maximum=SECONDS_MAX,
            only_when=("mode", ("hard",)), required=True),
    Setting("table", "choice", "adjacent", choices=tuple(TABLES)),
    Setting("preview", "bool", True, public=False),  # ranked and daily turn it off
    # What only the platform sets: a recorded game's think time, a lobby's variant and seats.
    Setting("min_think_ms", "int", 0, minimum=0, public=False),
    Setting("variant", "choice", "solo", choices=VARIANTS, public=False),
    Setting("seats", "int", None, minimum=1, maximum=GROUP_SEATS_MAX, public=False),
    Setting("dealer_plays", "bool", True, only_when=("variant", ("group",)), public=False),
)
"""In declaration order (a condition before the setting it governs). The setup pages offer 30
seconds, but a hard-mode config must name them (`required`)."""

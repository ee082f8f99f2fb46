"""The settings of a Kostkový poker table (klubovna.core.declarations.Setting): the one source
for the API's request models, the setup pages and `rules.new`'s validation."""

from __future__ import annotations

from klubovna.core.declarations import Setting
from klubovna.core.rules import SECONDS_MAX, SECONDS_MIN

from .state import CHIPS_DEFAULT, CHIPS_MAX, CHIPS_MIN, SEATS_MAX, SEATS_MIN

DEFAULT_SEATS = 2

SETTINGS: tuple[Setting, ...] = (
    Setting("seats", "int", DEFAULT_SEATS, minimum=SEATS_MIN, maximum=SEATS_MAX),
    Setting("chips", "int", CHIPS_DEFAULT, minimum=CHIPS_MIN, maximum=CHIPS_MAX),
    Setting("seconds", "int", None, minimum=SECONDS_MIN, maximum=SECONDS_MAX, optional=True),
)
"""Seats, everybody's chips at the start, and the action timer (None: no timer)."""

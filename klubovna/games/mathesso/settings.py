"""The settings of a Mathesso table (klubovna.core.declarations.Setting): the one source for the
API's request models, the setup pages and `rules.new`'s validation. Which seats computer
players hold, and at which level, is the platform's table config ("robots": {seat: bot
name}, klubovna.tables.robots), as for every game; the levels are klubovna.bots.mathesso's
BOTS."""

from __future__ import annotations

from klubovna.core.declarations import Setting

from .cards import CJV_FROM, FAKTORIAL_FROM, VARIANTS
from .state import SEATS_MAX, SEATS_MIN

DEFAULT_VARIANT = "pico"

SETTINGS: tuple[Setting, ...] = (
    Setting("seats", "int", 2, minimum=SEATS_MIN, maximum=SEATS_MAX),
    Setting("variant", "choice", DEFAULT_VARIANT, choices=VARIANTS),
    Setting("cjv", "bool", False, only_when=("variant", CJV_FROM)),
    Setting("faktorial", "bool", False, only_when=("variant", FAKTORIAL_FROM)),
)
"""Seats (people and computer players together), the variant, and the two add-ons, each
accepted only from the variants the spec names (CJV from Pico, Faktoriál from Femto up):
sent with another variant they are refused as bad_config."""

"""The settings of a Žolíky s kameny table (klubovna.core.declarations.Setting): the one source
for the API's request models, the setup pages and `rules.new`'s validation."""

from __future__ import annotations

from klubovna.core.declarations import Setting

from .state import SEATS_MAX, SEATS_MIN

SETTINGS: tuple[Setting, ...] = (
    Setting("seats", "int", 2, minimum=SEATS_MIN, maximum=SEATS_MAX),
    Setting("round", "int", 1, minimum=1),
)
"""Seats, and which round of a room (or of games against the computer) this is: round 1
is begun by seat 0, and the starter moves one seat on every round. A room sets `round`
itself (klubovna.tables.lobby)."""

"""Tests of the Matematický poker engine."""

VIEW_KEYS = {
    "game", "mode", "table", "seconds", "started", "board", "jokers", "hand", "kept_jokers",
    "score", "forfeited", "deadline", "preview", "cards_left", "over",
}
"""Every key a seat's view has: the tests' own list, so a new field (a possible leak of
hidden information) fails them until someone looks at it on purpose."""

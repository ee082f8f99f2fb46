"""Tests of the Kostkový poker engine and its computer players."""

VIEW_KEYS = {
    "game", "seat", "chips_at_start", "seconds", "started", "phase", "hand", "dealer", "turn",
    "deadline", "table", "pot", "pots", "bet_size", "level", "raises", "max_raises", "players",
    "dice", "kept", "to_call", "call_all_in", "raise_to", "actions", "keep_max", "last_hand",
    "game_over", "result", "over",
}
"""Every key a seat's view has: the tests' own list, so a new field (a possible leak of
hidden information) fails them until someone looks at it on purpose."""

PLAYER_KEYS = {
    "seat", "chips", "out", "in_hand", "folded", "all_in", "chosen", "kept", "put_in",
    "round_bet", "bets", "stop", "left",
}
"""What every seat's view tells about each player (all of it public)."""

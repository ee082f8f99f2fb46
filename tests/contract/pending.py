"""What today's engines still lack of the Game protocol, and the stopgaps until they have it.

Every entry names the missing piece. PENDING's tests are xfail(strict=True): once h-core's
complete Engine is merged they pass, strict turns that into a failure, and the line goes
(checked on h-core's branch at 17:30: all but test_declarations, which also needs h-rooms'
outcomes, pass there).
A game not named here (every new one) gets no allowance.
"""

from __future__ import annotations

from typing import Any

MISSING_TEXT = "Engine.to_text/from_text (h-core, issue 13 item 1)"
MISSING_ENVELOPE = "views carry the envelope game/seat/over/turn/deadline (h-core, item 1)"
MISSING_SETTINGS = "Engine.settings declared as klubovna.core.settings.Setting (h-core, item 1)"
MISSING_DECLARATIONS = ("Engine.seat_range/leaver/rooms/started (h-core, item 1) and per-seat "
                        "outcomes (h-rooms' outcomes.py, item 3)")
MISSING_LEAVE = "Engine.leave under the game's LeavePolicy (h-core, item 1)"

PENDING: dict[tuple[str, str], str] = {}
"""(game, test) -> the missing piece that makes the test fail today."""

FALLBACK_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "matematicky-poker": [
        {}, {"mode": "hard", "seconds": 3}, {"table": "school", "preview": False},
        {"variant": "duel"}, {"variant": "duel", "mode": "hard", "seconds": 3},
        {"variant": "group", "seats": 3}, {"variant": "group", "seats": 3, "dealer_plays": False},
    ],
    "kostkovy-poker": [
        {"seats": 2, "chips": 10}, {"seats": 3, "chips": 10, "seconds": 3},
        {"seats": 4, "chips": 12, "seconds": 5},
    ],
}
"""Configs for random play of an engine that declares no `settings` yet (then unused)."""

FALLBACK_CODES: dict[str, frozenset[str]] = {
    "matematicky-poker": frozenset({
        "bad_action", "not_your_seat", "cell_out_of_range", "value_out_of_range",
        "not_started", "already_started", "game_over", "cell_taken", "no_card", "joker_in_hand",
        "not_a_joker", "no_kept_joker", "not_dealer", "not_playing", "deck_empty", "too_fast",
    }),
    "kostkovy-poker": frozenset({
        "bad_action", "not_your_seat", "not_started", "already_started", "game_over",
        "not_keeping", "out_of_game", "already_kept", "dice_out_of_range", "must_call",
        "nothing_to_call", "already_bet", "short_of_chips", "no_opponent", "no_bet",
        "not_betting", "not_your_turn",
    }),
}
"""The refusal codes of an engine that declares no `codes` yet (a game's `codes`: every
IllegalAction code it raises, the set its catalogues must translate)."""

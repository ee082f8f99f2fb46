"""Tests of the Matematický poker engine."""

VIEW_KEYS = {
    "game", "mode", "table", "seconds", "started", "board", "jokers", "hand", "kept_jokers",
    "score", "forfeited", "deadline", "preview", "cards_left", "over", "seat", "turn",
}
"""Every key a seat's view has: the tests' own list, so a new field (a possible leak of
hidden information) fails them until someone looks at it on purpose."""

MULTI_VIEW_KEYS = VIEW_KEYS | {
    "variant", "seat", "dealer", "playing", "drawn", "seats", "ranking", "boards",
    "game_over",
}
"""A playing seat's view in a duel or group: the solo keys plus the public part of the game."""

DUEL_VIEW_KEYS = MULTI_VIEW_KEYS | {"opponent"}
"""A duel seat's view: the other board as far as the seat has come, too."""

DEALER_VIEW_KEYS = {
    "game", "variant", "mode", "table", "seconds", "started", "seat", "dealer", "playing",
    "drawn", "cards_left", "seats", "ranking", "boards", "game_over", "dealt", "over",
    "turn", "deadline",
}
"""The view of a group dealer who only deals: no board, the drawn cards and every queue."""

WATCH_VIEW_KEYS = {
    "game", "variant", "mode", "table", "seconds", "started", "drawn", "cards_left", "seats",
    "ranking", "boards", "game_over", "turn", "seat", "over", "deadline",
}
"""The view of one who watches (seat None): the public part alone, no board, hand or card."""


def queue_of(view: dict, entry: dict) -> int:  # type: ignore[type-arg]
    """A seat's queue length (hand + queue) as a client works it out from its entry in the
    public `seats`: the numbers drawn minus those it handled; 0 once it is finished."""
    return 0 if entry["finished"] else int(view["drawn"] - entry["handled"])


def waiting(view: dict) -> int:  # type: ignore[type-arg]
    """A playing seat's own queue length (see queue_of)."""
    return queue_of(view, next(each for each in view["seats"] if each["seat"] == view["seat"]))

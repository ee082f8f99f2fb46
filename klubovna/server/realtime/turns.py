"""What a turn-based room tells a person whose app is closed (Web Push, realtime/push.py):
"your turn" when the game begins to wait for them and they are not at the table, a
reminder REMIND_BEFORE_MS before their time runs out, the result when the game ends.
Opening the game marks its message seen; a move drops the waiting reminder
(docs/decisions/0162-turn-based-rooms.md). Blocking like push.notify: call in a thread.
"""

from __future__ import annotations

from datetime import UTC, datetime

from klubovna.server.calendar import PRAGUE
from klubovna.server.realtime import push
from klubovna.server.storage.push import quiet_window
from klubovna.server.storage.store import Store
from klubovna.tables.turns import REMIND_BEFORE_MS

QUIET_MARGIN_MS = 15 * 60 * 1000
"""A reminder moved out of the quiet hours comes this long before they begin; one whose
quiet hours end this long before the time runs out waits for their end."""


def game_topic(table_id: str) -> str:
    """The game's messages: one until the person looks (push.seen)."""
    return f"game:{table_id}"


def reminder_topic(table_id: str) -> str:
    return f"remind:{table_id}"


def when(ms: int) -> str:
    """A moment as people in Prague read it: "9. 12. 14:05"."""
    moment = datetime.fromtimestamp(ms / 1000, UTC).astimezone(PRAGUE)
    return f"{moment.day}. {moment.month}. {moment.hour}:{moment.minute:02d}"


def your_turn(store: Store, profile: str, table_id: str, url: str, deadline: int) -> None:
    push.notify(store, profile, game_topic(table_id), "Jsi na tahu",
                f"Soupeř zahrál. Na tah máš čas do {when(deadline)}.", url)
    push.notify(store, profile, reminder_topic(table_id), "Brzy ti vyprší čas na tah",
                f"Zahraj do {when(deadline)}, jinak hru prohraješ.", url,
                not_before=reminder_at(deadline, store.push.quiet(profile)))


def reminder_at(deadline: int, quiet: tuple[int, int] | None) -> int:
    """REMIND_BEFORE_MS before the time runs out; when that falls in the person's quiet
    hours and they last until the time runs out, just before the quiet hours begin (held
    until they end, the reminder would come too late).

    >>> from datetime import datetime
    >>> at = lambda h: int(datetime(2026, 12, 8, h, tzinfo=PRAGUE).timestamp() * 1000)
    >>> when(reminder_at(at(18), (21 * 60, 8 * 60)))  # 12:00: not quiet
    '8. 12. 12:00'
    >>> when(reminder_at(at(5), (21 * 60, 8 * 60)))  # 23:00 and quiet until after 5:00
    '7. 12. 20:45'
    >>> when(reminder_at(at(5), None))
    '7. 12. 23:00'
    """
    at = deadline - REMIND_BEFORE_MS
    window = quiet_window(at, quiet)
    if window is None or window[1] <= deadline - QUIET_MARGIN_MS:
        return at
    return window[0] - QUIET_MARGIN_MS


def moved(store: Store, profile: str, table_id: str) -> None:
    """The person's turn is over (they moved, or left): no reminder for it any more."""
    push.seen(store, profile, reminder_topic(table_id))


def looked(store: Store, profile: str, table_id: str) -> None:
    """The person opened the game: its message is seen, the next one may come."""
    push.seen(store, profile, game_topic(table_id))


def game_over(store: Store, profile: str, table_id: str, url: str) -> None:
    push.seen(store, profile, reminder_topic(table_id))
    push.notify(store, profile, game_topic(table_id), "Hra skončila",
                "Podívej se, jak dopadla.", url)

"""What a turn-based room tells a person whose app is closed (Web Push, realtime/push.py):
"your turn" when the game begins to wait for them and they are not at the table, a
reminder REMIND_BEFORE_MS before their time runs out, the result when the game ends.
Opening the game marks its message seen; a move drops the waiting reminder
(docs/decisions/0162-turn-based-rooms.md). Blocking like push.notify: call in a thread.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from klubovna.server.realtime import push
from klubovna.server.storage.store import Store
from klubovna.tables.turns import REMIND_BEFORE_MS

PRAGUE = ZoneInfo("Europe/Prague")


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
                not_before=deadline - REMIND_BEFORE_MS)


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

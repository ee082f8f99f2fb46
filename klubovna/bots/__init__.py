"""Computer opponents, one folder per game; pure, standard library only.

One interface for every game's computer players: a bot chooses from its seat's view (the
one a human gets) and the events its seat has witnessed so far, in order (what its seat was
sent: public events and those addressed to it), never from the game state. A table derives
those events from its log, so after a restore (seed + log) a bot remembers exactly what it
did before. Each game's bot folder has its registry, `BOTS` (the first is the default
player who takes over a seat); klubovna/tables/registry.py pairs it with the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from klubovna.core import Event, Json, Rng, View

Action = dict[str, Json]


class Bot(Protocol):
    """A computer player: `choose` returns one of the actions its view allows.

    A bot may also have `courtesy(view, witnessed)`: an action it sends whenever its view
    asks for one, outside its turn (Kostkový poker's agreement to stop); see `courtesy`.
    And `waits(view, witnessed)`: True when it does nothing now although its view allows
    an action (a Matematický poker duel seat with nothing in hand could draw the next
    number early, which would rush the opponent); see `waits`."""

    @property
    def name(self) -> str: ...

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action: ...


def courtesy(bot: Bot, view: View, witnessed: Sequence[Event]) -> Action | None:
    """The bot's courtesy action now, if it has such a method and wants to send one."""
    method = getattr(bot, "courtesy", None)
    if method is None:
        return None
    action: Action | None = method(view, witnessed)
    return action


def waits(bot: Bot, view: View, witnessed: Sequence[Event]) -> bool:
    """Whether the bot, if it has such a method, chooses to do nothing now."""
    method = getattr(bot, "waits", None)
    return method is not None and bool(method(view, witnessed))


__all__ = ["Action", "Bot", "courtesy", "waits"]

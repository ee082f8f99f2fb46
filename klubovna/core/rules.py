"""The skeleton every game's rules.py shares: reading the config, checking an action's shape,
dispatching it to its handler after letting time run, deadlines with their grace, and
replacing one seat's entry in a tuple. Each game keeps only what is its own."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from klubovna.core.checks import bad_action, bad_config, is_int, is_seat, require_time
from klubovna.core.declarations import Setting, read_settings
from klubovna.core.errors import IllegalAction
from klubovna.core.game import Event, Json

S = TypeVar("S")
M = TypeVar("M")
K = TypeVar("K")
T = TypeVar("T")

Step = tuple[S, list[Event]]
"""A new state and the events that led to it."""
Handler = Callable[[S, int, M, int], tuple[S, list[Event]]]
"""One action type's rule: (state, seat, parsed move, now) -> step."""

GRACE_MS = 1500
"""With a timer: latency grace after a deadline during which an action still counts.
It is never shown to the player."""
SECONDS_MIN = 3
SECONDS_MAX = 300
"""Seconds per card or per turn, where a game has a timer."""


def read_config(
    settings: Sequence[Setting], config: Mapping[str, Json], seed: object
) -> dict[str, Json]:
    """A game's config checked against its settings (defaults filled in), and the seed a
    whole number; IllegalAction("bad_config") otherwise.

    >>> read_config([Setting("chips", "int", 20, minimum=10, maximum=100)], {}, 7)
    {'chips': 20}
    >>> read_config([], {}, True)
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: The seed must be an integer.
    """
    if not isinstance(config, Mapping):
        bad_config("The config must be an object.")
    if not is_int(seed):
        bad_config("The seed must be an integer.")
    return read_settings(settings, config)


def action_type(action: object) -> str:
    """The "type" of an action, once it is an object with a string type."""
    if not isinstance(action, Mapping):
        bad_action("An action must be an object.")
    kind = action.get("type")
    if not isinstance(kind, str):
        bad_action('An action needs a "type" string.')
    return kind


def exact_fields(action: Mapping[str, Json], kind: str, expected: frozenset[str] | None) -> None:
    """An action of type `kind` must carry exactly the keys `expected` (None: no such type).

    >>> try:
    ...     exact_fields({"type": "place"}, "place", frozenset({"type", "cell"}))
    ... except IllegalAction as refused:
    ...     print(refused.code, refused.message)
    bad_action Action 'place' takes exactly the fields ['cell', 'type'], got ['type'].
    """
    if expected is None:
        bad_action(f"Unknown action type {kind!r}.")
    if set(action) != expected:
        bad_action(
            f"Action {kind!r} takes exactly the fields {sorted(expected)}, "
            f"got {sorted(map(str, action))}."
        )


def int_field(action: Mapping[str, Json], name: str) -> int:
    """An action's whole-number field (a bool is not one)."""
    value = action[name]
    if not is_int(value):
        bad_action(f'"{name}" must be an integer, got {value!r}.')
    number: int = value
    return number


def dispatch(
    state: S, seat: int, action: Mapping[str, Json], now: int, *,
    seats: int, parse: Callable[[Mapping[str, Json]], M],
    advance: Callable[[S, int], Step[S]], handlers: Mapping[K, Handler[S, M]],
    key: Callable[[M], K],
) -> Step[S]:
    """Every game's `apply`: check the clock, the seat and the action's shape (`parse`),
    let time run to `now` (an expired turn is settled before the action is judged), then
    run the handler for the action's `key`. The old state is never changed."""
    require_time("now", now)
    require_seat(seat, seats)
    move = parse(action)
    state, events = advance(state, now)
    state, more = handlers[key(move)](state, seat, move, now)
    return state, events + more


def require_seat(seat: object, seats: int) -> None:
    """Refuse a seat number that does not play in a game of `seats` seats."""
    if not is_seat(seat, seats):
        raise IllegalAction("not_your_seat", f"Seat {seat!r} does not play in this game.")


def require_running(started: bool, over: bool) -> None:
    """Refuse an action before the start or after the end."""
    if not started:
        raise IllegalAction("not_started", "The game has not started yet.")
    if over:
        raise IllegalAction("game_over", "The game is over.")


def with_grace(deadline: int | None) -> int | None:
    """The last moment an action on a deadline still counts: the deadline plus the grace."""
    return None if deadline is None else deadline + GRACE_MS


def first_due(expiries: Iterable[int | None]) -> int | None:
    """The first moment `advance` changes something: 1 ms after the earliest expiry (an
    action at the expiry moment itself still counts); None when nothing expires.

    >>> first_due([None, 5000, 3000]), first_due([None])
    (3001, None)
    """
    due = [e for e in expiries if e is not None]
    return min(due) + 1 if due else None


def deadline_after(now: int, seconds: int | None) -> int | None:
    """The deadline `seconds` after `now` (Unix ms), None without a timer."""
    return None if seconds is None else now + seconds * 1000


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the entry at `index` replaced (one seat's player, one board cell).

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])


__all__ = [
    "GRACE_MS",
    "SECONDS_MAX",
    "SECONDS_MIN",
    "Handler",
    "Step",
    "action_type",
    "deadline_after",
    "dispatch",
    "exact_fields",
    "first_due",
    "int_field",
    "read_config",
    "replaced",
    "require_running",
    "require_seat",
    "with_grace",
]

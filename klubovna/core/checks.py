"""Checks every game's rules make on what callers send: whole numbers (a bool is not one),
seat numbers, the clock; and the two refusals they raise for a bad config or action."""

from __future__ import annotations

from typing import NoReturn

from klubovna.core.errors import IllegalAction


def is_int(value: object) -> bool:
    """A whole number, and not a boolean (JSON `true` must not pass for 1).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_seat(seat: object, seats: int) -> bool:
    """A seat number of a game with `seats` seats."""
    return is_int(seat) and 0 <= seat < seats  # type: ignore[operator]


def require_time(name: str, value: object) -> None:
    """The clock a caller passes (Unix ms) must be a whole number: a programming error."""
    if not is_int(value):
        raise TypeError(f"{name} must be an integer (Unix ms), got {value!r}")


def bad_config(message: str) -> NoReturn:
    raise IllegalAction("bad_config", message)


def bad_action(message: str) -> NoReturn:
    raise IllegalAction("bad_action", message)

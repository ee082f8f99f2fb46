"""Fields of the one-line text forms of game states (each game's state.py `to_text`)."""

from __future__ import annotations

from collections.abc import Sequence

NONE = "-"
"""The field of a value that is None."""


def flag(value: bool) -> str:
    return "1" if value else "0"


def parse_flag(text: str) -> bool:
    """"1" or "0" as a bool; anything else is a ValueError.

    >>> parse_flag("1"), parse_flag("0")
    (True, False)
    """
    if text not in ("0", "1"):
        raise ValueError(f"expected 0 or 1, got {text!r}")
    return text == "1"


def int_or_none(value: int | None) -> str:
    return NONE if value is None else str(value)


def parse_int_or_none(text: str) -> int | None:
    """An int, or None for NONE.

    >>> parse_int_or_none("-"), parse_int_or_none("42")
    (None, 42)
    """
    return None if text == NONE else int(text)


def join_line(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A text form: the head's fields, then one row per seat after ` | `.

    >>> join_line(["kp1", "20"], [["1", "2"], ["3"]])
    'kp1 20 | 1 2 | 3'
    """
    return " | ".join(" ".join(fields) for fields in (head, *rows))


def split_line(text: str) -> tuple[list[str], list[list[str]]]:
    """The head's fields and each row's fields of a `join_line` text.

    >>> split_line("kp1 20 | 1 2 | 3")
    (['kp1', '20'], [['1', '2'], ['3']])
    """
    head, *rows = (part.split(" ") for part in text.strip().split(" | "))
    return head, rows

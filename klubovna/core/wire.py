"""What crosses the boundary to the browser, declared once: the envelope every view has,
and the table of functions a game offers the browser's engine worker.

Each game's folder has a `wire.py` with TypedDicts of its views, result and actions (the
web build generates the TypeScript types from them: web/build/wire_types.py) and its
`BROWSER` table. A TypedDict is a plain dict at run time, so an engine builds its views as
before; `typed_view` hands such a typed function to `Engine`, which takes any `View`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict, TypeVar, cast

from klubovna.core.values import Json, View

S = TypeVar("S")

Browser = Mapping[str, Callable[..., Json]]
"""The functions a game offers the browser's worker by name (`BROWSER` in its folder);
their parameters and answers are JSON (a tuple answers as a list)."""


class Common(TypedDict):
    """The envelope (klubovna.core.declarations.ENVELOPE) but `seat`: what a seat's view and
    the view of one who watches have alike."""

    game: str
    over: bool
    turn: list[int]
    deadline: int | None


class Envelope(Common):
    """What every seat's view has (klubovna.core.declarations.ENVELOPE)."""

    seat: int


class WatchEnvelope(Common):
    """What the view of one who watches has (Game.view with seat None): `seat` is null and
    `over` is whether the game has ended."""

    seat: None


def typed_view(
    view: Callable[[S, int | None], Mapping[str, Any]],
) -> Callable[[S, int | None], View]:
    """A game's view function, annotated with its TypedDicts, as `Engine.view`: the same
    function (a TypedDict is a dict), its declared shape checked by tests/contract/test_wire.py."""
    return cast("Callable[[S, int | None], View]", view)


def typed_result(
    result: Callable[[S], Mapping[str, Any] | None],
) -> Callable[[S], dict[str, Json] | None]:
    """A game's result function, annotated with its TypedDict, as `Engine.result`."""
    return cast("Callable[[S], dict[str, Json] | None]", result)


__all__ = ["Browser", "Common", "Envelope", "WatchEnvelope", "typed_result",
           "typed_view"]

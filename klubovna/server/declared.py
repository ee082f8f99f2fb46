"""Request models made from the games' declared settings (klubovna.core.settings), so the
OpenAPI document shows every field and a value of the wrong type or range is refused as
`invalid_request` before anything runs. What only a game can judge (a setting of another
game, one that applies only in some mode, a missing one) is `read_settings`'s and the
engine's, answered `bad_config`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, create_model

from klubovna.core.settings import Setting
from klubovna.tables.lobby import DEALER_PLAYS
from klubovna.tables.registry import REGISTRY


def field_of(settings: Sequence[Setting], where: str) -> tuple[Any, Any]:
    """A pydantic field (type, FieldInfo) for one setting name, as declared by one game or
    several: it takes every value one of them takes (the widest range, all the choices),
    so the model never refuses what a game accepts; each game's own range is its
    `read_settings`'s (bad_config). Declarations of different kinds leave the type to the
    games. None (or left out): the default."""
    first = settings[0]
    kinds = {s.kind for s in settings}
    kind: Any
    low = high = None
    if len(kinds) > 1:
        kind = Any
    elif first.kind == "int":
        kind = StrictInt
        lows, highs = [s.minimum for s in settings], [s.maximum for s in settings]
        low = None if None in lows else min(x for x in lows if x is not None)
        high = None if None in highs else max(x for x in highs if x is not None)
    elif first.kind == "bool":
        kind = StrictBool
    else:
        kind = Literal[tuple(dict.fromkeys(c for s in settings for c in s.choices))]
    return kind | None, Field(default=None, ge=low, le=high,
                              description=f"{where}; default {first.default!r}.")


M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Unknown fields are refused (`invalid_request`)."""

    model_config = ConfigDict(extra="forbid")


def model_of(name: str, settings: Iterable[tuple[str, Setting]], base: type[M]) -> type[M]:
    """`base` with a field per setting name: (where, setting) pairs, `where` saying which
    game (and room) takes it; a name two games share is one field, described by both."""
    declared: dict[str, list[Setting]] = {}
    places: dict[str, list[str]] = {}
    for where, setting in settings:
        declared.setdefault(setting.name, []).append(setting)
        places.setdefault(setting.name, []).append(where)
    fields: dict[str, Any] = {n: field_of(s, ", ".join(places[n])) for n, s in declared.items()}
    return create_model(name, __base__=base, **fields)


def room_declarations() -> Iterable[tuple[str, Setting]]:
    """Every registered room's settings: the game's shown ones and the room's own (who
    takes the empty seats, whether a dealer plays)."""
    for name, entry in REGISTRY.items():
        declared = {s.name: s for s in entry.game.settings}
        for policy in entry.game.rooms:
            where = f"{name} {policy.kind}"
            for shown in policy.settings:
                yield where, declared[shown]
            if policy.robots is not None:
                bots = tuple(entry.bots)
                yield where, Setting(policy.robots, "choice", bots[0] if bots else None,
                                     choices=bots)
            if policy.host_only_deals:
                yield where, Setting(DEALER_PLAYS, "bool", True)


def table_declarations() -> Iterable[tuple[str, Setting]]:
    """Every registered game's public settings (a table made by POST /api/tables)."""
    for name, entry in REGISTRY.items():
        for setting in entry.game.settings:
            if setting.public:
                yield name, setting


def sent(model: BaseModel, names: Iterable[str] = ()) -> dict[str, Any]:
    """The settings a request sent (not None), but `names`."""
    skip = set(names)
    return {k: v for k, v in model.model_dump(exclude_none=True).items() if k not in skip}

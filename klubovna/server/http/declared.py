"""Request models made from the games' declared settings (klubovna.core.declarations), so the
OpenAPI document shows every field and a value of the wrong type or range is refused as
`invalid_request` before anything runs. What only a game can judge (a setting of another
game, one that applies only in some mode, a missing one) is `read_settings`'s and the
engine's, answered `bad_config`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, create_model

from klubovna.core import Game
from klubovna.core.declarations import Setting
from klubovna.server.http.errors import ApiError
from klubovna.tables.lobby import DEALER_PLAYS
from klubovna.tables.registry import REGISTRY


def field_of(settings: Sequence[Setting], where: str) -> tuple[Any, Any]:
    """A pydantic field (type, FieldInfo) for one setting name, as declared by one game or
    several: it takes every value one of them takes (the widest range, all the choices),
    so the model never refuses what a game accepts; each game's own range is its
    `read_settings`'s (bad_config). Declarations of different kinds leave the type to the
    games. Left out: the default. Null only where a game takes it (an optional setting's
    "off"); where no game does, null is a wrong type (`invalid_request`), and where some
    game does, `sent` refuses it for the others."""
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
    description = f"{where}; default {first.default!r}."
    if any(s.optional for s in settings):
        return kind | None, Field(default=None, ge=low, le=high, description=description)
    # Left out is None (never validated); the schema says no null and names no default.
    return kind, Field(default=None, ge=low, le=high, description=description,
                       json_schema_extra=_no_default)


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


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


def nullable(game: Game[Any] | None, kind: str | None = None) -> frozenset[str]:
    """The settings a game's table (`kind` None) or its room of `kind` takes null for (an
    optional setting's "off"); none for no game (a name not registered) or a kind it has
    not."""
    if game is None:
        return frozenset()
    if kind is None:
        return frozenset(s.name for s in game.settings if s.public and s.optional)
    shown = {n for p in game.rooms if p.kind == kind for n in p.settings}
    return frozenset(s.name for s in game.settings if s.optional and s.name in shown)


def sent(model: BaseModel, names: Iterable[str] = (), takes_null: Iterable[str] = (),
         where: str = "") -> dict[str, Any]:
    """The settings a request sent, but `names`. Null is sent on only for the settings
    that take it (`takes_null`, see `nullable`); for any other it is a wrong type,
    `invalid_request` (never "the default": leaving a setting out is how to ask for it).
    `where` prefixes the field's name in the message (`settings.`)."""
    skip, null_ok = set(names), set(takes_null)
    out = {k: v for k, v in model.model_dump(exclude_unset=True).items() if k not in skip}
    for name in sorted(k for k, v in out.items() if v is None and k not in null_ok):
        raise ApiError(422, "invalid_request",
                       f"{where}{name}: null is not a value of this game's {name}; leave it "
                       "out for the default.")
    return out

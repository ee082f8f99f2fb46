"""A small checker of JSON values against the wire's declarations (klubovna/games/*/wire.py):
TypedDict (required and NotRequired keys, no others), Literal, list / Sequence, tuple,
NamedTuple, dict / Mapping, unions (Optional too) and the plain JSON types. Standard library
only.

A tuple is checked as a JSON list of that length (JSON has no tuples). Returns the first
mismatch as a path and a message, None when the value fits.

Each declared type is read once into a check (a closure, `_check`): random play checks
millions of values, and reading the type again for each (typing.get_origin, get_args,
is_typeddict) took ~90 % of the time.
"""

from __future__ import annotations

import collections.abc
import functools
import types
from collections.abc import Callable, Iterable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

PLAIN = {int: (int,), float: (int, float), str: (str,), bool: (bool,), type(None): (type(None),)}

Found = tuple[str, str] | None
"""Where below the value (a path suffix such as `.board[3]`) and what does not fit."""
Check = Callable[[Any], Found]


def mismatch(value: Any, hint: Any, path: str = "$") -> str | None:
    """Where `value` does not fit `hint`, or None."""
    found = _check(hint)(value)
    return None if found is None else f"{path}{found[0]}: {found[1]}"


def _first(step: str, checks: Iterable[tuple[Any, Check, Any]]) -> Found:
    """The first of (key, check, value) whose value does not fit, its key put before the
    path with `step` ("[{}]", ".{}")."""
    for key, check, value in checks:
        found = check(value)
        if found is not None:
            return (step.format(key) + found[0], found[1])
    return None


@functools.cache
def _check(hint: Any) -> Check:
    """The check of one declared type, made once."""
    if hint is Any:
        return lambda value: None
    if hint is None:
        hint = type(None)
    if is_typeddict(hint):
        return _typeddict(hint)
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        # a NamedTuple travels as a JSON list of its fields
        fields = _hints(hint)
        return _check(tuple[tuple(fields[name] for name in hint._fields)])
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return _literal(args)
    if origin in (Union, types.UnionType):
        return _union(hint, [_check(arg) for arg in args])
    if origin in (list, collections.abc.Sequence):
        return _items(_check(args[0]))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _items(_check(args[0]), tuple_too=True)
        return _tuple([_check(arg) for arg in args])
    if origin in (dict, collections.abc.Mapping):
        return _values(_check(args[1]))
    if hint in PLAIN:
        return _plain(hint)
    raise TypeError(f"the wire checker does not know {hint!r}")


def _literal(args: tuple[Any, ...]) -> Check:
    def check(value: Any) -> Found:
        ok = any(value == arg and type(value) is type(arg) for arg in args)
        return None if ok else ("", f"{value!r} is none of {args}")
    return check


def _union(hint: Any, parts: list[Check]) -> Check:
    def check(value: Any) -> Found:
        found = [part(value) for part in parts]
        if None in found:
            return None
        said = [f"${each[0]}: {each[1]}" for each in found if each is not None]
        return ("", f"fits no part of {hint}: {said}")
    return check


def _items(item: Check, tuple_too: bool = False) -> Check:
    kinds = (list, tuple) if tuple_too else (list,)

    def check(value: Any) -> Found:
        if not isinstance(value, kinds):
            return ("", f"{type(value).__name__}, not a list")
        return _first("[{}]", ((i, item, each) for i, each in enumerate(value)))
    return check


def _tuple(parts: list[Check]) -> Check:
    def check(value: Any) -> Found:
        if not isinstance(value, (list, tuple)):
            return ("", f"{type(value).__name__}, not a list")
        if len(value) != len(parts):
            return ("", f"{len(value)} items, not {len(parts)}")
        pairs = enumerate(zip(value, parts, strict=True))
        return _first("[{}]", ((i, part, each) for i, (each, part) in pairs))
    return check


def _values(item: Check) -> Check:
    def check(value: Any) -> Found:
        if not isinstance(value, dict):
            return ("", f"{type(value).__name__}, not a dict")
        return _first(".{}", ((key, item, each) for key, each in value.items()))
    return check


def _plain(hint: type) -> Check:
    kinds = PLAIN[hint]

    def check(value: Any) -> Found:
        # bool is an int in Python, never in the wire's types
        ok = isinstance(value, kinds) and (hint is bool or not isinstance(value, bool))
        return None if ok else ("", f"{value!r} is not {hint.__name__}")
    return check


def _typeddict(hint: Any) -> Check:
    required = hint.__required_keys__
    names = hint.__name__
    # The fields' checks are made at the first value: a TypedDict may name itself.
    fields: dict[str, Check] = {}

    def check(value: Any) -> Found:
        if not isinstance(value, dict):
            return ("", f"{type(value).__name__}, not {names}")
        if not fields:
            fields.update({key: _check(each) for key, each in _hints(hint).items()})
        missing = required - value.keys()
        if missing:
            return ("", f"{names} lacks {sorted(missing)}")
        extra = value.keys() - fields.keys()
        if extra:
            return ("", f"{names} has no {sorted(extra)}")
        return _first(".{}", ((key, fields[key], each) for key, each in value.items()))
    return check


@functools.cache
def _hints(hint: Any) -> dict[str, Any]:
    """The declared fields of a TypedDict or NamedTuple (get_type_hints is slow)."""
    return get_type_hints(hint)

"""A small checker of JSON values against the wire's declarations (klubovna/games/*/wire.py):
TypedDict (required and NotRequired keys, no others), Literal, list / Sequence, tuple,
NamedTuple, dict / Mapping, unions (Optional too) and the plain JSON types. Standard library
only.

A tuple is checked as a JSON list of that length (JSON has no tuples). Returns the first
mismatch as a path and a message, None when the value fits.
"""

from __future__ import annotations

import collections.abc
import functools
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

PLAIN = {int: (int,), float: (int, float), str: (str,), bool: (bool,), type(None): (type(None),)}


def mismatch(value: Any, hint: Any, path: str = "$") -> str | None:
    """Where `value` does not fit `hint`, or None."""
    if hint is Any:
        return None
    if hint is None:
        hint = type(None)
    if is_typeddict(hint):
        return _typeddict(value, hint, path)
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        # a NamedTuple travels as a JSON list of its fields
        fields = _hints(hint)
        return mismatch(value, tuple[tuple(fields[name] for name in hint._fields)], path)
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        ok = any(value == arg and type(value) is type(arg) for arg in args)
        return None if ok else f"{path}: {value!r} is none of {args}"
    if origin in (Union, types.UnionType):
        found = [mismatch(value, arg, path) for arg in args]
        return None if None in found else f"{path}: fits no part of {hint}: {found}"
    if origin in (list, collections.abc.Sequence):
        if not isinstance(value, list):
            return f"{path}: {type(value).__name__}, not a list"
        return _first(mismatch(item, args[0], f"{path}[{i}]") for i, item in enumerate(value))
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            return f"{path}: {type(value).__name__}, not a list"
        if len(args) == 2 and args[1] is Ellipsis:
            return _first(mismatch(v, args[0], f"{path}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            return f"{path}: {len(value)} items, not {len(args)}"
        pairs = enumerate(zip(value, args, strict=True))
        return _first(mismatch(v, a, f"{path}[{i}]") for i, (v, a) in pairs)
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            return f"{path}: {type(value).__name__}, not a dict"
        return _first(mismatch(v, args[1], f"{path}.{k}") for k, v in value.items())
    if hint in PLAIN:
        # bool is an int in Python, never in the wire's types
        ok = isinstance(value, PLAIN[hint]) and (hint is bool or not isinstance(value, bool))
        return None if ok else f"{path}: {value!r} is not {hint.__name__}"
    raise TypeError(f"the wire checker does not know {hint!r}")


def _typeddict(value: Any, hint: Any, path: str) -> str | None:
    if not isinstance(value, dict):
        return f"{path}: {type(value).__name__}, not {hint.__name__}"
    fields = _hints(hint)
    missing = hint.__required_keys__ - value.keys()
    if missing:
        return f"{path}: {hint.__name__} lacks {sorted(missing)}"
    extra = value.keys() - fields.keys()
    if extra:
        return f"{path}: {hint.__name__} has no {sorted(extra)}"
    return _first(mismatch(value[key], fields[key], f"{path}.{key}") for key in value)


@functools.cache
def _hints(hint: Any) -> dict[str, Any]:
    """The declared fields of a TypedDict or NamedTuple: worked out once per class (random
    play checks hundreds of thousands of values, and get_type_hints is slow)."""
    return get_type_hints(hint)


def _first(found: typing.Iterable[str | None]) -> str | None:
    return next((each for each in found if each is not None), None)

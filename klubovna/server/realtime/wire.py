"""JSON text of the messages of one fan-out, with the parts seats share encoded once.

A group's 50 views of one state share their public part (a SharedView's parts), and
their events when all are public. `json.dumps` would encode those ~5 KB fifty times for
one draw; `Encoder` encodes each part once and splices its text into every message that
holds it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from websockets.frames import Frame, Opcode

from klubovna.core import SharedView
from klubovna.tables.table import Message

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_string = json.encoder.encode_basestring  # the C speed-up


def dumps(value: Any) -> str:
    """Compact JSON text, as Starlette's send_json writes it."""
    return _dumps(value)


_framed: list[tuple[str, bytes]] = []
"""The last text framed, by identity: a fan-out hands the same text to each socket."""


def framed(text: str) -> bytes:
    """`text` as one whole text frame, as a server writes it (unmasked, RFC 6455), made once
    for all the sockets of a fan-out."""
    if _framed and _framed[0][0] is text:
        return _framed[0][1]
    frame = Frame(Opcode.TEXT, text.encode()).serialize(mask=False)
    _framed[:] = [(text, frame)]
    return frame


_keys: dict[str, str] = {}


def _key(key: str) -> str:
    """A member's `"key":` (the keys are the code's own few: remembered)."""
    text = _keys.get(key)
    if text is None:
        text = _string(key) + ":"
        if len(_keys) < 4096:
            _keys[key] = text
    return text


def _scalar(value: Any) -> str:
    """The common scalars without the encoder's set-up; anything else as json.dumps."""
    kind = type(value)
    if kind is int:
        return repr(value)
    if kind is str:
        return str(_string(value))
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return _dumps(value)


class Encoder:
    """Encodes the messages of one fan-out (a commit or a flush). View parts and lists
    (a step's public events) are remembered by identity, and held, so that no id is
    reused while remembered; views and events are read-only once made. `next()` starts
    the encoder of the next fan-out, which keeps the texts still in use (a player's part
    while that player does not move)."""

    def __init__(self, earlier: dict[int, tuple[object, str]] | None = None) -> None:
        self._texts: dict[int, tuple[object, str]] = {}
        self._earlier = earlier or {}

    def next(self) -> Encoder:
        return Encoder(self._texts)

    def message(self, message: Message) -> str:
        view = message.get("view")
        if not isinstance(view, SharedView):
            return dumps(message)
        # A public update is one message for many seats: encoded once.
        return self._remembered(message, self._view_message)

    def _view_message(self, message: Message) -> str:
        # Pieces joined once: each `+` of the ~6 KB view would allocate it again, and in a
        # loaded server's fragmented heap such allocations cost more than the encoding.
        view = message["view"]
        pieces: list[str] = []
        for key, value in message.items():
            pieces.append("," if pieces else "{")
            pieces.append(_keys.get(key) or _key(key))
            if value is view:
                pieces.append("{")
                first = len(pieces)
                for part in view.parts:
                    text = self._remembered(part, self._members)
                    if text:
                        if len(pieces) > first:
                            pieces.append(",")
                        pieces.append(text)
                pieces.append("}")
            else:
                pieces.append(self._value(value))
        pieces.append("}")
        return "".join(pieces)

    def _members(self, part: dict[str, Any]) -> str:
        """A view part's JSON text without the braces, member by member (see _value)."""
        return ",".join([(_keys.get(key) or _key(key)) + self._value(value)
                         for key, value in part.items()])

    def _value(self, value: Any) -> str:
        """A member's text: a list by identity (a list shared with the fan-out before,
        such as an unchanged ranking or a step's public events, is not encoded again),
        scalars without the encoder's set-up, anything else as json.dumps."""
        if type(value) is list:
            return self._remembered(value, _dumps) if value else "[]"
        return _scalar(value)

    def _remembered(self, value: Any, encode: Callable[[Any], str]) -> str:
        """`value`'s text, encoded once (a view part's members, or a list)."""
        key = id(value)
        known = self._texts.get(key) or self._earlier.get(key)
        if known is None or known[0] is not value:
            known = (value, encode(value))  # holding `value` keeps its id unique
        self._texts[key] = known
        return known[1]

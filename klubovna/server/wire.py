"""JSON text of the messages of one fan-out, with the parts seats share encoded once.

A group's 50 views of one state share their public part (a SharedView's parts).
`json.dumps` would encode those ~5 KB fifty times for one draw; `Encoder` encodes each
part once and splices its text into every message that holds it.
"""

from __future__ import annotations

import json
from typing import Any

from klubovna.core import SharedView
from klubovna.tables.table import Message

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_string = json.encoder.encode_basestring  # the C speed-up


def dumps(value: Any) -> str:
    """Compact JSON text, as Starlette's send_json writes it."""
    return _dumps(value)


def _scalar(value: Any) -> str:
    """The common scalars without the encoder's set-up; anything else as json.dumps."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return repr(value)
    if type(value) is str:
        return str(_string(value))
    return _dumps(value)


class Encoder:
    """Encodes the messages of one fan-out (a commit or a flush). Objects are remembered
    by identity, and held, so that no id is reused while remembered; views are read-only
    once made. `next()` starts the encoder of the next fan-out, which keeps the texts
    still in use (a player's part while that player does not move)."""

    def __init__(self, earlier: dict[int, tuple[object, str]] | None = None) -> None:
        self._parts: dict[int, tuple[object, str]] = {}
        self._earlier = earlier or {}

    def next(self) -> Encoder:
        return Encoder(self._parts)

    def message(self, message: Message) -> str:
        view = message.get("view")
        if not isinstance(view, dict):
            return dumps(message)
        if isinstance(view, SharedView):
            view_text = "{" + ",".join(filter(None, map(self._part, view.parts))) + "}"
        else:
            view_text = _dumps(view)
        fields = [
            f"{_string(key)}:{view_text if key == 'view' else _scalar(value)}"
            for key, value in message.items()
        ]
        return "{" + ",".join(fields) + "}"

    def _part(self, part: dict[str, Any]) -> str:
        """A part's members (its JSON text without the braces), each part encoded once."""
        known = self._parts.get(id(part)) or self._earlier.get(id(part))
        if known is None or known[0] is not part:
            known = (part, _dumps(part)[1:-1])  # holding `part` keeps its id unique
        self._parts[id(part)] = known
        return known[1]

"""The client -> table message shapes of platform.md ("Messages"), validated strictly.

Only shapes live here; whether an action is legal is the game's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from klubovna.core.checks import is_int

MAX_MESSAGE_BYTES = 4096
MAX_SEQ = 2**53 - 1
"""Sequence numbers stay exact in JavaScript and fit a BIGINT column."""


class ProtocolError(Exception):
    """A message that is not a valid client message. Answered, never fatal."""

    def __init__(self, code: str, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq

    def to_message(self) -> dict[str, Any]:
        return {"t": "error", "seq": self.seq, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Hello:
    key: str
    since: int | None


@dataclass(frozen=True)
class Act:
    seq: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Ping:
    seq: int | None = None
    """Asks for an answer: the pong carries it (docs/api.md, the ping message)."""


@dataclass(frozen=True)
class Start:
    """Lobbies: the host starts the game."""


@dataclass(frozen=True)
class Leave:
    """Lobbies: the sender leaves for good."""


@dataclass(frozen=True)
class Again:
    """Lobbies: the sender asks for the next round (or, `agree` False, takes it back)."""

    agree: bool = True


@dataclass(frozen=True)
class Watch:
    """A table's socket, instead of the hello: one who watches, with no seat (the views of
    no seat, `since` as the hello's)."""

    since: int | None = None


ClientMessage = Hello | Act | Ping | Start | Leave | Again | Watch

_FIELDS = {"hello": ({"t", "key"}, {"since"}), "act": ({"t", "seq", "action"}, set()),
           "ping": ({"t"}, {"seq"}), "watch": ({"t"}, {"since"})}
_LOBBY_FIELDS = {**{k: v for k, v in _FIELDS.items() if k != "watch"},
                 "start": ({"t"}, set()), "leave": ({"t"}, set()), "again": ({"t"}, {"agree"})}


def _checked_seq(seq: int | None) -> int:
    if seq is None or not 1 <= seq <= MAX_SEQ:
        raise ProtocolError("bad_message", f'The field "seq" must be a whole number 1..{MAX_SEQ}.')
    return seq


def parse_client_message(data: Any, lobby: bool = False) -> ClientMessage:
    """Check one decoded JSON message; raise ProtocolError("bad_message", ...) when off.
    A lobby's socket also takes `start`, `leave` and `again`.

    >>> parse_client_message({"t": "act", "seq": 1, "action": {"type": "start"}})
    Act(seq=1, action={'type': 'start'})
    """
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "A message must be a JSON object.")
    seq = data.get("seq") if is_int(data.get("seq")) else None
    kind = data.get("t")
    fields = _LOBBY_FIELDS if lobby else _FIELDS
    if not isinstance(kind, str) or kind not in fields:
        raise ProtocolError(
            "bad_message", f'The field "t" must be one of: {", ".join(sorted(fields))}.', seq
        )
    required, optional = fields[kind]
    missing = required - data.keys()
    if missing:
        raise ProtocolError("bad_message", f"Missing field(s): {', '.join(sorted(missing))}.", seq)
    unknown = data.keys() - required - optional
    if unknown:
        raise ProtocolError("bad_message", f"Unknown field(s): {', '.join(sorted(unknown))}.", seq)
    if kind == "ping":
        return Ping(_checked_seq(seq) if "seq" in data else None)
    if kind == "start":
        return Start()
    if kind == "leave":
        return Leave()
    if kind == "again":
        agree = data.get("agree", True)
        if not isinstance(agree, bool):
            raise ProtocolError("bad_message", 'The field "agree" must be true or false.')
        return Again(agree)
    if kind in ("hello", "watch"):
        since = data.get("since")
        if since is not None and (not is_int(since) or not 0 <= since <= MAX_SEQ):
            raise ProtocolError("bad_message", 'The field "since" must be a whole number >= 0.')
        if kind == "watch":
            return Watch(since)
        key = data["key"]
        if not isinstance(key, str) or not key:
            raise ProtocolError("bad_message", 'The field "key" must be a non-empty string.')
        return Hello(key=key, since=since)
    seq = _checked_seq(seq)
    if not isinstance(data["action"], dict):
        raise ProtocolError("bad_message", 'The field "action" must be a JSON object.', seq)
    return Act(seq=seq, action=data["action"])

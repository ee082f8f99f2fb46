"""One entry of a table's event log: what happened, to whom, and when.

Seed + these entries replay a table exactly; the server stores them before it
acknowledges anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["act", "tick", "leave"]


@dataclass(frozen=True)
class LogEntry:
    """`act`: a seat's confirmed action (with its client seq); `tick`: deadlines expired;
    `leave`: the seat left the table for good (Table.leave)."""

    version: int
    kind: Kind
    now: int
    seat: int | None = None
    seq: int | None = None
    action: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "kind": self.kind,
            "now": self.now,
            "seat": self.seat,
            "seq": self.seq,
            "action": self.action,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        return cls(
            version=data["version"],
            kind=data["kind"],
            now=data["now"],
            seat=data.get("seat"),
            seq=data.get("seq"),
            action=data.get("action"),
        )

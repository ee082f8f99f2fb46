"""Tables (rooms): one game instance with its seats, keys, event log and deadlines.

Pure and standard library only: no IO, no clock (the caller passes `now`), so the
browser's worker runs the very same tables as the server.
"""

from klubovna.tables.codes import format_code, new_code, normalize_code
from klubovna.tables.lobby import Lobby
from klubovna.tables.log import LogEntry
from klubovna.tables.presence import Presence
from klubovna.tables.protocol import ProtocolError, parse_client_message
from klubovna.tables.table import Step, Table, hash_key

__all__ = [
    "Lobby", "LogEntry", "Presence", "ProtocolError", "Step", "Table", "format_code", "hash_key",
    "new_code", "normalize_code", "parse_client_message",
]

"""Tables (rooms): one game instance with its seats, keys, event log and deadlines.

Pure and standard library only: no IO, no clock (the caller passes `now`), so the
browser's worker runs the very same tables as the server.

* table.py: a Table, its seats and hashed keys, its log (log.py) and deadlines
* pipeline.py: the steps of one message (deadline, message, computer players, their guards);
  the server's hub and the browser's host only persist and deliver
* registry.py: the one list of games (engine, computer players, browser functions)
* robots.py: computer players seated by the table config; protocol.py: the client's messages
* lobby.py: any game's room, from its RoomPolicy; codes.py: join codes; presence.py: who is
  connected, heartbeats and take-over; turns.py: a turn-based room's time per move
* replay.py: a finished table's frames from one seat, move by move
* local.py: the browser's host (any number of people's seats: hot seat); browser.py: the one
  door from the engine worker into a game's own functions
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

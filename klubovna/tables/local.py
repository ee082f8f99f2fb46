"""Tables hosted in the browser's engine worker: the server's part, offline, with the same
messages. JSON text in, JSON text out, so the JavaScript side needs no Python objects.

The caller passes the clock (`now`, Unix ms) and the seed; nothing here reads either.
"""

from __future__ import annotations

import json
from typing import Any

from klubovna.core import Game, IllegalAction
from klubovna.games import get_game
from klubovna.tables.lobby import NOBODY
from klubovna.tables.log import LogEntry
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import Outbox, Table, hash_key

MAX_ROBOT_MOVES = 10_000
"""A guard: computer players alone never play a whole game between two human moves."""


def key_hashes(game: Game[Any], config: dict[str, Any], seed: int, key: str) -> list[str]:
    """Seat 0 is the person's (with `key`); any other seat is a computer player's."""
    state = game.new({k: v for k, v in config.items() if k != ROBOTS}, seed)
    return [hash_key(key)] + [NOBODY] * (game.seats(state) - 1)


def robots_play(table: Table, now: int) -> Outbox:
    """Let the computer players move until none has a move (at once: the page paces the
    events it shows)."""
    outbox: Outbox = []
    for _ in range(MAX_ROBOT_MOVES):
        step = table.robot_step(now)
        if step.entry is None:
            break
        outbox += table.commit(step, now)
    return outbox


class LocalHost:
    """Local tables by id. Seat 0 is the person's, with the key the caller chose; other
    seats (Kostkový poker against the computer) are computer players named in the
    request's "robots".

    >>> host = LocalHost()
    >>> host.create("t1", '{"game": "matematicky-poker", "mode": "easy"}', 7, "k")
    '{"t": "created", "table": "t1"}'
    >>> json.loads(host.handle("t1", '{"t": "hello", "key": "k"}', 0))[0]["t"]
    'view'
    """

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.requests: dict[str, dict[str, Any]] = {}  # the create request of each table

    def create(self, table_id: str, request: str, seed: int, key: str) -> str:
        """A new table from a POST /api/tables body; an error message if it is refused."""
        try:
            body = json.loads(request)
            if not isinstance(body, dict):
                raise IllegalAction("bad_config", "The request must be a JSON object.")
            config = {k: v for k, v in body.items() if k != "game"}
            game = get_game(str(body.get("game")))
            table = Table(table_id, game, config, seed, key_hashes(game, config, seed, key))
        except IllegalAction as error:
            return json.dumps({"t": "error", "seq": None, **error.to_json()})
        self.tables[table_id] = table
        self.requests[table_id] = body
        return json.dumps({"t": "created", "table": table_id})

    def export(self, table_id: str) -> str:
        """A snapshot of a table as JSON text: what `restore` needs to rebuild it (after a
        reload of the page). It holds the seed, so it shows the deck to whoever reads it;
        that is fine here, since the browser that keeps it runs the game and has the seed
        anyway. An error message if there is no such table."""
        table = self.tables.get(table_id)
        if table is None:
            return _errors("unknown_table", "There is no such table.")
        return json.dumps({
            "id": table_id,
            "request": self.requests[table_id],
            "seed": table.seed,
            "key_hashes": table.key_hashes,
            "log": [entry.to_json() for entry in table.log],
        })

    def restore(self, snapshot: str) -> str:
        """Rebuild a table from `export`'s snapshot; answers like `create`."""
        try:
            data = json.loads(snapshot)
            if not isinstance(data, dict):
                raise IllegalAction("bad_config", "The snapshot must be a JSON object.")
            table_id, body = str(data["id"]), data["request"]
            if not isinstance(body, dict):
                raise IllegalAction("bad_config", "The request must be a JSON object.")
            config = {k: v for k, v in body.items() if k != "game"}
            game = get_game(str(body.get("game")))
            entries = [LogEntry.from_json(entry) for entry in data["log"]]
            hashes = data["key_hashes"] if "key_hashes" in data else [data["key_hash"]]
            table = Table.restore(
                table_id, game, config, int(data["seed"]), [str(h) for h in hashes], entries
            )
        except IllegalAction as error:
            return json.dumps({"t": "error", "seq": None, **error.to_json()})
        except (ValueError, KeyError, TypeError, AssertionError) as error:
            message = f"The snapshot cannot be restored: {error!r}"
            reply = {"t": "error", "seq": None, "code": "bad_snapshot", "message": message}
            return json.dumps(reply)
        self.tables[table_id] = table
        self.requests[table_id] = body
        return json.dumps({"t": "created", "table": table_id})

    def handle(self, table_id: str, message: str, now: int) -> str:
        """Messages for the seat after one client message (hello included), as a JSON list."""
        table = self.tables.get(table_id)
        if table is None:
            return _errors("unknown_table", "There is no such table.")
        try:
            data: Any = json.loads(message)
        except ValueError:
            return _errors("bad_json", "The message is not valid JSON.")
        outbox = table.commit(table.tick(now), now)
        outbox += table.commit(table.handle(0, data, now), now)
        outbox += robots_play(table, now)
        outbox += table.flush(now)  # one person: nothing to batch
        return json.dumps([out for seat, out in outbox if seat == 0])

    def tick(self, now: int) -> str:
        """Settle due deadlines of every table: {table id: [messages]} as JSON."""
        out: dict[str, list[Any]] = {}
        for table_id, table in self.tables.items():
            outbox = table.commit(table.tick(now), now) + robots_play(table, now)
            messages = [m for seat, m in outbox + table.flush(now) if seat == 0]
            if messages:
                out[table_id] = messages
        return json.dumps(out)

    def next_deadline(self) -> int | None:
        due = [d for t in self.tables.values() if (d := t.next_deadline()) is not None]
        return min(due) if due else None

    def close(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self.requests.pop(table_id, None)


def _errors(code: str, message: str) -> str:
    return json.dumps([{"t": "error", "seq": None, "code": code, "message": message}])

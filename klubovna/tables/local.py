"""Tables hosted in the browser's engine worker: the server's part, offline, with the same
messages. JSON text in, JSON text out, so the JavaScript side needs no Python objects.

Hot seat: every seat that is not a computer player's (the request's "robots") is a person's
on this device. Seat 0's key is the one the caller chose, seat n's is `seat_key(key, n)`;
messages come back for every person's seat at once, {seat: [messages]}, and the page shows
each seat's only to that seat's player. The steps are the server's (klubovna.tables
.pipeline): this host only delivers, and keeps nothing (the page keeps `export`'s snapshot).

The caller passes the clock (`now`, Unix ms) and the seed; nothing here reads either.
"""

from __future__ import annotations

import json
from typing import Any

from klubovna.core import Game, IllegalAction
from klubovna.tables.lobby import NOBODY
from klubovna.tables.log import LogEntry
from klubovna.tables.pipeline import MakeStep, internal_error, run, run_robots
from klubovna.tables.registry import get_game
from klubovna.tables.replay import replay
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import Message, Outbox, Table, hash_key

NO_PERSON = "A game on this device needs at least one person: computer players do not play alone."
"""Why a table of computer players alone is refused here (`no_person`): nobody would send
its first message, nor any after, so it would never start, or, started, stop after
pipeline.MAX_ROBOT_MOVES moves with nobody to see the end
(docs/decisions/0024-no-computer-only-local-table.md)."""
BySeat = dict[str, list[Message]]
"""Messages for each person's seat (JSON object keys: the seat numbers as strings)."""


def seat_key(key: str, seat: int) -> str:
    """The key of a person's `seat` at a local table made with `key` (seat 0: `key`).

    >>> seat_key("k", 0), seat_key("k", 2)
    ('k', 'k/2')
    """
    return key if seat == 0 else f"{key}/{seat}"


def key_hashes(game: Game[Any], config: dict[str, Any], seed: int, key: str) -> list[str]:
    """Every seat the config's "robots" do not name is a person's, with its `seat_key`;
    a computer player's opens nothing."""
    state = game.new({k: v for k, v in config.items() if k != ROBOTS}, seed)
    robots = config.get(ROBOTS)
    robot_seats = {str(seat) for seat in robots} if isinstance(robots, dict) else set()
    return [NOBODY if str(seat) in robot_seats else hash_key(seat_key(key, seat))
            for seat in range(game.seats(state))]


def people(table: Table) -> list[int]:
    """The seats of the people at a local table: neither a computer player's nor left."""
    return [seat for seat in range(len(table.key_hashes))
            if seat not in table.robots and seat not in table.closed]


def by_seat(outbox: Outbox, seats: list[int]) -> BySeat:
    """An outbox as {seat: [messages]} for `seats`, in order (a seat with nothing new: an
    empty list)."""
    out: BySeat = {str(seat): [] for seat in seats}
    for seat, message in outbox:
        if str(seat) in out:
            out[str(seat)].append(message)
    return out


class LocalHost:
    """Local tables by id. Seat 0 is the person's, with the key the caller chose; other
    seats (Kostkový poker against the computer) are computer players named in the
    request's "robots".

    >>> host = LocalHost()
    >>> host.create("t1", '{"game": "matematicky-poker", "mode": "easy"}', 7, "k")
    '{"t": "created", "table": "t1", "people": [0]}'
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
            hashes = key_hashes(game, config, seed, key)
            if all(each == NOBODY for each in hashes):
                raise IllegalAction("no_person", NO_PERSON)
            table = Table(table_id, game, config, seed, hashes)
        except IllegalAction as error:
            return json.dumps({"t": "error", "seq": None, **error.to_json()})
        self.tables[table_id] = table
        self.requests[table_id] = body
        return json.dumps({"t": "created", "table": table_id, "people": _people(table)})

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
        return json.dumps({"t": "created", "table": table_id, "people": _people(table)})

    def handle(self, table_id: str, message: str, now: int) -> str:
        """Seat 0's messages after one client message of seat 0, as a JSON list (one person
        at the table; `handle_seat` serves every seat of a hot-seat table)."""
        out = json.loads(self.handle_seat(table_id, 0, message, now))
        return json.dumps(out if isinstance(out, list) else out.get("0", []))

    def handle_seat(
        self, table_id: str, seat: int, message: str, now: int, robots: bool = True
    ) -> str:
        """One client message (hello included) of a person's `seat`: the messages it causes
        for every person's seat, {seat: [messages]} as JSON; an error list for a table or a
        seat that is not here. With `robots` false the computer players do not move yet:
        the caller delivers these messages first and then calls `robot_moves`, so the
        person sees their answer (their next card) while a slow computer player thinks."""
        table = self.tables.get(table_id)
        if table is None:
            return _errors("unknown_table", "There is no such table.")
        if seat not in people(table):
            return _errors("bad_seat", "That seat is not a person's at this table.")
        try:
            data: Any = json.loads(message)
        except ValueError:
            return _errors("bad_json", "The message is not valid JSON.")
        seq = data.get("seq") if isinstance(data, dict) else None
        return json.dumps(_run(table, now, lambda now: table.handle(seat, data, now),
                               seat, seq, robots))

    def robot_moves(self, table_id: str, now: int) -> str:
        """The computer players' moves held back by `handle_seat(..., robots=False)`: the
        messages for every person's seat, {seat: [messages]} as JSON (empty lists when none
        had a move); an error list for a table that is not here."""
        table = self.tables.get(table_id)
        if table is None:
            return _errors("unknown_table", "There is no such table.")
        seats = people(table)
        try:
            outbox = run_robots(table, now)
        except Exception:  # a view that raised while a step was committed (as in _run)
            outbox = []
        return json.dumps(by_seat(outbox, seats))

    def leave(self, table_id: str, seat: int, now: int) -> str:
        """A person leaves a hot-seat table for good, as the game's leave policy says (a
        computer player takes over, the seat folds out, or the game ends): the messages for
        every person's seat, {seat: [messages]} as JSON, the leaver's last ones included."""
        table = self.tables.get(table_id)
        if table is None:
            return _errors("unknown_table", "There is no such table.")
        if seat not in people(table):
            return _errors("bad_seat", "That seat is not a person's at this table.")
        return json.dumps(_run(table, now, lambda now: table.leave(seat, now), seat, None))

    def replay(self, table_id: str, seat: int) -> str:
        """The replay of a finished table from a person's `seat` (klubovna.tables.replay)
        as JSON text; an error message ({"t": "error", "code", ...}: unknown_table,
        bad_seat, not_over) otherwise. A person who left, or whose seat a computer player
        took over, still has it: the seat had a person's key.

        >>> host = LocalHost()
        >>> _ = host.create("t1", '{"game": "matematicky-poker"}', 7, "k")
        >>> json.loads(host.replay("t1", 0))["code"]
        'not_over'
        >>> for seq, move in enumerate(("start", "leave"), 1):
        ...     _ = host.handle("t1", json.dumps({"t": "act", "seq": seq,
        ...                                       "action": {"type": move}}), 5)
        >>> shown = json.loads(host.replay("t1", 0))
        >>> len(shown["frames"]), shown["moves"][1]["action"], shown["frames"][-1]["over"]
        (3, {'type': 'leave'}, True)
        """
        table = self.tables.get(table_id)
        try:
            if table is None:
                raise IllegalAction("unknown_table", "There is no such table.")
            if not 0 <= seat < len(table.key_hashes) or table.key_hashes[seat] == NOBODY:
                raise IllegalAction("bad_seat", "That seat is not a person's at this table.")
            return json.dumps(replay(table, seat))
        except IllegalAction as error:
            return json.dumps({"t": "error", "seq": None, **error.to_json()})

    def tick(self, now: int) -> str:
        """Settle due deadlines of every table: {table id: {seat: [messages]}} as JSON, for
        the tables where something happened."""
        out: dict[str, BySeat] = {}
        for table in self.tables.values():
            messages = _run(table, now, None, None, None)
            if any(messages.values()):
                out[table.id] = messages
        return json.dumps(out)

    def next_deadline(self) -> int | None:
        due = [d for t in self.tables.values() if (d := t.next_deadline()) is not None]
        return min(due) if due else None

    def close(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self.requests.pop(table_id, None)


def _run(table: Table, now: int, first: MakeStep | None, seat: int | None, seq: Any,
         robots: bool = True) -> BySeat:
    """The pipeline at once (the page paces the events it shows), by person's seat (those
    before it ran: a leaver gets its last messages); a failure is the sender's error, as on
    the server (`internal`: logged by the pipeline)."""
    seats = people(table)
    try:
        outbox = run(table, now, first, robots)
    except IllegalAction as error:  # InternalError, or a leave refused
        outbox = [] if seat is None else [(seat, {"t": "error", "seq": seq, **error.to_json()})]
    except Exception:  # a view that raised while the step was committed
        outbox = [] if seat is None else [(seat, internal_error(seq))]
    return by_seat(outbox, seats)


def _people(table: Table) -> list[int]:
    """The seats of people at this device: every seat but the computer players'."""
    return [seat for seat in range(len(table.key_hashes)) if seat not in table.robots]


def _errors(code: str, message: str) -> str:
    return json.dumps([{"t": "error", "seq": None, "code": code, "message": message}])

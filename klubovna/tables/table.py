"""A Table: one game instance, its seats and access keys, its log and deadlines.

It turns client messages into per-seat messages (platform.md "Messages"). It
never does IO: the caller persists `Step.entry` and only then calls `commit`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from klubovna.core import Event, Game, IllegalAction, SharedView, View
from klubovna.core.declarations import LeavePolicy
from klubovna.tables.log import LogEntry
from klubovna.tables.protocol import (
    Act,
    Hello,
    Ping,
    ProtocolError,
    Watch,
    parse_client_message,
)
from klubovna.tables.registry import default_bot
from klubovna.tables.robots import ROBOTS, robot_move, seat_robots
from klubovna.tables.turns import TURNS, move_deadline

Message = dict[str, Any]
MAX_LOG = 250_000
"""A table's log holds at most this many entries (and one `leave` per seat besides): 190x a
50-player group game, 21x the longest Kostkový poker game of six Klidný players with 100
chips each, 2x six players who call every bet (bench/log_length.py;
docs/decisions/0012-bounded-tables.md, "Bounded tables"). Past it actions are refused (`log_full`)
and nothing is stored, so no table grows the database or a restart without end."""
LEAVE = {"type": "leave"}
"""A game's own leave action, for the games that have one (Matematický poker)."""
DEFAULT_LEAVER: LeavePolicy = "fold"
"""What a leaver becomes at a game that does not say (see `leaver_of`)."""
CATCH_UP_VERSIONS = 1000
"""A client further behind than this gets a fresh view instead of the events it missed."""
EVENTS_KEPT = CATCH_UP_VERSIONS
"""The event log keeps at least the last this many versions' events (all a catch-up can
ask for) and at most twice as many: older ones are dropped, so a long game (Kostkový
poker) does not keep every event of its life in memory. A computer player that takes over
a seat later learns what the seat saw from the log (Table._seat_robot)."""
Outbox = list[tuple[int, Message]]
"""Messages to send: (seat, message)."""


def game_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A table's config as its game reads it: without the platform's own keys (the computer
    players, the time per move of a turn-based table)."""
    return {k: v for k, v in config.items() if k not in (ROBOTS, TURNS)}


def hash_key(key: str) -> str:
    """Keys are stored hashed; a leaked database does not hand out seats."""
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass
class Step:
    """The outcome of one message: a log entry to persist (or None) and what to send."""

    entry: LogEntry | None = None
    state: Any = None
    events: list[Event] = field(default_factory=list)
    replies: Outbox = field(default_factory=list)
    ack: tuple[int, int] | None = None  # (seat, seq) acknowledged by this step
    own: bool = False
    """The replies answer the sending connection alone (a pong, an error, a hello's
    catch-up): the seat's other connections (another tab) did not ask for them. Replies
    that update the seat (a resent action's view) reach all of them, so none misses a
    version."""


def public(events: list[Event]) -> bool:
    """Whether every seat may see all of `events`."""
    return all(event.get("to") is None for event in events)


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see: public ones, and those addressed to it (without "to");
    for None (one who watches) the public ones.
    When all are public, the very list (read-only, like views: a server's encoder then
    encodes it once for all seats)."""
    if public(events):
        return events
    out = []
    for event in events:
        to = event.get("to")
        if to is None:
            out.append(event)
        elif seat in to:
            out.append({k: v for k, v in event.items() if k != "to"})
    return out


def split_events(events: list[Event], seats: int) -> list[list[Event]]:
    """For every seat at once, the events it may see (as events_for): one pass, where
    events_for for each seat reads every event once per seat (a group's draw that hands 49
    players their next number holds 49 private events)."""
    out: list[list[Event]] = [[] for _ in range(seats)]
    for event in events:
        to = event.get("to")
        if to is None:
            for each in out:
                each.append(event)
            continue
        bare = {k: v for k, v in event.items() if k != "to"}
        for seat in to:
            if 0 <= seat < seats:
                out[seat].append(bare)
    return out


def leaver_of(game: Game[Any]) -> LeavePolicy:
    """What a seat that leaves `game` becomes (Game.leaver; "fold" for an engine that does
    not declare it yet)."""
    policy: LeavePolicy = getattr(game, "leaver", DEFAULT_LEAVER)
    return policy


def told_leave(game: Game[Any], state: Any, seat: int, now: int) -> tuple[Any, list[Event]]:
    """The game's own outcome of `seat` leaving: no change for "robot" (the table seats a
    computer player), else the game's `leave`; no change either when the game refuses it
    (it is over, the seat is out). A replay gets the same answer."""
    if leaver_of(game) == "robot":
        return state, []
    leave = getattr(game, "leave", None)
    try:
        if leave is None:  # an engine without `leave` yet: its leave action, if any
            return game.apply(state, seat, LEAVE, now)
        outcome: tuple[Any, list[Event]] = leave(state, seat, now)
        return outcome
    except IllegalAction:
        return state, []


def logged(game: Game[Any], state: Any, entry: LogEntry) -> tuple[Any, list[Event]]:
    """The state and events after one log entry on `state`, as the table made them live:
    what a restore (Table.restore) and a replay (klubovna.tables.replay) step through."""
    if entry.kind == "act":
        assert entry.seat is not None and entry.action is not None
        return game.apply(state, entry.seat, entry.action, entry.now)
    if entry.kind == "leave":
        assert entry.seat is not None
        return told_leave(game, state, entry.seat, entry.now)
    return game.advance(state, entry.now)


def pong(ping: Ping, now: int) -> Message:
    """The answer to a ping: the server's time, and the ping's seq when it had one."""
    return {"t": "pong", "now": now} if ping.seq is None else {"t": "pong", "seq": ping.seq,
                                                                 "now": now}


class Table:
    """One running game with its log. `version` counts committed log entries."""

    def __init__(
        self,
        table_id: str,
        game: Game[Any],
        config: Mapping[str, Any],
        seed: int,
        key_hashes: list[str],
    ) -> None:
        self.id = table_id
        self.game = game
        self.config = dict(config)
        self.seed = seed
        self.state = game.new(game_config(config), seed)
        if len(key_hashes) != game.seats(self.state):
            raise ValueError("one key per seat")
        self.robots = seat_robots(game, config.get(ROBOTS), len(key_hashes))
        """Seats held by computer players (their keys open nothing: nobody has them), and
        with the "robot" leave policy the seats of players who left."""
        self.witnessed: dict[int, list[Event]] = {seat: [] for seat in self.robots}
        """Each computer player's memory: the events its seat was sent, in order. Derived
        from the log (see _record), so a restored table's robots remember the same."""
        self.key_hashes = list(key_hashes)
        self.log: list[LogEntry] = []
        self.event_log: list[list[Event]] = []
        """The events of the latest versions, for catch-up: event_log[i] is version
        events_from + i + 1's (at most 2 * EVENTS_KEPT, see _record)."""
        self.public_log: list[bool] = []  # whether each kept version's events are all public
        self.events_from = 0
        """How many versions' events the event log has dropped (see EVENTS_KEPT)."""
        self._split: tuple[int, list[list[Event]]] | None = None
        """The latest private batch split by seat (see _events_of)."""
        self.last_seq = [0] * len(key_hashes)
        self.sent = [0] * len(key_hashes)
        """The version each seat's connections were last sent: the next message to a seat
        carries every event after it, so nothing is missed or repeated."""
        self.own_sent: list[tuple[View, ...] | None] = [None] * len(key_hashes)
        """The own view parts of the last full view each seat was sent (see commit)."""
        self._settled_state: Any = None
        self._settled_of: tuple[int | None, Any] = (None, None)
        self.closed: set[int] = set()
        """Seats that left the table for good (a `leave` entry in the log): their keys open
        nothing any more and their messages are refused."""
        self.stale: set[int] = set()
        """Seats whose view changed with nothing for them in the events (another player's
        score): they get it with `flush`, so a move of one of 50 players is not 50 sends."""
        self.waiting_since: dict[int, int] = {}
        """A turn-based table: since when the game waits for each person it waits for
        (their time runs from there: move_deadline)."""
        if TURNS in self.config:
            self.waiting_since = self._waiting(self.state, self.closed,
                                               int(self.config[TURNS]["from"]))

    @classmethod
    def restore(
        cls,
        table_id: str,
        game: Game[Any],
        config: Mapping[str, Any],
        seed: int,
        key_hashes: list[str],
        entries: Iterable[LogEntry],
    ) -> Table:
        """Rebuild a table from its seed and stored log (after a restart or crash)."""
        table = cls(table_id, game, config, seed, key_hashes)
        for entry in entries:
            state, events = logged(game, table.state, entry)
            ack = (entry.seat, entry.seq) if entry.seat is not None and entry.seq else None
            table._record(Step(entry=entry, state=state, events=events, ack=ack))
        table.sent = [table.version] * len(key_hashes)  # nobody is connected yet
        return table

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.outcome(self.state)[1] is not None

    @property
    def people(self) -> list[int]:
        """The seats people still hold: neither a computer player's nor left."""
        return [seat for seat in range(len(self.key_hashes))
                if seat not in self.robots and seat not in self.closed]

    @property
    def unattended(self) -> bool:
        """Whether no person holds a seat any more (the last one left): such a table is
        over for the hosts, its computer players never move again (pipeline.robot_steps;
        docs/decisions/0018-abandoned-tables.md, "Nobody left at a table")."""
        return not self.people

    def robots_due(self, step: Step | None = None) -> bool:
        """Whether a computer player may have a move once `step` is committed (None: now),
        cheaply and erring towards yes: the table has computer players, the game is not
        over, a person is still there and a computer player's seat has an action besides
        the start. (Their actual move, or that none wants to, is robot_move's to say.) A
        host notes such a table as due at once, so that after a restart its computer
        players go on by themselves (Hub: the log row's deadline)."""
        state, robots, closed = self.state, set(self.robots), set(self.closed)
        if step is not None and step.entry is not None:
            state = step.state
            entry = step.entry
            if entry.kind == "leave" and entry.seat is not None:
                closed.add(entry.seat)
                if leaver_of(self.game) == "robot":
                    robots.add(entry.seat)
        if not robots or self.outcome(state)[1] is not None:
            return False
        if all(seat in robots or seat in closed for seat in range(len(self.key_hashes))):
            return False
        return any(action.get("type") != "start"
                   for seat in robots for action in self.game.legal(state, seat))

    @property
    def full(self) -> bool:
        """Whether the log holds MAX_LOG entries: nothing more is logged (but leaves)."""
        return self.version >= MAX_LOG

    def seat_for_key(self, key: str, left: bool = False) -> int | None:
        """The seat the key opens; None for a wrong key and for a seat that left (unless
        `left`: a leaver's key still opens its replay)."""
        digest = hash_key(key)
        for seat, stored in enumerate(self.key_hashes):
            if hmac.compare_digest(stored, digest):
                return None if seat in self.closed and not left else seat
        return None

    def next_deadline(self) -> int | None:
        """When the state's next deadline is due, the game's or (turn-based) the time of the
        seats it waits for; None when it has none (or the log is full, as then no tick
        could be stored)."""
        if self.full:
            return None
        deadline, late = self.outcome(self.state)[0], self.move_deadline()
        if deadline is None or late is None:
            return late if deadline is None else deadline
        return min(deadline, late)

    def move_deadline(self) -> int | None:
        """A turn-based table: when the first of the people the game waits for runs out of
        time (turns.py); None at any other table, or when it waits for nobody."""
        if not self.waiting_since:
            return None
        return move_deadline(self.config, min(self.waiting_since.values()))

    def move_deadline_after(self, step: Step) -> int | None:
        """`move_deadline` once `step` is committed (its log row stores it, so that a table
        nobody has open is rebuilt when a person's time runs out: Hub.sweep)."""
        entry = step.entry
        if TURNS not in self.config or entry is None:
            return None
        closed = self.closed | ({entry.seat} if entry.kind == "leave" and entry.seat is not None
                                else set())
        waiting = self._waiting(step.state, closed, entry.now)
        return move_deadline(self.config, min(waiting.values())) if waiting else None

    def late_seat(self) -> int | None:
        """The person whose time runs out first (the lower seat of two alike)."""
        if not self.waiting_since:
            return None
        return min(self.waiting_since, key=lambda seat: (self.waiting_since[seat], seat))

    def waited_for(self) -> list[int]:
        """The people the game waits for now (at any table, turn-based or not)."""
        return self._waited(self.state, self.closed)

    def _waited(self, state: Any, closed: set[int]) -> list[int]:
        """The people the game waits for in `state`: its view's `turn` (the public fact every
        game's view carries) without computer players and leavers; none once it is over."""
        if self.outcome(state)[1] is not None:
            return []
        turn = self.game.view(state, None).get("turn") or []
        return [seat for seat in turn if seat not in self.robots and seat not in closed]

    def _waiting(self, state: Any, closed: set[int], now: int) -> dict[int, int]:
        """Since when the game waits in `state` for each person it waits for: a seat waited
        for already keeps its time (another seat's move does not renew it), one waited for
        anew has it from `now`."""
        return {seat: self.waiting_since.get(seat, now) for seat in self._waited(state, closed)}

    def outcome(self, state: Any) -> tuple[int | None, Any]:
        """`state`'s next deadline and its result (None while the game runs), worked out once
        per state: the sweeper asks every table ten times a second, and most states last much
        longer. The server asks it of a step's state before it stores the step (the deadline
        is stored with the entry), so the answer is kept for when the step is committed."""
        if self._settled_state is not state:
            self._settled_state = state
            self._settled_of = (self.game.next_deadline(state), self.game.result(state))
        return self._settled_of

    def view_message(
        self, seat: int, now: int, since: int | None = None, ack: int | None = None,
        view: View | None = None,
    ) -> Message:
        """The seat's current view (`view` when the caller has it already) with its events
        after version `since`: `after` says where they start. Without `since`, too far
        behind, or ahead of the table (a version it never had), there are none (`after`
        is the current version): the view alone is the fresh start."""
        after = self.version
        if since is not None and 0 <= self.version - since <= CATCH_UP_VERSIONS:
            after = max(0, since)
        batches = self.event_log[after - self.events_from:]
        if len(batches) == 1:  # the usual update: one step's events
            events = self._events_of(after, seat)
        else:
            events = [event for batch in batches for event in events_for(batch, seat)]
        message: Message = {
            "t": "view",
            "version": self.version,
            "after": after,
            "now": now,
            "view": self.game.view(self.state, seat) if view is None else view,
            "events": events,
        }
        if ack is not None:
            message["ack"] = ack
        return message

    def watch_message(self, now: int, since: int | None = None) -> Message:
        """What one who watches is sent: the view of no seat (Game.view with None: only what
        every seat may see) and the public events after version `since` (as
        view_message)."""
        after = self.version
        if since is not None and 0 <= self.version - since <= CATCH_UP_VERSIONS:
            after = max(0, since)
        events = [event for batch in self.event_log[after - self.events_from:]
                  for event in events_for(batch, None)]
        return {"t": "view", "version": self.version, "after": after, "now": now,
                "view": self.game.view(self.state, None), "events": events}

    def handle(self, seat: int, data: Any, now: int) -> Step:
        """Judge one decoded client message from an authenticated seat."""
        try:
            message = parse_client_message(data)
        except ProtocolError as error:
            return Step(replies=[(seat, error.to_message())], own=True)
        if isinstance(message, Ping):
            return Step(replies=[(seat, pong(message, now))], own=True)
        if isinstance(message, Hello):
            if self.seat_for_key(message.key) != seat:
                wrong_key = ProtocolError("bad_key", "This key does not open this seat.")
                return Step(replies=[(seat, wrong_key.to_message())], own=True)
            catch_up = self.view_message(seat, now, since=message.since)
            return Step(replies=[(seat, catch_up)], own=True)
        if isinstance(message, Watch):
            refused = ProtocolError("bad_message", "This socket holds a seat: it cannot watch.")
            return Step(replies=[(seat, refused.to_message())], own=True)
        assert isinstance(message, Act)  # a table's own messages never parse as lobby ones
        return self._act(seat, message, now)

    def _act(self, seat: int, message: Act, now: int) -> Step:
        if seat in self.closed:
            return self._refuse(seat, message.seq, left_game())
        if message.seq <= self.last_seq[seat]:
            # A resent action: answer with the current view, never apply it twice.
            return Step(replies=[(seat, self.update(seat, now, ack=message.seq))])
        if message.action.get("type") == "leave" and len(self.key_hashes) > 1:
            # Leaving a shared table closes the seat (Table.leave), which the lobby does: a
            # `leave` sent here would leave the game while the lobby still counted the seat
            # in. A one-seat table has no lobby: its `leave` is the game's own (a solo
            # Matematický poker game ends there, "Nová hra").
            return self._refuse(seat, message.seq, IllegalAction(
                "leave_in_lobby", "A game is left through its lobby ({\"t\": \"leave\"})."))
        if self.full:
            return self._refuse(seat, message.seq, log_full())
        try:
            state, events = self.game.apply(self.state, seat, message.action, now)
        except IllegalAction as error:
            return self._refuse(seat, message.seq, error)
        if self._unchanged(state):
            # Nothing to store (a draw while a number is in hand): answered as a resent
            # action is, with the view and the ack; the seq counts as seen from now on.
            self.last_seq[seat] = message.seq
            return Step(replies=[(seat, self.update(seat, now, ack=message.seq))])
        entry = LogEntry(
            version=self.version + 1, kind="act", now=now, seat=seat,
            seq=message.seq, action=message.action,
        )
        return Step(entry=entry, state=state, events=events, ack=(seat, message.seq))

    @staticmethod
    def _refuse(seat: int, seq: int, error: IllegalAction) -> Step:
        return Step(replies=[(seat, {"t": "error", "seq": seq, **error.to_json()})], own=True)

    def _unchanged(self, state: Any) -> bool:
        """Whether `state` (the outcome of an action) is the state the table has: then the
        action changed nothing and nothing is logged. Events of such an action only repeat
        what the state says already (a Kostkový poker `stop` sent twice). Cheap on a real
        move: games keep their states' unchanged parts as the very same objects, so the
        comparison stops at identity for those and at the first field that differs."""
        return state is self.state or state == self.state

    def act_for(self, seat: int, action: dict[str, Any], now: int) -> Step:
        """An action the host takes for a seat (a lobby's start, a computer player's move):
        logged like any other, without a client seq; an empty Step when it changes nothing.
        Raises IllegalAction when not allowed (`log_full` past MAX_LOG entries)."""
        if self.full:
            raise log_full()
        state, events = self.game.apply(self.state, seat, action, now)
        if self._unchanged(state):
            return Step()
        entry = LogEntry(version=self.version + 1, kind="act", now=now, seat=seat, action=action)
        return Step(entry=entry, state=state, events=events)

    def leave(self, seat: int, now: int) -> Step:
        """A seat leaves the table for good (its lobby says so): logged as a `leave` entry,
        so the seat stays closed after a restart; its key opens nothing from then on. A game
        with a leave action of its own is told (Matematický poker: the board stays, in the
        ranking). What the seat becomes is the game's `leaver`: "robot" seats the game's
        default computer player there (when the entry is committed); "fold" and "end" are
        the game's `leave`. Raises IllegalAction("left_game") for a seat that has left
        already."""
        if seat in self.closed or not 0 <= seat < len(self.key_hashes):
            raise left_game()
        state, events = told_leave(self.game, self.state, seat, now)
        entry = LogEntry(version=self.version + 1, kind="leave", now=now, seat=seat)
        return Step(entry=entry, state=state, events=events)

    def robot_step(self, now: int) -> Step:
        """The next move of a computer player, if one has a move: an empty Step when none
        has (or the game is over). Callers persist and commit it like any other, and ask
        again until it is empty. Computer players never play on for nobody: at a table no
        person holds a seat of any more, none has a move."""
        if not self.robots or self.over or self.unattended:
            return Step()
        move = robot_move(self.game, self.state, self.robots, self.witnessed, self.seed,
                          self.version)
        if move is None:
            return Step()
        return self.act_for(move[0], move[1], now)

    def tick(self, now: int) -> Step:
        """Expire what is due at `now`; an empty Step when nothing is (or the log is full).
        The game's own deadline first; then, at a turn-based table, a person the game waits
        for whose time ran out leaves it (the first of them: the next tick sees to any
        other, whose time the leave does not renew)."""
        if self.full:
            return Step()
        deadline = self.outcome(self.state)[0]
        if deadline is not None and deadline <= now:
            state, events = self.game.advance(self.state, now)
            entry = LogEntry(version=self.version + 1, kind="tick", now=now)
            return Step(entry=entry, state=state, events=events)
        late, seat = self.move_deadline(), self.late_seat()
        if late is not None and seat is not None and late <= now:
            return self.leave(seat, now)
        return Step()

    def commit(self, step: Step, now: int) -> Outbox:
        """Make a (persisted) step real and return the messages it causes: to the sender
        (with its ack) and to every seat with an event in it; other seats turn `stale`.

        When the step's events are all public, a seat that had the previous version and
        whose own view parts are unchanged (see SharedView) gets the one public update
        (docs/api.md, "Public updates"): a group's draw is then one text for everybody
        who is behind, as a plain broadcast would send."""
        if step.entry is None:
            return list(step.replies)
        before = self.state
        self._record(step)
        after, previous = self.state, self.version - 1
        everyone = bool(step.events) and self.public_log[-1]  # a draw: 50 seats at once
        acked, acked_seq = step.ack if step.ack is not None else (None, None)
        shared: Message | None = None
        # The seats the game vouches for: asked once, not for each of a group's 50.
        same = self.game.same_own(before, after) if everyone else ()
        outbox: Outbox = []
        for seat in range(len(self.key_hashes)):
            ack = acked_seq if acked == seat else None
            if not (everyone or ack is not None or self._events_of(previous, seat)):
                self.stale.add(seat)
                continue
            candidate = everyone and ack is None and self.sent[seat] == previous
            # The game may know without a view that the seat's own part stayed (and the
            # seat was sent one): then no view is built for it at all.
            known = candidate and self.own_sent[seat] is not None and seat in same
            view = None if known else self.game.view(after, seat)
            if known or (candidate and self._same_own(seat, view)):
                if shared is None:
                    shared = self._public_update(view if view is not None else
                                                 self.game.view(after, seat), now)
                self.sent[seat] = previous + 1
                outbox.append((seat, shared))
            else:
                outbox.append((seat, self.update(seat, now, ack, view)))
        return outbox

    def _events_of(self, index: int, seat: int) -> list[Event]:
        """The events of the batch at `index` of the event log that `seat` may see: an
        all-public batch itself, else its split for all seats, worked out once."""
        kept = index - self.events_from
        if self.public_log[kept]:
            return self.event_log[kept]
        if self._split is None or self._split[0] != index:
            self._split = (index, split_events(self.event_log[kept], len(self.key_hashes)))
        return self._split[1][seat]

    def _same_own(self, seat: int, view: View | None) -> bool:
        """Whether `view`'s own parts are those `seat` was last sent (the same objects,
        when unchanged: then the comparison stops at identity)."""
        if not isinstance(view, SharedView) or view.public is None:
            return False
        return view.own == self.own_sent[seat]

    def _public_update(self, view: View, now: int) -> Message:
        """The message of a public update: the public part of `view` only, with the
        step's (public) events; one dict for all its seats, so a server encodes it once."""
        assert isinstance(view, SharedView) and view.public is not None
        public = view.public
        return {
            "t": "view",
            "version": self.version,
            "after": self.version - 1,
            "now": now,
            "public": True,
            "view": SharedView(public, public=public),
            "events": self.event_log[-1],
        }

    def flush(self, now: int) -> Outbox:
        """The views of the stale seats (the caller does this every so often)."""
        return [(seat, self.update(seat, now)) for seat in sorted(self.stale)]

    def welcome(self, seat: int, now: int, since: int | None = None) -> Message:
        """The view for a new connection of `seat`, with its events after `since`. A seat
        that is not stale has every connection at the current version once this is sent:
        noted as `update` notes it, so that the next public step that leaves the seat's own
        parts as they were reaches it as the one shared update (a table rebuilt from its
        log had no own parts noted: its next draw was a full view for every seat). A stale
        seat's other connections are behind: the caller sends them its update first
        (Hub.join), else nothing is noted."""
        message = self.view_message(seat, now, since=since)
        if seat not in self.stale:
            self._note_sent(seat, message)
        return message

    def update(
        self, seat: int, now: int, ack: int | None = None, view: View | None = None
    ) -> Message:
        """The next message for all of `seat`'s connections: its view with every event
        since the version last sent to it."""
        message = self.view_message(seat, now, since=self.sent[seat], ack=ack, view=view)
        self._note_sent(seat, message)
        self.stale.discard(seat)
        return message

    def _note_sent(self, seat: int, message: Message) -> None:
        """Every connection of `seat` now holds `message`: its version and own view parts."""
        shown = message["view"]
        self.own_sent[seat] = shown.own if isinstance(shown, SharedView) else None
        self.sent[seat] = self.version

    def _record(self, step: Step) -> None:
        assert step.entry is not None and step.entry.version == self.version + 1
        self.state = step.state
        self.log.append(step.entry)
        self.event_log.append(step.events)
        self.public_log.append(public(step.events))
        if len(self.event_log) > 2 * EVENTS_KEPT:  # (a slice at a time: amortized O(1))
            dropped = len(self.event_log) - EVENTS_KEPT
            del self.event_log[:dropped], self.public_log[:dropped]
            self.events_from += dropped
        if step.ack is not None:
            self.last_seq[step.ack[0]] = step.ack[1]
        for seat, memory in self.witnessed.items():
            memory.extend(self._events_of(self.version - 1, seat))
        entry = step.entry
        if entry.seat is not None and (entry.kind == "leave" or (
                entry.kind == "act" and entry.seq is None and entry.action == LEAVE)):
            # (the second: how a lobby's leave was logged before `leave` entries)
            self.closed.add(entry.seat)
            if entry.kind == "leave" and leaver_of(self.game) == "robot":
                self._seat_robot(entry.seat)
        if TURNS in self.config:
            self.waiting_since = self._waiting(self.state, self.closed, entry.now)

    def _seat_robot(self, seat: int) -> None:
        """The game's default computer player takes over `seat`, remembering what the seat
        was sent so far (as any robot does: from the log)."""
        if seat in self.robots:
            return
        self.robots[seat] = default_bot(self.game.name)
        if self.events_from == 0:  # every version's events are still at hand
            self.witnessed[seat] = [event for index in range(self.version)
                                    for event in self._events_of(index, seat)]
            return
        # The event log dropped the oldest events: what the seat saw, replayed from the log.
        state = self.game.new(game_config(self.config), self.seed)
        memory: list[Event] = []
        for entry in self.log:
            state, events = logged(self.game, state, entry)
            memory.extend(events_for(events, seat))
        self.witnessed[seat] = memory


def left_game() -> IllegalAction:
    return IllegalAction("left_game", "You left this game; it cannot be rejoined.")


def log_full() -> IllegalAction:
    return IllegalAction("log_full", f"This table has reached its limit of {MAX_LOG} moves; "
                                     "start a new game.")

"""A hypothesis state machine over real sockets, for every registered game (tests/fuzz/
setups.py): it opens the table or the room, then mixes legal moves (from the engine's
`legal` on the table rebuilt from the server's stored log) with broken and hostile frames
(tests/fuzz/frames.py), other seats' moves, hellos again, replayed seqs, reconnects, side
sockets, leaves, next rounds and skips of the server clock.

After every step every socket is asked for everything it was sent (a ping's pong ends it):
each frame was answered by a view or an error with a stable code (never `internal`), every
view follows the one before (no gap, no duplicate) and no socket was closed but as
documented (a leave, a takeover, a seat that left, an unknown table or lobby). At the end
every table's stored log replays (Table.restore) to the very views the server sent each
socket and answers over HTTP, and no action was applied twice.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import httpx
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from klubovna.core import Game
from klubovna.server.realtime.ws import decode
from klubovna.tables import ProtocolError, Table, parse_client_message
from klubovna.tables.registry import REGISTRY, get_game
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import logged
from tests.fuzz.frames import Bend, bends, junk_frames
from tests.fuzz.setups import TIMED, Opened, Person, Setup, open_setup, setups
from tests.fuzz.sockets import Closed, Message, Sock
from tests.fuzz.target import Target, examples

EXAMPLES = 6
"""Runs of the machine per setup in `make test` (KLUBOVNA_FUZZ_EXAMPLES: more)."""
STEPS = 15
MOST_MOVES = 30
PHASES = [Phase.explicit, Phase.reuse, Phase.generate]
"""No shrinking: over real sockets it takes minutes, and a failing run's steps are few
and listed anyway."""
FRAMES_PER_SOCKET = 150
"""A socket that sent this many frames is replaced by a new one (see Sock.frames)."""
SETUPS = setups() + TIMED
STEPS_BEFORE_LEAVING = 6
"""Steps before anyone may leave (a duel's leave ends it: little to fuzz after)."""


def normal(value: Any) -> Any:
    """As JSON carries it (tuples are lists)."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Now:
    """A table's state as stored, at its log's `version`."""

    table: str
    state: Any
    version: int


class Fuzz(RuleBasedStateMachine):
    """One setup's table or room, fuzzed (the test makes a subclass per setup).

    Preconditions and draws hang on the machine's own doings only, never on the server's
    answers (rooms deal random decks): hypothesis replays a run's draws exactly."""

    target: ClassVar[Target]
    setup: ClassVar[Setup]

    def __init__(self) -> None:
        super().__init__()
        self.http = httpx.Client(base_url=self.target.http, timeout=10)
        self.game: Game[Any] = REGISTRY[self.setup.game].game
        self.opened: Opened = open_setup(self.http, self.setup)
        self.people: list[Person] = self.opened.people
        self.socks: list[list[Sock]] = [[] for _ in self.people]
        self.seqs = [0] * len(self.people)
        self.acked: list[list[int]] = [[] for _ in self.people]
        """Each person's seqs acknowledged on the current table."""
        self.table: str | None = self.opened.table
        self.tables: set[str] = set()
        self.spare: list[Sock] = []
        """Sockets of no person (before a hello; a gone person's), closed at the end."""
        self.problems: list[str] = []
        self.steps = 0
        self.mirror: Now | None = None
        self.log_at = self.target.log_size()
        for index in range(len(self.people)):
            self._hello(index, self._open(index, lobby=self.lobby))
        if self.lobby:
            answer = self._send(self.socks[0][0], {"t": "start"})
            self._need(answer, lambda m: m["t"] == "lobby" and m["lobby"]["status"] == "playing",
                       "the start")
            self.check()
            assert self.table is not None, "the room's table did not come"

    @property
    def lobby(self) -> bool:
        return self.opened.code is not None

    # --- sockets --------------------------------------------------------------------------

    def _url(self, lobby: bool) -> str:
        if lobby:
            return f"{self.target.ws}/ws/lobbies/{self.opened.code}"
        return f"{self.target.ws}/ws/tables/{self.table}"

    def _open(self, index: int | None, lobby: bool) -> Sock:
        sock = Sock(self._url(lobby), lobby, self.game.codes)
        sock.table = None if lobby else self.table
        if index is None:
            self.spare.append(sock)
        else:
            self.socks[index].append(sock)
        return sock

    def _hello(self, index: int, sock: Sock, since: int | None = None) -> list[Message]:
        person = self.people[index]
        answer = self._send(sock, {"t": "hello", "key": person.key,
                                   **({} if since is None else {"since": since})})
        if sock.lobby:
            self._need(answer, lambda m: m["t"] == "lobby" and m["lobby"]["you"] ==
                       person.lobby_seat, "a hello's lobby message")
        else:
            self._need(answer, lambda m: m["t"] == "view", "a hello's view")
        return answer

    def _send(self, sock: Sock, frame: str | bytes | Message) -> list[Message]:
        """One frame and its answer; when the server closed the socket, what came before
        the close (and a problem, unless the close was expected)."""
        try:
            return sock.exchange(frame)
        except Closed as closed:
            self._closed(sock, closed)
            return closed.messages

    def _closed(self, sock: Sock, closed: Closed) -> None:
        if closed.code not in sock.expect:
            self.problems.append(f"{sock.url}: {closed} (after {sock.seen[-3:]})")
        if closed.code == 4001 and {"t": "taken_over"} not in sock.seen[-3:]:
            self.problems.append(f"{sock.url}: taken over without a word: {sock.seen[-3:]}")

    def _need(self, answer: list[Message], found: Any, what: str) -> None:
        if not any(found(m) for m in answer):
            self.problems.append(f"no answer to {what}: {answer}")

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.people) if not p.gone]

    def sock_of(self, index: int, pick: int = 0) -> Sock:
        """One of the person's open sockets; the first one renewed when it has sent
        close to the frame budget."""
        open_socks = [s for s in self.socks[index] if s.closed is None]
        if not open_socks or open_socks[0].frames > FRAMES_PER_SOCKET:
            first = open_socks[0] if open_socks else None
            if first is not None and first.lobby:
                first.expect.add(4001)  # taken over by the new one
            elif first is not None:
                first.close()
                self.socks[index].remove(first)
            self._hello(index, self._open(index, lobby=first.lobby if first else self.lobby),
                        since=first.version if first and first.view else None)
            open_socks = [s for s in self.socks[index] if s.closed is None]
        return open_socks[pick % len(open_socks)]

    # --- the table as stored ----------------------------------------------------------------

    def replayed(self, table_id: str, version: int) -> Table:
        """The table rebuilt from the server's stored log (Table.restore) up to `version`."""
        stored = self.target.load(table_id)
        entries = stored.entries[:version]
        assert len(entries) == version, (
            f"{table_id}: the log has {len(stored.entries)} entries, a view said {version}")
        return Table.restore(stored.id, get_game(stored.game), stored.config, stored.seed,
                             stored.key_hashes, entries)

    def now(self) -> Now:
        """The current table's state as stored: its log so far stepped through the engine,
        from where the last look left off (a whole restore per move would cost a long
        game's log again and again)."""
        assert self.table is not None
        stored = self.target.load(self.table)
        mirror = self.mirror
        if mirror is None or mirror.table != self.table:
            config = {k: v for k, v in stored.config.items() if k != ROBOTS}
            mirror = Now(self.table, self.game.new(config, stored.seed), 0)
        state = mirror.state
        for entry in stored.entries[mirror.version:]:
            state, _ = logged(self.game, state, entry)
        self.mirror = Now(self.table, state, len(stored.entries))
        return self.mirror

    def moves(self, now: Now, index: int) -> list[dict[str, Any]]:
        person = self.people[index]
        if person.gone or self.game.result(now.state) is not None:
            return []
        legal = self.game.legal(now.state, person.table_seat)
        return [m for m in legal if m.get("type") != "leave"]  # (leaving is its own rule)

    def act(self, index: int, action: Any, pick: int = 0) -> Message | None:
        """Send an action with the person's next seq; its answer (None: the socket closed)."""
        self.seqs[index] += 1
        seq = self.seqs[index]
        sock = self.sock_of(index, pick)
        try:
            answer = sock.act(seq, action)[-1]
        except Closed as closed:
            self._closed(sock, closed)
            return None
        if answer["t"] == "view":
            self.acked[index].append(seq)
        return answer

    # --- rules ------------------------------------------------------------------------------

    @precondition(lambda self: self.table is not None)
    @rule(seed=st.integers(0, 2**32))
    def play(self, seed: int) -> None:
        """Up to 30 legal moves of the people (`seed` says which; 0, hypothesis's first
        choice, the most), as the engine lists them for the stored table: each is taken,
        unless the table moved on meanwhile (a deadline came due).

        (One argument: hypothesis tries the rules with the fewest arguments first, and a
        run of moves takes the game furthest.)"""
        pick = random.Random(seed)
        for _ in range(MOST_MOVES - seed % MOST_MOVES):
            now = self.now()
            choices = [(i, self.moves(now, i)) for i in self.alive()]
            choices = [(i, legal) for i, legal in choices if legal]
            if not choices:
                return
            index, legal = pick.choice(choices)
            move = pick.choice(legal)
            answer = self.act(index, move, pick.randrange(4))
            if answer is not None and answer["t"] == "error":
                if self.now().version == now.version:
                    self.problems.append(f"a legal move {move} was refused: {answer}")
                return

    @precondition(lambda self: self.table is not None)
    @rule(seed=st.integers(0, 2**32), twice=st.booleans())
    def at_once(self, seed: int, twice: bool) -> None:
        """Every person's legal move sent at once, each on one of their sockets, before
        any answer is read (with `twice`, on a second socket of theirs with the same seq
        too): each is answered, and none applied twice (the log is checked at the end)."""
        pick = random.Random(seed)
        now, sent = self.now(), []
        for index in self.alive():
            moves = self.moves(now, index)
            if not moves:
                continue
            self.seqs[index] += 1
            move, seq = pick.choice(moves), self.seqs[index]
            for sock in {self.sock_of(index, pick.randrange(4)) for _ in range(1 + twice)}:
                try:
                    sock.send_act(seq, move)
                    sent.append((index, sock, seq))
                except Closed as closed:
                    self._closed(sock, closed)
        for index, sock, seq in sent:
            try:
                if sock.answer_to(seq)[-1]["t"] == "view":
                    self.acked[index].append(seq)
            except Closed as closed:
                self._closed(sock, closed)

    @precondition(lambda self: self.table is not None)
    @rule(who=st.integers(0, 49), pick=st.integers(0, 2**20), bend=bends)
    def bent_move(self, who: int, pick: int, bend: Bend) -> None:
        """A legal move (of this person or another) with a field changed, dropped or
        added: a view with its ack or an error with its seq, never `internal`."""
        alive = self.alive()
        if not alive:
            return
        now = self.now()
        moves = [m for i in alive for m in self.moves(now, i)] or [{"type": "start"}]
        self.act(alive[who % len(alive)], bend(moves[pick % len(moves)]), who)

    @precondition(lambda self: self.table is not None and len(self.alive()) > 1)
    @rule(who=st.integers(0, 49), pick=st.integers(0, 2**20))
    def other_seats_move(self, who: int, pick: int) -> None:
        """Another person's legal move, sent by this one."""
        alive = self.alive()
        index, other = alive[who % len(alive)], alive[(who + 1) % len(alive)]
        moves = self.moves(self.now(), other)
        if moves:
            self.act(index, moves[pick % len(moves)], pick)

    @precondition(lambda self: self.table is not None)
    @rule(who=st.integers(0, 49), pick=st.integers(0, 2**20))
    def replayed_seq(self, who: int, pick: int) -> None:
        """An acknowledged seq again, with whatever action: answered with the view and that
        ack, and not applied (the log is checked at the end)."""
        alive = [i for i in self.alive() if self.acked[i]]
        if not alive:
            return
        index = alive[who % len(alive)]
        seq = self.acked[index][pick % len(self.acked[index])]
        sock = self.sock_of(index, pick)
        try:
            answer = sock.act(seq, {"type": "start"})[-1]
        except Closed as closed:
            self._closed(sock, closed)
            return
        if answer.get("ack") != seq:
            seat = self.people[index].table_seat
            logged_seqs = [e.seq for e in self.target.load(self.table).entries
                           if e.seat == seat and e.seq]
            self.problems.append(f"a replayed seq {seq} was answered {answer} ({sock.url}, "
                                 f"table {self.table} seat {seat}, acked {self.acked[index]}, "
                                 f"logged {logged_seqs})")

    @rule(who=st.integers(0, 49), pick=st.integers(0, 2**20), frame=junk_frames)
    def junk(self, who: int, pick: int, frame: str | bytes) -> None:
        """A frame that is no message: answered with an error, the socket stays open."""
        alive = self.alive()
        if not alive:
            return
        sock = self.sock_of(alive[who % len(alive)], pick)
        try:
            message = parse_client_message(decode(
                {"bytes": frame} if isinstance(frame, bytes) else {"text": frame}), sock.lobby)
        except ProtocolError:
            message = None
        if message is not None:
            return  # it happens to be a message: the other rules send those
        answer = self._send(sock, frame)
        self._need(answer, lambda m: m["t"] == "error", f"the frame {frame[:80]!r}")

    @rule(who=st.integers(0, 49), pick=st.integers(0, 2**20),
          key=st.sampled_from(["own", "other", "wrong"]), since=st.integers(-3, 1005),
          ahead=st.booleans())
    def hello_again(self, who: int, pick: int, key: str, since: int, ahead: bool) -> None:
        """A second hello on a socket that holds its seat: with its own key (and a `since`
        behind the socket's version, or `ahead` of it: a version this table never had),
        another person's key, or a wrong one."""
        alive = self.alive()
        if not alive:
            return
        index = alive[who % len(alive)]
        sock = self.sock_of(index, pick)
        others = [p for i, p in enumerate(self.people) if i != index]
        if key == "own":
            seen = sock.version + since if ahead else max(0, sock.version - since)
            self._hello(index, sock, since=seen if since >= 0 else None)
            return
        wrong = others[pick % len(others)].key if key == "other" and others else "x" * 43
        answer = self._send(sock, {"t": "hello", "key": wrong})
        codes = {"bad_key", "other_seat", "left_game"}  # (the last: the key of one who left)
        self._need(answer, lambda m: m["t"] == "error" and m["code"] in codes, "a wrong hello")

    @rule(who=st.integers(0, 49), fresh=st.booleans())
    def reconnect(self, who: int, fresh: bool) -> None:
        """A new socket of a person, its hello with the version it saw (or none): a lobby's
        older socket of the seat is taken over (closed with 4001)."""
        alive = self.alive()
        if not alive:
            return
        index = alive[who % len(alive)]
        old = self.sock_of(index)
        if old.lobby:
            old.expect.add(4001)
        since = None if fresh or old.view is None else old.version
        self._hello(index, self._open(index, lobby=old.lobby), since=since)

    @precondition(lambda self: self.lobby and self.table is not None)
    @rule(who=st.integers(0, 49))
    def table_socket(self, who: int) -> None:
        """A room member's socket to the room's table itself (/ws/tables): the same views."""
        alive = self.alive()
        if alive:
            self._hello(alive[who % len(alive)], self._open(alive[who % len(alive)], False))

    @rule(lobby=st.booleans(), frames=st.lists(junk_frames, max_size=3))
    def before_hello(self, lobby: bool, frames: list[str | bytes]) -> None:
        """A new socket that sends anything but a good hello: each frame answered with an
        error; the socket waits for its hello (closed here by the client)."""
        if self.table is None and not lobby:
            return
        sock = self._open(None, lobby and self.lobby)
        for frame in [*frames, json.dumps({"t": "hello", "key": "x" * 43})]:
            answer = self._send(sock, frame)
            self._need(answer, lambda m: m["t"] == "error", f"{frame[:80]!r} before a hello")
        sock.close()
        sock.closed = 1000

    @rule(lobby=st.booleans(), name=st.sampled_from(["nosuchtable", "ABCDEF", "O0I1L", ""]))
    def unknown(self, lobby: bool, name: str) -> None:
        """A socket to a table or lobby that does not exist: told so and closed (4404)."""
        url = f"{self.target.ws}/ws/{'lobbies' if lobby else 'tables'}/{name}"
        first: Message = {}
        try:
            with connect(url, open_timeout=10, proxy=None) as conn:
                first = json.loads(conn.recv(timeout=10))
                conn.recv(timeout=10)
        except ConnectionClosed as error:
            code = error.rcvd.code if error.rcvd is not None else None
            expected = "unknown_lobby" if lobby else "unknown_table"
            if first.get("code") != expected or code != 4404:
                self.problems.append(f"{url}: {first}, closed {code}")
            return
        except Exception as error:  # (no route for "": the server refuses the upgrade)
            if name:
                self.problems.append(f"{url}: {error!r}")
            return
        self.problems.append(f"{url} was not closed")

    @precondition(lambda self: self.lobby)
    @rule(who=st.integers(0, 49), message=st.sampled_from([
        {"t": "start"}, {"t": "again"}, {"t": "again", "agree": False}, {"t": "ping"}]))
    def lobby_message(self, who: int, message: Message) -> None:
        """The lobby's own messages: answered with the lobby or an error (a plain ping
        only when the socket has been quiet)."""
        alive = self.alive()
        if not alive:
            return
        sock = self.sock_of(alive[who % len(alive)])
        if not sock.lobby:
            return
        answer = self._send(sock, message)
        if message["t"] != "ping":
            self._need(answer, lambda m: m["t"] in ("lobby", "error"), str(message))

    @precondition(lambda self: self.lobby and len(self.alive()) > 1 and
                  self.steps >= STEPS_BEFORE_LEAVING)
    @rule(who=st.integers(0, 49))
    def leave(self, who: int) -> None:
        """A member leaves for good: the lobby message, then the socket closes (1000); their
        other sockets may be closed (4403: a table socket of a seat that left)."""
        alive = self.alive()
        index = alive[who % len(alive)]
        sock = next((s for s in self.socks[index] if s.lobby and s.closed is None), None)
        if sock is None:
            return
        for other in self.socks[index]:
            other.expect |= {1000, 4403}
        running = self.game.result(self.now().state) is None
        answer = self._send(sock, {"t": "leave"})
        self._need(answer, lambda m: m["t"] == "lobby", "a leave")
        if sock.closed != 1000:
            self.problems.append(f"a leave closed the socket with {sock.closed}")
        self.people[index].gone, self.people[index].left_running = True, running
        self.spare += self.socks[index]
        self.socks[index] = []

    @precondition(lambda self: any(p.gone for p in self.people))
    @rule(who=st.integers(0, 49), lobby=st.booleans())
    def hello_of_one_who_left(self, who: int, lobby: bool) -> None:
        """The key of a member who left opens nothing: `left_game` in the lobby, `bad_key`
        at the table (but a finished table's view, when they left after the end); the
        socket stays open for another hello."""
        if self.table is None and not lobby:
            return
        gone = [p for p in self.people if p.gone]
        person = gone[who % len(gone)]
        sock = self._open(None, lobby)
        sock.expect.add(4408)  # (no hello within 30 s: a very slow run)
        answer = self._send(sock, {"t": "hello", "key": person.key})
        refused = {"left_game"} if lobby else {"bad_key"}
        if lobby or person.left_running:
            self._need(answer, lambda m: m["t"] == "error" and m["code"] in refused,
                       "a hello after leaving")
        else:
            self._need(answer, lambda m: m["t"] in ("view", "error"), "a hello after the end")

    @precondition(lambda self: self.target.server is not None)
    @rule(ms=st.integers(500, 12_000), sockets=st.just("all"))
    def skip_clock(self, ms: int, sockets: str) -> None:
        """The server clock jumps ahead (well within the 30 s a silent socket may last):
        deadlines come due; every socket is pinged after it (the step's check).
        (`sockets`: two arguments, so that hypothesis does not try this first.)"""
        assert self.target.server is not None
        self.target.server.skip(ms)

    # --- after every step -------------------------------------------------------------------

    @invariant()
    def check(self) -> None:
        """Ask every open socket for what it was sent; nothing may have broken a rule."""
        self.steps += 1
        for socks in [*self.socks, self.spare]:
            for sock in socks:
                if sock.closed is not None:
                    continue
                try:
                    sock.sync()
                except Closed as closed:
                    self._closed(sock, closed)
        self._follow_rounds()
        problems = self.problems + [p for socks in [*self.socks, self.spare] for s in socks
                                    for p in s.problems]
        assert not problems, "\n".join(problems)

    def _follow_rounds(self) -> None:
        """The room's current table and each person's seat at it, from the lobby."""
        lobbies = [s.lobby_state for socks in self.socks for s in socks
                   if s.lobby and s.lobby_state is not None and s.closed is None]
        if not lobbies:
            if self.table is not None:
                self.tables.add(self.table)
            return
        latest = max(lobbies, key=lambda lobby: (lobby.get("round", 0), lobby["table"] or ""))
        if latest["table"] is not None and latest["table"] != self.table:
            self.table = latest["table"]
            self.acked = [[] for _ in self.people]
            for socks in self.socks:  # the last round's table sockets: for the checks only
                self.spare += [s for s in socks if not s.lobby]
                socks[:] = [s for s in socks if s.lobby]
        if self.table is not None:
            self.tables.add(self.table)
        seats = {p["seat"]: p for p in latest["players"]}
        for person in self.people:
            player = seats.get(person.lobby_seat)
            if player is not None and player["table_seat"] is not None:
                person.table_seat = player["table_seat"]

    # --- at the end -------------------------------------------------------------------------

    def teardown(self) -> None:
        try:
            if not self.problems:
                self._replays()
            errors = self.target.errors_since(self.log_at)
            assert not errors, "the server logged:\n" + "\n".join(errors)
        finally:
            for socks in [*self.socks, self.spare]:
                for sock in socks:
                    sock.close()
            self.http.close()

    def _replays(self) -> None:
        """Every table's stored log rebuilds the views the server sent, and holds no
        action twice."""
        for table_id in self.tables:
            stored = self.target.load(table_id)
            acts = [(e.seat, e.seq) for e in stored.entries if e.kind == "act" and e.seq]
            assert len(acts) == len(set(acts)), f"{table_id}: an action applied twice: {acts}"
        if self.table is None:
            return
        for index, socks in enumerate(self.socks):
            seat = self.people[index].table_seat
            for sock in socks:  # (a socket of an earlier round's table: its seat may differ)
                if sock.view is not None and sock.table == self.table:
                    state = self.replayed(self.table, sock.version).state
                    assert normal(self.game.view(state, seat)) == sock.view, (
                        f"{sock.url}: the view at version {sock.version} is not the replay's")
        for index in self.alive():
            person = self.people[index]
            answer = self.http.get(f"/api/tables/{self.table}",
                                   headers={"Authorization": f"Bearer {person.key}"})
            assert answer.status_code == 200, answer.text
            shown = answer.json()
            state = self.replayed(self.table, shown["version"]).state
            assert normal(self.game.view(state, person.table_seat)) == shown["view"], (
                f"GET /api/tables/{self.table}: the view is not the replay's")


@pytest.mark.parametrize("setup", SETUPS, ids=[s.name for s in SETUPS])
def test_sockets(target: Target, setup: Setup) -> None:
    if setup in TIMED and target.server is None:
        pytest.skip("deadlines come due only by skipping the server clock")
    machine = type(f"Fuzz_{setup.name}", (Fuzz,), {"target": target, "setup": setup})
    run = machine.TestCase
    run.settings = settings(max_examples=examples(EXAMPLES), stateful_step_count=STEPS,
                            derandomize=True, deadline=None, database=None,
                            suppress_health_check=list(HealthCheck), phases=PHASES)
    run().runTest()


def test_every_game_is_fuzzed() -> None:
    assert {s.game for s in SETUPS} == set(REGISTRY)
    assert {(s.game, s.room) for s in SETUPS} >= {
        (game, room.kind) for game, entry in REGISTRY.items() for room in entry.game.rooms}


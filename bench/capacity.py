"""`make bench`: the figures a site sizes itself by (issue #39, item 8; docs/deploy.md, "Sizing").

1. Server CPU a move, per game: one `klubovna serve` (SQLite in a temp folder, limits off as
   bench/cluster.py's OPEN), rooms of every game played by clients over real sockets, each
   seat driven by the view it receives: Matematický poker by the tests' choosers
   (tests/server/live.py's next_move solo, tests/server/lobby_client.py's choose_move in
   duels), the other games by the game's own computer player (klubovna/bots, which takes
   the same per-seat view and the events the seat was sent). Each person waits a
   human-like moment (--think) before every move. Figures: the server's CPU (from /proc)
   from the hosts' start until every game is over (or the time cap), less what the process
   spends idle with the same sockets open, divided by the game steps (the tables' log
   versions: people's moves, computer players' moves, timer ticks) and by the people's
   confirmed moves. Players one core carries at one move a person every 5 s:
   1000 ms / (0.2 moves/s x ms a person's move) = 5000 / ms a person's move (computer
   players' moves at the table included in that ms).
2. Memory: the server's RSS (VmRSS) with N idle lobby sockets (people waiting in group
   rooms of 50, heartbeats only), and after starting duel and group tables: KB a socket,
   KB a live table.
3. One PostgreSQL: the server's own log writer (klubovna/server/storage/logwriter.py) and
   store, fenced by leases as on several processes, in 1, 2, 4 processes, each appending
   for many tables at once as fast as the entries are committed (a table waits for its
   entry before the next, as a live table does): entries a second, the write's p50/p99,
   PostgreSQL's CPU an entry; and pgbench (select-only and the default TPC-B-like) on the
   same cluster for scale.
4. One Redis: redis-benchmark (GET, SET, INCR; the rate limits' Lua bucket by EVALSHA; a
   presence HSET; HVALS of 1,000 people waiting to be paired): operations a second and
   Redis's own CPU an operation; with the Redis operations the server makes (counted from
   the code, listed below) the requests a second one Redis core carries.

Run from the repo root: `.venv/bin/python bench/capacity.py [--quick]` (about 10 minutes;
`--quick`: about 3). Needs PostgreSQL and Redis (`make cluster-deps`) for parts 3 and 4.
Figures only, no verdict; never part of the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import realtime  # noqa: E402

from klubovna.bots import Bot, courtesy, waits  # noqa: E402
from klubovna.core import Rng  # noqa: E402
from klubovna.server.http.ratelimit import BUCKET_LUA, BUCKET_TTL_MS  # noqa: E402
from klubovna.tables.registry import entry  # noqa: E402
from tests.cluster.harness import Postgres, Redis  # noqa: E402
from tests.cluster.players import Story  # noqa: E402
from tests.server.live import LiveServer, next_move  # noqa: E402
from tests.server.lobby_client import choose_move  # noqa: E402

Message = dict[str, Any]
OPEN = {"KLUBOVNA_RATE_TABLES": "0", "KLUBOVNA_RATE_JOINS": "0",
        "KLUBOVNA_RATE_PROFILES": "0", "KLUBOVNA_CONNECTIONS_PER_ADDRESS": "0",
        "KLUBOVNA_ROOMS_PER_ADDRESS": "0", "KLUBOVNA_ROOMS_PER_PROFILE": "0",
        "KLUBOVNA_ROOMS_WAITING": "0"}
"""Limits off (as bench/cluster.py): the benchmark opens rooms far faster than people do,
and every client comes from 127.0.0.1."""
HEARTBEAT_S = 8.0
"""A client pings when it has sent nothing this long (the server wants a frame every 10 s)."""
MOVE_EVERY_S = 5.0
"""The sizing's pace: one move a person every 5 s."""
Chooser = Callable[[Message, list[Message]], Message | None]


def rss_kb(pid: int) -> int:
    """The process's resident memory (VmRSS, KB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@contextmanager
def klubovna_server() -> Iterator[LiveServer]:
    """One `klubovna serve` on SQLite in a temporary data folder, limits off."""
    with tempfile.TemporaryDirectory(prefix="klubovna-capacity-") as folder:
        server = LiveServer(Path(folder), env=dict(OPEN))
        server.start()
        try:
            yield server
        finally:
            server.stop()


def fine_cpu(pid: int) -> float:
    """CPU seconds of a process's live threads, to the nanosecond (/proc/PID/task/*/schedstat):
    for short spans, where /proc/PID/stat's 10 ms ticks are too coarse."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with suppress(OSError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def server_pid(server: LiveServer) -> int:
    assert server.process is not None
    return server.process.pid


# --------------------------------------------------------------------------- 1. CPU a move


def bot_chooser(game: str, name: str, seed: int) -> Chooser:
    """A person's moves by the game's computer player `name`, from the seat's view and the
    events it was sent, as the server's robots decide (klubovna/tables/robots.py): its
    courtesy first, nothing while the view offers no action (or only the start) or while
    the bot waits, else its choice."""
    bot: Bot = entry(game).bots[name]
    rng = random.Random(seed)

    def choose(view: Message, events: list[Message]) -> Message | None:
        polite = courtesy(bot, view, events)
        if polite is not None:
            return dict(polite)
        actions = view.get("actions") or []
        if not actions or all(action == "start" for action in actions):
            return None
        if waits(bot, view, events):
            return None
        return dict(bot.choose(view, events, Rng(rng.getrandbits(62))))

    return choose


def mp_duel(view: Message, _events: list[Message]) -> Message | None:
    return choose_move(view)


def mp_solo(view: Message, _events: list[Message]) -> Message | None:
    if not view["started"]:
        return {"type": "start"}
    return next_move(view)


@dataclass(frozen=True)
class GameSpec:
    title: str
    game: str
    kind: str
    """"solo": a table from POST /api/tables; else the lobby's kind of room."""
    people: int
    computers: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    bot: str = ""
    """The computer player who plays for the people (the game's own); "" for Matematický
    poker, played by the tests' choosers."""

    def chooser(self, seed: int) -> Chooser:
        if self.kind == "solo":
            return mp_solo
        if self.game == "matematicky-poker":
            return mp_duel
        return bot_chooser(self.game, self.bot, seed)


GAMES = (
    GameSpec("Matematický poker solo", "matematicky-poker", "solo", 1),
    GameSpec("Matematický poker duel", "matematicky-poker", "duel", 2),
    GameSpec("Kostkový poker 2+2 Klidný", "kostkovy-poker", "table", 2, 2,
             {"seats": 4, "robots": "klidny"}, "klidny"),
    GameSpec("Žolíky s kameny duel", "zoliky-s-kameny", "duel", 2, bot="lehka"),
    GameSpec("Locus Poker duel", "locus-poker", "duel", 2, bot="pepik"),
    GameSpec("Mathesso 2+2 Kotě", "mathesso", "table", 2, 2,
             {"seats": 4, "computer": "kote"}, "kote"),
)


@dataclass
class Person:
    """One seat's socket: says hello, keeps the view (public updates merged, events kept:
    tests/cluster/players.Story), and makes the chooser's move a `think` moment after the
    view asks for one; one move at a time, until the game is over."""

    url: str
    key: str
    choose: Chooser
    think: tuple[float, float]
    rng: random.Random
    host: bool = False
    playing: bool = False
    """Set when the measured phase begins: no move before (a solo table's view comes with
    the hello)."""
    story: Story = field(default_factory=Story)
    ws: ClientConnection | None = None
    seq: int = 0
    pending: int | None = None
    thinking: bool = False
    acks: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    sent_at: float = 0.0
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def open(self) -> None:
        self.ws = await connect(self.url, open_timeout=60, ping_interval=None,
                                compression=None, max_size=None, max_queue=None)
        await self.send({"t": "hello", "key": self.key})
        self.tasks = [asyncio.create_task(self.read()), asyncio.create_task(self.heartbeat())]
        await asyncio.wait_for(self.ready.wait(), 60)

    async def send(self, message: Message) -> None:
        assert self.ws is not None
        self.sent_at = time.monotonic()
        await self.ws.send(json.dumps(message))

    async def heartbeat(self) -> None:
        while True:
            await asyncio.sleep(max(0.5, HEARTBEAT_S - (time.monotonic() - self.sent_at)))
            if time.monotonic() - self.sent_at >= HEARTBEAT_S:
                await self.send({"t": "ping"})

    async def read(self) -> None:
        assert self.ws is not None
        with suppress(ConnectionClosed):
            async for raw in self.ws:
                self.take(json.loads(raw))
                self.poke()

    def take(self, message: Message) -> None:
        kind = message.get("t")
        if kind == "lobby":
            self.ready.set()
        elif kind == "view":
            self.ready.set()
            self.story.feed(message)
            if message.get("ack") is not None and message["ack"] == self.pending:
                self.pending = None
                self.acks += 1
        elif kind == "error":
            self.errors[str(message.get("code"))] += 1
            if message.get("seq") is not None and message["seq"] == self.pending:
                self.pending = None

    @property
    def over(self) -> bool:
        view = self.story.view
        if view is None:
            return False
        return bool(view["game_over"] if "game_over" in view else view["over"])

    def poke(self) -> None:
        if self.done.is_set() or not self.playing:
            return
        if self.over or sum(self.errors.values()) > 50:
            self.done.set()
            return
        if self.pending is not None or self.thinking or self.story.view is None:
            return
        if self.choose(self.story.view, self.story.events) is not None:
            self.thinking = True
            self.tasks.append(asyncio.create_task(self.move()))

    async def move(self) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think))
        self.thinking = False
        view = self.story.view
        if self.pending is not None or view is None or self.done.is_set():
            return
        action = self.choose(view, self.story.events)
        if action is None:
            return
        self.seq += 1
        self.pending = self.seq
        await self.send({"t": "act", "seq": self.seq, "action": action})

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.ws is not None:
            self.ws.transport.abort()


@dataclass
class GameRun:
    spec: GameSpec
    rooms: int
    seconds: float = 0.0
    finished: int = 0
    steps: int = 0
    moves: int = 0
    cpu: float = 0.0
    """Server CPU seconds in the phase, net of the idle process's."""
    idle_cores: float = 0.0
    client_cores: float = 0.0
    other_cores: float = 0.0
    errors: Counter[str] = field(default_factory=Counter)
    failure: str = ""

    @property
    def ms_step(self) -> float:
        return self.cpu * 1000 / max(1, self.steps)

    @property
    def ms_move(self) -> float:
        return self.cpu * 1000 / max(1, self.moves)

    @property
    def players_per_core(self) -> float:
        return MOVE_EVERY_S * 1000 / self.ms_move if self.ms_move else float("inf")


async def set_up(spec: GameSpec, server: LiveServer, rooms: int, think: tuple[float, float],
                 seed: int) -> list[list[Person]]:
    """The rooms (created and joined over HTTP), each seat's socket open and greeted."""
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=10, keepalive_expiry=2.0)
    made: list[list[Person]] = []
    async with httpx.AsyncClient(base_url=server.http, limits=limits, timeout=60) as http:
        gate = asyncio.Semaphore(4)

        async def room(number: int) -> list[Person]:
            async with gate:
                if spec.kind == "solo":
                    created = (await http.post("/api/tables", json={"game": spec.game})
                               ).raise_for_status().json()
                    return [Person(f"{server.ws}/ws/tables/{created['table']}", created["key"],
                                   spec.chooser(rng.getrandbits(32)), think,
                                   random.Random(rng.getrandbits(32)))]
                body = {"game": spec.game, "kind": spec.kind, "nickname": f"Hostitel {number}",
                        "settings": spec.settings}
                host = (await http.post("/api/lobbies", json=body)).raise_for_status().json()
                keys = [host["key"]]
                for guest in range(1, spec.people):
                    joined = await http.post(f"/api/lobbies/{host['code']}/join",
                                             json={"nickname": f"Host {number}-{guest}"})
                    keys.append(joined.raise_for_status().json()["key"])
                url = f"{server.ws}/ws/lobbies/{host['code']}"
                return [Person(url, key, spec.chooser(rng.getrandbits(32)), think,
                               random.Random(rng.getrandbits(32)), host=seat == 0)
                        for seat, key in enumerate(keys)]

        made = list(await asyncio.gather(*(room(n) for n in range(rooms))))
    opening = asyncio.Semaphore(20)

    async def open_one(person: Person) -> None:
        async with opening:
            await person.open()

    await asyncio.gather(*(open_one(p) for people in made for p in people))
    return made


async def play_rooms(spec: GameSpec, server: LiveServer, rooms: int, think: tuple[float, float],
                     cap_s: float, idle_s: float, seed: int) -> GameRun:
    run = GameRun(spec, rooms)
    pid = server_pid(server)
    made = await set_up(spec, server, rooms, think, seed)
    people = [person for room in made for person in room]
    try:
        # What the process costs with these sockets open and nothing played (its sweeps,
        # the heartbeats): taken off the phase's CPU.
        await asyncio.sleep(1.0)
        before, began = fine_cpu(pid), time.monotonic()
        await asyncio.sleep(idle_s)
        run.idle_cores = (fine_cpu(pid) - before) / (time.monotonic() - began)
        cpu, busy, client = realtime.cpu_seconds(pid), realtime.machine_busy(), time.process_time()
        began = time.monotonic()
        for person in people:
            person.playing = True
            if person.host:
                await person.send({"t": "start"})
            person.poke()
        with suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in people)), cap_s)
        await asyncio.sleep(1.0)  # the ends' work (results, the rooms' closing)
        run.seconds = time.monotonic() - began
        server_cpu = realtime.cpu_seconds(pid) - cpu
        client_cpu = time.process_time() - client
        run.other_cores = max(0.0, (realtime.machine_busy() - busy - server_cpu - client_cpu)
                              / run.seconds)
        run.client_cores = client_cpu / run.seconds
        run.cpu = max(0.0, server_cpu - run.idle_cores * run.seconds)
        run.steps = sum(max(p.story.version for p in room) for room in made)
        run.moves = sum(p.acks for p in people)
        run.finished = sum(all(p.over for p in room) for room in made)
        for person in people:
            run.errors.update(person.errors)
            if person.story.problems:
                run.errors["story"] += 1
    finally:
        await asyncio.gather(*(p.close() for p in people))
    return run


def game_cpu(spec: GameSpec, rooms: int, think: tuple[float, float], cap_s: float,
             idle_s: float, seed: int) -> GameRun:
    with klubovna_server() as server:
        try:
            return asyncio.run(play_rooms(spec, server, rooms, think, cap_s, idle_s, seed))
        except Exception as error:  # said in the table; the other parts go on
            return GameRun(spec, rooms, failure=f"{type(error).__name__}: {error}"[:200])


GAME_HEADER = (f"{'game':<27} {'rooms':>5} {'seats':>5} {'done':>5} {'phase s':>7} "
               f"{'steps':>6} {'moves':>6} {'server':>7} {'idle':>6} {'clients':>7} "
               f"{'other':>6} {'ms/step':>7} {'ms/move':>7} {'players/core':>12}")


def game_row(run: GameRun) -> str:
    spec = run.spec
    seats = f"{spec.people}+{spec.computers}" if spec.computers else str(spec.people)
    if run.failure:
        return f"{spec.title:<27} {run.rooms:5} {seats:>5}  failed: {run.failure}"
    cores = (run.cpu / max(run.seconds, 1e-9)) + run.idle_cores
    text = (f"{spec.title:<27} {run.rooms:5} {seats:>5} {run.finished:5} {run.seconds:7.1f} "
            f"{run.steps:6} {run.moves:6} {cores * 100:6.0f}% {run.idle_cores * 100:5.1f}% "
            f"{run.client_cores * 100:6.0f}% {run.other_cores * 100:5.0f}% "
            f"{run.ms_step:7.2f} {run.ms_move:7.2f} {run.players_per_core:12,.0f}")
    if run.errors:
        text += f"  errors {dict(run.errors)}"
    return text


# --------------------------------------------------------------------------- 2. memory


@dataclass
class Memory:
    rows: list[tuple[str, int, int]] = field(default_factory=list)
    """(what, sockets, RSS KB)."""
    per_socket_kb: float = 0.0
    per_duel_kb: float = 0.0
    per_group_kb: float = 0.0
    group_size: int = 50
    failure: str = ""


class Idle:
    """A socket that said hello and only keeps its heartbeat (reads and drops the rest)."""

    def __init__(self, url: str, key: str) -> None:
        self.url, self.key = url, key
        self.ws: ClientConnection | None = None
        self.viewed = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        self.ws = await connect(self.url, open_timeout=60, ping_interval=None,
                                compression=None, max_size=None, max_queue=None)
        await self.ws.send(json.dumps({"t": "hello", "key": self.key}))
        await asyncio.wait_for(self.ws.recv(), 60)  # the lobby message
        self.tasks = [asyncio.create_task(self.read()), asyncio.create_task(self.beat())]

    async def read(self) -> None:
        assert self.ws is not None
        with suppress(ConnectionClosed):
            async for raw in self.ws:
                head = raw[:16] if isinstance(raw, str) else raw[:16].decode(errors="replace")
                if '"view"' in head:
                    self.viewed.set()

    async def beat(self) -> None:
        assert self.ws is not None
        await asyncio.sleep(random.uniform(0, HEARTBEAT_S))
        with suppress(ConnectionClosed):
            while True:
                await self.ws.send('{"t":"ping"}')
                await asyncio.sleep(HEARTBEAT_S)

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.ws is not None:
            self.ws.transport.abort()


async def rooms_of(http: httpx.AsyncClient, ws: str, kind: str, size: int,
                   count: int) -> list[list[Idle]]:
    """`count` Matematický poker rooms of `size` people (joined over HTTP, no socket yet)."""
    gate = asyncio.Semaphore(4)
    settings = {"dealer_plays": False} if kind == "group" else {}

    async def room(number: int) -> list[Idle]:
        async with gate:
            body = {"game": "matematicky-poker", "kind": kind, "nickname": f"Hostitel {number}",
                    "settings": settings}
            host = (await http.post("/api/lobbies", json=body)).raise_for_status().json()
            keys = [host["key"]]
            for guest in range(1, size):
                joined = await http.post(f"/api/lobbies/{host['code']}/join",
                                         json={"nickname": f"Hráč {number}-{guest}"})
                keys.append(joined.raise_for_status().json()["key"])
            return [Idle(f"{ws}/ws/lobbies/{host['code']}", key) for key in keys]

    return list(await asyncio.gather(*(room(n) for n in range(count))))


async def open_all(sockets: Sequence[Idle]) -> None:
    gate = asyncio.Semaphore(50)

    async def one(socket: Idle) -> None:
        async with gate:
            await socket.open()

    await asyncio.gather(*(one(s) for s in sockets))


async def measure_memory(server: LiveServer, steps: Sequence[int], duels: int,
                         settle_s: float) -> Memory:
    figures = Memory()
    pid = server_pid(server)
    group = figures.group_size
    limits = httpx.Limits(max_connections=10, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=server.http, limits=limits, timeout=60) as http:
        groups = await rooms_of(http, server.ws, "group", group, -(-max(steps) // group))
        pairs = await rooms_of(http, server.ws, "duel", 2, duels)
    opened: list[Idle] = []
    flat = [socket for room in groups for socket in room]
    try:
        await asyncio.sleep(settle_s)
        figures.rows.append(("rooms made, no socket", 0, rss_kb(pid)))
        for target in steps:
            if target == 0:
                continue
            await open_all(flat[len(opened):target])
            opened = flat[:target]
            await asyncio.sleep(settle_s)
            figures.rows.append((f"{target:,} idle lobby sockets", target, rss_kb(pid)))
        if len(steps) >= 2:
            # The slope between the two largest steps: free of the first sockets' one-time
            # costs (imports, pools).
            (_, n1, kb1), (_, n2, kb2) = figures.rows[-2], figures.rows[-1]
            figures.per_socket_kb = (kb2 - kb1) / max(1, n2 - n1)
        duel_sockets = [socket for room in pairs for socket in room]
        await open_all(duel_sockets)
        await asyncio.sleep(settle_s)
        total = len(opened) + len(duel_sockets)
        figures.rows.append((f"+ {duels} duel rooms' sockets", total, rss_kb(pid)))
        hosts = [room[0] for room in pairs]
        for host in hosts:
            assert host.ws is not None
            await host.ws.send('{"t":"start"}')
        await asyncio.wait_for(asyncio.gather(*(s.viewed.wait() for s in duel_sockets)), 120)
        await asyncio.sleep(settle_s)
        figures.rows.append((f"+ {duels} duel tables started", total, rss_kb(pid)))
        figures.per_duel_kb = (figures.rows[-1][2] - figures.rows[-2][2]) / max(1, duels)
        started = [room for room in groups if all(s.ws is not None for s in room)]
        for room in started:
            assert room[0].ws is not None
            await room[0].ws.send('{"t":"start"}')
        await asyncio.wait_for(asyncio.gather(*(s.viewed.wait() for room in started
                                                for s in room)), 120)
        await asyncio.sleep(settle_s)
        figures.rows.append((f"+ {len(started)} group tables of {group} started", total,
                             rss_kb(pid)))
        figures.per_group_kb = (figures.rows[-1][2] - figures.rows[-2][2]) / max(1, len(started))
    finally:
        for socket in flat + [s for room in pairs for s in room]:
            socket.close()
    return figures


def memory(steps: Sequence[int], duels: int, settle_s: float) -> Memory:
    realtime.raise_open_files(2 * (max(steps) + 2 * duels) + 1000)
    with klubovna_server() as server:
        try:
            return asyncio.run(measure_memory(server, steps, duels, settle_s))
        except Exception as error:
            return Memory(failure=f"{type(error).__name__}: {error}"[:200])


# --------------------------------------------------------------------------- 3. PostgreSQL


def tree_cpu(root: int) -> float:
    """CPU seconds of a process and all its descendants now alive, plus what its waited-for
    children used (a PostgreSQL cluster: the postmaster and its backends)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry_ in Path("/proc").iterdir():
        if not entry_.name.isdigit():
            continue
        try:
            fields = (entry_ / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry_.name)
        parents[pid] = int(fields[1])
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
        if pid == root:
            times[pid] += (int(fields[13]) + int(fields[14])) / tick
    total, wanted = 0.0, {root}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in wanted and pid not in wanted:
                wanted.add(pid)
                changed = True
    for pid in wanted:
        total += times.get(pid, 0.0)
    return total


def postmaster_pid(pg: Postgres) -> int:
    return int((pg.data / "postmaster.pid").read_text().split()[0])


@dataclass
class Writers:
    processes: int
    tables: int
    entries: int = 0
    seconds: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    pg_cpu: float = 0.0
    writer_cpu: float = 0.0
    """The writer processes' own CPU (their event loops, threads, the driver)."""
    failure: str = ""

    @property
    def per_second(self) -> float:
        return self.entries / max(self.seconds, 1e-9)

    @property
    def pg_us(self) -> float:
        return self.pg_cpu * 1e6 / max(1, self.entries)

    @property
    def writer_us(self) -> float:
        return self.writer_cpu * 1e6 / max(1, self.entries)


def writer_process(url: str, index: int, tables: int, seconds: float, ready: Barrier,
                   results: Queue[tuple[int, float, float, list[float], str]]) -> None:
    """One server process's log writer: `tables` tables (created under this process's
    leases) each appending its next entry as soon as the last one is committed."""
    try:
        from klubovna.server.cluster.node import Node
        from klubovna.server.storage.db import make_engine
        from klubovna.server.storage.leases import Leases
        from klubovna.server.storage.logwriter import LogWriter
        from klubovna.server.storage.store import Append, Store
        from klubovna.tables import LogEntry

        engine = make_engine(url)
        store = Store(engine)
        node = Node.make(lambda owner, at: Leases(engine, owner, at), f"http://writer{index}")
        store.fence = node
        now = int(time.time() * 1000)
        ids = [secrets.token_urlsafe(12) for _ in range(tables)]
        for table_id in ids:
            store.create_table(table_id, "matematicky-poker", {"mode": "easy"}, 1,
                               [secrets.token_hex(32)], now)
        writer = LogWriter(store)
    except Exception as error:
        ready.abort()
        results.put((0, 0.0, 0.0, [], f"{type(error).__name__}: {error}"[:200]))
        return

    async def table(table_id: str, stop_at: float, times: list[float]) -> int:
        version = 0
        while time.monotonic() < stop_at:
            version += 1
            action = {"type": "place", "cell": version % 25}
            began = time.perf_counter()
            await writer.append(Append(table_id, LogEntry(
                version, "act", int(time.time() * 1000), 0, version, action), deadline=0))
            times.append(time.perf_counter() - began)
        return version

    async def run() -> tuple[int, float, float, list[float]]:
        times: list[float] = []
        await asyncio.to_thread(ready.wait, 120)
        began, cpu = time.monotonic(), time.process_time()
        counts = await asyncio.gather(*(table(t, began + seconds, times) for t in ids))
        return sum(counts), time.monotonic() - began, time.process_time() - cpu, times

    try:
        entries, took, cpu, times = asyncio.run(run())
        writer.stop()
        results.put((entries, took, cpu, times, ""))
    except Exception as error:
        results.put((0, 0.0, 0.0, [], f"{type(error).__name__}: {error}"[:200]))


def log_writers(pg: Postgres, processes: int, tables: int, seconds: float) -> Writers:
    figures = Writers(processes, tables)
    ctx = multiprocessing.get_context("fork")
    ready = ctx.Barrier(processes + 1)
    results: Queue[tuple[int, float, float, list[float], str]] = ctx.Queue()
    workers = [ctx.Process(target=writer_process,
                           args=(pg.url, i, tables, seconds, ready, results))
               for i in range(processes)]
    for worker in workers:
        worker.start()
    postmaster = postmaster_pid(pg)
    times: list[float] = []
    try:
        ready.wait(180)
        before = tree_cpu(postmaster)
        for _ in workers:
            entries, took, cpu, some, failure = results.get(timeout=seconds + 120)
            figures.entries += entries
            figures.writer_cpu += cpu
            figures.seconds = max(figures.seconds, took)
            figures.failure = figures.failure or failure
            times += some
        figures.pg_cpu = tree_cpu(postmaster) - before
    except Exception as error:
        figures.failure = figures.failure or f"{type(error).__name__}: {error}"[:200]
    for worker in workers:
        worker.join(30)
    if times:
        times.sort()
        figures.p50_ms = times[len(times) // 2] * 1000
        figures.p99_ms = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
    return figures


def pgbench(pg: Postgres, args: Sequence[str]) -> tuple[float, float]:
    """pgbench against the cluster: (TPS, PostgreSQL's CPU ms a transaction)."""
    base = ["pgbench", "-h", "127.0.0.1", "-p", str(pg.port), "-U", "klubovna"]
    postmaster = postmaster_pid(pg)
    before = tree_cpu(postmaster)
    done = subprocess.run([*base, *args, "postgres"], capture_output=True, text=True,
                          check=True)
    cpu = tree_cpu(postmaster) - before
    tps = float(re.findall(r"tps = ([\d.]+)", done.stdout)[-1])
    transactions = int(re.findall(r"number of transactions actually processed: (\d+)",
                                  done.stdout)[-1])
    return tps, cpu * 1000 / max(1, transactions)


@dataclass
class PgFigures:
    writers: list[Writers] = field(default_factory=list)
    bench: list[tuple[str, float, float]] = field(default_factory=list)
    failure: str = ""


def postgres_part(processes: Sequence[int], tables: int, seconds: float, scale: int,
                  bench_s: int) -> PgFigures:
    figures = PgFigures()
    if shutil.which("pgbench") is None:
        figures.failure = "PostgreSQL is not installed (make cluster-deps)"
        return figures
    pg = Postgres()
    try:
        pg.start()
        from klubovna.server.storage.db import make_engine
        from klubovna.server.storage.migrate import upgrade

        engine = make_engine(pg.url)
        upgrade(engine)
        engine.dispose()
        for count in processes:
            figures.writers.append(log_writers(pg, count, tables, seconds))
        subprocess.run(["pgbench", "-h", "127.0.0.1", "-p", str(pg.port), "-U", "klubovna",
                        "-i", "-q", "-s", str(scale), "postgres"], capture_output=True,
                       check=True)
        for name, args in (("select-only (-S)", ["-S"]), ("default (TPC-B-like)", [])):
            tps, ms = pgbench(pg, [*args, "-c", "8", "-j", "2", "-T", str(bench_s)])
            figures.bench.append((name, tps, ms))
    except Exception as error:
        figures.failure = f"{type(error).__name__}: {error}"[:300]
    finally:
        pg.stop()
    return figures


# --------------------------------------------------------------------------- 4. Redis


@dataclass
class RedisRun:
    name: str
    per_second: float
    cpu_us: float
    """Redis's own CPU an operation (µs)."""

    @property
    def per_core(self) -> float:
        return 1e6 / self.cpu_us if self.cpu_us else float("inf")


@dataclass
class RedisFigures:
    runs: list[RedisRun] = field(default_factory=list)
    failure: str = ""

    def of(self, name: str) -> RedisRun | None:
        return next((run for run in self.runs if run.name == name), None)


def redis_benchmark(redis: Redis, requests: int, *args: str) -> list[tuple[str, float]]:
    done = subprocess.run(["redis-benchmark", "-p", str(redis.port), "-q", "-n",
                           str(requests), *args], capture_output=True, text=True, check=True)
    found = []
    for line in done.stdout.replace("\r", "\n").splitlines():
        match = re.match(r"\s*(.+?):\s*([\d.]+) requests per second", line)
        if match:
            found.append((match.group(1), float(match.group(2))))
    return found


def redis_part(requests: int, hvals_requests: int) -> RedisFigures:
    figures = RedisFigures()
    if shutil.which("redis-benchmark") is None or shutil.which("redis-server") is None:
        figures.failure = "Redis is not installed (make cluster-deps)"
        return figures
    with tempfile.TemporaryDirectory(prefix="klubovna-redis-") as folder:
        redis = Redis(Path(folder))
        try:
            redis.start()
            assert redis.process is not None
            pid = redis.process.pid
            cli = ["redis-cli", "-p", str(redis.port)]

            def timed(name: str, count: int, *args: str) -> None:
                before = fine_cpu(pid)
                answers = redis_benchmark(redis, count, *args)
                cpu = fine_cpu(pid) - before
                total = count * max(1, len(answers))
                for _label, rate in answers:
                    figures.runs.append(RedisRun(name, rate, cpu * 1e6 / total))

            for command in ("get", "set", "incr"):
                timed(command.upper(), requests, "-t", command)
            sha = subprocess.run([*cli, "SCRIPT", "LOAD", BUCKET_LUA], capture_output=True,
                                 text=True, check=True).stdout.strip()
            timed("EVALSHA bucket", requests, "-r", "100000", "EVALSHA", sha, "1",
                  "klubovna:rate:bench:__rand_int__", "30", "1", str(BUCKET_TTL_MS))
            playing = json.dumps({"playing": "kostkovy-poker", "watch": None,
                                  "until": int(time.time() * 1000) + 60_000})
            timed("HSET presence", requests, "-r", "100000", "HSET",
                  "klubovna:presence:__rand_int__", "node:conn", playing)
            wish = {"ticket": "x" * 32, "profile": "p" * 22, "nickname": "Hráč", "game":
                    "locus-poker", "kind": "duel", "settings": {"grid": "6x6"},
                    "pool": '["locus-poker", "duel", {"grid": "6x6"}]', "rating": 1500,
                    "since": 1_800_000_000_000, "seen": 1_800_000_000_000}
            fill = "".join(f"HSET klubovna:pairing:seekers t{i} '{json.dumps(wish)}'\n"
                           for i in range(1000))
            subprocess.run(cli, input=fill, capture_output=True, text=True, check=True)
            timed("HVALS 1,000 waiting", hvals_requests, "-c", "4", "HVALS",
                  "klubovna:pairing:seekers")
        except Exception as error:
            figures.failure = f"{type(error).__name__}: {error}"[:300]
        finally:
            redis.stop()
    return figures


REDIS_USES = (
    # (what, Redis round trips, commands, the commands; from the code)
    ("POST /api/lobbies (a new room, guest)", 4, 6,
     "EVALSHA tables_by_address; ZREMRANGEBYSCORE+ZRANGE; ZADD+ZRANGE; PEXPIREAT "
     "(+EVALSHA with a profile, +ZREM when a counted room no longer waits)"),
    ("join / look up a code (POST .../join, GET /api/lobbies/CODE)", 1, 1,
     "EVALSHA wrong_codes (look only; +1 EVALSHA on a wrong code)"),
    ("POST /api/tables, /api/profiles, challenge, friend request", 1, 1,
     "EVALSHA (+1 for a profile's own bucket on /api/tables)"),
    ("lobby socket opened (table socket: 1)", 2, 2, "EVALSHA floods, EVALSHA wrong_codes"),
    ("any other request, every move and frame", 0, 0, "none"),
    ("club socket opened", 3, 4,
     "HSET+PEXPIRE; HVALS own; PUBLISH to friends (if any); HVALS x F friends pipelined"),
    ("club socket, every 20 s while open", 1, 2, "HSET+PEXPIRE (refresh)"),
    ("club socket closed / 'playing' changed", 3, 3, "HDEL or HSET+PEXPIRE; HVALS; PUBLISH"),
    ("pairing: POST /api/pairing", 2, 2, "HVALS all waiting; HSET (+HDEL an earlier wish)"),
    ("pairing: GET /api/pairing/T (every 1-2 s)", 4, 4, "GET found; HGET; HEXISTS; HSET"),
    ("pairing: matcher round (every 0.5 s, each process)", 4, 5,
     "SET NX; GET; PEXPIRE (holder); HVALS all waiting (holder); MULTI SET x pairs, HDEL"),
)


# --------------------------------------------------------------------------- report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rooms, shorter phases")
    parser.add_argument("--rooms", type=int, default=None,
                        help="rooms a game (default 40; --quick 10)")
    parser.add_argument("--think", default="0.3,0.9",
                        help="a person's moment before each move, s: min,max (default 0.3,0.9)")
    parser.add_argument("--parts", default="games,memory,postgres,redis",
                        help="comma-separated: games, memory, postgres, redis (default all)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    quick = args.quick
    parts = set(args.parts.split(","))
    low, high = (float(x) for x in args.think.split(","))
    think = (low, high)
    rooms = args.rooms or (10 if quick else 40)
    cap_s = 12.0 if quick else 50.0
    print(f"Capacity figures (issue #39): {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} / {os.getloadavg()[1]:.1f} / {os.getloadavg()[2]:.1f} "
          f"at the start; {'--quick' if quick else 'full run'}", flush=True)
    realtime.raise_open_files(20_000)

    runs: list[GameRun] = []
    if "games" in parts:
        print(f"\n1. Server CPU a move: one process on SQLite, {rooms} rooms a game over real "
              f"sockets, a person moves {think[0]:g}-{think[1]:g} s after the view asks "
              f"(cap {cap_s:g} s a game)\n"
              "   steps: the tables' log entries (people's and computer players' moves, ticks, "
              "the start); moves: the people's confirmed moves;\n"
              "   server/idle/clients/other: CPU in the phase (100% = a core; idle: the process "
              "with the same sockets and nothing played,\n"
              "   taken off the ms); ms/move: server CPU a person's move, computer players' "
              f"moves included; players/core = {MOVE_EVERY_S * 1000:g} / ms/move "
              f"(a move a person every {MOVE_EVERY_S:g} s)")
        print(GAME_HEADER, flush=True)
        for number, spec in enumerate(GAMES):
            run = game_cpu(spec, rooms, think, cap_s, 3.0 if quick else 5.0, seed=number)
            runs.append(run)
            print(game_row(run), flush=True)

    mem: Memory | None = None
    if "memory" in parts:
        steps = [0, 500, 1000] if quick else [0, 1000, 3000]
        duels = 100 if quick else 300
        print(f"\n2. Memory: the server's RSS with idle lobby sockets (people waiting in "
              f"Matematický poker group rooms of 50), then {duels} duels and the groups "
              "started", flush=True)
        mem = memory(steps, duels, 2.0 if quick else 3.0)
        if mem.failure:
            print(f"   failed: {mem.failure}")
        for what, sockets, kb in mem.rows:
            print(f"   {what:<40} {sockets:7,} sockets  RSS {kb / 1024:8.1f} MB")
        if not mem.failure:
            print(f"   per socket {mem.per_socket_kb:.1f} KB (slope between the two largest "
                  f"steps); per live duel table {mem.per_duel_kb:.0f} KB; per live group "
                  f"table of {mem.group_size} {mem.per_group_kb:.0f} KB")

    pg: PgFigures | None = None
    if "postgres" in parts:
        processes = [1, 2] if quick else [1, 2, 4]
        seconds = 8.0 if quick else 15.0
        tables = 100 if quick else 200
        print(f"\n3. One PostgreSQL (fsync on, on this machine's disk): the server's log writer "
              f"and store, fenced by leases, in N processes of {tables} tables each appending "
              f"its next entry once the last is committed, {seconds:g} s", flush=True)
        pg = postgres_part(processes, tables, seconds, 5 if quick else 10, 5 if quick else 10)
        if pg.failure:
            print(f"   failed: {pg.failure}")
        print(f"   {'processes':>9} {'tables':>6} {'entries':>8} {'entries/s':>9} "
              f"{'p50 ms':>7} {'p99 ms':>7} {'PG CPU/entry':>12} {'entries/s per PG core':>21} "
              f"{'writers CPU/entry':>17}")
        for w in pg.writers:
            if w.failure:
                print(f"   {w.processes:9}  failed: {w.failure}")
                continue
            print(f"   {w.processes:9} {w.processes * w.tables:6} {w.entries:8,} "
                  f"{w.per_second:9,.0f} {w.p50_ms:7.1f} {w.p99_ms:7.1f} {w.pg_us:10.0f} µs "
                  f"{1e6 / max(w.pg_us, 1e-9):21,.0f} {w.writer_us:14.0f} µs")
        for name, tps, ms in pg.bench:
            print(f"   pgbench {name:<22} -c 8 -j 2: {tps:9,.0f} TPS "
                  f"(PostgreSQL CPU {ms:.3f} ms a transaction)")

    red: RedisFigures | None = None
    if "redis" in parts:
        requests = 20_000 if quick else 100_000
        print(f"\n4. One Redis: redis-benchmark -q -n {requests:,} (50 clients, no pipelining); "
              "Redis CPU from /proc", flush=True)
        red = redis_part(requests, 1000 if quick else 5000)
        if red.failure:
            print(f"   failed: {red.failure}")
        for op in red.runs:
            print(f"   {op.name:<22} {op.per_second:10,.0f} ops/s measured; Redis CPU "
                  f"{op.cpu_us:7.1f} µs an op -> {op.per_core:10,.0f} ops/s a Redis core")
        print("   Redis operations the server makes (cluster mode; from the code):")
        for what, trips, commands, which in REDIS_USES:
            print(f"   {what:<62} {trips} trips, {commands} cmds: {which}")

    print("\nSummary")
    for run in runs:
        if not run.failure:
            print(f"  {run.spec.title:<27} {run.ms_move:6.2f} ms server CPU a person's move "
                  f"({run.ms_step:.2f} a step) -> {run.players_per_core:,.0f} players a core "
                  f"at a move every {MOVE_EVERY_S:g} s")
    if mem is not None and not mem.failure:
        print(f"  memory: {mem.per_socket_kb:.0f} KB an idle lobby socket; a live duel table "
              f"{mem.per_duel_kb:.0f} KB, a group table of {mem.group_size} "
              f"{mem.per_group_kb / 1024:.1f} MB")
    if pg is not None:
        good = [w for w in pg.writers if not w.failure]
        if good:
            top = max(good, key=lambda w: w.per_second)
            pg_core = statistics.median(1e6 / max(w.pg_us, 1e-9) for w in good)
            print(f"  PostgreSQL: {top.per_second:,.0f} log entries/s stored by {top.processes} "
                  f"log writer process(es) (p99 {top.p99_ms:.0f} ms a write; the writers' own "
                  f"CPU {top.writer_us:.0f} µs an entry, on the same 2 cores); PostgreSQL's CPU "
                  f"~{1e6 / pg_core:.0f} µs an entry -> ~{pg_core:,.0f} entries/s a "
                  "PostgreSQL core")
        for name, tps, _ms in pg.bench:
            print(f"  pgbench {name}: {tps:,.0f} TPS")
    if red is not None and red.runs:
        bucket = red.of("EVALSHA bucket")
        simple = [op for op in red.runs if op.name in ("GET", "SET", "INCR")]
        if simple:
            mean_us = statistics.mean(op.cpu_us for op in simple)
            print(f"  Redis: GET/SET/INCR {statistics.mean(r.per_second for r in simple):,.0f} "
                  f"ops/s measured, {mean_us:.1f} µs Redis CPU each -> "
                  f"{1e6 / mean_us:,.0f} ops/s a Redis core")
            if bucket is not None:
                room = bucket.cpu_us + 5 * mean_us
                print(f"  Redis: rate-limited requests (1 EVALSHA, {bucket.cpu_us:.1f} µs) "
                      f"{bucket.per_core:,.0f}/s a Redis core; new rooms ({room:.0f} µs) "
                      f"{1e6 / room:,.0f}/s; club sockets held (2 cmds / 20 s) "
                      f"{1e6 / (2 * mean_us / 20):,.0f}")
            hvals = red.of("HVALS 1,000 waiting")
            if hvals is not None:
                print(f"  Redis: a pairing round's HVALS of 1,000 waiting {hvals.cpu_us / 1000:.2f}"
                      f" ms Redis CPU; 1,000 people waiting (a poll each 1.5 s, 4 cmds) + 2 "
                      f"rounds/s: {(1000 / 1.5 * 4 * mean_us + 2 * hvals.cpu_us) / 1e4:.1f} % "
                      "of a Redis core")
    print(f"bench wall time: {time.monotonic() - started:.0f} s; load average "
          f"{os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A real Klubovna server in a child process on a free port, and clients for it.

Tests talk to it over real HTTP and WebSocket connections, as a browser would.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 180
"""At most how long a started server may take to listen: a bound, not a wait (it says when
it listens). A server that imports FastAPI and migrates its database while both cores are
busy (the suite's workers, their browsers) has taken over 30 s."""


def read_line(pipe: BinaryIO, seconds: float) -> str:
    """The first line written to `pipe` within `seconds`; "" when the writer closed it first
    or the time ran out."""
    deadline = time.monotonic() + seconds
    got = b""
    while not got.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([pipe], [], [], left)[0]:
            return ""
        chunk = pipe.read(256)
        if not chunk:
            return ""
        got += chunk
    return got.decode().strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LiveServer:
    data_dir: Path
    port: int = 0
    """0: a free port the server picks; the one it picked once started (a restart keeps it)."""
    database_url: str | None = None
    """None: the default SQLite file in data_dir."""
    allow_seed: bool = False
    env: dict[str, str] = field(default_factory=dict)
    """Settings of this server's own (KLUBOVNA_...), over the test process's environment."""
    process: subprocess.Popen[bytes] | None = None
    skipped: int = 0
    """Milliseconds the server clock runs ahead of the real time (`skip`)."""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "KLUBOVNA_DATABASE_URL"}
        if self.database_url:
            env["KLUBOVNA_DATABASE_URL"] = self.database_url
        env["KLUBOVNA_ALLOW_SEED"] = "1" if self.allow_seed else "0"
        env["KLUBOVNA_CLOCK_FILE"] = str(self.clock_file)
        env.update(self.env)
        # Every request comes from 127.0.0.1: generous limits unless a test sets its own.
        env.setdefault("KLUBOVNA_RATE_PROFILES", "1000")
        env.setdefault("KLUBOVNA_RATE_TABLES", "1000")
        env.setdefault("KLUBOVNA_RATE_JOINS", "1000")
        env.setdefault("KLUBOVNA_ROOMS_PER_ADDRESS", "10000")
        env.setdefault("KLUBOVNA_ROOMS_PER_PROFILE", "10000")
        self.launch([sys.executable, "-m", "klubovna.server.cli", "serve", "--port",
                     str(self.port), "--data", str(self.data_dir)], ROOT, env,
                    self.data_dir / "log")

    def launch(self, serve: list[str], cwd: Path, env: dict[str, str], log_file: Path) -> None:
        """Run the `klubovna serve` command line `serve` until it listens; its port then.
        The server writes its address to a pipe once it listens (`--ready-file`): no
        polling, and a server that dies on the way ends the wait at once (EOF)."""
        ready, told = os.pipe()
        try:
            with open(log_file, "ab") as log:  # the child keeps its own copy
                self.process = subprocess.Popen(
                    [*serve, "--ready-file", f"/dev/fd/{told}"],
                    cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=log, pass_fds=(told,),
                )
        finally:
            os.close(told)
        with os.fdopen(ready, "rb", buffering=0) as pipe:
            address = read_line(pipe, START_SECONDS)
        if not address:
            self.stop()
            raise RuntimeError(f"server did not start:\n{log_file.read_text()}")
        self.port = int(address.rsplit(":", 1)[1])

    @property
    def clock_file(self) -> Path:
        return self.data_dir / "clock"

    def skip(self, ms: int) -> None:
        """Move the server clock `ms` ahead (klubovna/server/clock.py): a test skips to a
        deadline instead of waiting for it. The sweeper settles it within 100 ms."""
        assert ms >= 0, "the server clock never goes back"
        self.skipped += ms
        ahead = self.clock_file.with_suffix(".new")
        ahead.write_text(str(self.skipped))
        ahead.replace(self.clock_file)  # read whole or not at all

    def skip_to(self, at: int) -> None:
        """Move the server clock to at least `at` (Unix ms of the server clock)."""
        self.skip(max(0, at - (int(time.time() * 1000) + self.skipped)))

    def kill(self) -> None:
        """kill -9: no shutdown hook runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def create(self, **body: Any) -> tuple[str, str]:
        response = httpx.post(f"{self.http}/api/tables",
                              json={"game": "matematicky-poker", **body}, timeout=10)
        assert response.status_code == 201, response.text
        data = response.json()
        return data["table"], data["key"]

    @contextmanager
    def socket(self, table_id: str) -> Iterator[Client]:
        with connect(f"{self.ws}/ws/tables/{table_id}", open_timeout=10) as conn:
            yield Client(conn, self)


class Client:
    """A WebSocket client speaking the table protocol."""

    def __init__(self, conn: ClientConnection, server: LiveServer | None = None) -> None:
        self.conn = conn
        self.seq = 0
        self.server = server
        """The server it talks to (a test skips its clock through it)."""

    def send(self, message: Any) -> None:
        self.conn.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        return message

    def hello(self, key: str, since: int | None = None) -> dict[str, Any]:
        self.send({"t": "hello", "key": key, **({} if since is None else {"since": since})})
        return self.recv()

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Send the next action and return the reply to it (its ack or its error)."""
        self.seq += 1
        self.send({"t": "act", "seq": self.seq, "action": action})
        return self.reply_to(self.seq)

    def reply_to(self, seq: int, timeout: float = 10) -> dict[str, Any]:
        """Skip broadcasts (e.g. a forfeit tick) until the message answering `seq`."""
        while True:
            message = self.recv(timeout)
            if message.get("ack") == seq or (message["t"] == "error" and message["seq"] == seq):
                return message


def next_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """A simple legal move for a solo view: fills cells left to right, uses jokers both ways."""
    empty = [cell for cell, value in enumerate(view["board"]) if value is None]
    hand = view["hand"]
    if view["over"] or not empty:
        return None
    if view["kept_jokers"] and len(empty) % 3 == 0:
        return {"type": "kept_joker", "value": 13, "cell": empty[-1]}
    if hand is None:
        return {"type": "draw"}
    if hand["kind"] == "joker":
        if view["kept_jokers"] == 0:
            return {"type": "joker", "choice": "keep"}
        return {"type": "joker", "choice": "now", "value": 7, "cell": empty[0]}
    return {"type": "place", "cell": empty[0]}


def hold_number(client: Client, view: dict[str, Any]) -> dict[str, Any]:
    """Keep jokers until a number is in hand; returns the view then."""
    while view["hand"] is not None and view["hand"]["kind"] == "joker":
        view = client.act({"type": "joker", "choice": "keep"})["view"]
    return view


def play_out(client: Client, view: dict[str, Any]) -> dict[str, Any]:
    """Play legal moves until the game is over; every move must be acknowledged."""
    if not view["started"]:
        view = client.act({"type": "start"})["view"]
    while (move := next_move(view)) is not None:
        reply = client.act(move)
        assert reply["t"] == "view", reply
        view = reply["view"]
    return view

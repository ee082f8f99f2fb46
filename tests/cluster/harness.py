"""Several server processes on loopback, as a site runs them (issue #18): a throw-away
PostgreSQL cluster, a Redis server, N `klubovna serve` processes and nginx in front of them.

Used by tests/cluster (a `Cluster` per test session) and by `make run-cluster`
(`python -m tests.cluster.harness`, in the foreground until Ctrl-C). Plain Python: it starts
and stops processes and reads the `leases` table, nothing more.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import httpx
from sqlalchemy import Engine, create_engine, text

from klubovna.server.storage.store import Store
from tests.server.live import ROOT, LiveServer, free_port
from tests.server.postgres import pg_bin

KLUBOVNA = str(Path(sys.executable).with_name("klubovna"))
"""The `klubovna` command of this environment (.venv/bin/klubovna)."""


def wait_until(ready: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Poll `ready()` until true; else RuntimeError."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not come up in {seconds:.0f} s")
        time.sleep(0.05)


def serves(server: LiveServer) -> bool:
    """Whether the process answers HTTP (its API's schema)."""
    try:
        return httpx.get(f"{server.http}/api/openapi.json", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _as_owner() -> list[str]:
    """PostgreSQL refuses to run as root: its commands then run as the `postgres` user."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


class Postgres:
    """A throw-away cluster (as tests/server/postgres.py makes one) that can be restarted."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        # Its own temporary folder: the `postgres` user must own it and reach it.
        self.folder = Path(tempfile.mkdtemp(prefix="klubovna-pg-"))
        self.data = self.folder / "data"
        initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError("PostgreSQL is not installed; `make cluster-deps` installs it")
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                        "-c max_connections=200")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://klubovna@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        subprocess.run([*_as_owner(), self.pg_ctl, "-D", str(self.data), *args],
                       check=True, capture_output=True)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        subprocess.run([*_as_owner(), self.initdb, "-D", str(self.data), "-A", "trust",
                        "-U", "klubovna", "--no-sync"], check=True, capture_output=True)
        self._ctl("-o", self.options, "-l", str(self.folder / "log"), "-w", "start")

    def restart(self) -> None:
        """pg_ctl restart -m fast: every connection is cut, the server is back on its port."""
        self._ctl("-o", self.options, "-l", str(self.folder / "log"), "-m", "fast", "-w",
                  "restart")

    def stop(self) -> None:
        subprocess.run([*_as_owner(), self.pg_ctl, "-D", str(self.data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class Redis:
    """redis-server on loopback with nothing kept on disk: a restart forgets everything."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder, self.port = folder, port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder),
             "--logfile", str(self.folder / "log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        wait_until(lambda: _answers_ping(self.port), "Redis")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def restart(self) -> None:
        self.stop()
        self.start()


START_S = 120.0
"""Seconds a process may take to start: three start at once on a busy 2-core machine."""


@dataclass
class Node(LiveServer):
    """One `klubovna serve` of the cluster, with the contract's settings in `env`. `test`:
    as tests/server/live.py's servers (seeds allowed, a clock file to skip, limits lifted);
    else a site's settings."""

    test: bool = True

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("KLUBOVNA_")}
        env["KLUBOVNA_DATABASE_URL"] = self.database_url or ""
        if self.test:
            env |= {"KLUBOVNA_ALLOW_SEED": "1", "KLUBOVNA_CLOCK_FILE": str(self.clock_file),
                    "KLUBOVNA_RATE_PROFILES": "100000", "KLUBOVNA_RATE_TABLES": "100000",
                    "KLUBOVNA_RATE_JOINS": "100000", "KLUBOVNA_ROOMS_PER_ADDRESS": "0",
                    "KLUBOVNA_ROOMS_PER_PROFILE": "0"}  # every client is 127.0.0.1
        env |= self.env
        with open(self.data_dir / "log", "ab") as log:  # the child keeps its own copy
            self.process = subprocess.Popen(
                [KLUBOVNA, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--data", str(self.data_dir)],
                cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True,
            )

        def serving() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError((self.data_dir / "log").read_text())
            return serves(self)

        wait_until(serving, f"the process at {self.http}", START_S)


ROOMS_CONF = ROOT / "deploy" / "nginx" / "rooms.conf"
"""The proxy's map from a path to its room, as a site's nginx includes it."""

NGINX_CONF = """\
# Generated by tests/cluster/harness.py: nginx in front of the Klubovna processes.
worker_processes 1;
{user}pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
# Each socket is two connections here (client and upstream): bench/cluster.py opens up to
# 5,000 clients, so 4,096 failed at 2,000 (40 tables of 50).
worker_rlimit_nofile 45000;
events {{ worker_connections 20000; }}
http {{
    # Which process served each request: the tests read it (Front.served).
    log_format routed '$upstream_addr $status "$request"';
    access_log {folder}/access.log routed;
    client_body_temp_path {folder}/temp/body;
    proxy_temp_path {folder}/temp/proxy;
    fastcgi_temp_path {folder}/temp/fastcgi;
    uwsgi_temp_path {folder}/temp/uwsgi;
    scgi_temp_path {folder}/temp/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    include {rooms};
    upstream klubovna {{
        # {routing}; a process that refuses connections (killed) is skipped for 1 s.
{servers}
    }}
    server {{
        listen {host}:{port};
        location / {{
            proxy_pass http://klubovna;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_connect_timeout 2s;
            # A lobby socket may stay quiet for long (its heartbeats answer every 10 s).
            proxy_read_timeout 3600s;
            proxy_send_timeout 3600s;
        }}
    }}
}}
"""


@dataclass
class Front(LiveServer):
    """nginx in front of the processes. A LiveServer for the clients (its `http`, `ws`,
    `create`, `socket`); its process is nginx with a generated configuration and its own
    pid, log and temp paths, so it runs without the system's configuration."""

    upstreams: list[int] = field(default_factory=list)
    host: str = "127.0.0.1"
    ring: bool = True
    """Each room to its owner by the consistent hash (deploy/nginx/rooms.conf); else round
    robin, every socket relayed to its room's owner by the process it lands on."""

    @property
    def http(self) -> str:
        address = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        return f"http://{address}:{self.port}"

    @property
    def ws(self) -> str:
        return self.http.replace("http", "ws", 1)

    def config(self) -> str:
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=1s;"
                            for port in self.upstreams)
        if self.ring:
            servers = "        hash $klubovna_room consistent;\n" + servers
        # As root, nginx's workers would switch to a user that may not exist here.
        user = "user root;\n" if os.geteuid() == 0 else ""
        routing = ("Each room to its owner (the consistent hash)" if self.ring
                   else "Round robin")
        return NGINX_CONF.format(user=user, folder=self.data_dir, servers=servers,
                                 host=self.host, port=self.port, rooms=ROOMS_CONF,
                                 routing=routing)

    def start(self) -> None:
        for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.data_dir / "temp" / temp).mkdir(parents=True, exist_ok=True)
        conf = self.data_dir / "nginx.conf"
        conf.write_text(self.config())
        with open(self.data_dir / "log", "ab") as log:
            self.process = subprocess.Popen(
                ["nginx", "-p", str(self.data_dir), "-e", str(self.data_dir / "error.log"),
                 "-c", str(conf), "-g", "daemon off;"],
                stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
            )

        def listening() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError((self.data_dir / "error.log").read_text())
            try:
                with socket.create_connection((self.host, self.port), timeout=1):
                    return True
            except OSError:
                return False

        wait_until(listening, "nginx")

    def served(self, path: str) -> Counter[int]:
        """How many requests for paths starting with `path` each process port served (the
        access log; nginx writes each line when its request ends, a socket's when it
        closes). A request retried on another process counts for the one that answered."""
        ports: Counter[int] = Counter()
        log = self.data_dir / "access.log"
        for line in log.read_text().splitlines() if log.exists() else []:
            upstreams, _, rest = line.partition(" ")
            request = rest.split('"')[1] if '"' in rest else ""
            if request.split(" ")[1:2] and request.split(" ")[1].startswith(path):
                last = upstreams.split(",")[-1].strip()
                if last.rpartition(":")[2].isdigit():
                    ports[int(last.rpartition(":")[2])] += 1
        return ports


class Cluster:
    """PostgreSQL, Redis, `nodes` server processes and nginx, each in its own folder under
    `folder` (PostgreSQL's data in a temporary folder of its own). `test`: the processes
    take seeds and clock skips (KLUBOVNA_ALLOW_SEED, KLUBOVNA_CLOCK_FILE) and lifted rate
    limits, as the other server tests' processes do; else a site's defaults."""

    def __init__(self, folder: Path, nodes: int = 3, port: int | None = None,
                 node_ports: list[int] | None = None, test: bool = True,
                 host: str = "127.0.0.1", ring: bool = True) -> None:
        self.postgres = Postgres()
        self.redis = Redis(folder / "redis")
        ports = node_ports or [free_port() for _ in range(nodes)]
        secret = secrets.token_hex(32)  # one for all: replay links, daily seeds
        self.nodes: list[Node] = []
        for number, node_port in enumerate(ports, 1):
            env = {
                "KLUBOVNA_REDIS_URL": self.redis.url,
                "KLUBOVNA_NODE_URL": f"http://127.0.0.1:{node_port}",
                "KLUBOVNA_TRUSTED_PROXIES": "127.0.0.1",
                "KLUBOVNA_SECRET": secret,
            }
            if ring:
                env["KLUBOVNA_RING"] = ",".join(f"127.0.0.1:{port}" for port in ports)
            data = folder / f"node{number}"
            data.mkdir(parents=True, exist_ok=True)
            self.nodes.append(Node(data, node_port, database_url=self.postgres.url, env=env,
                                   test=test))
        front = folder / "nginx"
        front.mkdir(parents=True, exist_ok=True)
        self.front = Front(front, port or free_port(), upstreams=ports, host=host, ring=ring)
        self._engine: Engine | None = None

    # --- the whole set-up

    def start(self) -> None:
        try:
            self.postgres.start()
            subprocess.run([KLUBOVNA, "migrate"], check=True, capture_output=True, cwd=ROOT,
                           env={**os.environ, "KLUBOVNA_DATABASE_URL": self.postgres.url})
            self.redis.start()
            with ThreadPoolExecutor(len(self.nodes)) as pool:  # their start-ups overlap
                list(pool.map(lambda node: node.start(), self.nodes))
            self.front.start()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
        self.front.stop()
        for node in self.nodes:  # all at once: each takes a moment to close its sockets
            if self.alive(node):
                assert node.process is not None
                node.process.terminate()
        for node in self.nodes:
            node.stop()
        self.redis.stop()
        self.postgres.stop()

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def describe(self) -> list[str]:
        lines = [f"nginx       {self.front.http}  (logs in {self.front.data_dir})"]
        lines += [f"process {n}   {node.http}  (log: {node.data_dir / 'log'})"
                  for n, node in enumerate(self.nodes, 1)]
        lines += [f"Redis       {self.redis.url}",
                  f"PostgreSQL  {self.postgres.url}"]
        return lines

    # --- breaking parts of it

    def kill(self, node: Node) -> None:
        """kill -9: no shutdown hook runs, its leases stay until they expire."""
        node.kill()

    def restart(self, node: Node) -> None:
        """Start the node again (after killing it if it still runs); back when it serves."""
        if self.alive(node):
            node.kill()
        node.start()

    def restart_gracefully(self, node: Node) -> tuple[int, float]:
        """SIGTERM, as a supervisor stops a process for an upgrade; once it has exited, start
        it again (back when it serves). Its exit code (-SIGTERM: a clean stop, uvicorn
        raising the signal again at the end) and the seconds it took to exit."""
        assert node.process is not None
        began = time.monotonic()
        node.process.send_signal(signal.SIGTERM)
        code = node.process.wait(START_S)
        took = time.monotonic() - began
        node.start()
        return code, took

    def alive(self, node: Node) -> bool:
        return node.process is not None and node.process.poll() is None

    def heal(self) -> None:
        """Every node running again (a test that failed half-way may have left one down)."""
        for node in self.nodes:
            if not self.alive(node):
                node.start()

    def restart_redis(self) -> None:
        self.redis.restart()

    def restart_postgres(self) -> None:
        self.postgres.restart()

    def skip(self, ms: int) -> None:
        """Move every process's clock `ms` ahead (tests/server/live.py's `skip`)."""
        for node in self.nodes:
            node.skip(ms)

    # --- looking inside

    @property
    def engine(self) -> Engine:
        if self._engine is None:  # pre-ping: PostgreSQL may have been restarted since
            self._engine = create_engine(self.postgres.url, pool_pre_ping=True)
        return self._engine

    def store(self) -> Store:
        return Store(self.engine)

    def owner(self, resource: str) -> Node | None:
        """The node holding a live lease on `resource` (`t:{table}`, `l:{code}`): the
        `leases` row's `url`; None when nobody holds it."""
        with self.engine.connect() as connection:
            url = connection.execute(
                text("SELECT url FROM leases WHERE resource = :resource AND expires_at > :now"),
                {"resource": resource, "now": int(time.time() * 1000)},
            ).scalar()
        return next((node for node in self.nodes if node.http == url), None)

    def owner_of_lobby(self, code: str) -> Node | None:
        return self.owner(f"l:{code}")

    def owner_of_table(self, table_id: str) -> Node | None:
        return self.owner(f"t:{table_id}")

    def index(self, node: Node | None) -> int | None:
        """The node's number from 0 (None for None)."""
        return None if node is None else self.nodes.index(node)



def main(argv: list[str] | None = None) -> int:
    """`make run-cluster`: the set-up in the foreground until Ctrl-C. With `--then CMD...`:
    CMD runs against it (KLUBOVNA_FUZZ_URL: nginx's address, KLUBOVNA_FUZZ_DATABASE_URL:
    the database, as tests/fuzz reads them), then everything stops."""
    parser = argparse.ArgumentParser(description="Klubovna on several processes behind nginx.")
    parser.add_argument("--host", default="127.0.0.1", help="nginx's address")
    parser.add_argument("--port", type=int, default=8000, help="nginx's port (0: a free one)")
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--first-node-port", type=int, default=8101,
                        help="the processes listen here and on the next ports (0: free ones)")
    parser.add_argument("--folder", default=str(ROOT / "var" / "cluster"),
                        help="logs and the processes' data folders (emptied at the start)")
    parser.add_argument("--test", action="store_true",
                        help="the test settings: seeds, clock skips, lifted rate limits")
    parser.add_argument("--then", nargs=argparse.REMAINDER, help="a command to run against it")
    args = parser.parse_args(argv)
    folder = Path(args.folder).resolve()
    shutil.rmtree(folder, ignore_errors=True)
    ports = ([args.first_node_port + n for n in range(args.nodes)] if args.first_node_port
             else None)
    cluster = Cluster(folder, nodes=args.nodes, port=args.port or None, node_ports=ports,
                      test=args.test, host=args.host)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also where it was ignored
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `kill` stops it cleanly too
    print("Starting PostgreSQL, Redis, the processes and nginx...", flush=True)
    with cluster:
        print("\n".join(cluster.describe()), flush=True)
        if args.then:
            env = {**os.environ, "KLUBOVNA_FUZZ_URL": cluster.front.http,
                   "KLUBOVNA_FUZZ_DATABASE_URL": cluster.postgres.url}
            return subprocess.run(args.then, env=env, cwd=ROOT).returncode
        print(f"Klubovna is running at {cluster.front.http} (Ctrl-C stops everything)",
              flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print("\nStopping...", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

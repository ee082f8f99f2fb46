"""The server the fuzz tests talk to over real sockets: a LiveServer of the test module's
own (one process, SQLite), or the one at KLUBOVNA_FUZZ_URL (e.g. the cluster behind nginx;
its database at KLUBOVNA_FUZZ_DATABASE_URL, else KLUBOVNA_DATABASE_URL).

KLUBOVNA_FUZZ_EXAMPLES raises the number of examples for a longer run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from klubovna.server.storage.db import make_engine
from klubovna.server.storage.store import Store, StoredTable
from tests.server.live import LiveServer, free_port

LIMITS = {"KLUBOVNA_RATE_PROFILES": "100000", "KLUBOVNA_RATE_TABLES": "100000",
          "KLUBOVNA_RATE_JOINS": "100000", "KLUBOVNA_ROOMS_PER_ADDRESS": "0",
          "KLUBOVNA_ROOMS_PER_PROFILE": "0"}
"""A fuzz run opens many tables and sends many wrong codes from one address; a server at
KLUBOVNA_FUZZ_URL needs limits as high."""


def examples(default: int) -> int:
    """How many examples a fuzz test runs: `default` (bounded for `make test`) unless
    KLUBOVNA_FUZZ_EXAMPLES says more."""
    return int(os.environ.get("KLUBOVNA_FUZZ_EXAMPLES") or default)


@dataclass
class Target:
    http: str
    database_url: str
    server: LiveServer | None = None
    """The server when it is the test's own (its clock can be skipped)."""
    _store: Store | None = field(default=None, repr=False)

    @property
    def ws(self) -> str:
        return "ws" + self.http.removeprefix("http")

    def load(self, table_id: str) -> StoredTable:
        """A table as the server's database holds it, read beside the server (which stores
        every step before it sends anything of it: what a client saw is in there)."""
        if self._store is None:
            self._store = Store(make_engine(self.database_url))
        stored = self._store.load(table_id)
        assert stored is not None, f"table {table_id} is not stored"
        return stored

    def log_size(self) -> int:
        """How long the server's own log is (0 for a server at KLUBOVNA_FUZZ_URL)."""
        return (self.server.data_dir / "log").stat().st_size if self.server is not None else 0

    def errors_since(self, size: int) -> list[str]:
        """The server's ERROR lines and tracebacks logged since the log was `size` long."""
        if self.server is None:
            return []
        with (self.server.data_dir / "log").open("rb") as log:
            log.seek(size)
            lines = log.read().decode(errors="replace").splitlines()
        return [line for line in lines if line.startswith(("ERROR", "CRITICAL", "Traceback"))]

    def close(self) -> None:
        if self._store is not None:
            self._store.engine.dispose()


@contextmanager
def target_for(data_dir: Path) -> Iterator[Target]:
    url = os.environ.get("KLUBOVNA_FUZZ_URL")
    if url:
        database = (os.environ.get("KLUBOVNA_FUZZ_DATABASE_URL")
                    or os.environ.get("KLUBOVNA_DATABASE_URL"))
        assert database, "KLUBOVNA_FUZZ_URL needs KLUBOVNA_FUZZ_DATABASE_URL (its database)"
        target = Target(url.rstrip("/"), database)
    else:
        server = LiveServer(data_dir, free_port(), allow_seed=True, env=LIMITS)
        server.start()
        target = Target(server.http, f"sqlite:///{data_dir / 'klubovna.db'}", server)
    try:
        yield target
    finally:
        target.close()
        if target.server is not None:
            target.server.stop()

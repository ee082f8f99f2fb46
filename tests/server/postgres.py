"""A throw-away PostgreSQL cluster on a free port, for the tests that prove
`KLUBOVNA_DATABASE_URL` really switches the server to PostgreSQL."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.server.live import free_port


def pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """Start a cluster (as the `postgres` user when we are root: PostgreSQL refuses root)
    and yield its SQLAlchemy URL; the cluster and its files are gone afterwards."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("PostgreSQL is not installed; `make test` installs it")
    folder = Path(tempfile.mkdtemp(prefix="klubovna-pg-"))
    as_owner: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", free_port()
    subprocess.run([*as_owner, initdb, "-D", str(data), "-A", "trust", "-U", "klubovna",
                    "--no-sync"], check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run([*as_owner, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"),
                    "-w", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://klubovna@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_owner, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)

"""The data folder is 0700, the SQLite database (and its -wal/-shm) and secret.key 0600:
made so, and mended when they already existed with wider modes."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from klubovna.server.storage.db import make_engine
from klubovna.server.storage.secret import load_secret


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def migrate(data: Path) -> None:
    """`klubovna migrate` in a process of its own (its umask is its own too)."""
    env = {k: v for k, v in os.environ.items() if k != "KLUBOVNA_DATABASE_URL"}
    subprocess.run([sys.executable, "-m", "klubovna.server.cli", "migrate", "--data", str(data)],
                   check=True, capture_output=True, env=env)


def test_a_new_data_folder_is_private(tmp_path: Path) -> None:
    data = tmp_path / "new" / "var"
    migrate(data)
    assert mode(data) == 0o700
    assert mode(data / "klubovna.db") == 0o600
    # The write-ahead log and its index, made by SQLite after the chmod, follow the file.
    engine = make_engine(f"sqlite:///{data / 'klubovna.db'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE t (x INTEGER)"))
        connection.execute(text("INSERT INTO t VALUES (1)"))
        for suffix in ("-wal", "-shm"):
            assert mode(data / f"klubovna.db{suffix}") == 0o600
    engine.dispose()


def test_wider_modes_are_narrowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "var"
    migrate(data)
    engine = make_engine(f"sqlite:///{data / 'klubovna.db'}")
    with engine.connect() as connection:  # keeps -wal and -shm while we widen them
        connection.execute(text("SELECT 1"))
        os.chmod(data, 0o755)
        for name in ("klubovna.db", "klubovna.db-wal", "klubovna.db-shm"):
            os.chmod(data / name, 0o644)
        (data / "secret.key").write_text("s" * 64)
        os.chmod(data / "secret.key", 0o644)
        migrate(data)
        assert mode(data) == 0o700
        for name in ("klubovna.db", "klubovna.db-wal", "klubovna.db-shm"):
            assert mode(data / name) == 0o600, name
    engine.dispose()
    monkeypatch.delenv("KLUBOVNA_SECRET", raising=False)
    os.chmod(data, 0o755)
    assert load_secret(data) == b"s" * 64
    assert mode(data / "secret.key") == 0o600 and mode(data) == 0o700


def test_a_new_secret_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KLUBOVNA_SECRET", raising=False)
    data = tmp_path / "fresh"
    secret = load_secret(data)
    assert len(secret) == 64 and load_secret(data) == secret
    assert mode(data) == 0o700 and mode(data / "secret.key") == 0o600

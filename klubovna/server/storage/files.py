"""The data folder and its files are the server user's alone: the database holds every
table's seed and the secret derives the daily decks. Folders 0700, files 0600, also when
they already existed with wider modes."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url

FOLDER_MODE = 0o700
FILE_MODE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def private_folder(path: Path) -> None:
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    os.chmod(path, FOLDER_MODE)


def private_file(path: Path) -> None:
    """Create `path` empty if missing (never readable by others meanwhile) and make it 0600."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE))
    os.chmod(path, FILE_MODE)


def private_sqlite(url: str) -> None:
    """A SQLite database file and its side files, 0600. SQLite gives the -wal and -shm files
    it creates later the database file's own mode, so chmod once before connecting holds."""
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    private_file(path)
    for suffix in SQLITE_SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.chmod(side, FILE_MODE)

"""Where the server keeps its data and which database it talks to.

Read once at start-up from the command line and the environment.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None) -> Settings:
        """`KLUBOVNA_DATABASE_URL` wins; else a SQLite file in the data folder (default ./var)."""
        folder = Path(data_dir or os.environ.get("KLUBOVNA_DATA") or "var").resolve()
        url = os.environ.get("KLUBOVNA_DATABASE_URL") or f"sqlite:///{folder / 'klubovna.db'}"
        return cls(data_dir=folder, database_url=url)

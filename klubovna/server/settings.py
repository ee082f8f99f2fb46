"""Where the server keeps its data and which database it talks to.

Read once at start-up from the command line and the environment.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

WEB_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str
    web_dir: Path
    """The built web app (web/dist); served at / when it exists."""
    allow_seed: bool = False
    """Tests only (KLUBOVNA_ALLOW_SEED=1): a new table may name its seed, so a test can
    deal known cards. Never on a real site: a known seed is a known deck."""

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None) -> Settings:
        """`KLUBOVNA_DATABASE_URL` wins; else a SQLite file in the data folder (default ./var)."""
        folder = Path(data_dir or os.environ.get("KLUBOVNA_DATA") or "var").resolve()
        url = os.environ.get("KLUBOVNA_DATABASE_URL") or f"sqlite:///{folder / 'klubovna.db'}"
        web = Path(os.environ.get("KLUBOVNA_WEB_DIST") or WEB_DIST).resolve()
        allow_seed = os.environ.get("KLUBOVNA_ALLOW_SEED") == "1"
        return cls(data_dir=folder, database_url=url, web_dir=web, allow_seed=allow_seed)

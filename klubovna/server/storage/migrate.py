"""Bring a database to the newest schema with Alembic (run by `klubovna serve`/`migrate`).

No alembic.ini: the script location and URL are set here.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATION_LOCK = 0x6B6C7562
"""PostgreSQL's advisory lock held while one process migrates: several processes of a
cluster start at once, and the others wait, then find the schema up to date."""


def upgrade(engine: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # (released when the transaction ends)
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

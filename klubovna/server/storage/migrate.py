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
    migrate(engine, "head")


def migrate(engine: Engine, revision: str, down: bool = False) -> None:
    """Up (or down) to `revision` in one transaction.

    SQLite: foreign keys are off while it runs and checked before the commit, as SQLite's
    own recipe for changing a table says. A batch migration copies a table, drops it and
    renames the copy, and dropping one that other rows refer to (profiles) fails with the
    keys on, deferred or not. `PRAGMA foreign_keys` changes only outside a transaction."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
            connection.commit()
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":  # (released when the transaction ends)
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                       {"key": MIGRATION_LOCK})
                config.attributes["connection"] = connection
                (command.downgrade if down else command.upgrade)(config, revision)
                if sqlite and (broken := connection.exec_driver_sql(
                        "PRAGMA foreign_key_check").fetchall()):
                    raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys = ON")
                connection.commit()

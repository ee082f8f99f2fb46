"""The Alembic migrations build exactly the schema the models describe, and 0005 brings
stored nicknames to the PRECIS form with a unique confusable-aware key (SQLite and
PostgreSQL)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from klubovna.server import migrate, nicknames
from klubovna.server.db import Base, make_engine
from klubovna.server.migrate import upgrade


def test_migrations_match_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    upgrade(engine)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []


def migrate_to(engine: sa.Engine, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(Path(migrate.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        if down:
            command.downgrade(config, revision)
        else:
            command.upgrade(config, revision)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    """An engine on an empty database of the test's own."""
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'n.db'}")
        yield engine
        engine.dispose()
        return
    server = sa.create_engine(request.getfixturevalue("postgres_url"),
                              isolation_level="AUTOCOMMIT")
    name = f"mig_{secrets.token_hex(4)}"
    with server.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    engine = make_engine(server.url.set(database=name).render_as_string(hide_password=False))
    yield engine
    engine.dispose()
    with server.connect() as connection:
        connection.execute(sa.text(f"DROP DATABASE {name}"))
    server.dispose()


# (id, nickname as the old rules stored it, created_at); the old key was casefold().
OLD_PROFILES = [
    ("p-admin", "Admin", 10),
    ("p-cyrillic", "\u0410dmin", 20),           # Cyrillic А: now the same name as Admin
    ("p-bold", "𝐀𝐝𝐦𝐢𝐧", 30),                    # mathematical bold: NFKC makes it Admin
    ("p-admin2", "Admin 2", 5),                  # older than all: keeps "Admin 2"
    ("p-filler", "\u3164\u3164", 40),            # Hangul fillers only: refused now
    ("p-wide", "ｆｕｌｌ", 50),                   # fullwidth: stored as "full"
    ("p-plain", "Šárka Nová", 60),
]


def test_0005_settles_old_nicknames(empty_engine: sa.Engine) -> None:
    migrate_to(empty_engine, "0004")
    with empty_engine.begin() as connection:
        for profile_id, nickname, created_at in OLD_PROFILES:
            connection.execute(sa.text(
                "INSERT INTO profiles (id, nickname, nickname_folded, key_hash, created_at, "
                "stats_since) VALUES (:id, :nickname, :folded, :hash, :at, 0)"),
                {"id": profile_id, "nickname": nickname, "folded": nickname.casefold(),
                 "hash": profile_id * 4, "at": created_at})
    migrate_to(empty_engine, "head")
    with empty_engine.connect() as connection:
        rows = dict(connection.execute(
            sa.text("SELECT id, nickname FROM profiles")).all())
        keys = dict(connection.execute(
            sa.text("SELECT id, nickname_folded FROM profiles")).all())
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []
    assert rows == {
        "p-admin2": "Admin 2",
        "p-admin": "Admin",
        "p-cyrillic": "\u0410dmin 3",  # "Аdmin 2" looks like the older "Admin 2"
        "p-bold": "Admin 4",
        "p-filler": "Hráč 2",
        "p-wide": "full",
        "p-plain": "Šárka Nová",
    }
    assert all(keys[p] == nicknames.key(rows[p]) for p in rows)
    assert len(set(keys.values())) == len(keys)
    # The key's index is unique: a look-alike cannot be written behind the server's back.
    with pytest.raises(IntegrityError), empty_engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO profiles (id, nickname, nickname_folded, key_hash, created_at, "
            "stats_since) VALUES ('p-new', 'ADMIN', :key, 'h', 70, 0)"),
            {"key": nicknames.key("ADMIN")})
    # And back: 0004's casefold() key under its unique constraint.
    migrate_to(empty_engine, "0004", down=True)
    with empty_engine.connect() as connection:
        folded = dict(connection.execute(
            sa.text("SELECT id, nickname_folded FROM profiles")).all())
    assert folded == {p: n.casefold() for p, n in rows.items()}

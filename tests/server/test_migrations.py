"""The Alembic migrations build exactly the schema the models describe, and 0005 brings
stored nicknames to the PRECIS form with a unique confusable-aware key (SQLite and
PostgreSQL)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from klubovna.server.features import nicknames
from klubovna.server.storage import migrate
from klubovna.server.storage.db import Base, make_engine
from klubovna.server.storage.migrate import upgrade


def test_migrations_match_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    upgrade(engine)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []


def test_the_results_game_has_no_default(tmp_path: Path) -> None:
    """0009: no game's name stands in the schema (every result names its own game); back
    at 0008 the default 0007 gave the rows it moved over is there again."""
    engine = make_engine(f"sqlite:///{tmp_path / 'd.db'}")
    upgrade(engine)

    def default() -> object:
        columns = sa.inspect(engine).get_columns("results")
        return next(c["default"] for c in columns if c["name"] == "game")

    assert default() is None
    migrate_to(engine, "0008", down=True)
    assert "matematicky-poker" in str(default())


def migrate_to(engine: sa.Engine, revision: str, down: bool = False) -> None:
    migrate.migrate(engine, revision, down)


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
            "INSERT INTO profiles (id, nickname, nickname_folded, created_at, "
            "stats_since) VALUES ('p-new', 'ADMIN', :key, 70, 0)"),
            {"key": nicknames.key("ADMIN")})
    # And back: 0004's casefold() key under its unique constraint.
    migrate_to(empty_engine, "0004", down=True)
    with empty_engine.connect() as connection:
        folded = dict(connection.execute(
            sa.text("SELECT id, nickname_folded FROM profiles")).all())
    assert folded == {p: n.casefold() for p, n in rows.items()}


# Results as 0006 stored them: a solo game, a duel won/lost, a group of three (two share a
# place), and a duel that did not count (duel NULL).
OLD_TABLES = [
    ("t-solo", "solo", None),
    ("t-duel", "duel", {"variant": "duel", "winner": 1, "seats": [
        {"seat": 0, "total": 40, "filled": 25}, {"seat": 1, "total": 90, "filled": 25}]}),
    ("t-group", "group", {"variant": "group", "seats": [
        {"seat": 0, "total": 50, "filled": 20}, {"seat": 1, "total": 70, "filled": 25},
        {"seat": 2, "total": 50, "filled": 20}]}),
    ("t-left", "duel", {"variant": "duel", "winner": 0, "seats": [
        {"seat": 0, "total": 10, "filled": 3}]}),
]
# (table, seat, kind, score, filled, complete, duel)
OLD_RESULTS = [
    ("t-solo", 0, "solo", 120, 25, True, None),
    ("t-duel", 0, "duel", 40, 25, True, "lost"),
    ("t-duel", 1, "duel", 90, 25, True, "won"),
    ("t-group", 0, "group", 50, 20, False, None),
    ("t-group", 1, "group", 70, 25, True, None),
    ("t-group", 2, "group", 50, 20, False, None),
    ("t-left", 0, "duel", 10, 3, False, None),
]


def test_0007_gives_results_their_game_and_outcomes(empty_engine: sa.Engine) -> None:
    migrate_to(empty_engine, "0006")
    with empty_engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO profiles (id, nickname, nickname_folded, key_hash, created_at, "
            "stats_since) VALUES ('p', 'Ada', 'ada', 'h', 1, 0)"))
        for table_id, kind, result in OLD_TABLES:
            connection.execute(
                sa.text("INSERT INTO tables (id, game, config, seed, created_at, status, "
                        "result, kind) VALUES (:id, 'matematicky-poker', :config, 1, 1, "
                        "'over', :result, :kind)")
                .bindparams(sa.bindparam("config", type_=sa.JSON),
                            sa.bindparam("result", type_=sa.JSON)),
                {"id": table_id, "config": {"mode": "easy"}, "result": result, "kind": kind})
        for table_id, seat, kind, score, filled, complete, duel in OLD_RESULTS:
            connection.execute(sa.text(
                "INSERT INTO results (table_id, seat, profile_id, kind, mode, score, filled, "
                "complete, started_at, finished_at, duration_ms, published, duel) VALUES "
                "(:t, :seat, 'p', :kind, 'easy', :score, :filled, :complete, 1, 2, 1, "
                ":published, :duel)"),
                {"t": table_id, "seat": seat, "kind": kind, "score": score, "filled": filled,
                 "complete": complete, "duel": duel, "published": False})
    migrate_to(empty_engine, "head")
    with empty_engine.connect() as connection:
        rows = connection.execute(sa.text(
            "SELECT table_id, seat, game, place, outcome, score, figures, filled, complete "
            "FROM results ORDER BY table_id, seat")).all()
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []
    got = {(r.table_id, r.seat): (r.game, r.place, r.outcome, r.score, r.filled, r.complete,
                                  r.figures if isinstance(r.figures, dict)
                                  else json.loads(r.figures)) for r in rows}
    figures = {(t, s): {"filled": f, "complete": c} for t, s, _, _, f, c, _ in OLD_RESULTS}
    mp = "matematicky-poker"
    assert got == {
        ("t-solo", 0): (mp, 1, None, 120, 25, True, figures["t-solo", 0]),
        ("t-duel", 0): (mp, 2, "loss", 40, 25, True, figures["t-duel", 0]),
        ("t-duel", 1): (mp, 1, "win", 90, 25, True, figures["t-duel", 1]),
        ("t-group", 0): (mp, 2, None, 50, 20, False, figures["t-group", 0]),
        ("t-group", 1): (mp, 1, None, 70, 25, True, figures["t-group", 1]),
        ("t-group", 2): (mp, 2, None, 50, 20, False, figures["t-group", 2]),
        ("t-left", 0): (mp, 1, None, 10, 3, False, figures["t-left", 0]),
    }
    # And back: the old shape, with every duel's won/lost/drawn again.
    migrate_to(empty_engine, "0006", down=True)
    with empty_engine.connect() as connection:
        back = connection.execute(sa.text(
            "SELECT table_id, seat, kind, score, filled, complete, duel FROM results "
            "ORDER BY table_id, seat")).all()
    assert sorted(tuple(r) for r in back) == sorted(OLD_RESULTS)


def test_0011_makes_each_key_a_device(empty_engine: sa.Engine) -> None:
    """Each profile's key becomes its first device's; back at 0010, the oldest device's key
    is the profile's again (and a profile with no device left gets a key nobody holds)."""
    migrate_to(empty_engine, "0010")
    with empty_engine.begin() as connection:
        for profile_id, created_at in (("p-a", 5), ("p-b", 7), ("p-c", 9)):
            connection.execute(sa.text(
                "INSERT INTO profiles (id, nickname, nickname_folded, key_hash, created_at, "
                "stats_since) VALUES (:id, :id, :id, :hash, :at, 0)"),
                {"id": profile_id, "hash": f"hash-{profile_id}", "at": created_at})
        # A row that refers to a profile: SQLite's batch copy of `profiles` keeps it valid.
        connection.execute(sa.text("INSERT INTO daily_attempts (profile_id, day, table_id) "
                                   "VALUES ('p-a', '2026-12-06', 't')"))
    migrate_to(empty_engine, "head")
    with empty_engine.begin() as connection:
        devices = connection.execute(sa.text(
            "SELECT profile_id, key_hash, name, created_at, last_seen FROM devices")).all()
        assert sorted(devices) == [("p-a", "hash-p-a", "", 5, 5), ("p-b", "hash-p-b", "", 7, 7),
                                   ("p-c", "hash-p-c", "", 9, 9)]
        columns = {c["name"] for c in sa.inspect(connection).get_columns("profiles")}
        assert "key_hash" not in columns
        # p-a signs in on a newer device; p-c signs its only device out.
        connection.execute(sa.text(
            "INSERT INTO devices (id, profile_id, key_hash, name, created_at, last_seen) "
            "VALUES ('d-new', 'p-a', 'hash-new', 'Phone', 50, 50)"))
        connection.execute(sa.text("DELETE FROM devices WHERE profile_id = 'p-c'"))
    migrate_to(empty_engine, "0010", down=True)
    with empty_engine.connect() as connection:
        keys = dict(connection.execute(sa.text("SELECT id, key_hash FROM profiles")).all())
    assert keys["p-a"] == "hash-p-a" and keys["p-b"] == "hash-p-b"
    assert len(keys["p-c"]) == 64 and keys["p-c"] not in {"hash-p-a", "hash-p-b", "hash-new"}


def test_migrate_never_prints_the_password(postgres_url: str, tmp_path: Path) -> None:
    """`klubovna migrate` says which database it brought up to date, without its password
    (the test cluster trusts every connection: the password is not checked)."""
    url = sa.make_url(postgres_url).set(password="hunter2-secret")
    env = {**os.environ, "KLUBOVNA_DATABASE_URL": url.render_as_string(hide_password=False)}
    said = subprocess.run([sys.executable, "-m", "klubovna.server.cli", "migrate", "--data",
                           str(tmp_path)], env=env, capture_output=True, text=True, check=True)
    assert "Database is up to date" in said.stdout and "***" in said.stdout
    assert "hunter2-secret" not in said.stdout + said.stderr

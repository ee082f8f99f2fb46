"""Backups (`klubovna backup DEST`) and their restore (`klubovna restore SRC`): the whole state
of a server, taken while it runs, in one file (docs/decisions/0166-backups.md).

A backup is a tar archive of three members: `manifest.json` (first), the database, and the
data folder's `secret.key` when there is one. The database is a SQLite file copied by
SQLite's online backup from one read snapshot, or a `pg_dump` archive (custom format) taken
in a snapshot the manifest's row counts are read in too. It is written under a temporary
name and renamed when complete, 0600. A restore checks the manifest and every member's
checksum, refuses a data folder or database that is not empty, and migrates to the newest
schema after.
"""

from __future__ import annotations

import glob
import hashlib
import hmac
import io
import json
import logging
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from alembic.config import Config as AlembicConfig
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from klubovna.server.storage.db import make_engine
from klubovna.server.storage.files import FILE_MODE, private_folder
from klubovna.server.storage.migrate import upgrade

FORMAT = "klubovna-backup"
VERSION = 1
"""The backup format's version: a restore reads this one and every older one."""
MANIFEST = "manifest.json"
MEMBERS = {"sqlite": "database.sqlite3", "postgresql": "database.pgdump"}
"""The database's member, by the database's kind."""
SECRET = "secret.key"
OWNER = "owner"
"""A file in a backup's hidden work folder: FORMAT, the host and the process writing it, so
that a later backup can tell the folder of one that was killed (sweep_killed)."""
MANIFEST_MAX = 1 << 20
CHUNK = 1 << 20
KINDS = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


class BackupError(Exception):
    """An expected failure (a missing file, a folder that is not empty, a foreign file): its
    message is the one line the command prints, and nothing was left behind."""


@dataclass
class Outcome:
    """What a backup or restore did: its manifest and the notes for the operator."""

    path: Path
    """The backup written, or the backup restored."""
    manifest: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    into: str = ""
    """Where a restore put it: the data folder (and the database, if not in it)."""
    seconds: float = 0.0


# --- the command ---------------------------------------------------------------------------


def command(name: str, path: str, data_dir: Path, database_url: str) -> int:
    """`klubovna backup DEST` or `klubovna restore SRC`: one line said, 0 when done, 1 when
    refused or failed as expected (the line says why)."""
    started = time.monotonic()
    logging.getLogger("alembic").setLevel(logging.WARNING)  # the restore's migration: quiet
    try:
        if name == "backup":
            outcome = backup(data_dir, database_url, Path(path))
        else:
            outcome = restore(Path(path), data_dir, database_url)
    except BackupError as error:
        print(f"klubovna {name}: {error}", file=sys.stderr)
        return 1
    outcome.seconds = time.monotonic() - started
    print(describe(name, outcome), flush=True)
    for note in outcome.notes:
        print(f"Note: {note}", flush=True)
    return 0


def describe(name: str, outcome: Outcome) -> str:
    database = outcome.manifest["database"]
    rows = database["rows"]
    what = (f"{KINDS[database['kind']]}, schema {database['revision']}, "
            f"{rows.get('tables', 0)} game tables, {rows.get('profiles', 0)} profiles")
    if name == "backup":
        size = outcome.path.stat().st_size / 1e6
        return f"Backup written: {outcome.path} ({what}, {size:.1f} MB, {outcome.seconds:.1f} s)"
    return (f"Restored {outcome.path} into {outcome.into} ({what}, taken "
            f"{outcome.manifest['created_at']}), migrated to the newest schema, in "
            f"{outcome.seconds:.1f} s")


# --- backup --------------------------------------------------------------------------------


def backup(data_dir: Path, database_url: str, dest: Path) -> Outcome:
    """Write a backup of the server whose data folder and database these are to `dest` (a
    file that must not exist yet, or a folder to put a dated file into)."""
    taken = datetime.now(UTC)
    if dest.is_dir():
        dest = dest / f"klubovna-{taken:%Y%m%d-%H%M%S}.tar"
    if dest.exists():
        raise BackupError(f"{dest} exists: a backup never overwrites a file")
    if not dest.parent.is_dir():
        raise BackupError(f"no such folder: {dest.parent}")
    kind = database_kind(database_url)
    notes: list[str] = []
    swept = sweep_killed(dest.parent)
    if swept:
        notes.append(f"deleted the hidden folders of {swept} killed backup(s) in {dest.parent}")
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=f".{dest.name}.") as work:
        (Path(work) / OWNER).write_text(f"{FORMAT}\n{socket.gethostname()}\n{os.getpid()}\n")
        copy = Path(work) / MEMBERS[kind]
        if kind == "sqlite":
            revision, rows = _copy_sqlite(_sqlite_path(database_url), copy)
        else:
            revision, rows = _dump_postgres(database_url, copy)
        manifest: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "created_at": f"{taken:%Y-%m-%dT%H:%M:%SZ}",
            "klubovna": _version(),
            "database": {"kind": kind, "revision": revision, "member": MEMBERS[kind],
                         **_checksum(copy), "rows": rows},
            "secret": _secret_entry(data_dir, notes),
        }
        members = [copy]
        if manifest["secret"]["member"]:
            members.append(data_dir / SECRET)
        partial = Path(work) / "backup.tar"
        _write_tar(partial, manifest, members)
        if dest.exists():
            raise BackupError(f"{dest} appeared meanwhile: a backup never overwrites a file")
        os.replace(partial, dest)
        _sync_folder(dest.parent)
    return Outcome(dest, manifest, notes)


def sweep_killed(folder: Path) -> int:
    """Delete the hidden work folders that backups killed halfway (SIGKILL, a power cut, a
    stop that did not wait) left in `folder`: those whose OWNER names this host and a
    process that no longer runs. A backup running beside this one keeps its folder. How
    many were deleted."""
    swept = 0
    for work in folder.glob(".*"):
        try:
            fmt, host, pid = (work / OWNER).read_text().split()
        except (OSError, ValueError):
            continue  # not a backup's work folder (or one just being made)
        if fmt != FORMAT or host != socket.gethostname() or not pid.isdecimal():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(work, ignore_errors=True)
            swept += 1
        except PermissionError:
            pass  # alive, another user's
    return swept


def _copy_sqlite(path: Path, copy: Path) -> tuple[str, dict[str, int]]:
    """Copy the live database at `path` by SQLite's online backup. The copy is made in one
    step: one read snapshot, which in write-ahead-log mode never holds up the server's
    writers (a copy in steps lets go of its snapshot between them, and every move stored
    meanwhile starts it again: under steady play it never ends). The copy is made a
    journal-mode database of its own, then its revision and row counts are read."""
    if not path.is_file():
        raise BackupError(f"no database at {path}: nothing to back up (is --data right?)")
    source = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=30)
    try:
        target = sqlite3.connect(copy)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")
            return _revision_sqlite(target, path), _rows_sqlite(target)
        finally:
            target.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"cannot read the database {path}: {error}") from None
    finally:
        source.close()


def _revision_sqlite(connection: sqlite3.Connection, path: Path) -> str:
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:
        row = None
    if row is None:
        raise BackupError(f"the database {path} has no schema yet (never migrated)")
    return str(row[0])


def _rows_sqlite(connection: sqlite3.Connection) -> dict[str, int]:
    names = [name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'alembic_version' ORDER BY name")]
    return {name: int(connection.execute(f"SELECT count(*) FROM {_quoted(name)}").fetchone()[0])
            for name in names}


def _dump_postgres(database_url: str, copy: Path) -> tuple[str, dict[str, int]]:
    """`pg_dump` in the snapshot of a transaction that reads the revision and row counts:
    the manifest says what the dump holds, exactly."""
    tool = pg_tool("pg_dump")
    engine = make_engine(database_url)
    try:
        with _postgres(engine, database_url) as connection, connection.begin():
            snapshot = connection.execute(text("SELECT pg_export_snapshot()")).scalar_one()
            migrated = connection.execute(text("SELECT to_regclass('alembic_version')")).scalar()
            revision = connection.execute(text(
                "SELECT version_num FROM alembic_version")).scalar() if migrated else None
            if revision is None:
                raise BackupError("the database has no schema yet (never migrated)")
            rows = _rows_postgres(connection)
            target, env = libpq(database_url)
            _run([tool, "--format=custom", f"--snapshot={snapshot}", f"--file={copy}",
                  f"--dbname={target}"], env, "pg_dump")
    finally:
        engine.dispose()
    return str(revision), rows


@contextmanager
def _postgres(engine: Engine, database_url: str) -> Iterator[Connection]:
    """A connection in REPEATABLE READ (one snapshot for every query of a transaction);
    a database that fails is one line."""
    try:
        with engine.connect() as connection:
            yield connection.execution_options(isolation_level="REPEATABLE READ")
    except SQLAlchemyError as error:
        shown = make_url(database_url).render_as_string(hide_password=True)
        first = str(error.orig if hasattr(error, "orig") else error).strip().splitlines()
        raise BackupError(f"the database {shown} failed: {first[0] if first else error}") from None


def _rows_postgres(connection: Connection) -> dict[str, int]:
    names = connection.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
        "AND tablename != 'alembic_version' ORDER BY tablename")).scalars().all()
    return {name: int(connection.execute(text(f"SELECT count(*) FROM {_quoted(name)}"))
                      .scalar_one()) for name in names}


def _secret_entry(data_dir: Path, notes: list[str]) -> dict[str, Any]:
    """Where the server's secret comes from, its fingerprint (restore compares it) and
    whether `secret.key` goes into the backup."""
    path = data_dir / SECRET
    given = os.environ.get("KLUBOVNA_SECRET")
    stored = path.read_text().strip().encode() if path.is_file() else None
    if given:
        notes.append("the server secret comes from KLUBOVNA_SECRET, which is not in the "
                     "backup: keep it with the backup (replay links, daily decks and the Web "
                     "Push key derive from it)")
    if os.environ.get("KLUBOVNA_VAPID_PRIVATE_KEY"):
        notes.append("KLUBOVNA_VAPID_PRIVATE_KEY is not in the backup: keep it too (the "
                     "browsers' push subscriptions are made to its key)")
    secret = given.encode() if given else stored
    return {
        "source": "environment" if given else "file" if stored is not None else "none",
        "member": SECRET if stored is not None else None,
        **({"sha256": hashlib.sha256(path.read_bytes()).hexdigest()} if stored is not None
           else {}),
        "fingerprint": None if secret is None else fingerprint(secret),
    }


def fingerprint(secret: bytes) -> str:
    """Names the secret without telling it: a restore says when the secret differs."""
    return hmac.new(secret, b"klubovna:backup", hashlib.sha256).hexdigest()[:16]


def _write_tar(partial: Path, manifest: dict[str, Any], members: list[Path]) -> None:
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    os.fchmod(fd, FILE_MODE)
    with os.fdopen(fd, "wb") as handle:
        with tarfile.open(fileobj=handle, mode="w", format=tarfile.PAX_FORMAT) as tar:
            data = json.dumps(manifest, indent=2, sort_keys=True).encode() + b"\n"
            mtime = int(datetime.strptime(manifest["created_at"], "%Y-%m-%dT%H:%M:%S%z")
                        .timestamp())
            tar.addfile(_info(MANIFEST, len(data), mtime), io.BytesIO(data))
            for member in members:
                with member.open("rb") as read:
                    tar.addfile(_info(member.name, member.stat().st_size, mtime), read)
        handle.flush()
        os.fsync(handle.fileno())


def _info(name: str, size: int, mtime: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = size, FILE_MODE, mtime
    return info


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --- restore -------------------------------------------------------------------------------


def restore(source: Path, data_dir: Path, database_url: str) -> Outcome:
    """Bring the backup `source` back into the empty `data_dir` and the empty database of
    `database_url` (of the backup's kind), then migrate it to the newest schema."""
    kind = database_kind(database_url)
    with _open_backup(source) as (tar, manifest):
        database = manifest["database"]
        if database["kind"] != kind:
            raise BackupError(
                f"{source} holds a {KINDS[database['kind']]} database, but the server's is "
                f"{KINDS[kind]}" + (" (unset KLUBOVNA_DATABASE_URL to restore into the data "
                                    "folder)" if kind == "postgresql" else
                                    " (set KLUBOVNA_DATABASE_URL to an empty PostgreSQL "
                                    "database)"))
        _known_revision(source, database["revision"])
        if data_dir.exists() and (not data_dir.is_dir() or any(data_dir.iterdir())):
            raise BackupError(f"the data folder {data_dir} is not empty: restore into an empty "
                              "or new folder")
        if kind == "sqlite":
            target = _sqlite_path(database_url)
            if _sqlite_exists(target):
                raise BackupError(f"a database exists at {target}: restore into an empty place")
        else:
            _check_empty_postgres(database_url)
        private_folder(data_dir)
        try:
            if manifest["secret"]["member"]:  # first: a damaged one stops the restore early
                _extract(tar, manifest["secret"], data_dir / SECRET)
            if kind == "sqlite":
                _restore_sqlite(tar, database, _sqlite_path(database_url))
            else:
                _restore_postgres(tar, database, data_dir, database_url)
        except BackupError:
            _empty(data_dir, _sqlite_path(database_url) if kind == "sqlite" else None)
            raise
    engine = make_engine(database_url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    into = (str(data_dir) if kind == "sqlite" and _sqlite_path(database_url).parent == data_dir
            else f"{data_dir} and {make_url(database_url).render_as_string(hide_password=True)}")
    return Outcome(source, manifest, _secret_notes(manifest["secret"], data_dir), into)


@contextmanager
def _open_backup(source: Path) -> Iterator[tuple[tarfile.TarFile, dict[str, Any]]]:
    """The archive and its checked manifest; BackupError for anything that is not a
    complete backup this version reads."""
    if not source.is_file():
        raise BackupError(f"no such file: {source}")
    try:
        tar = tarfile.open(source, mode="r:*")  # noqa: SIM115 (closed by the `with` below)
    except (tarfile.TarError, EOFError, OSError):
        raise BackupError(f"{source} is not a Klubovna backup (not a tar archive)") from None
    with tar:
        try:
            names = tar.getnames()  # reads the whole archive's headers
        except (tarfile.TarError, EOFError):
            raise BackupError(f"{source} is damaged: the archive is cut short") from None
        try:
            member = tar.getmember(MANIFEST)
            handle = tar.extractfile(member) if member.size <= MANIFEST_MAX else None
            manifest = json.loads(handle.read()) if handle is not None else None
        except (KeyError, tarfile.TarError, EOFError, ValueError):
            manifest = None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise BackupError(f"{source} is not a Klubovna backup (no manifest of one)")
        if not isinstance(manifest.get("version"), int) or manifest["version"] > VERSION:
            raise BackupError(f"{source} was made by a newer Klubovna (backup format "
                              f"{manifest.get('version')!r}; this one reads up to {VERSION})")
        database, secret = manifest.get("database"), manifest.get("secret")
        if not (isinstance(database, dict) and database.get("kind") in MEMBERS
                and isinstance(database.get("revision"), str)
                and isinstance(database.get("rows"), dict)
                and database.get("member") == MEMBERS[database["kind"]]
                and isinstance(secret, dict) and secret.get("member") in (None, SECRET)):
            raise BackupError(f"{source} is damaged: its manifest is incomplete")
        for entry in (database, secret):
            if entry.get("member") and entry["member"] not in names:
                raise BackupError(f"{source} is damaged: {entry['member']} is missing")
        yield tar, manifest


def _known_revision(source: Path, revision: str) -> None:
    config = AlembicConfig()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    try:
        ScriptDirectory.from_config(config).get_revision(revision)
    except CommandError:
        raise BackupError(f"{source} has schema {revision!r}, which this Klubovna does not know: "
                          "it was made by a newer version; restore it with that one") from None


def _check_empty_postgres(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        with _postgres(engine, database_url) as connection:
            tables = connection.execute(text(
                "SELECT count(*) FROM pg_tables "
                "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")).scalar_one()
    finally:
        engine.dispose()
    if tables:
        shown = make_url(database_url).render_as_string(hide_password=True)
        raise BackupError(f"the database {shown} is not empty ({tables} tables): restore into "
                          "a new one (createdb)")


def _restore_sqlite(tar: tarfile.TarFile, database: dict[str, Any], target: Path) -> None:
    """The database file under a temporary name, checked (checksum, row counts), renamed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.restoring")
    try:
        _extract(tar, database, partial)
        connection = sqlite3.connect(f"file:{partial}?mode=ro", uri=True)
        try:
            rows = _rows_sqlite(connection)
        finally:
            connection.close()
        _same_rows(rows, database["rows"])
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _restore_postgres(tar: tarfile.TarFile, database: dict[str, Any], data_dir: Path,
                      database_url: str) -> None:
    """`pg_restore` of the checked dump into the (empty) database, in one transaction."""
    tool = pg_tool("pg_restore")
    dump = data_dir / f".restoring.{MEMBERS['postgresql']}"
    try:
        _extract(tar, database, dump)
        target, env = libpq(database_url)
        _run([tool, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
              f"--dbname={target}", str(dump)], env, "pg_restore")
    finally:
        dump.unlink(missing_ok=True)
    engine = make_engine(database_url)
    try:
        with _postgres(engine, database_url) as connection, connection.begin():
            rows = _rows_postgres(connection)
    finally:
        engine.dispose()
    _same_rows(rows, database["rows"])


def _same_rows(rows: Mapping[str, int], expected: Mapping[str, int]) -> None:
    if dict(rows) != dict(expected):
        differ = sorted(name for name in set(rows) | set(expected)
                        if rows.get(name) != expected.get(name))
        raise BackupError(f"the restored database's rows differ from the manifest's "
                          f"({', '.join(differ)})")


def _extract(tar: tarfile.TarFile, entry: Mapping[str, Any], path: Path) -> None:
    """Write the member `entry` names to `path` (0600, never over a file), checked against
    its checksum; BackupError when it differs or the archive ends early."""
    name = entry["member"]
    digest = hashlib.sha256()
    try:
        member = tar.getmember(name)
        handle = tar.extractfile(member) if member.isfile() else None
        if handle is None:
            raise BackupError(f"the backup is damaged: {name} is not a file")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        with os.fdopen(fd, "wb") as out:
            _copy(handle, out, digest)
            out.flush()
            os.fsync(out.fileno())
    except (tarfile.TarError, EOFError):
        path.unlink(missing_ok=True)
        raise BackupError(f"the backup is damaged: {name} is cut short") from None
    if digest.hexdigest() != entry.get("sha256"):
        path.unlink(missing_ok=True)
        raise BackupError(f"the backup is damaged: {name} does not match its checksum")


def _copy(source: IO[bytes], out: IO[bytes], digest: Any) -> None:
    while chunk := source.read(CHUNK):
        digest.update(chunk)
        out.write(chunk)


def _empty(data_dir: Path, database: Path | None) -> None:
    """Undo a failed restore: what it wrote goes, the folders stay."""
    for path in [data_dir / SECRET, *([database] if database else [])]:
        path.unlink(missing_ok=True)


def _secret_notes(secret: Mapping[str, Any], data_dir: Path) -> list[str]:
    """Whether the restored server will have the backed-up server's secret."""
    given = os.environ.get("KLUBOVNA_SECRET")
    path = data_dir / SECRET
    now = given.encode() if given else path.read_text().strip().encode() if path.is_file() else None
    if secret.get("fingerprint") is None or (now is not None
                                             and fingerprint(now) == secret["fingerprint"]):
        return []
    if secret.get("source") == "environment" and not given:
        return ["the backed-up server took its secret from KLUBOVNA_SECRET: set the same one "
                "before starting the server, or replay links, daily decks and the Web Push "
                "key change"]
    return ["the server secret differs from the backed-up server's (KLUBOVNA_SECRET): replay "
            "links, daily decks and the Web Push key change unless it is the same"]


# --- databases and tools -------------------------------------------------------------------


def database_kind(database_url: str) -> str:
    name = make_url(database_url).get_backend_name()
    if name not in MEMBERS:
        raise BackupError(f"cannot back up a {name} database (SQLite and PostgreSQL only)")
    return name


def _sqlite_path(database_url: str) -> Path:
    database = make_url(database_url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        raise BackupError("the SQLite database must be a file path")
    return Path(database)


def _sqlite_exists(path: Path) -> bool:
    return any(path.with_name(path.name + suffix).exists() for suffix in ("", "-wal", "-journal"))


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def libpq(database_url: str) -> tuple[str, dict[str, str]]:
    """The connection string for PostgreSQL's tools (no password) and their environment,
    the password in `PGPASSWORD`: a command line is visible to every user of the machine."""
    url = make_url(database_url)
    keywords: dict[str, Any] = {"host": url.host, "port": url.port, "user": url.username,
                                "dbname": url.database}
    password = url.password
    for key, value in url.query.items():
        value = value[-1] if isinstance(value, tuple) else value
        if key == "password":
            password = value
        else:
            keywords[key] = value
    env = {**os.environ}
    env.pop("PGPASSWORD", None)
    if password is not None:
        env["PGPASSWORD"] = str(password)
    conninfo = " ".join(f"{key}={_conninfo_value(str(value))}"
                        for key, value in keywords.items() if value is not None)
    return conninfo, env


def _conninfo_value(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def pg_tool(name: str) -> str:
    """PostgreSQL's `name` on PATH, else the newest under /usr/lib/postgresql/*/bin."""
    found = shutil.which(name)
    if found:
        return found
    installed = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                       key=lambda path: [int(part) for part in Path(path).parts[-3].split(".")
                                         if part.isdigit()])
    if not installed:
        raise BackupError(f"{name} not found: install PostgreSQL's client tools "
                          "(postgresql-client) or put them on PATH")
    return installed[-1]


def _run(argv: list[str], env: dict[str, str], name: str) -> None:
    done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise BackupError(f"{name} failed: {lines[-1] if lines else f'exit {done.returncode}'}")


def _checksum(path: Path) -> dict[str, Any]:
    digest = hashlib.sha256()
    with path.open("rb") as read:
        while chunk := read.read(CHUNK):
            digest.update(chunk)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("klubovna")
    except PackageNotFoundError:
        return "unknown"

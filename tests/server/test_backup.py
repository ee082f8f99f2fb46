"""`klubovna backup` while games run and `klubovna restore` into an empty place: every
table comes back as it was at one moment (klubovna/server/storage/backup.py,
docs/decisions/0166-backups.md). The real commands, as subprocesses."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session
from websockets.sync.client import connect

from klubovna.server.realtime.hub import Hub
from klubovna.server.storage import backup
from klubovna.server.storage.db import ProfileRow, TableRow, make_engine
from klubovna.server.storage.migrate import migrate, upgrade
from klubovna.server.storage.store import Store
from klubovna.tables.registry import get_game
from tests.server.conftest import migrated_store, own_server
from tests.server.live import ROOT, LiveServer, next_move, play_out
from tests.server.lobby_client import bearer, new_profile, post_lobby, seat_of
from tests.server.test_kp_table import Person

Seen = list[tuple[int, dict[str, Any]]]


def klubovna(*args: str, database_url: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in a child process, on SQLite unless `database_url`."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("KLUBOVNA_DATABASE_URL", "KLUBOVNA_SECRET")}
    if database_url:
        env["KLUBOVNA_DATABASE_URL"] = database_url
    return subprocess.run([sys.executable, "-m", "klubovna.server.cli", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def refused(done: subprocess.CompletedProcess[str], says: str) -> None:
    """The command exited 1 with one line on stderr that says `says`; no traceback."""
    assert done.returncode == 1, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its whole database is backed up and compared."""
    yield from own_server(tmp_path_factory, allow_seed=True)


def table_view(server: LiveServer, table_id: str, key: str) -> tuple[int, dict[str, Any]] | None:
    """(version, view) of the seat `key` opens; None when the server has no such table."""
    answer = httpx.get(f"{server.http}/api/tables/{table_id}", headers=bearer(key), timeout=10)
    if answer.status_code == 404:
        return None
    assert answer.status_code == 200, answer.text
    data = answer.json()
    return data["version"], data["view"]


class Player(threading.Thread):
    """Plays Matematický poker solo tables one after another, as fast as the server answers,
    noting every (version, view) each table showed it. Told to stop, it stops after its
    next move or new table: something is always stored after it was told."""

    def __init__(self, server: LiveServer) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.tables: list[tuple[str, str, Seen]] = []
        self.moving = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while True:
                table_id, key = self.server.create(mode="easy", seed=len(self.tables))
                seen: Seen = []
                self.tables.append((table_id, key, seen))
                with self.server.socket(table_id) as client:
                    reply = client.hello(key)
                    seen.append((reply["version"], reply["view"]))
                    while (move := {"type": "start"} if not reply["view"]["started"]
                           else next_move(reply["view"])) is not None:
                        reply = client.act(move)
                        assert reply["t"] == "view", reply
                        seen.append((reply["version"], reply["view"]))
                        self.moving.set()
                        if self.stop.is_set():
                            return
        except BaseException as error:  # the test reports it
            self.error = error
            self.moving.set()


def test_a_backup_taken_mid_game_restores_every_table_as_it_was(
    server: LiveServer, tmp_path: Path
) -> None:
    # Tables idle during the backup: one mid-game, one over, one never started, a
    # Kostkový poker room against two computer players waiting for its person, a profile.
    idle: dict[str, tuple[str, str]] = {}
    table_id, key = server.create(mode="hard", seconds=300, seed=7)
    with server.socket(table_id) as client:
        view = client.hello(key)["view"]
        view = client.act({"type": "start"})["view"]
        for _ in range(6):
            move = next_move(view)
            assert move is not None
            view = client.act(move)["view"]
    idle["mid-game"] = table_id, key
    idle["over"] = server.create(mode="easy", seed=8)
    with server.socket(idle["over"][0]) as client:
        assert play_out(client, client.hello(idle["over"][1])["view"])["over"]
    idle["new"] = server.create(mode="easy")
    host = seat_of(post_lobby(server, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=3, chips=10, robots="klidny"))
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as conn:
        ada = Person(conn, host.key)
        conn.send(json.dumps({"t": "start"}))
        for _ in range(2):  # two moves of hers, then her turn again: nobody else may act
            while not ada.move():
                ada.take(ada.recv())
        while ada.view is None or ada.view["turn"] != [0]:
            ada.take(ada.recv())
        assert ada.lobby is not None
        idle["room"] = ada.lobby["table"], host.key
    _, profile_key = new_profile(server)
    before = {name: table_view(server, *table) for name, table in idle.items()}
    assert before["mid-game"] is not None and before["mid-game"][0] > 6

    player = Player(server)
    player.start()
    try:
        assert player.moving.wait(30)  # (set at its first move, or when it failed)
        made = klubovna("backup", str(tmp_path), "--data", str(server.data_dir))
    finally:
        player.stop.set()
        player.join(30)
    assert player.error is None, player.error
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Backup written: ") and made.stderr == "", made
    (archive,) = tmp_path.glob("klubovna-*.tar")
    assert archive.stat().st_mode & 0o777 == 0o600
    assert [path.name for path in tmp_path.iterdir()] == [archive.name]  # nothing partial left
    with tarfile.open(archive) as tar:
        assert tar.getnames() == ["manifest.json", "database.sqlite3", "secret.key"]
        manifest_file = tar.extractfile("manifest.json")
        assert manifest_file is not None
        manifest = json.load(manifest_file)
    assert (manifest["format"], manifest["version"]) == ("klubovna-backup", 1)
    assert manifest["database"]["kind"] == "sqlite" and manifest["secret"]["source"] == "file"

    data = tmp_path / "restored"
    back = klubovna("restore", str(archive), "--data", str(data))
    assert back.returncode == 0 and back.stdout.startswith("Restored "), back
    assert sorted(path.name for path in data.iterdir()) == ["klubovna.db", "secret.key"]
    assert (data / "secret.key").read_text() == (server.data_dir / "secret.key").read_text()
    restored = LiveServer(data)
    restored.start()
    try:
        # Idle tables: exactly equal, on the server backed up and the one restored.
        for name, table in idle.items():
            assert table_view(restored, *table) == before[name] == table_view(server, *table), name
        over_id, over_key = idle["over"]
        replays = [httpx.get(f"{live.http}/api/tables/{over_id}/replay", headers=bearer(over_key),
                             timeout=10).json() for live in (server, restored)]
        assert replays[0] == replays[1]  # its share link too: the secret came along
        profiles = [httpx.get(f"{live.http}/api/profiles/me/stats", headers=bearer(profile_key),
                              timeout=10).json() for live in (server, restored)]
        assert profiles[0] == profiles[1]
        # The tables being played: one moment of the player's. Those it finished before it
        # are as it left them, the one it was playing is at a version it saw, those it
        # began later are not there.
        found = [table_view(restored, table_id, key) for table_id, key, _ in player.tables]
        copied = len([view for view in found if view is not None])
        assert copied >= 1 and found[copied:] == [None] * (len(found) - copied)
        for (_, _, seen), view in zip(player.tables[:copied - 1], found, strict=False):
            assert view == seen[-1]
        last = player.tables[copied - 1][2]
        assert found[copied - 1] in last
        # ... and the player went on after the copy (it was told to stop once the backup
        # was written, and stored something after that).
        assert copied < len(found) or found[copied - 1] != last[-1]
    finally:
        restored.stop()


def test_a_postgresql_backup_restores_into_an_empty_database(
    postgres_url: str, tmp_path: Path
) -> None:
    """pg_dump while the database is in use, restored into a fresh database of the same
    cluster: the tables' rows (seeds, seats, logs) and the profile are the same."""
    profile = secrets.token_hex(8)  # (the worker's database holds other tests' too)
    with contextlib.contextmanager(migrated_store)(postgres_url) as store:
        ids = asyncio.run(played_tables(store))
        store.create_profile(profile, f"B{profile}", f"b{profile}", 1,
                             (profile, secrets.token_hex(32), "test"))
        stored = {table_id: store.load(table_id) for table_id in ids}
    source = tmp_path / "source"
    source.mkdir()
    (source / "secret.key").write_text("s" * 64)
    made = klubovna("backup", str(tmp_path / "pg.tar"), "--data", str(source),
                    database_url=postgres_url)
    assert made.returncode == 0 and "PostgreSQL" in made.stdout, made
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    fresh = postgres_url.rsplit("/", 1)[0] + "/restored_backup"
    with admin.connect() as connection:
        connection.execute(text("DROP DATABASE IF EXISTS restored_backup"))
        connection.execute(text("CREATE DATABASE restored_backup"))
    try:
        back = klubovna("restore", str(tmp_path / "pg.tar"), "--data", str(tmp_path / "into"),
                        database_url=fresh)
        assert back.returncode == 0, back
        assert (tmp_path / "into" / "secret.key").read_text() == "s" * 64
        engine = make_engine(fresh)
        try:
            again = Store(engine)
            assert {table_id: again.load(table_id) for table_id in ids} == stored
            with Session(engine) as session:
                assert session.scalars(select(ProfileRow.nickname).where(
                    ProfileRow.id == profile)).one() == f"B{profile}"
                assert session.scalars(select(TableRow.status).where(
                    TableRow.id == ids[1])).one() == "over"
        finally:
            engine.dispose()
        # Into a database that is not empty (now this one): refused, nothing changed.
        refused(klubovna("restore", str(tmp_path / "pg.tar"), "--data",
                         str(tmp_path / "other"), database_url=fresh), "is not empty")
        assert not (tmp_path / "other").exists() or not any((tmp_path / "other").iterdir())
    finally:
        with admin.connect() as connection:
            connection.execute(text("DROP DATABASE IF EXISTS restored_backup"))
        admin.dispose()


async def played_tables(store: Store) -> list[str]:
    """A Matematický poker solo table mid-game, one played out, one never started."""
    hub = Hub(store)
    game = get_game("matematicky-poker")
    ids = []
    try:
        for moves in (5, 100, 0):
            table_id, _ = await hub.create(game, {"mode": "easy"}, seed=moves)
            live = hub.live[table_id]
            for seq in range(1, moves + 1):
                view = live.table.game.view(live.table.state, 0)
                move = {"type": "start"} if not view["started"] else next_move(view)
                if move is None:
                    break
                await hub.handle(live, 0, {"t": "act", "seq": seq, "action": move})
            ids.append(table_id)
    finally:
        await hub.stop()
    return ids


def test_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A destination that exists, a data folder that is not empty, a file that is no backup,
    a damaged one, one of a newer version: one line each, exit 1, nothing written. (In the
    process, through what the command calls: a child process each costs a second of CPU;
    the PostgreSQL test has the command refuse in one.)"""

    def command(name: str, path: Path, data: Path) -> tuple[int, str]:
        code = backup.command(name, str(path), data, f"sqlite:///{data / 'klubovna.db'}")
        said = capsys.readouterr()
        return code, said.err if code else said.out

    def refused(name: str, path: Path, data: Path, says: str) -> None:
        code, said = command(name, path, data)
        assert code == 1 and said.count("\n") == 1 and says in said, said
        assert said.startswith(f"klubovna {name}: ")

    data = tmp_path / "data"
    engine = make_engine(f"sqlite:///{data / 'klubovna.db'}")
    upgrade(engine)
    engine.dispose()
    archive = tmp_path / "one.tar"
    assert command("backup", archive, data)[0] == 0
    refused("backup", archive, data, "never overwrites")
    refused("backup", tmp_path / "b.tar", tmp_path / "none", "no database at")
    refused("restore", archive, data, "is not empty")
    refused("restore", tmp_path / "missing.tar", tmp_path / "x", "no such file")
    foreign = tmp_path / "foreign.tar"
    with tarfile.open(foreign, "w") as tar:
        tar.add(archive, arcname="something.txt")
    (tmp_path / "text.tar").write_text("hello")
    damaged = tmp_path / "damaged.tar"
    whole = bytearray(archive.read_bytes())
    whole[len(whole) // 2] ^= 0xFF  # a byte of the database
    damaged.write_bytes(whole)
    cut = tmp_path / "cut.tar"
    cut.write_bytes(archive.read_bytes()[:len(whole) // 2])
    newer = tmp_path / "newer.tar"
    rewrite(archive, newer, ("version",), 2)
    later = tmp_path / "later.tar"
    rewrite(archive, later, ("database", "revision"), "9999")
    for bad, says in ((foreign, "not a Klubovna backup"), (tmp_path / "text.tar",
                                                           "not a Klubovna backup"),
                      (damaged, "does not match its checksum"), (cut, "cut short"),
                      (newer, "made by a newer Klubovna"), (later, "made by a newer version")):
        into = tmp_path / f"into-{bad.stem}"
        refused("restore", bad, into, says)
        assert not into.exists() or list(into.iterdir()) == [], bad


KILLED_HALFWAY = """
import os, signal, sys
from pathlib import Path
from klubovna.server.storage import backup
# Killed as SIGKILL kills: between the database's copy and the archive, nothing cleaned up.
backup._write_tar = lambda *_: os.kill(os.getpid(), signal.SIGKILL)
backup.backup(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
"""


def test_the_next_backup_deletes_what_a_killed_one_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A backup killed halfway leaves its hidden work folder (the database's copy); the next
    backup into the same folder deletes it, and keeps those of a backup still running and
    any other hidden folder."""
    data, dest = tmp_path / "data", tmp_path / "backups"
    url = f"sqlite:///{data / 'klubovna.db'}"
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    dest.mkdir()
    killed = subprocess.run([sys.executable, "-c", KILLED_HALFWAY, str(data), url, str(dest)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    (left,) = dest.iterdir()
    assert left.name.startswith(".klubovna-") and (left / "database.sqlite3").is_file()
    running = dest / ".running.tar.x1"  # a backup of this very process: alive
    running.mkdir()
    (running / backup.OWNER).write_text(f"{backup.FORMAT}\n{socket.gethostname()}\n"
                                        f"{os.getpid()}\n")
    (dest / ".other").mkdir()
    assert backup.command("backup", str(dest), data, url) == 0
    said = capsys.readouterr().out
    assert "Note: deleted the hidden folders of 1 killed backup(s)" in said, said
    names = sorted(path.name for path in dest.iterdir())
    assert names[:2] == [".other", ".running.tar.x1"] and len(names) == 3, names
    assert names[2].startswith("klubovna-") and names[2].endswith(".tar")


def rewrite(archive: Path, to: Path, path: tuple[str, ...], value: Any) -> None:
    """`archive` with one manifest field changed."""
    with tarfile.open(archive) as tar, tarfile.open(to, "w") as out:
        for member in tar.getmembers():
            handle = tar.extractfile(member)
            assert handle is not None
            content = handle.read()
            if member.name == "manifest.json":
                manifest = json.loads(content)
                entry = manifest
                for name in path[:-1]:
                    entry = entry[name]
                entry[path[-1]] = value
                content = json.dumps(manifest).encode()
                member.size = len(content)
            out.addfile(member, io.BytesIO(content))


def test_a_backup_of_an_older_schema_is_migrated_and_keeps_its_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the process (no server): a database one migration behind restores and is brought
    to the newest schema; a secret from KLUBOVNA_SECRET is said to be missing from the
    backup, and said again when the restore has another."""
    data = tmp_path / "old"
    engine = make_engine(f"sqlite:///{data / 'klubovna.db'}")
    migrate(engine, "0017")
    engine.dispose()
    monkeypatch.setenv("KLUBOVNA_SECRET", "from-the-environment")
    made = backup.backup(data, f"sqlite:///{data / 'klubovna.db'}", tmp_path / "old.tar")
    assert made.manifest["database"]["revision"] == "0017"
    assert made.manifest["secret"]["source"] == "environment"
    assert any("KLUBOVNA_SECRET" in note for note in made.notes)
    monkeypatch.delenv("KLUBOVNA_SECRET")
    into = tmp_path / "new"
    back = backup.restore(tmp_path / "old.tar", into, f"sqlite:///{into / 'klubovna.db'}")
    assert any("set the same one" in note for note in back.notes)
    engine = make_engine(f"sqlite:///{into / 'klubovna.db'}")
    try:
        with engine.connect() as connection:
            revision = connection.execute(text("SELECT version_num FROM alembic_version"))
            assert revision.scalar() == backup_head()
    finally:
        engine.dispose()


def backup_head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(backup.__file__).parent / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def test_the_password_goes_by_the_environment() -> None:
    conninfo, env = backup.libpq("postgresql+psycopg://club:s3cr'et@db.example:5433/klubovna"
                                 "?sslmode=require")
    assert "s3cr" not in conninfo and env["PGPASSWORD"] == "s3cr'et"
    assert conninfo == ("host='db.example' port='5433' user='club' dbname='klubovna' "
                        "sslmode='require'")

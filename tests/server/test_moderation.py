"""`klubovna admin` against a running server's data: reports with their context, hiding a
nickname (the person told why), barring from online play, closing a room, the audit log."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from klubovna.server import cli
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.test_chat import Member, room
from tests.server.test_recording import bearer, new_profile


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from own_server(tmp_path_factory)


def admin(server: LiveServer, *args: str) -> subprocess.CompletedProcess[str]:
    """`klubovna admin ARGS` on the server's data folder, run in this process: a process of
    its own for each was ~1 CPU-s of imports (test_the_command_itself runs the real one)."""
    out, err = io.StringIO(), io.StringIO()
    mask = os.umask(0o022)  # main() narrows it for the server's files; this process keeps its
    code: int | str | None = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            cli.main(["admin", "--data", str(server.data_dir), *args])
    except SystemExit as exit_:
        code = exit_.code
    finally:
        os.umask(mask)
    return subprocess.CompletedProcess(
        list(args), code if isinstance(code, int) else 1, out.getvalue(), err.getvalue())


def test_the_command_itself(server: LiveServer) -> None:
    """`klubovna admin` as an operator types it: its own process, its exit status."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KLUBOVNA_")}
    ran = subprocess.run(
        [sys.executable, "-m", "klubovna.server.cli", "admin", "--data", str(server.data_dir),
         "hide", "Nikdo Takový", "--reason", "x"], capture_output=True, text=True, env=env,
        timeout=120)
    assert ran.returncode == 1 and "Not found" in ran.stdout, ran


def test_a_report_reaches_the_moderators(server: LiveServer) -> None:
    code, host_seat, guest_seat, _, _ = room(server)
    host, guest = Member(server, code, host_seat), Member(server, code, guest_seat)
    guest.send({"t": "chat", "phrase": "oops"})
    message = host.until("chat")
    host.send({"t": "report", "message": message["id"], "reason": "rude"})
    host.until("reported")
    host.close()
    guest.close()
    listed = admin(server, "reports")
    assert listed.returncode == 0, listed.stderr
    assert f"room {code} (kostkovy-poker)" in listed.stdout
    assert ": rude" in listed.stdout and "> " in listed.stdout and "[oops]" in listed.stdout
    report_id = listed.stdout.split("#", 1)[1].split(" ", 1)[0]
    done = admin(server, "report-done", report_id, "--reason", "talked to them")
    assert done.returncode == 0, done.stderr
    assert code not in admin(server, "reports").stdout
    assert code in admin(server, "reports", "--all").stdout


def test_hiding_a_nickname_tells_the_person(server: LiveServer) -> None:
    _, key = new_profile(server, "Nevhodná Přezdívka")
    hidden = admin(server, "hide", "nevhodná přezdívka", "--reason", "the nickname is rude")
    assert hidden.returncode == 0, hidden.stderr
    me = httpx.get(f"{server.http}/api/profiles/me", headers=bearer(key)).json()
    assert me["nickname"].startswith("Hráč ")
    assert me["notice"] == {"kind": "hidden", "reason": "the nickname is rude"}
    assert httpx.delete(f"{server.http}/api/profiles/me/notice",
                        headers=bearer(key)).status_code == 204
    assert httpx.get(f"{server.http}/api/profiles/me", headers=bearer(key)).json()["notice"] is None
    # The old name is free again; an unknown one is said so.
    assert httpx.post(f"{server.http}/api/profiles",
                      json={"nickname": "Nevhodná Přezdívka"}).status_code == 201
    missing = admin(server, "hide", "Nikdo Takový", "--reason", "x")
    assert missing.returncode == 1 and "Not found" in missing.stdout


def test_a_bar_stops_online_play_until_lifted(server: LiveServer) -> None:
    _, key = new_profile(server, "Zlobivec")
    assert admin(server, "bar", "Zlobivec", "--days", "2", "--reason", "spam").returncode == 0
    refused = httpx.post(f"{server.http}/api/lobbies", headers=bearer(key),
                         json={"game": "kostkovy-poker", "kind": "table"})
    assert refused.status_code == 403 and refused.json()["code"] == "barred"
    assert "spam" in refused.json()["message"]
    assert httpx.get(f"{server.http}/api/profiles/me",
                     headers=bearer(key)).json()["barred_until"] is not None
    assert admin(server, "unbar", "Zlobivec", "--reason", "apologised").returncode == 0
    assert httpx.post(f"{server.http}/api/lobbies", headers=bearer(key), json={
        "game": "kostkovy-poker", "kind": "table"}).status_code == 201


def test_closing_a_room_and_the_audit_log(server: LiveServer) -> None:
    code, host_seat, _, _, _ = room(server)
    host = Member(server, code, host_seat)
    closed = admin(server, "close-room", code, "--url", server.http, "--reason", "abuse")
    assert closed.returncode == 0, closed.stdout + closed.stderr
    while (lobby := host.until("lobby")["lobby"])["status"] != "closed":
        pass
    assert lobby["outcome"] == "moderated"
    host.close()
    again = admin(server, "close-room", code, "--url", server.http, "--reason", "abuse")
    assert again.returncode == 1 and "refused" in again.stdout
    # A forged token is refused by the server itself.
    forged = httpx.post(f"{server.http}/api/lobbies/{code}/close", json={"reason": "x"},
                        headers={"Authorization": "Bearer nope"})
    assert forged.status_code == 403 and forged.json()["code"] == "not_a_moderator"
    log = admin(server, "audit").stdout
    for action in ("close_room", "bar", "unbar", "hide_nickname", "report_done"):
        assert action in log, action

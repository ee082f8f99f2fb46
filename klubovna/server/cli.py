"""The `klubovna` command: `serve` (migrate, then run uvicorn), `migrate`, `admin` (the
moderators' commands: klubovna/server/admin.py), `backup` and `restore`
(klubovna/server/storage/backup.py)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from sqlalchemy import make_url

from klubovna.server import logs
from klubovna.server.config import Config
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.files import private_folder
from klubovna.server.storage.migrate import upgrade


class Server(uvicorn.Server):
    """uvicorn's server, which says when it is ready and drains before it stops.

    Ready: once it listens, it writes the address it listens on (`host:port`, the port
    chosen when `--port 0`) and a newline to `ready_file` in one write. A test or a
    supervisor waits for the line instead of polling the port.

    Stopping (SIGTERM, Ctrl-C): it stops listening, lets the app drain (`drain`: /readyz
    503, the leases given up), then uvicorn closes every socket with 1012 (a restart: the
    clients come back at once, to another process where there are several) and waits at most
    GRACE_S for the requests under way before the app's own shutdown."""

    def __init__(self, config: uvicorn.Config, ready_file: str | None,
                 drain: Callable[[], Awaitable[None]]) -> None:
        super().__init__(config)
        self.ready_file = ready_file
        self.drain = drain

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and self.ready_file:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            with open(self.ready_file, "w") as ready:
                ready.write(f"{host}:{port}\n")

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:  # no new connection from here (uvicorn's first step)
            server.close()
        try:
            await self.drain()
        except Exception:  # a database gone: the leases run out by themselves
            logging.getLogger("klubovna").exception("draining failed")
        await super().shutdown(sockets)


GRACE_S = 5
"""Seconds a stopping server waits for the requests under way (`Server`)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="klubovna", description="Klubovna games club.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database and start the server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--data", default=None, help="data folder (default ./var)")
    serve.add_argument("--ready-file", default=None, metavar="PATH",
                       help="write the server's address to PATH once it listens (for a "
                            "supervisor or a test; /dev/fd/N writes to an inherited pipe)")
    migrate = commands.add_parser("migrate", help="bring the database to the newest schema")
    migrate.add_argument("--data", default=None, help="data folder (default ./var)")
    add_admin(commands)
    add_backup(commands)
    args = parser.parse_args(argv)

    config = Config.from_env(args.data)
    logs.configure(config.log_format)  # uvicorn's loggers too (log_config=None below)
    if args.command == "serve":  # (the other commands need only the database)
        config.check_cluster()
    os.umask(0o077)  # whatever the server writes is its user's alone (files.py)
    if args.command in ("backup", "restore"):  # before anything touches the database
        from klubovna.server.storage import backup

        raise SystemExit(backup.command(args.command, args.path, config.data_dir,
                                        config.database_url))
    private_folder(config.data_dir)
    engine = make_engine(config.database_url)
    upgrade(engine)
    engine.dispose()
    if args.command == "migrate":
        shown = make_url(config.database_url).render_as_string(hide_password=True)
        print(f"Database is up to date: {shown}")  # (a password never printed)
        return
    if args.command == "admin":
        raise SystemExit(run_admin(args, config))

    config.load_plugins()  # before the app: its request models list the registered games
    from klubovna.server.app import create_app
    from klubovna.server.http.guard import protocols

    http, ws = protocols(config.header_timeout, config.body_timeout,
                         config.connections_per_address, config.trusted_proxies)
    print(f"Klubovna is running at http://{args.host}:{args.port}", flush=True)
    app = create_app(config)
    http.slots.refused = app.state.metrics.rate_limited.labels("connections_by_address").inc
    served = uvicorn.Config(
        app, host=args.host, port=args.port, timeout_graceful_shutdown=GRACE_S,
        ws_max_size=1 << 20, log_level="info", log_config=None, http=http, ws=ws,
        # No per-message compression: it deflates every message once per socket, where a
        # group's draw is one text for 50 (twice the server's CPU a draw; decisions, #18).
        ws_per_message_deflate=False,
        # asyncio's loop, polling a few events at a time (klubovna/server/http/loop.py).
        loop="klubovna.server.http.loop:new_event_loop",
        # X-Forwarded-For only from the proxies named (uvicorn trusts 127.0.0.1 by default).
        proxy_headers=bool(config.trusted_proxies),
        forwarded_allow_ips=list(config.trusted_proxies),
    )
    server = Server(served, args.ready_file, app.state.drain)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the server has shut down by then
        server.run()
    if not server.started:
        raise SystemExit(3)  # as uvicorn.run exits when the server could not start


def add_backup(commands: Any) -> None:
    """`backup DEST` and `restore SRC` (storage/backup.py, docs/operations.md, "Backups")."""
    made = commands.add_parser("backup", help="copy the database and the secret into one "
                               "file, while the server runs")
    made.add_argument("path", metavar="DEST", help="the file to write (never overwritten), "
                      "or a folder to write klubovna-DATE-TIME.tar into")
    back = commands.add_parser("restore", help="bring a backup back into an empty data "
                               "folder (and empty database), then migrate")
    back.add_argument("path", metavar="SRC", help="the backup file")
    for parser in (made, back):
        parser.add_argument("--data", default=None, help="data folder (default ./var)")


def add_admin(commands: Any) -> None:
    admin = commands.add_parser("admin", help="moderation: reports, nicknames, bars, rooms")
    admin.add_argument("--data", default=None, help="data folder (default ./var)")
    actions = admin.add_subparsers(dest="action", required=True)
    listed = actions.add_parser("reports", help="reports with the messages around them")
    listed.add_argument("--all", action="store_true", help="also those already dealt with")
    done = actions.add_parser("report-done", help="mark a report dealt with")
    done.add_argument("id", type=int)
    hide = actions.add_parser("hide", help='rename a nickname to "Hráč N" on every board, '
                              "telling the person why")
    hide.add_argument("nickname")
    bar = actions.add_parser("bar", help="bar a profile from online play for a time")
    bar.add_argument("nickname")
    bar.add_argument("--days", type=float, required=True)
    unbar = actions.add_parser("unbar", help="lift a bar")
    unbar.add_argument("nickname")
    close = actions.add_parser("close-room", help="end a room for everyone in it")
    close.add_argument("code")
    close.add_argument("--url", default="http://127.0.0.1:8000",
                       help="the running server (any process of several)")
    actions.add_parser("audit", help="the moderators' actions, newest first")
    for action in (done, hide, bar, unbar, close):
        action.add_argument("--reason", required=True, help="said in the audit log (and to "
                            "the person, for hide and bar)")


def run_admin(args: argparse.Namespace, config: Config) -> int:
    """One moderator's command: 0 when done, 1 when what it names is not there."""
    import httpx

    from klubovna.server import admin
    from klubovna.server.storage.secret import load_secret

    engine = make_engine(config.database_url)
    try:
        if args.action == "reports":
            rows = admin.reports(engine, args.all)
            print("\n\n".join(admin.describe_report(row) for row in rows) or "No reports.")
        elif args.action == "report-done":
            admin.close_report(engine, args.id, args.reason)
            print(f"Report {args.id} is dealt with.")
        elif args.action == "hide":
            new = admin.hide_nickname(engine, args.nickname, args.reason)
            print(f"{args.nickname!r} is now {new!r}.")
        elif args.action == "bar":
            until = admin.bar(engine, args.nickname, args.days, args.reason)
            print(f"{args.nickname!r} is barred from online play until {until} (Unix ms).")
        elif args.action == "unbar":
            admin.unbar(engine, args.nickname, args.reason)
            print(f"{args.nickname!r} may play online again.")
        elif args.action == "close-room":
            token = admin.admin_token(load_secret(config.data_dir))
            answer = httpx.post(f"{args.url.rstrip('/')}/api/lobbies/{args.code}/close",
                                json={"reason": args.reason},
                                headers={"Authorization": f"Bearer {token}"}, timeout=30)
            if answer.status_code != 204:
                print(f"The server refused: {answer.status_code} {answer.text}")
                return 1
            admin.audit(engine, "close_room", args.code, args.reason, {})
            print(f"Room {args.code} is closed.")
        elif args.action == "audit":
            for row in admin.audit_log(engine):
                print(f"#{row.id} {row.at} {row.action} {row.target}: {row.reason} {row.detail}")
    except admin.NotFound as error:
        print(f"Not found: {error}")
        return 1
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    main()

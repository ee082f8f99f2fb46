"""The `klubovna` command: `serve` (migrate, then run uvicorn) and `migrate`."""

from __future__ import annotations

import argparse
import logging
import os

from klubovna.server.config import Settings
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.files import private_folder
from klubovna.server.storage.migrate import upgrade


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="klubovna", description="Klubovna games club.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database and start the server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--data", default=None, help="data folder (default ./var)")
    migrate = commands.add_parser("migrate", help="bring the database to the newest schema")
    migrate.add_argument("--data", default=None, help="data folder (default ./var)")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = Settings.from_env(args.data)
    settings.check_cluster()
    os.umask(0o077)  # whatever the server writes is its user's alone (files.py)
    private_folder(settings.data_dir)
    engine = make_engine(settings.database_url)
    upgrade(engine)
    engine.dispose()
    if args.command == "migrate":
        print(f"Database is up to date: {settings.database_url}")
        return

    settings.load_plugins()  # before the app: its request models list the registered games
    import uvicorn

    from klubovna.server.app import create_app
    from klubovna.server.http.guard import protocols

    http, ws = protocols(settings.header_timeout, settings.body_timeout,
                         settings.connections_per_address, settings.trusted_proxies)
    print(f"Klubovna is running at http://{args.host}:{args.port}", flush=True)
    uvicorn.run(
        create_app(settings), host=args.host, port=args.port,
        ws_max_size=1 << 20, log_level="info", http=http, ws=ws,
        # No per-message compression: it deflates every message once per socket, where a
        # group's draw is one text for 50 (twice the server's CPU a draw; decisions, #18).
        ws_per_message_deflate=False,
        # asyncio's loop, polling a few events at a time (klubovna/server/http/loop.py).
        loop="klubovna.server.http.loop:new_event_loop",
        # X-Forwarded-For only from the proxies named (uvicorn trusts 127.0.0.1 by default).
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies),
    )


if __name__ == "__main__":
    main()

"""The web server: FastAPI app, HTTP API, WebSocket gateway and persistence.

It imports the pure layers (tables, games, core); they never import it. Its own layers,
each a sub-package importing only those below it (pyproject.toml's import-linter
contracts):

* features/ — what the club offers over HTTP (tables, daily, leaderboard, profiles ...);
* realtime/ — this process's live tables and lobbies and their sockets;
* cluster/ — several processes on one database: ownership and relaying;
* http/ — the edge: JSON errors, limits, request models, uvicorn's guarded protocols;
* storage/ — the database, its migrations, the data folder and the secret.

Beside them: `cli` and `app` (the entry points), `config` (the server's configuration,
read once at start-up), `clock` and `calendar` (read by every layer).
"""

"""The FastAPI application: API, socket gateway, and the hub's life cycle.

`create_app(config)` builds it; `klubovna serve` runs it on uvicorn.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from klubovna.server import clock
from klubovna.server.cluster.forward import Forward, install_moved_handler
from klubovna.server.cluster.node import Node
from klubovna.server.cluster.ring import Ring
from klubovna.server.config import Config
from klubovna.server.features import (
    challenges,
    daily,
    devices,
    friends,
    leaderboard,
    lobbies,
    my_games,
    pairing,
    passkeys,
    profiles,
    push,
    ratings,
    replays,
    tables,
)
from klubovna.server.features.chat import FRAMES as CHAT_FRAMES
from klubovna.server.features.chat import Chat
from klubovna.server.http import health
from klubovna.server.http import metrics as metrics_route
from klubovna.server.http.collector import CountSockets, collecting
from klubovna.server.http.errors import BodyLimit, install_error_handlers
from klubovna.server.http.observe import Observe
from klubovna.server.http.ratelimit import Limits
from klubovna.server.metrics import Metrics
from klubovna.server.realtime import club as club_socket
from klubovna.server.realtime import ws
from klubovna.server.realtime.club import Club
from klubovna.server.realtime.hub import Hub
from klubovna.server.realtime.lobbies import Lobbies
from klubovna.server.realtime.pairing import Pairing
from klubovna.server.realtime.push import Sender
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.leases import Leases, lobby_resource
from klubovna.server.storage.secret import load_secret, read_replay_token
from klubovna.server.storage.store import Store
from klubovna.server.storage.vapid import load_vapid


class HeadAsGet:
    """ASGI middleware: HEAD is answered wherever GET is, as GET without the body (FastAPI's
    GET routes take no HEAD); where GET is not taken either, the 405 says what is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


def cluster_node(config: Config, engine: Engine, store: Store, hub: Hub,
                 live_lobbies: Lobbies) -> Node | None:
    """Cluster mode's lease keeper, wired to the store (fencing), the hub and the lobbies."""
    if config.redis_url is None:
        return None
    config.check_cluster()
    assert config.node_url is not None
    node = Node.make(lambda owner, url: Leases(engine, owner, url), config.node_url,
                     config.lease_ms, Ring(config.ring) if config.ring else None,
                     config.ring_name)
    node.lobby_of = store.lobby_of_table
    node.in_memory = lambda: ({node.known(table_id) for table_id in hub.live}
                              | {lobby_resource(code) for code in live_lobbies.live})

    async def drop(resource: str) -> None:
        await hub.drop(resource)
        await live_lobbies.drop(resource)

    node.drop = drop
    node.orphans = hub.orphans
    store.fence = node
    hub.node = node
    return node


def metered(hub: Hub, node: Node | None, chat: Chat, sender: Sender, limits: Limits) -> Metrics:
    """The app's metrics, given to everything that counts (klubovna/server/metrics.py)."""
    metrics = Metrics()
    hub.metrics = hub.writer.metrics = chat.metrics = sender.metrics = metrics
    metrics.live_games = lambda: [live.table.game.name for live in hub.live.values()]
    limits.count_into(metrics)
    if node is not None:
        node.leases.metrics = metrics
        metrics.leases_held = lambda: len(node.held)
    return metrics


def create_app(config: Config) -> FastAPI:
    clock.use_skip_file(config.clock_file)
    engine = make_engine(config.database_url)
    store = Store(engine)
    hub = Hub(store)
    live_lobbies = Lobbies(hub)
    secret = load_secret(config.data_dir)  # daily seeds, replay tokens
    vapid = load_vapid(secret)  # Web Push's signing key
    node = cluster_node(config, engine, store, hub, live_lobbies)
    club = Club(store, config.redis_url, config.node_url or "")
    room_chat = Chat(store)
    quick = Pairing(live_lobbies, config.redis_url)
    sender = Sender(store, vapid, config)
    live_lobbies.frames.update(dict.fromkeys(CHAT_FRAMES, room_chat.handle))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        await live_lobbies.start()
        if node is not None:
            await node.start()
        club.start()
        quick.start()
        sender.start()
        # What start-up made lives as long as the process, and so do most sockets' objects:
        # kept out of the collector's passes (server/collector.py).
        async with collecting():
            yield
        await sender.aclose()
        await quick.aclose()
        await club.aclose()
        if node is not None:
            await node.stop()
        await live_lobbies.stop()
        await hub.stop()
        engine.dispose()
        await app.state.limits.aclose()

    app = FastAPI(
        title="Klubovna",
        version="0.1.0",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    async def drain() -> None:
        """SIGTERM, once the process no longer listens and before uvicorn closes every
        socket with 1012 (cli.py): /readyz says 503 from now on, and in cluster mode the
        leases are given up, so the clients that reconnect at once find another process
        that takes their tables over (docs/decisions/0167)."""
        app.state.draining = True
        if node is not None:
            await node.stop()

    app.state.draining = False
    app.state.drain = drain
    app.state.hub = hub
    app.state.lobbies = live_lobbies
    app.state.club = club
    app.state.pairing = quick
    app.state.config = config
    app.state.store = store
    app.state.secret = secret
    app.state.vapid = vapid
    app.state.limits = Limits(config.rate_profiles, config.rate_tables,
                                config.rate_joins, redis_url=config.redis_url)
    app.state.metrics = metered(hub, node, room_chat, sender, app.state.limits)
    app.state.readiness = health.Readiness(config.database_url, app.state.limits.redis)
    install_error_handlers(app)
    install_moved_handler(app)
    if node is not None:  # innermost: the limits and checks below run where it lands
        app.add_middleware(Forward, node=node, replay_table=lambda token: (
            read_replay_token(secret, token) or (None, 0))[0])
    app.add_middleware(BodyLimit)
    app.add_middleware(HeadAsGet)
    app.add_middleware(Observe, metrics=app.state.metrics)  # ids for the log, sockets by kind
    app.add_middleware(CountSockets)  # outermost: no full collection while sockets are held
    app.include_router(tables.router)
    app.include_router(profiles.router)
    app.include_router(devices.router)
    app.include_router(passkeys.router)
    app.include_router(leaderboard.router)
    app.include_router(ratings.router)
    app.include_router(pairing.router)
    app.include_router(daily.router)
    app.include_router(lobbies.router)
    app.include_router(replays.router)
    app.include_router(ws.router)
    app.include_router(friends.router)
    app.include_router(my_games.router)
    app.include_router(challenges.router)
    app.include_router(push.router)
    app.include_router(club_socket.router)
    app.include_router(health.router)
    app.include_router(metrics_route.router)

    if (config.web_dir / "index.html").exists():
        app.mount("/", StaticFiles(directory=config.web_dir, html=True), name="web")
    else:  # the API works without a built web app; say how to get one

        @app.get("/", include_in_schema=False)
        async def home() -> HTMLResponse:
            return HTMLResponse(HOME)

    return app


HOME = """<!doctype html><html lang="cs"><meta charset="utf-8">
<title>Klubovna</title><h1>Klubovna</h1>
<p>Server běží, ale webová aplikace není sestavená: spusťte <code>make run</code>.
Zatím je tu <a href="/api/docs">API</a>.</p>
<p lang="en">The server is running but the web app is not built: run <code>make run</code>.
Meanwhile see the <a href="/api/docs">API</a>.</p></html>"""

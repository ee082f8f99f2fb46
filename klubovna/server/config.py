"""Where the server keeps its data and which database it talks to.

Read once at start-up from the command line and the environment.
"""

from __future__ import annotations

import importlib
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

PACKAGED_WEB = Path(__file__).resolve().parents[1] / "web"
"""The web app inside an installed wheel (hatch_build.py puts web/dist there)."""
CHECKOUT_WEB = Path(__file__).resolve().parents[2] / "web" / "dist"
"""The web app a checkout builds (`make run`), when the package carries none."""
PUSH_HOSTS = (
    "fcm.googleapis.com",  # Chrome, Opera, Samsung Internet (Firebase Cloud Messaging)
    "updates.push.services.mozilla.com",  # Firefox (autopush)
    "notify.windows.com",  # Edge (Windows Push Notification Services, wns2-*.notify...)
    "push.apple.com",  # Safari, also on iOS 16.4+ (web.push.apple.com)
)
"""The browsers' push services (docs/decisions/0161-web-push.md)."""


@dataclass(frozen=True)
class Config:
    data_dir: Path
    database_url: str
    web_dir: Path
    """The built web app (web/dist); served at / when it exists."""
    allow_seed: bool = False
    """Tests only (KLUBOVNA_ALLOW_SEED=1): a new table may name its seed, so a test can
    deal known cards. Never on a real site: a known seed is a known deck."""
    rate_profiles: int = 10
    """New profiles per client address per minute (`KLUBOVNA_RATE_PROFILES`; 0: no limit)."""
    rate_tables: int = 60
    """New tables per minute, per client address and per profile (`KLUBOVNA_RATE_TABLES`;
    0: no limit)."""
    rate_joins: int = 30
    """Look-ups of wrong join codes per client address per minute (`KLUBOVNA_RATE_JOINS`;
    0: no limit): codes cannot be guessed quickly. Right codes are never counted."""
    rooms_per_address: int = 100
    """Rooms (lobbies) waiting for their start that one client address may keep open at
    once (`KLUBOVNA_ROOMS_PER_ADDRESS`; 0: no limit). A school behind one address, each
    pupil opening a duel, stays far below it."""
    rooms_per_profile: int = 20
    """Rooms waiting for their start one profile may host at once
    (`KLUBOVNA_ROOMS_PER_PROFILE`; 0: no limit)."""
    rooms_waiting: int = 10_000
    """Rooms waiting for their start on the whole server, every process together
    (`KLUBOVNA_ROOMS_WAITING`; 0: no limit): what rotating addresses cannot get past.
    Rooms being played are never counted."""
    trusted_proxies: tuple[str, ...] = ()
    """Proxies whose `X-Forwarded-For` names the client (`KLUBOVNA_TRUSTED_PROXIES`: addresses
    or networks, comma-separated; `*` any). None by default: the peer is the client, so a
    rotated header cannot dodge the limits."""
    header_timeout: float = 10.0
    """Seconds a request's headers may take to arrive (`KLUBOVNA_HEADER_TIMEOUT`)."""
    body_timeout: float = 10.0
    """Seconds a request's body may take after its headers (`KLUBOVNA_BODY_TIMEOUT`)."""
    connections_per_address: int = 256
    """Connections open at once from one client address, HTTP and WebSocket
    (`KLUBOVNA_CONNECTIONS_PER_ADDRESS`; 0: no limit). A class of 50 behind one school
    address, each browser with its lobby socket and up to six connections while the app
    loads, stays below it. Trusted proxies are not limited."""
    plugins: tuple[str, ...] = ()
    """Modules imported at start, each registering games of its own with
    `klubovna.tables.registry.register` (`KLUBOVNA_PLUGINS`, comma-separated module names):
    for tests (`tests.toy.nim`) and extensions. None by default."""
    redis_url: str | None = None
    """Cluster mode (`KLUBOVNA_REDIS_URL`, e.g. `redis://127.0.0.1:6379/0`): several
    processes share the PostgreSQL database and this Redis, where the rate limits count
    (one budget for all); each table and lobby is owned by one of them. None by default:
    one process, limits in its memory."""
    node_url: str | None = None
    """Cluster mode (`KLUBOVNA_NODE_URL`): this process's address as the others reach it,
    e.g. http://10.0.0.5:8101; requests for what it owns are relayed there."""
    ring: tuple[str, ...] = ()
    """Cluster mode (`KLUBOVNA_RING`): the proxy's upstream servers, comma-separated, exactly
    as its `upstream` block names them (e.g. `app1:8000,app2:8000,app3:8000`), when the proxy
    routes each room by a consistent hash (deploy/nginx/rooms.conf). This process is the one
    whose name is its `KLUBOVNA_NODE_URL`'s host:port, and it makes new tables and rooms only
    with ids the proxy sends to it (cluster/ring.py). Empty by default: rooms may land on any
    process and are relayed to their owner."""
    lease_ms: int = 3000
    """Cluster mode (`KLUBOVNA_LEASE_MS`): how long a lease lasts unrenewed, so how soon a
    dead process's tables are taken over."""
    push_hosts: tuple[str, ...] = PUSH_HOSTS
    """The push services Web Push messages may go to (`KLUBOVNA_PUSH_HOSTS`: host suffixes,
    comma-separated, each matching itself and its subdomains; a leading `*.` may be
    written): the browsers' own by default. A subscription to any other host is refused,
    so a client cannot make the server send requests where it likes."""
    push_allow_http: bool = False
    """Tests only (`KLUBOVNA_PUSH_ALLOW_HTTP=1`): a push endpoint may be plain http on a
    loopback address (a test's own push service). Never on a real site."""
    push_contact: str = "mailto:klubovna@example.com"
    """The contact the push services see in every message's VAPID claims
    (`KLUBOVNA_PUSH_CONTACT`, a `mailto:` or `https:` address): set it to the operator's,
    as Apple's and Mozilla's services ask."""
    metrics_from: tuple[str, ...] = ("127.0.0.1", "::1")
    """Client addresses that may read `GET /metrics` (`KLUBOVNA_METRICS_FROM`: addresses or
    networks, comma-separated, as KLUBOVNA_TRUSTED_PROXIES; `*` any): loopback by default.
    Behind a trusted proxy the forwarded address counts, so the internet never reads them."""
    log_format: str = "text"
    """`KLUBOVNA_LOG_FORMAT`: `text` lines as uvicorn writes them, or `json`, one object a
    line on stderr with the request's or table's id (klubovna/server/logs.py)."""
    clock_file: Path | None = None
    """Tests only (`KLUBOVNA_CLOCK_FILE`): the server clock runs as many milliseconds ahead
    as this file says, so a test skips to a deadline instead of waiting (server/clock.py)."""

    def check_cluster(self) -> None:
        """Cluster mode needs PostgreSQL and this process's address; stop the start if not."""
        if self.redis_url is None:
            return
        if not self.database_url.startswith("postgresql"):
            raise ValueError("KLUBOVNA_REDIS_URL (several processes) needs a PostgreSQL "
                             "KLUBOVNA_DATABASE_URL: SQLite is one process's database")
        if not self.node_url:
            raise ValueError("KLUBOVNA_REDIS_URL (several processes) needs KLUBOVNA_NODE_URL, "
                             "this process's address as the others reach it")
        if self.ring and self.ring_name not in self.ring:
            raise ValueError(f"KLUBOVNA_RING names {', '.join(self.ring)} but not this "
                             f"process, {self.ring_name} (KLUBOVNA_NODE_URL's host:port)")
        if not os.environ.get("KLUBOVNA_SECRET"):  # else each its own daily deck, links
            raise ValueError("KLUBOVNA_REDIS_URL (several processes) needs KLUBOVNA_SECRET, "
                             "the same for every process (daily decks, replay links)")

    @property
    def ring_name(self) -> str:
        """This process's name on the ring: its node URL's host:port."""
        return urlsplit(self.node_url or "").netloc

    def load_plugins(self) -> None:
        """Import every plug-in (each registers its games). Before klubovna.server.app is
        imported: the API's request models are made from the registry then."""
        for name in self.plugins:
            importlib.import_module(name)

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None) -> Config:
        """`KLUBOVNA_DATABASE_URL` wins; else a SQLite file in the data folder (default ./var)."""
        folder = Path(data_dir or os.environ.get("KLUBOVNA_DATA") or "var").resolve()
        url = os.environ.get("KLUBOVNA_DATABASE_URL") or f"sqlite:///{folder / 'klubovna.db'}"
        web = Path(os.environ.get("KLUBOVNA_WEB_DIST") or default_web()).resolve()
        allow_seed = os.environ.get("KLUBOVNA_ALLOW_SEED") == "1"
        return cls(
            data_dir=folder, database_url=url, web_dir=web, allow_seed=allow_seed,
            rate_profiles=_count("KLUBOVNA_RATE_PROFILES", cls.rate_profiles),
            rate_tables=_count("KLUBOVNA_RATE_TABLES", cls.rate_tables),
            rate_joins=_count("KLUBOVNA_RATE_JOINS", cls.rate_joins),
            rooms_per_address=_count("KLUBOVNA_ROOMS_PER_ADDRESS", cls.rooms_per_address),
            rooms_per_profile=_count("KLUBOVNA_ROOMS_PER_PROFILE", cls.rooms_per_profile),
            rooms_waiting=_count("KLUBOVNA_ROOMS_WAITING", cls.rooms_waiting),
            trusted_proxies=_proxies(os.environ.get("KLUBOVNA_TRUSTED_PROXIES", "")),
            header_timeout=_seconds("KLUBOVNA_HEADER_TIMEOUT", cls.header_timeout),
            body_timeout=_seconds("KLUBOVNA_BODY_TIMEOUT", cls.body_timeout),
            connections_per_address=_count("KLUBOVNA_CONNECTIONS_PER_ADDRESS",
                                           cls.connections_per_address),
            plugins=_entries(os.environ.get("KLUBOVNA_PLUGINS", "")),
            redis_url=os.environ.get("KLUBOVNA_REDIS_URL") or None,
            node_url=os.environ.get("KLUBOVNA_NODE_URL") or None,
            ring=_entries(os.environ.get("KLUBOVNA_RING", "")),
            lease_ms=_count("KLUBOVNA_LEASE_MS", cls.lease_ms) or cls.lease_ms,
            push_hosts=_hosts(os.environ.get("KLUBOVNA_PUSH_HOSTS")),
            push_allow_http=os.environ.get("KLUBOVNA_PUSH_ALLOW_HTTP") == "1",
            push_contact=_contact(os.environ.get("KLUBOVNA_PUSH_CONTACT")),
            metrics_from=_proxies(os.environ.get("KLUBOVNA_METRICS_FROM", "127.0.0.1,::1"),
                                  "KLUBOVNA_METRICS_FROM"),
            log_format=_log_format(os.environ.get("KLUBOVNA_LOG_FORMAT")),
            clock_file=Path(clock) if (clock := os.environ.get("KLUBOVNA_CLOCK_FILE")) else None,
        )


def default_web() -> Path:
    """The installed package's web app, else the checkout's build (decision 0164)."""
    return PACKAGED_WEB if (PACKAGED_WEB / "index.html").is_file() else CHECKOUT_WEB


def _count(name: str, default: int) -> int:
    """A whole number from the environment, 0 or more; a bad one stops the start."""
    given = os.environ.get(name)
    if not given:
        return default
    if not given.strip().isdecimal():
        raise ValueError(f"{name} must be a whole number (0: no limit), got {given!r}")
    return int(given)


def _seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment; a bad one stops the start."""
    given = os.environ.get(name)
    if not given:
        return default
    try:
        seconds = float(given)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise ValueError(f"{name} must be a positive number of seconds, got {given!r}")
    return seconds


def _entries(given: str) -> tuple[str, ...]:
    """A comma-separated list, each entry stripped, empty ones left out."""
    return tuple(entry.strip() for entry in given.split(",") if entry.strip())


def _proxies(given: str, name: str = "KLUBOVNA_TRUSTED_PROXIES") -> tuple[str, ...]:
    """Comma-separated addresses or networks, or `*`; a bad one stops the start."""
    entries = _entries(given)
    for entry in entries:
        if entry != "*":
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{name}: {entry!r} is not an address or network") from None
    return entries


def _log_format(given: str | None) -> str:
    """`text` (unset) or `json`; anything else stops the start."""
    form = (given or "text").strip().lower()
    if form not in ("text", "json"):
        raise ValueError(f"KLUBOVNA_LOG_FORMAT must be text or json, got {given!r}")
    return form


def _hosts(given: str | None) -> tuple[str, ...]:
    """Host suffixes, comma-separated (`*.` or `.` in front ignored); unset: PUSH_HOSTS. A
    bad one stops the start."""
    if given is None or not given.strip():
        return PUSH_HOSTS
    hosts = []
    for entry in given.split(","):
        host = entry.strip().lower().removeprefix("*.").removeprefix(".")
        if not host:
            continue
        if not all(part and part.replace("-", "").isalnum() and part.isascii()
                   for part in host.split(".")):
            raise ValueError(f"KLUBOVNA_PUSH_HOSTS: {entry.strip()!r} is not a host name")
        hosts.append(host)
    return tuple(hosts)


def _contact(given: str | None) -> str:
    """The VAPID `sub`: a mailto: or https: address; unset: the default."""
    if not given:
        return Config.push_contact
    if not given.startswith(("mailto:", "https://")):
        raise ValueError(f"KLUBOVNA_PUSH_CONTACT must be a mailto: or https: address, "
                         f"got {given!r}")
    return given

"""What the server counts for Prometheus: one `Metrics` per app, on a registry of its own
(several apps in one test process never share a count), served at `GET /metrics`
(http/metrics.py) to the addresses in `KLUBOVNA_METRICS_FROM`.

On the hot path each count is one `inc()` or `observe()` of a child bound once (a dict
look-up by game at most): about a microsecond a step. What can be read off the process
when it is scraped (sockets open, live tables, leases held) is read then, not counted as
it happens. Imports no layer of the server: every layer counts here (docs/decisions/0165).
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterable, Iterator

from prometheus_client import (
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

disable_created_metrics()  # type: ignore[no-untyped-call]  # (no `_created` series)

SOCKET_KINDS = ("table", "lobby", "club", "other")
"""The sockets counted, by the path they were opened at (`/ws/tables/...`, ...)."""

STEP_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                5.0)
"""A step's seconds: a solo move takes well under a millisecond, a group's draw to 50
sockets a few; p99 100 ms is the bound the benchmarks hold a server to."""
WRITE_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                 0.1, 0.25, 0.5, 1.0)
"""A log write's seconds: tens of µs on SQLite's move path, milliseconds on PostgreSQL."""


class Metrics:
    """The app's metrics, each registered on `registry`."""

    def __init__(self, process: bool = True) -> None:
        self.registry = registry = CollectorRegistry()
        self.sockets = dict.fromkeys(SOCKET_KINDS, 0)
        """Sockets open, by kind: counted by a middleware of the app (http/observe.py)
        as plain numbers, read when scraped."""
        self.live_games: Callable[[], Iterable[str]] = tuple
        """The game of every live table in memory (set by the app: the hub's)."""
        self.leases_held: Callable[[], int] | None = None
        """Cluster mode: how many leases this process holds (set by the app: the node's)."""
        registry.register(_AtScrape(self))

        self.moves = Counter("klubovna_moves", "Confirmed moves (log entries of a seat's or "
                             "a computer player's action), by game.", ["game"],
                             registry=registry)
        self._moves: dict[str, Counter] = {}
        self.step = Histogram(
            "klubovna_step_seconds", "From a move's frame arriving at its socket to the last "
            "send of the step it made (stored, committed, fanned out).",
            buckets=STEP_BUCKETS, registry=registry)
        writes = Histogram(
            "klubovna_db_write_seconds", "Log writes: `now` stored at once on the event loop "
            "(SQLite), `queued` what a step waited for the writer's thread, `batch` the writer "
            "thread's transaction.", ["way"], buckets=WRITE_BUCKETS, registry=registry)
        self.write_now = writes.labels("now")
        self.write_queued = writes.labels("queued")
        self.write_batch = writes.labels("batch")
        self.lease_renewals = Counter(
            "klubovna_lease_renewals", "Leases renewed (cluster mode): each lease held, about "
            "once a second.", registry=registry)
        self.lease_takeovers = Counter(
            "klubovna_lease_takeovers", "Leases this process took that it had not created: a "
            "table or room whose owner died, gave it up or never had it (cluster mode).",
            registry=registry)
        self.leases_lost = Counter(
            "klubovna_leases_lost", "Leases another process took while this one held them "
            "(cluster mode): a stall longer than a lease.", registry=registry)
        self.rate_limited = Counter(
            "klubovna_rate_limited", "Refused for a limit: HTTP 429s by limiter, rooms past "
            "a bound on those waiting (`rooms_by_address`, `rooms_by_profile`, "
            "`rooms_waiting`), connections past the cap per address (503, "
            "`connections_by_address`), socket frames past their budget (`frames`, "
            "`club_frames`).", ["limit"], registry=registry)
        self.frames_refused = self.rate_limited.labels("frames")
        for limit in ("club_frames", "rooms_by_address", "rooms_by_profile", "rooms_waiting",
                      "connections_by_address"):
            self.rate_limited.labels(limit)  # (shown at 0 before the first)
        self.chat_sent = Counter("klubovna_chat_messages", "Chat messages sent to a room.",
                                 registry=registry)
        self.chat_refused = Counter("klubovna_chat_refused", "Chat messages refused, by the "
                                    "code answered.", ["reason"], registry=registry)
        self.push_sent = Counter("klubovna_push_sent", "Web Push messages a push service took "
                                 "(one per subscription).", registry=registry)
        self.push_failed = Counter(
            "klubovna_push_failed", "Web Push posts that failed: `gone` (the subscription is "
            "deleted), `retry` (no answer, 429, 5xx: tried again later), `refused` (another "
            "4xx).", ["reason"], registry=registry)
        for reason in ("gone", "retry", "refused"):
            self.push_failed.labels(reason)
        if process:  # CPU, memory, open files; Python's version; the collector's passes
            ProcessCollector(registry=registry)
            PlatformCollector(registry=registry)
            GCCollector(registry=registry)

    def moves_of(self, game: str) -> Counter:
        """The moves counter of one game, bound at its first move."""
        child = self._moves.get(game)
        if child is None:
            child = self._moves[game] = self.moves.labels(game)
        return child


class _AtScrape(Collector):
    """What is read off the process when it is scraped."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> Iterator[Metric]:
        yield from self._families()

    def collect(self) -> Iterator[Metric]:
        yield from self._families(read=True)

    def _families(self, read: bool = False) -> Iterator[Metric]:
        sockets = GaugeMetricFamily("klubovna_sockets_open", "WebSockets open, by kind.",
                                    labels=["kind"])
        tables = GaugeMetricFamily("klubovna_live_tables", "Tables in this process's memory "
                                   "(played, watched or just finished), by game.",
                                   labels=["game"])
        held = GaugeMetricFamily("klubovna_leases_held", "Leases this process holds (cluster "
                                 "mode).")
        if read:
            for kind, count in self.metrics.sockets.items():
                sockets.add_metric([kind], count)
            for game, count in sorted(Tally(self.metrics.live_games()).items()):
                tables.add_metric([game], count)
            if self.metrics.leases_held is not None:
                held.add_metric([], self.metrics.leases_held())
        yield sockets
        yield tables
        if self.metrics.leases_held is not None or not read:
            yield held


UNMETERED = Metrics(process=False)
"""What a component counts into until an app gives it its own (tests that make one alone)."""

"""Web Push: what the rest of the server calls to tell a person something while the app is
closed, and the sender that delivers it (docs/decisions/0161-web-push.md).

`notify(store, profile_id, topic, title, body, url)` only writes the outbox
(storage/push.py), so a game's step never waits for a push service; `seen(store,
profile_id, topic)` says the person looked. The sender, one task per process, takes due
rows (each row by one process), encrypts the JSON `{"title", "body", "url"}` for every
subscription of the profile (RFC 8291, aes128gcm), signs with the VAPID key (RFC 8292),
and posts in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import json
import logging
import time
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

import requests
from py_vapid import Vapid02
from pywebpush import WebPusher

from klubovna.server.clock import now_ms
from klubovna.server.config import Config
from klubovna.server.metrics import UNMETERED, Metrics
from klubovna.server.storage.push import Message, Subscription
from klubovna.server.storage.store import Store
from klubovna.server.storage.vapid import VapidKey, b64url

log = logging.getLogger("klubovna.push")

POLL_SECONDS = 1.0
"""How often the sender looks at the outbox without being woken: what another process
queued, what waited for a time (not_before, quiet hours, a back-off)."""
BATCH = 50
LEASE_MS = 5 * 60 * 1000
"""A claimed message is this process's for 5 minutes; then another may send it (this one
died on the way)."""
MAX_ATTEMPTS = 5
BACKOFF_MS = 60 * 1000
"""The wait after the first failed try; each next one four times longer (1, 4, 16, 64
minutes), then the message is dropped."""
POST_SECONDS = 10.0
TTL_SECONDS = 24 * 3600
"""How long a push service keeps a message for a browser that is offline."""
RETRY_AFTER_MAX_MS = TTL_SECONDS * 1000
"""The longest wait a push service's Retry-After is followed for: a message kept longer
would be stale."""
GONE = (404, 410)
TOPIC_MAX = 64
TITLE_MAX, BODY_MAX, URL_MAX = 120, 300, 300


# --- what the rest of the server calls ----------------------------------------------


def notify(store: Store, profile_id: str, topic: str, title: str, body: str, url: str,
           not_before: int | None = None) -> bool:
    """Tell `profile_id`'s browsers `title` and `body`, opening `url` (a path of the app,
    e.g. "/#/zoliky-s-kameny/hra/ABCDEF") on a click: queued for the sender, not sent here.

    `topic` names what it is about ("game:<table id>", "friend:<profile id>"): at most one
    message per topic until the person looks (`seen`); a queued one takes the newest words.
    `not_before` (server clock, Unix ms) holds it until then; quiet hours hold it too.
    Blocking (one short transaction): from async code, call it in a thread. Whether a
    message was queued."""
    now = now_ms()
    return store.push.enqueue(profile_id, topic[:TOPIC_MAX], title[:TITLE_MAX],
                              body[:BODY_MAX], url[:URL_MAX], max(not_before or now, now), now)


def seen(store: Store, profile_id: str, topic: str) -> None:
    """The person looked at `topic` (opened the game, the friends page): what waits for it
    is dropped and the next message may come. Blocking, like `notify`."""
    store.push.seen(profile_id, topic[:TOPIC_MAX])


# --- which endpoints are allowed ----------------------------------------------------


def endpoint_problem(endpoint: str, hosts: tuple[str, ...], allow_http: bool) -> str | None:
    """Why the server will not send to `endpoint`: "scheme" (https only; plain http to a
    loopback address with the tests' setting), "host" (not one of the push services'
    hosts, or with a user, an odd port), None when it may.

    >>> hosts = ("fcm.googleapis.com", "push.apple.com")
    >>> [endpoint_problem(url, hosts, False) for url in (
    ...     "https://fcm.googleapis.com/fcm/send/x", "https://web.push.apple.com/Q",
    ...     "https://evilfcm.googleapis.com/x", "https://fcm.googleapis.com.evil.net/x",
    ...     "https://x@fcm.googleapis.com/", "https://fcm.googleapis.com:8443/x",
    ...     "http://fcm.googleapis.com/x", "http://127.0.0.1:9/x")]
    [None, None, 'host', 'host', 'host', 'host', 'scheme', 'scheme']
    """
    try:
        parts = urlsplit(endpoint)
        host, port = parts.hostname or "", parts.port
    except ValueError:  # a bad port or address
        return "host"
    loopback = _loopback(host)
    if not (parts.scheme == "https" or (parts.scheme == "http" and allow_http and loopback)):
        return "scheme"
    if parts.username is not None or parts.password is not None or not host:
        return "host"
    if port not in (None, 443) and not loopback:
        return "host"
    if not any(host == allowed or host.endswith("." + allowed) for allowed in hosts):
        return "host"
    return None


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# --- sending ------------------------------------------------------------------------


class Sender:
    """This process's sender: woken when this process queues a message, and every
    POLL_SECONDS for what others queued or what became due."""

    def __init__(self, store: Store, key: VapidKey, config: Config) -> None:
        self.store = store
        self.vapid = Vapid02(private_key=key.private)
        self.config = config
        self.task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.session = requests.Session()
        self.session.trust_env = False  # no proxy from the environment: the host is checked
        self.metrics: Metrics = UNMETERED
        """The app's metrics (set by the app): posts taken and failed."""

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self.store.push.on_queued = self.wake
        self.task = self._loop.create_task(self._run())

    def wake(self) -> None:
        """Look at the outbox now; from any thread."""
        loop, event = self._loop, self._wake
        if loop is not None and event is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(event.set)

    async def aclose(self) -> None:
        self.store.push.on_queued = None
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.session.close()

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_SECONDS)
            self._wake.clear()
            try:
                await asyncio.to_thread(self.send_due)
            except Exception:  # the database away for a moment: the next pass tries again
                log.exception("web push: sending failed")

    def send_due(self) -> int:
        """Send every due message this process can claim (in a worker thread); how many
        were delivered."""
        delivered = 0
        while ids := self.store.push.due(now_ms(), BATCH):
            claimed = 0
            for message_id in ids:
                message = self.store.push.claim(message_id, now_ms(), LEASE_MS)
                if message is not None:
                    claimed += 1
                    delivered += self.deliver(message)
            if claimed == 0 or len(ids) < BATCH:
                break
        return delivered

    def deliver(self, message: Message) -> bool:
        """Post one message to each of the profile's subscriptions and settle its row:
        sent when a push service took it, else later (a failure that may pass) or
        dropped. Subscriptions the push service says are gone are deleted."""
        push = self.store.push
        retry = False
        took = False
        asked = 0  # the longest wait a push service asked for (Retry-After), in ms
        for subscription in push.subscriptions(message.profile_id):
            status, wait = self.post(subscription, message)
            if 200 <= status < 300:
                took = True
                self.metrics.push_sent.inc()
                push.used(subscription.id, now_ms())
            elif status in GONE:
                self.metrics.push_failed.labels("gone").inc()
                push.gone(subscription.id)
            elif status in (0, 429) or status >= 500:
                self.metrics.push_failed.labels("retry").inc()
                retry = True
                asked = max(asked, wait or 0)
            else:
                self.metrics.push_failed.labels("refused").inc()
                log.warning("web push: %s refused a message (%d)",
                            urlsplit(subscription.endpoint).hostname, status)
        if took:
            push.sent(message.id, now_ms())
        elif retry and message.attempts < MAX_ATTEMPTS:
            backoff = BACKOFF_MS * 4 ** (message.attempts - 1)
            push.later(message.id, now_ms() + max(backoff, min(asked, RETRY_AFTER_MAX_MS)))
        else:
            push.drop(message.id)
        return took

    def post(self, subscription: Subscription, message: Message) -> tuple[int, int | None]:
        """The push service's status for one encrypted message (0 when it did not answer)
        and the wait its Retry-After asks for, in ms (RFC 8030 §5: with a 429 or 503)."""
        endpoint = subscription.endpoint
        if endpoint_problem(endpoint, self.config.push_hosts,
                            self.config.push_allow_http) is not None:
            return 404, None  # stored under other settings: treated as gone
        payload = json.dumps({"title": message.title, "body": message.body,
                              "url": message.url}, ensure_ascii=False).encode()
        try:
            encrypted = WebPusher({"endpoint": endpoint, "keys": {
                "p256dh": subscription.p256dh, "auth": subscription.auth}}).encode(
                    payload, "aes128gcm")["body"]
        except Exception:  # keys that are no P-256 point after all: nothing to send to
            return 404, None
        parts = urlsplit(endpoint)
        headers = self.vapid.sign({
            "aud": f"{parts.scheme}://{parts.netloc}",
            # The push service checks the token against the real time, not the server's.
            "exp": int(time.time()) + 12 * 3600,
            "sub": self.config.push_contact,
        })
        headers.update({
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(TTL_SECONDS),
            "Urgency": "normal",
            # RFC 8030's Topic: a newer message of the topic replaces one still undelivered.
            "Topic": b64url(hashlib.sha256(message.topic.encode()).digest())[:32],
        })
        try:
            response = self.session.post(endpoint, data=encrypted, headers=headers,
                                         timeout=POST_SECONDS, allow_redirects=False)
        except requests.RequestException as error:
            log.info("web push: %s did not answer (%s)", parts.hostname, type(error).__name__)
            return 0, None
        return response.status_code, retry_after_ms(response.headers.get("Retry-After"),
                                                    time.time())


def retry_after_ms(value: str | None, now: float) -> int | None:
    """A Retry-After header's wait in ms (RFC 9110 §10.2.3: seconds, or an HTTP date read
    against the real time `now`, as the push service wrote it); None when absent or not
    readable.

    >>> retry_after_ms("120", 0.0), retry_after_ms("Wed, 21 Oct 2015 07:28:00 GMT", 1445412470.0)
    (120000, 10000)
    >>> retry_after_ms("soon", 0.0), retry_after_ms(None, 0.0), retry_after_ms("-5", 0.0)
    (None, None, None)
    """
    if value is None:
        return None
    value = value.strip()
    if value.isdecimal():
        return int(value) * 1000
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0, round((when.timestamp() - now) * 1000))

"""Web Push on a real server (#38; docs/api.md, "Web Push"): the tests' own push service on
127.0.0.1 takes the server's posts, checks the VAPID header (RFC 8292: the JWT's ES256
signature with the key of GET /api/push/key, its audience the endpoint's origin) and
decrypts the body with the subscription's keys (RFC 8291, aes128gcm, `http_ece`).

The trigger is a friend request (features/friends.py notifies the person asked). Nothing
here sleeps: a test waits for what the push service received, and proves something was not
sent by a later message that was (the sender takes due messages oldest first)."""

from __future__ import annotations

import base64
import doctest
import json
import os
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from klubovna.server.calendar import PRAGUE
from klubovna.server.realtime import push
from klubovna.server.storage import push as push_storage
from klubovna.server.storage import vapid
from klubovna.server.storage.store import Store
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.test_friends import assert_error
from tests.server.test_recording import bearer, new_profile

WAIT_SECONDS = 60.0
"""A bound on a message's way through a busy machine, never a wait in itself."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A push service on 127.0.0.1: records every post; answers each path's scripted
    statuses in turn (201 when none are left), a status with a Retry-After as (status,
    seconds)."""

    received: list[Received] = field(default_factory=list)
    answers: dict[str, list[int | tuple[int, int]]] = field(default_factory=dict)
    changed: threading.Condition = field(default_factory=threading.Condition)
    port: int = 0

    def at(self, path: str) -> list[Received]:
        with self.changed:
            return [r for r in self.received if r.path == path]

    def wait(self, path: str, count: int) -> list[Received]:
        """The posts to `path` once there are `count` of them."""
        deadline = time.monotonic() + WAIT_SECONDS
        with self.changed:
            while len(got := [r for r in self.received if r.path == path]) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"{path}: {len(got)} of {count} posts arrived"
                self.changed.wait(left)
            return got


@pytest.fixture(scope="module")
def service() -> Iterator[PushService]:
    found = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with found.changed:
                found.received.append(Received(self.path, dict(self.headers.items()), body))
                script = found.answers.get(self.path) or []
                answer = script.pop(0) if script else 201
                found.changed.notify_all()
            status, wait = answer if isinstance(answer, tuple) else (answer, None)
            self.send_response(status)
            if wait is not None:
                self.send_header("Retry-After", str(wait))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            return None

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    found.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield found
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from own_server(tmp_path_factory, env={
        "KLUBOVNA_PUSH_ALLOW_HTTP": "1",
        "KLUBOVNA_PUSH_HOSTS": "127.0.0.1,fcm.googleapis.com,push.apple.com",
        "KLUBOVNA_PUSH_CONTACT": "mailto:tests@example.com",
        "KLUBOVNA_RATE_TABLES": "10000"})


@dataclass
class Browser:
    """A browser's subscription: its endpoint and the keys only it holds."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def keys(self) -> dict[str, str]:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": b64(point), "auth": b64(self.auth)}

    @property
    def path(self) -> str:
        return "/" + self.endpoint.split("/", 3)[3]

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth,
                                 version="aes128gcm")
        message: dict[str, Any] = json.loads(plain)
        return message


def browser(service: PushService) -> Browser:
    return Browser(f"http://127.0.0.1:{service.port}/push/{secrets.token_hex(8)}",
                   ec.generate_private_key(ec.SECP256R1()), os.urandom(16))


def subscribe(server: LiveServer, key: str | None, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.http}/api/push/subscriptions", json=body,
                      headers=bearer(key) if key else {})


def person(server: LiveServer, service: PushService, quiet: bool = False
           ) -> tuple[str, str, Browser]:
    """A profile with one subscribed browser, with no quiet hours unless `quiet` (the
    default 21:00–8:00 would hold messages when the tests run at night)."""
    profile_id, key = new_profile(server)
    seen = browser(service)
    response = subscribe(server, key, {"endpoint": seen.endpoint, "keys": seen.keys})
    assert response.status_code == 201, response.text
    if not quiet:
        set_quiet(server, key, None, None)
    return profile_id, key, seen


def set_quiet(server: LiveServer, key: str, start: str | None, end: str | None
              ) -> httpx.Response:
    response = httpx.put(f"{server.http}/api/push/quiet", json={"from": start, "to": end},
                         headers=bearer(key))
    assert response.status_code == 200, response.text
    return response


def ask(server: LiveServer, key: str, other_id: str) -> None:
    response = httpx.post(f"{server.http}/api/friends", json={"id": other_id},
                          headers=bearer(key))
    assert response.status_code == 201, response.text


def withdraw(server: LiveServer, key: str, other_id: str) -> None:
    response = httpx.delete(f"{server.http}/api/friends/{other_id}", headers=bearer(key))
    assert response.status_code == 204, response.text


def server_key(server: LiveServer) -> str:
    response = httpx.get(f"{server.http}/api/push/key")
    assert response.status_code == 200, response.text
    key: str = response.json()["key"]
    return key


def checked(server: LiveServer, seen: Browser, post: Received) -> dict[str, Any]:
    """The message of one post, its VAPID header and encoding checked."""
    scheme, _, params = post.headers["Authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == server_key(server)
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
    try:
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                           int.from_bytes(raw[32:], "big")),
                      f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        pytest.fail("the VAPID token's signature does not verify")
    token = json.loads(unb64(claims))
    assert token["aud"] == seen.endpoint.rsplit("/push/", 1)[0]  # the endpoint's origin
    assert token["sub"] == "mailto:tests@example.com"
    assert time.time() < token["exp"] <= time.time() + 24 * 3600
    assert post.headers["Content-Encoding"] == "aes128gcm"
    assert int(post.headers["TTL"]) > 0
    return seen.decrypt(post.body)


def test_the_key_is_a_p256_point_kept_across_restarts(server: LiveServer) -> None:
    key = server_key(server)
    point = unb64(key)
    assert len(point) == 65 and point[0] == 4 and "=" not in key
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    server.stop()
    server.start()
    assert server_key(server) == key


def test_subscribing_checks_everything(server: LiveServer, service: PushService) -> None:
    _, key = new_profile(server)
    good = browser(service)
    assert subscribe(server, key, {"endpoint": good.endpoint, "keys": good.keys}
                     ).status_code == 201
    again = browser(service)  # the same endpoint with new keys: replaced, not refused
    assert subscribe(server, key, {"endpoint": good.endpoint, "keys": again.keys,
                                   "expirationTime": None}).status_code == 201
    assert_error(subscribe(server, None, {"endpoint": good.endpoint, "keys": good.keys}),
                 401, "missing_key")
    bad: list[tuple[dict[str, Any], str]] = [
        ({"endpoint": good.endpoint}, "invalid_request"),
        ({"endpoint": good.endpoint, "keys": good.keys, "extra": 1}, "invalid_request"),
        ({"endpoint": 5, "keys": good.keys}, "invalid_request"),
        ({"endpoint": good.endpoint + "x" * 1100, "keys": good.keys}, "invalid_request"),
        ({"endpoint": good.endpoint, "keys": {**good.keys, "auth": "no spaces"}},
         "invalid_request"),
        ({"endpoint": good.endpoint, "keys": {**good.keys, "p256dh": b64(b"\4" * 65)}},
         "bad_push_keys"),
        ({"endpoint": good.endpoint, "keys": {**good.keys, "auth": b64(b"a" * 15)}},
         "bad_push_keys"),
        ({"endpoint": "https://push.example.net/x", "keys": good.keys},
         "push_host_not_allowed"),
        ({"endpoint": "https://fcm.googleapis.com.example.net/x", "keys": good.keys},
         "push_host_not_allowed"),
        ({"endpoint": "https://someone@fcm.googleapis.com/x", "keys": good.keys},
         "push_host_not_allowed"),
        ({"endpoint": "http://192.168.1.1/x", "keys": good.keys}, "push_not_https"),
        ({"endpoint": "http://fcm.googleapis.com/fcm/send/x", "keys": good.keys},
         "push_not_https"),
        ({"endpoint": "ftp://127.0.0.1/x", "keys": good.keys}, "push_not_https"),
    ]
    for body, code in bad:
        assert_error(subscribe(server, key, body), 422, code)
    assert subscribe(server, key, {"endpoint": "https://web.push.apple.com/QGx",
                                   "keys": good.keys}).status_code == 201
    gone = {"endpoint": good.endpoint}
    for _ in range(2):  # withdrawing twice is no error
        response = httpx.request("DELETE", f"{server.http}/api/push/subscriptions",
                                 json=gone, headers=bearer(key))
        assert response.status_code == 204, response.text


def test_https_is_required_without_the_tests_setting() -> None:
    hosts = ("127.0.0.1", "fcm.googleapis.com")
    assert push.endpoint_problem("http://127.0.0.1:9/x", hosts, False) == "scheme"
    assert push.endpoint_problem("http://127.0.0.1:9/x", hosts, True) is None
    assert push.endpoint_problem("https://fcm.googleapis.com/fcm/send/x", hosts, False) is None
    assert push.endpoint_problem("https://fcm.googleapis.com:444/x", hosts, False) == "host"
    assert push.endpoint_problem("https://[::1/x", hosts, False) == "host"
    for module in (push, push_storage):  # the examples in their docstrings
        assert doctest.testmod(module).failed == 0


def test_a_notification_arrives_signed_and_encrypted(server: LiveServer,
                                                     service: PushService) -> None:
    nickname = f"Ema{secrets.token_hex(3)}"
    _, asker = new_profile(server, nickname)
    asked_id, _, asked = person(server, service)
    ask(server, asker, asked_id)
    [post] = service.wait(asked.path, 1)
    assert checked(server, asked, post) == {
        "title": "Žádost o přátelství", "body": f"{nickname} tě chce mít mezi přáteli.",
        "url": "/#/pratele"}


def test_a_friends_challenge_arrives_and_goes_once_answered(server: LiveServer,
                                                            service: PushService) -> None:
    """A challenge into a room tells the friend's closed app, with the room's link; a
    second challenge after the first was declined comes again (the first was seen)."""
    nickname = f"Ida{secrets.token_hex(3)}"
    challenger_id, challenger = new_profile(server, nickname)
    friend_id, friend_key, phone = person(server, service)
    ask(server, challenger, friend_id)
    ask(server, friend_key, challenger_id)  # (friends now: no request is sent for the answer)
    before = len(service.wait(phone.path, 1))
    room = httpx.post(f"{server.http}/api/lobbies", headers=bearer(challenger), json={
        "game": "locus-poker", "kind": "duel"}).json()

    def challenge() -> str:
        made = httpx.post(f"{server.http}/api/lobbies/{room['code']}/challenges",
                          json={"to": friend_id}, headers=bearer(challenger))
        assert made.status_code == 201, made.text
        challenge_id: str = made.json()["id"]
        return challenge_id

    first = challenge()
    message = checked(server, phone, service.wait(phone.path, before + 1)[-1])
    assert message == {"title": "Výzva ke hře", "body": f"{nickname} tě zve ke hře.",
                       "url": f"/#/locus-poker/hra/{room['code']}"}
    declined = httpx.delete(f"{server.http}/api/challenges/{first}", headers=bearer(friend_key))
    assert declined.status_code == 204, declined.text
    challenge()
    checked(server, phone, service.wait(phone.path, before + 2)[-1])


def test_one_message_per_topic_until_the_person_looks(server: LiveServer,
                                                      service: PushService) -> None:
    asker_id, asker = new_profile(server)
    asked_id, asked_key, asked = person(server, service)
    ask(server, asker, asked_id)
    service.wait(asked.path, 1)
    withdraw(server, asker, asked_id)
    ask(server, asker, asked_id)  # the same topic again: held, the first was not looked at
    _, other = new_profile(server)
    ask(server, other, asked_id)  # another topic comes
    posts = service.wait(asked.path, 2)
    assert len(posts) == 2 and checked(server, asked, posts[1])["title"]
    response = httpx.post(f"{server.http}/api/push/seen", json={"topic": f"friend:{asker_id}"},
                          headers=bearer(asked_key))
    assert response.status_code == 204, response.text
    withdraw(server, asker, asked_id)
    ask(server, asker, asked_id)
    assert len(service.wait(asked.path, 3)) == 3
    assert_error(httpx.post(f"{server.http}/api/push/seen", json={"topic": ""},
                            headers=bearer(asked_key)), 422, "invalid_request")


def prague_hour(server: LiveServer, minutes_ahead: int) -> str:
    """The Prague time on the server clock `minutes_ahead` from now, "HH:MM"."""
    at = time.time() + server.skipped / 1000 + minutes_ahead * 60
    return datetime.fromtimestamp(at, PRAGUE).strftime("%H:%M")


def test_quiet_hours_hold_a_message_until_they_end(server: LiveServer,
                                                   service: PushService) -> None:
    asked_id, asked_key, asked = person(server, service, quiet=True)
    response = httpx.get(f"{server.http}/api/push/quiet", headers=bearer(asked_key))
    assert response.json() == {"from": "21:00", "to": "08:00"}  # the default
    start, end = prague_hour(server, -60), prague_hour(server, 60)
    assert set_quiet(server, asked_key, start, end).json() == {"from": start, "to": end}
    _, asker = new_profile(server)
    ask(server, asker, asked_id)
    witness_id, _, witness = person(server, service)
    ask(server, asker, witness_id)  # queued after, sent at once: the held one was passed
    service.wait(witness.path, 1)
    assert service.at(asked.path) == []
    server.skip(62 * 60 * 1000)  # past the end of the quiet hours
    [post] = service.wait(asked.path, 1)
    assert checked(server, asked, post)["url"] == "/#/pratele"
    for body in ({"from": "25:00", "to": "08:00"}, {"from": "21:00", "to": None},
                 {"from": "21:00"}):
        assert_error(httpx.put(f"{server.http}/api/push/quiet", json=body,
                               headers=bearer(asked_key)), 422, "invalid_request")


def test_a_subscription_the_service_says_is_gone_is_deleted(server: LiveServer,
                                                            service: PushService) -> None:
    asked_id, asked_key, gone = person(server, service)
    kept = browser(service)
    assert subscribe(server, asked_key, {"endpoint": kept.endpoint, "keys": kept.keys}
                     ).status_code == 201
    service.answers[gone.path] = [410]
    _, asker = new_profile(server)
    ask(server, asker, asked_id)
    service.wait(kept.path, 1)
    assert len(service.at(gone.path)) == 1  # posted first: the older subscription
    _, other = new_profile(server)
    ask(server, other, asked_id)
    service.wait(kept.path, 2)
    assert len(service.at(gone.path)) == 1  # deleted: never posted to again


def test_a_failed_post_is_tried_again_later(server: LiveServer, service: PushService) -> None:
    asked_id, _, flaky = person(server, service)
    service.answers[flaky.path] = [500]
    _, asker = new_profile(server)
    ask(server, asker, asked_id)
    service.wait(flaky.path, 1)
    witness_id, _, witness = person(server, service)
    ask(server, asker, witness_id)
    service.wait(witness.path, 1)
    assert len(service.at(flaky.path)) == 1  # not again before the back-off
    server.skip(push.BACKOFF_MS + 1000)
    posts = service.wait(flaky.path, 2)
    assert checked(server, flaky, posts[1])["title"] == "Žádost o přátelství"


def test_a_push_service_that_asks_for_a_longer_wait_gets_it(server: LiveServer,
                                                            service: PushService) -> None:
    """A 429 with Retry-After (RFC 8030 §5): not tried again after the usual back-off, but
    once the wait asked for has passed."""
    asked_id, _, busy = person(server, service)
    service.answers[busy.path] = [(429, 600)]  # ten minutes; the back-off is one
    _, asker = new_profile(server)
    ask(server, asker, asked_id)
    service.wait(busy.path, 1)
    # Witnesses: the sender settles one message before it takes the next, so once a later
    # one arrived, the 429 was settled (before the clock moves), and then that the retry
    # was not due after the usual back-off (it would have been sent first: oldest first).
    def witness() -> None:
        witness_id, _, seen = person(server, service)
        ask(server, asker, witness_id)
        service.wait(seen.path, 1)

    witness()
    server.skip(push.BACKOFF_MS + 1000)
    witness()
    assert len(service.at(busy.path)) == 1  # the back-off alone would have sent it by now
    server.skip(600 * 1000)
    posts = service.wait(busy.path, 2)
    assert checked(server, busy, posts[1])["title"] == "Žádost o přátelství"


def test_a_profile_with_subscriptions_and_messages_can_be_deleted(
        server: LiveServer, service: PushService) -> None:
    asked_id, asked_key, asked = person(server, service, quiet=True)
    set_quiet(server, asked_key, prague_hour(server, -60), prague_hour(server, 60))
    _, asker = new_profile(server)
    ask(server, asker, asked_id)  # waits in the outbox
    response = httpx.delete(f"{server.http}/api/profiles/me", headers=bearer(asked_key))
    assert response.status_code == 204, response.text


def test_one_process_takes_a_message(store: Store) -> None:
    """Two processes' claims of the same due message: one of them gets it (the conditional
    UPDATE), and a lease that ran out lets another take it again; on SQLite and on
    PostgreSQL (the several-process set-up's database: conftest's `store`)."""
    from sqlalchemy import insert

    from klubovna.server.storage.db import DeviceRow, ProfileRow

    with store.engine.begin() as connection:
        connection.execute(insert(ProfileRow).values(
            id="p1", nickname="P1", nickname_folded="p1", created_at=0, stats_since=0,
            quiet_from=0, quiet_to=0))
        connection.execute(insert(DeviceRow).values(
            id="d1", profile_id="p1", key_hash="h", name="n", created_at=0, last_seen=0))
    assert store.push.enqueue("p1", "game:t", "T", "B", "/", 1000, 1000)
    [message_id] = store.push.due(1000, 10)
    first = store.push.claim(message_id, 1000, 5000)
    assert first is not None and first.attempts == 1
    assert store.push.claim(message_id, 1000, 5000) is None
    assert store.push.due(2000, 10) == []
    again = store.push.claim(message_id, 7000, 5000)  # the first process died
    assert again is not None and again.attempts == 2
    store.push.sent(message_id, 7000)
    assert not store.push.enqueue("p1", "game:t", "T2", "B", "/", 8000, 8000)
    store.push.seen("p1", "game:t")
    assert store.push.enqueue("p1", "game:t", "T3", "B", "/", 8000, 8000)


def test_the_vapid_key_comes_from_the_secret_or_the_setting() -> None:
    assert vapid.derived(b"one").public == vapid.derived(b"one").public
    assert vapid.derived(b"one").public != vapid.derived(b"two").public
    raw = "C5S9L-yBoJrDc3eHZNGXmtlvuvmH3o2n3ZCbzmYfrbg"
    assert len(vapid.given(raw).public) == 87
    pem = vapid.given(raw).private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()).decode()
    assert vapid.given(pem).public == vapid.given(raw).public
    with pytest.raises(ValueError, match="KLUBOVNA_VAPID_PRIVATE_KEY"):
        vapid.given("short")

"""Bounds on rooms waiting for their start (issue #34, item 4; docs/api.md, "Lobbies"): per
client address, per profile and on the whole server, counted in the store (the truth every
process shares), so rotated addresses behind a trusted proxy cannot keep thousands of rooms
open. Past a bound: 429 `too_many_rooms` with Retry-After. A room that starts, closes or
expires no longer counts."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from klubovna.server.storage.store import Store
from klubovna.tables import Lobby
from tests.server.live import ROOT, LiveServer, free_port
from tests.server.lobby_client import assert_error, bearer, new_profile, seat_of, seated
from tests.server.test_metrics import scrape, value
from tests.web.test_catalogues import keys

PER_ADDRESS, PER_PROFILE, WAITING = 3, 2, 6
SIX_HOURS = 6 * 60 * 60 * 1000
"""Matematický poker's rooms expire after six idle hours."""


@pytest.fixture(scope="module")
def rooms_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Low bounds, and 127.0.0.1 a trusted proxy, so a test can be many addresses."""
    live = LiveServer(tmp_path_factory.mktemp("rooms"), free_port(), env={
        "KLUBOVNA_ROOMS_PER_ADDRESS": str(PER_ADDRESS),
        "KLUBOVNA_ROOMS_PER_PROFILE": str(PER_PROFILE),
        "KLUBOVNA_ROOMS_WAITING": str(WAITING),
        "KLUBOVNA_TRUSTED_PROXIES": "127.0.0.1"})
    live.start()
    yield live
    live.stop()


@pytest.fixture
def server(rooms_server: LiveServer) -> LiveServer:
    """The module's server with no room waiting: six idle hours skipped expire every room
    the tests before left waiting (the server clock only goes forward), so each test meets
    the bounds as on a server of its own, without a server start (seconds of CPU) each."""
    rooms_server.skip(SIX_HOURS)
    return rooms_server


def new_address() -> str:
    return f"10.{secrets.randbelow(256)}.{secrets.randbelow(256)}.{secrets.randbelow(256)}"


def open_room(server: LiveServer, address: str, key: str | None = None,
              **body: Any) -> httpx.Response:
    request = {"game": "matematicky-poker", "kind": "group", "nickname": "Ada", **body}
    return httpx.post(f"{server.http}/api/lobbies", json=request, timeout=10,
                      headers={"X-Forwarded-For": address, **bearer(key)})


def assert_too_many(response: httpx.Response, whose: str, most: int = 3600) -> int:
    """A 429 too_many_rooms naming whose rooms, the wait in the message and Retry-After."""
    body = assert_error(response, 429, "too_many_rooms")
    assert whose in body["message"], body
    retry_after = response.headers.get("Retry-After", "")
    said = re.search(r"try again in (\d+) s", body["message"])
    assert retry_after.isdecimal() and said is not None and said.group(1) == retry_after
    assert 1 <= int(retry_after) <= most, retry_after
    return int(retry_after)


def refused(server: LiveServer, bound: str) -> float:
    """Rooms refused for `bound` so far, by the server's metrics (127.0.0.1 reads them)."""
    return value(scrape(server), "klubovna_rate_limited_total", limit=bound)


def test_one_address_keeps_a_bounded_number_of_rooms_waiting(server: LiveServer) -> None:
    before = refused(server, "rooms_by_address")
    address = new_address()
    seats = [seat_of(open_room(server, address)) for _ in range(PER_ADDRESS)]
    assert_too_many(open_room(server, address), "from this address")
    # Another address is not held up; a profile's key does not lift the address's bound.
    assert open_room(server, new_address()).status_code == 201
    _, key = new_profile(server)
    assert_too_many(open_room(server, address, key), "from this address")
    # A room whose host left closes, and one that started is being played: neither waits.
    with seated(server, seats[0]) as host:
        host.leave()
    seats.append(seat_of(open_room(server, address)))
    assert_too_many(open_room(server, address), "from this address")
    with seated(server, seats[1]) as host:
        host.send({"t": "start"})
        host.wait_version(1)
    seats.append(seat_of(open_room(server, address)))
    assert_too_many(open_room(server, address), "from this address")
    # Retry-After: until the first of the waiting rooms expires (at most an hour).
    server.skip(SIX_HOURS - 10 * 60 * 1000)
    assert_too_many(open_room(server, address), "from this address", most=600)
    server.skip(10 * 60 * 1000)
    assert open_room(server, address).status_code == 201
    assert refused(server, "rooms_by_address") == before + 5  # each refusal counted


def test_one_profile_keeps_a_bounded_number_of_rooms_waiting(server: LiveServer) -> None:
    _, key = new_profile(server)
    before = refused(server, "rooms_by_profile")
    for _ in range(PER_PROFILE):
        assert open_room(server, new_address(), key).status_code == 201
    assert_too_many(open_room(server, new_address(), key), "of this profile")
    assert refused(server, "rooms_by_profile") == before + 1
    assert open_room(server, new_address()).status_code == 201  # a guest: no profile


def test_rotating_addresses_meet_the_servers_bound(server: LiveServer) -> None:
    before = refused(server, "rooms_waiting")
    for _ in range(WAITING):
        assert open_room(server, new_address()).status_code == 201
    assert_too_many(open_room(server, new_address()), "on this server")
    assert refused(server, "rooms_waiting") == before + 1
    # Rooms being played are not bounded: a table of one's own is still made.
    table = httpx.post(f"{server.http}/api/tables", json={"game": "matematicky-poker"},
                       headers={"X-Forwarded-For": new_address()}, timeout=10)
    assert table.status_code == 201, table.text
    server.skip(SIX_HOURS)
    assert open_room(server, new_address()).status_code == 201


def test_the_store_counts_rooms_that_wait(store: Store) -> None:
    """The count every process shares: waiting and not expired, by host profile or code;
    each game's own idle time."""
    now = 1_700_000_000_000
    idle = {"matematicky-poker": SIX_HOURS, "mathesso": 7 * 24 * 60 * 60 * 1000}

    def room(code: str, game: str, kind: str, at: int, profile: str | None = None) -> Lobby:
        lobby = Lobby.open(code, game, kind, "Ada", f"hash-{code}", at, profile=profile)
        assert store.create_lobby(lobby, game)
        return lobby

    room("AAAAAA", "matematicky-poker", "group", now - 1000, "p1")
    room("BBBBBB", "matematicky-poker", "group", now - SIX_HOURS)  # expired just now
    room("CCCCCC", "mathesso", "table", now - SIX_HOURS, "p1")  # a week's room: waits
    started = room("DDDDDD", "matematicky-poker", "group", now - 500, "p1")
    started.status = "playing"
    store.save_lobby(started)
    room("EEEEEE", "kostkovy-poker", "table", now)  # a game not asked about
    mathesso_until = now - SIX_HOURS + idle["mathesso"]
    assert store.waiting_lobbies(now, idle) == (2, now - 1000 + SIX_HOURS)
    assert store.waiting_lobbies(now, idle, profile="p1") == (2, now - 1000 + SIX_HOURS)
    assert store.waiting_lobbies(now, idle, profile="p2") == (0, None)
    assert store.waiting_of(["CCCCCC", "BBBBBB", "DDDDDD", "ZZZZZZ"], now, idle) == {
        "CCCCCC": mathesso_until}
    assert store.waiting_of([], now, idle) == {}


def test_the_web_app_says_it_in_czech_and_english() -> None:
    """The new-room pages show a lobby refusal from the lobby catalogue (lobby/format.ts)."""
    cs, en = keys(ROOT / "web" / "src" / "i18n" / "lobby.ts")
    assert "lobby.error.too_many_rooms" in cs and "lobby.error.too_many_rooms" in en

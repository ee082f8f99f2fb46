"""Profiles over real HTTP: create, read, rename, consent, delete; nicknames; keys; limits."""

from __future__ import annotations

import asyncio
import doctest
import hashlib
import sqlite3
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import httpx
import pytest

from klubovna.server.features import nicknames, profiles
from klubovna.server.features.profiles import clean_nickname
from klubovna.server.http import ratelimit
from klubovna.server.http.errors import ApiError
from klubovna.server.http.ratelimit import RateLimiter
from tests.server.live import LiveServer, free_port
from tests.server.test_recording import bearer, new_profile, server

__all__ = ["server"]  # this module's server: high limits

ME = "/api/profiles/me"


def create(server: LiveServer, nickname: Any) -> httpx.Response:
    return httpx.post(f"{server.http}/api/profiles", json={"nickname": nickname})


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["message"]


def test_create_and_read(server: LiveServer) -> None:
    response = create(server, "  Alžběta  ")
    assert response.status_code == 201, response.text
    created = response.json()
    assert set(created) == {"id", "nickname", "key", "consent"}
    assert created["nickname"] == "Alžběta" and created["consent"] is None
    assert len(created["key"]) >= 43  # 256 bits, url-safe base64
    me = httpx.get(f"{server.http}{ME}", headers=bearer(created["key"]))
    assert me.status_code == 200
    body = me.json()
    assert {k: body[k] for k in ("id", "nickname", "consent")} == {
        "id": created["id"], "nickname": "Alžběta", "consent": None}
    assert isinstance(body["created_at"], int)
    mp = body["stats"]["matematicky-poker"]
    assert mp["games"] == 0 and mp["best_score"] is None
    assert body["stats"]["kostkovy-poker"] == {"games": 0, "won": 0, "lost": 0, "drawn": 0,
                                               "figures": {}, "rating": None}
    # Only the key's SHA-256 is stored.
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        stored = db.execute("SELECT * FROM devices WHERE profile_id = ?",
                            (created["id"],)).fetchone()
    assert hashlib.sha256(created["key"].encode()).hexdigest() in stored
    assert created["key"] not in map(str, stored)


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("Eva", "Eva"),
        ("  Jan   Novák ", "Jan Novák"),
        ("李小龍", "李小龍"),
        ("Ørjan_2.0-b", "Ørjan_2.0-b"),
        ("Ab", "Ab"),
        ("x" * 24, "x" * 24),
        ("Zoe\u0301", "Zoé"),  # composed
        ("ß" * 13, "ß" * 13),  # folds to 26 letters; the key has room
        # PRECIS Nickname (RFC 8266): other spaces become one space, NFKC
        ("Jan\u00a0\u3000Novák", "Jan Novák"),
        ("ｆｕｌｌ ｗｉｄｔｈ", "full width"),
        ("𝐀𝐝𝐦𝐢𝐧", "Admin"),
        ("ﬁsh", "fish"),
    ],
)
def test_good_nicknames(given: str, kept: str) -> None:
    nickname, key = clean_nickname(given)
    assert nickname == kept
    assert key == nicknames.key(kept) and key == clean_nickname(kept.lower())[1]


@pytest.mark.parametrize(
    "given",
    ["", "   ", "A", " A ", "x" * 25, " " + "x" * 24, "a@b", "tab\tbed", "new\nline",
     "nul\x00l", "emoji😀", "zero\u200bwidth", "<script>",
     # made only of invisible or filler characters (U+3164 and U+115F are letters to
     # str.isalpha(); the old rules let them through)
     "\u3164\u3164", "\u3164\u3164\u3164\u3164", "\u115f\u115f", "\u1160\u1160",
     "\uffa0\uffa0", "\u200b\u200b", "\u2800\u2800", "ab\u00ad", "Eva\u3164",
     "a\u034fb"],
)
def test_bad_nicknames(given: str) -> None:
    with pytest.raises(ApiError) as caught:
        clean_nickname(given)
    assert (caught.value.status, caught.value.code) == (422, "bad_nickname")
    assert caught.value.message in (nicknames.LENGTH, nicknames.CHARACTERS)


@pytest.mark.parametrize(("one", "other"), [
    ("Admin", "\u0410dmin"),          # Cyrillic А
    ("Admin", "𝐀𝐝𝐦𝐢𝐧"),               # mathematical bold
    ("Admin", "ADMIN"),
    ("Admin", "Adrnin"),              # rn looks like m
    ("paypal", "\u0440\u0430ypal"),   # Cyrillic р and а
    ("Kočka", "KOČKA"),
    ("Strauß", "STRAUSS"),
    ("Jan Novák", "Jan  Nova\u0301k"),
])
def test_look_alikes_have_one_key(one: str, other: str) -> None:
    assert clean_nickname(one)[1] == clean_nickname(other)[1]


@pytest.mark.parametrize(("one", "other"), [
    ("Eva", "Eve"), ("Šárka", "Sárka"), ("Jan Novák", "Jan Novak"), ("Ab", "A b"),
])
def test_different_names_have_different_keys(one: str, other: str) -> None:
    assert clean_nickname(one)[1] != clean_nickname(other)[1]


def test_look_alikes_are_one_name_over_http(server: LiveServer) -> None:
    made = create(server, "  Admin ")
    assert made.status_code == 201 and made.json()["nickname"] == "Admin"
    for look_alike in ("\u0410dmin", "𝐀𝐝𝐦𝐢𝐧", "ＡＤＭＩＮ", "Adrnin"):
        response = create(server, look_alike)
        assert_error(response, 409, "nickname_taken")
        assert response.json()["message"] == "This nickname is taken; choose another one."
    _, key = new_profile(server, "Kos Černý")
    assert_error(httpx.patch(f"{server.http}{ME}", json={"nickname": "\u0410DMIN"},
                             headers=bearer(key)), 409, "nickname_taken")
    # The shown (and stored) nickname is the PRECIS form.
    renamed = httpx.patch(f"{server.http}{ME}", json={"nickname": "𝐊𝐨𝐬\u00a0𝐁𝐢́𝐥𝐲́"},
                          headers=bearer(key))
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["nickname"] == "Kos Bílý"
    assert_error(create(server, "\u3164\u3164"), 422, "bad_nickname")
    assert_error(create(server, "x" * 25), 422, "bad_nickname")


def test_nickname_errors_over_http(server: LiveServer) -> None:
    assert_error(create(server, "a@b"), 422, "bad_nickname")
    assert_error(create(server, 12), 422, "invalid_request")
    assert_error(httpx.post(f"{server.http}/api/profiles", json={}), 422, "invalid_request")
    assert_error(httpx.post(f"{server.http}/api/profiles",
                            json={"nickname": "Eve", "key": "mine"}), 422, "invalid_request")


def test_nicknames_are_unique_ignoring_case(server: LiveServer) -> None:
    _, first = new_profile(server, "Kočka Micka")
    assert_error(create(server, "KOČKA micka"), 409, "nickname_taken")
    _, second = new_profile(server, "Pes Alík")
    assert_error(httpx.patch(f"{server.http}{ME}", json={"nickname": "kočka MICKA"},
                             headers=bearer(second)), 409, "nickname_taken")
    # One's own nickname in another case is fine.
    renamed = httpx.patch(f"{server.http}{ME}", json={"nickname": "KOČKA Micka"},
                          headers=bearer(first))
    assert renamed.status_code == 200 and renamed.json()["nickname"] == "KOČKA Micka"


def test_rename_and_consent(server: LiveServer) -> None:
    profile_id, key = new_profile(server)
    patch = httpx.patch(f"{server.http}{ME}", json={"nickname": "Nový Název", "consent": True},
                        headers=bearer(key))
    assert patch.status_code == 200, patch.text
    body = patch.json()
    assert (body["id"], body["nickname"], body["consent"]) == (profile_id, "Nový Název", True)
    assert "stats" in body
    assert httpx.patch(f"{server.http}{ME}", json={"consent": False},
                       headers=bearer(key)).json()["consent"] is False
    unchanged = httpx.patch(f"{server.http}{ME}", json={}, headers=bearer(key)).json()
    assert (unchanged["nickname"], unchanged["consent"]) == ("Nový Název", False)
    for bad in ({"consent": None}, {"consent": "yes"}, {"nickname": None}, {"colour": 1}):
        assert_error(httpx.patch(f"{server.http}{ME}", json=bad, headers=bearer(key)),
                     422, "invalid_request")
    assert_error(httpx.patch(f"{server.http}{ME}", json={"nickname": "x"}, headers=bearer(key)),
                 422, "bad_nickname")


@pytest.mark.parametrize(("method", "path"), [
    ("GET", ME), ("PATCH", ME), ("DELETE", ME), ("GET", f"{ME}/stats"),
    ("DELETE", f"{ME}/stats"), ("GET", f"{ME}/export"),
])
def test_key_errors(server: LiveServer, method: str, path: str) -> None:
    url = f"{server.http}{path}"
    body = {"json": {}} if method == "PATCH" else {}
    assert_error(httpx.request(method, url, **body), 401, "missing_key")  # type: ignore[arg-type]
    for header in ("Basic abc", "Bearer", "Token abc"):
        assert_error(httpx.request(method, url, headers={"Authorization": header}, **body),
                     401, "missing_key")  # type: ignore[arg-type]
    assert_error(httpx.request(method, url, headers=bearer("x" * 43), **body),
                 403, "bad_key")  # type: ignore[arg-type]


def test_delete_profile(server: LiveServer) -> None:
    _, key = new_profile(server, "Smazat Mě")
    assert httpx.delete(f"{server.http}{ME}", headers=bearer(key)).status_code == 204
    assert_error(httpx.get(f"{server.http}{ME}", headers=bearer(key)), 403, "bad_key")
    assert_error(httpx.delete(f"{server.http}{ME}", headers=bearer(key)), 403, "bad_key")
    assert create(server, "smazat mě").status_code == 201  # the nickname is free again


def test_export_without_games(server: LiveServer) -> None:
    profile_id, key = new_profile(server)
    export = httpx.get(f"{server.http}{ME}/export", headers=bearer(key))
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("application/json")
    assert export.headers["content-disposition"] == (
        f'attachment; filename="klubovna-profile-{profile_id}.json"')
    data = export.json()
    assert data["profile"]["id"] == profile_id and data["profile"]["consent"] is None
    assert data["results"] == [] and data["daily_attempts"] == [] and data["tables"] == []
    assert key not in export.text


def test_stats_reset_needs_nothing_to_reset(server: LiveServer) -> None:
    _, key = new_profile(server)
    assert httpx.delete(f"{server.http}{ME}/stats", headers=bearer(key)).status_code == 204
    assert httpx.get(f"{server.http}{ME}/stats", headers=bearer(key)).json()[
        "matematicky-poker"]["games"] == 0


# --- rate limits ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("strict"), free_port(),
                      env={"KLUBOVNA_RATE_PROFILES": "3", "KLUBOVNA_RATE_TABLES": "4"})
    live.start()
    yield live
    live.stop()


def test_rate_limits(strict_server: LiveServer) -> None:
    server = strict_server
    keys = [create(server, f"Rychlík {n}") for n in range(3)]
    assert [r.status_code for r in keys] == [201, 201, 201]
    too_many = create(server, "Rychlík 4")
    assert_error(too_many, 429, "rate_limited")
    assert "try again in" in too_many.json()["message"]
    # A refused request takes nothing: the nickname was not used.
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        assert db.execute("SELECT count(*) FROM profiles").fetchone() == (3,)
    key = keys[0].json()["key"]
    made = [httpx.post(f"{server.http}/api/tables", json={"game": "matematicky-poker"},
                       headers=bearer(key) if n % 2 else {}).status_code for n in range(4)]
    assert made == [201] * 4
    assert_error(httpx.post(f"{server.http}/api/tables", json={"game": "matematicky-poker"}),
                 429, "rate_limited")
    # Nothing about addresses is stored.
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        dump = "\n".join(db.iterdump())
    assert "127.0.0.1" not in dump


def test_rate_limiter_buckets() -> None:
    now = [0.0]
    limit = RateLimiter(6, clock=lambda: now[0])  # 6 a minute: one more every 10 s

    async def tries(n: int, key: str = "a") -> list[bool]:
        return [await limit.allow(key) for _ in range(n)]

    assert asyncio.run(tries(7)) == [True] * 6 + [False]
    assert asyncio.run(tries(1, "b")) == [True]  # keys are separate
    assert asyncio.run(limit.retry_after("a")) == 10
    now[0] = 9.9
    assert asyncio.run(tries(1)) == [False]
    now[0] = 10.0
    assert asyncio.run(tries(2)) == [True, False]
    now[0] = 1000.0  # a long pause refills to the burst, never beyond
    assert asyncio.run(tries(7)) == [True] * 6 + [False]
    with pytest.raises(ApiError) as caught:
        asyncio.run(limit.check("a", "new things"))
    assert (caught.value.status, caught.value.code) == (429, "rate_limited")
    assert caught.value.headers == {"Retry-After": "10"}


def test_rate_limiter_off_and_bounded() -> None:
    off = RateLimiter(0)

    async def take(limit: RateLimiter, keys: list[str]) -> list[bool]:
        return [await limit.allow(key) for key in keys]

    assert all(asyncio.run(take(off, ["a"] * 1000))) and len(off) == 0
    now = [0.0]
    limit = RateLimiter(60, clock=lambda: now[0], max_keys=100)
    asyncio.run(take(limit, [f"old{n}" for n in range(100)]))
    now[0] = 61.0  # every old bucket has refilled: they are forgotten when room is needed
    assert asyncio.run(take(limit, ["new"])) == [True] and len(limit) == 1
    asyncio.run(take(limit, [f"busy{n}" for n in range(150)]))
    assert len(limit) <= 100


@pytest.mark.parametrize("module", [nicknames, profiles, ratelimit], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_guest_nicknames_follow_the_same_rules(server: LiveServer) -> None:
    """A lobby guest's nickname is enforced alike (not unique): fillers are refused."""
    lobby = {"game": "matematicky-poker", "kind": "duel"}
    for filler in ("\u3164\u3164", "\u115f\u115f", "\u200b\u200b"):
        assert_error(httpx.post(f"{server.http}/api/lobbies", json={**lobby, "nickname": filler}),
                     422, "bad_nickname")
    made = httpx.post(f"{server.http}/api/lobbies", json={**lobby, "nickname": "𝐄𝐯𝐚"})
    assert made.status_code == 201, made.text

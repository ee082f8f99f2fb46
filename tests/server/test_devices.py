"""One profile on every device, over real HTTP on SQLite and PostgreSQL: transfer codes,
the recovery code, the list of devices and signing one out."""

from __future__ import annotations

import doctest
import sqlite3
from collections.abc import Iterator

import httpx
import pytest

from klubovna.server.features import device_names, devices
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.test_recording import bearer, new_profile

PHONE = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/131.0 Mobile Safari/537.36")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module (its wrong-code budget is its own), on either database."""
    options = ({"database_url": request.getfixturevalue("postgres_url")}
               if request.param == "postgresql" else {})
    yield from own_server(tmp_path_factory, env={"KLUBOVNA_RATE_JOINS": "1000"}, **options)


def transfer(server: LiveServer, key: str) -> dict[str, object]:
    response = httpx.post(f"{server.http}/api/profiles/me/transfer", headers=bearer(key))
    assert response.status_code == 201, response.text
    return response.json()


def redeem(server: LiveServer, code: object, agent: str = PHONE) -> httpx.Response:
    return httpx.post(f"{server.http}/api/profiles/transfer", json={"code": code},
                      headers={"User-Agent": agent})


def device_list(server: LiveServer, key: str) -> list[dict[str, object]]:
    response = httpx.get(f"{server.http}/api/profiles/me/devices", headers=bearer(key))
    assert response.status_code == 200, response.text
    return response.json()["devices"]


def me(server: LiveServer, key: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/profiles/me", headers=bearer(key))


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["message"]


def test_doctests() -> None:
    for module in (devices, device_names):
        assert doctest.testmod(module).failed == 0


def test_a_transfer_code_signs_a_second_device_in(server: LiveServer) -> None:
    profile_id, desk = new_profile(server, "Přenos")
    assert me(server, desk).json()["keeping"] == {"devices": 1, "passkeys": 0,
                                                   "recovery": False}
    code = transfer(server, desk)
    assert set(code) == {"code", "expires_at", "now", "link", "qr"}
    assert code["expires_at"] == code["now"] + devices.TRANSFER_MS
    assert len(str(code["code"])) == 9 and str(code["code"])[4] == "-"
    assert str(code["link"]).endswith(f"/#/profil/prenos/{code['code']}")
    assert str(code["qr"]).startswith("<svg")
    # Typed in lower case, without the dash: the same code.
    response = redeem(server, str(code["code"]).replace("-", "").lower())
    assert response.status_code == 201, response.text
    phone = response.json()
    assert set(phone) == {"id", "nickname", "key", "consent"}
    assert phone["id"] == profile_id and phone["nickname"] == "Přenos"
    assert phone["key"] != desk
    # The same profile from both keys; two devices, each knowing which one it is.
    assert me(server, phone["key"]).json()["id"] == profile_id
    seen = device_list(server, phone["key"])
    assert sorted(d["name"] for d in seen) == ["", "Chrome, Android"]  # httpx: unknown
    assert sorted(d["current"] for d in seen) == [False, True]
    assert next(d for d in seen if d["current"])["name"] == "Chrome, Android"
    assert me(server, desk).json()["keeping"]["devices"] == 2
    # Used once: a second try is told so.
    assert_error(redeem(server, code["code"]), 410, "code_used")


def test_wrong_and_expired_codes_are_refused(server: LiveServer) -> None:
    _, key = new_profile(server)
    code = transfer(server, key)
    server.skip(devices.TRANSFER_MS + 1)
    assert_error(redeem(server, code["code"]), 410, "code_expired")
    assert_error(redeem(server, code["code"]), 410, "code_used")  # no second chance
    # A new code replaces the one before it.
    first, second = transfer(server, key), transfer(server, key)
    assert_error(redeem(server, first["code"]), 404, "unknown_code")
    assert redeem(server, second["code"]).status_code == 201
    assert_error(redeem(server, "K7QM-3XR"), 422, "bad_code")  # too short
    assert_error(redeem(server, 12345678), 422, "invalid_request")


def test_guessing_is_rate_limited(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Wrong codes take tokens from the address's budget (3 a minute here); a right code
    takes none, and once the budget is spent even a right one waits."""
    for live in own_server(tmp_path_factory, env={"KLUBOVNA_RATE_JOINS": "3"}):
        _, key = new_profile(live)
        code = transfer(live, key)["code"]
        for guess in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC"):
            assert_error(redeem(live, guess), 404, "unknown_code")
        refused = redeem(live, code)
        assert_error(refused, 429, "rate_limited")
        assert int(refused.headers["Retry-After"]) > 0


def test_the_recovery_code_works_once_without_expiry(server: LiveServer) -> None:
    profile_id, key = new_profile(server)
    response = httpx.post(f"{server.http}/api/profiles/me/recovery", headers=bearer(key))
    assert response.status_code == 201, response.text
    code = response.json()["code"]
    assert len(code) == 19 and code.count("-") == 3
    assert me(server, key).json()["keeping"]["recovery"] is True
    server.skip(30 * 24 * 3600_000)  # a month later
    recovered = redeem(server, code)
    assert recovered.status_code == 201 and recovered.json()["id"] == profile_id
    assert me(server, key).json()["keeping"]["recovery"] is False
    assert_error(redeem(server, code), 410, "code_used")
    # A new one replaces an unused old one.
    old = httpx.post(f"{server.http}/api/profiles/me/recovery", headers=bearer(key)).json()
    new = httpx.post(f"{server.http}/api/profiles/me/recovery", headers=bearer(key)).json()
    assert_error(redeem(server, old["code"]), 404, "unknown_code")
    assert redeem(server, new["code"]).status_code == 201


def test_signing_a_device_out_stops_its_key_at_once(server: LiveServer) -> None:
    _, desk = new_profile(server)
    phone = redeem(server, transfer(server, desk)["code"]).json()["key"]
    phone_id = next(d["id"] for d in device_list(server, phone) if d["current"])
    gone = httpx.delete(f"{server.http}/api/profiles/me/devices/{phone_id}", headers=bearer(desk))
    assert gone.status_code == 204
    assert_error(me(server, phone), 403, "bad_key")
    assert [d["current"] for d in device_list(server, desk)] == [True]
    again = httpx.delete(f"{server.http}/api/profiles/me/devices/{phone_id}",
                         headers=bearer(desk))
    assert_error(again, 404, "unknown_device")
    # Another profile's device cannot be signed out.
    _, other = new_profile(server)
    other_id = device_list(server, other)[0]["id"]
    refused = httpx.delete(f"{server.http}/api/profiles/me/devices/{other_id}",
                           headers=bearer(desk))
    assert_error(refused, 404, "unknown_device")
    assert me(server, other).status_code == 200
    # A device may sign itself out.
    desk_id = device_list(server, desk)[0]["id"]
    assert httpx.delete(f"{server.http}/api/profiles/me/devices/{desk_id}",
                        headers=bearer(desk)).status_code == 204
    assert_error(me(server, desk), 403, "bad_key")


def test_last_seen_moves_by_the_minute(server: LiveServer) -> None:
    _, key = new_profile(server)
    (first,) = device_list(server, key)
    me(server, key)
    assert device_list(server, key)[0]["last_seen"] == first["last_seen"]
    server.skip(2 * 60_000)
    me(server, key)
    assert device_list(server, key)[0]["last_seen"] >= first["last_seen"] + 2 * 60_000


def test_codes_and_keys_are_stored_hashed(server: LiveServer) -> None:
    if server.database_url:
        pytest.skip("reads the SQLite file")
    _, key = new_profile(server)
    code = transfer(server, key)["code"]
    recovery = httpx.post(f"{server.http}/api/profiles/me/recovery", headers=bearer(key))
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        stored = " ".join(map(str, db.execute("SELECT * FROM one_time_codes").fetchall()
                              + db.execute("SELECT * FROM devices").fetchall()))
    for secret in (key, str(code), str(code).replace("-", ""), recovery.json()["code"],
                   recovery.json()["code"].replace("-", "")):
        assert secret not in stored


def test_deleting_the_profile_deletes_its_devices_and_codes(server: LiveServer) -> None:
    _, desk = new_profile(server)
    phone = redeem(server, transfer(server, desk)["code"]).json()["key"]
    code = transfer(server, desk)["code"]
    assert httpx.delete(f"{server.http}/api/profiles/me", headers=bearer(desk)).status_code == 204
    assert_error(me(server, phone), 403, "bad_key")
    assert_error(redeem(server, code), 404, "unknown_code")


def test_the_export_lists_devices_without_keys(server: LiveServer) -> None:
    _, key = new_profile(server)
    export = httpx.get(f"{server.http}/api/profiles/me/export", headers=bearer(key))
    assert export.status_code == 200
    (device,) = export.json()["devices"]
    assert set(device) == {"id", "name", "created_at", "last_seen"}
    assert export.json()["passkeys"] == []
    assert key not in export.text and "key_hash" not in export.text


def test_a_passkey_added_on_one_device_signs_another_in(server: LiveServer) -> None:
    """With tests/server/softkey.py's authenticator (the browser test uses Chromium's)."""
    from tests.server.softkey import SoftKey

    desk = httpx.post(f"{server.http}/api/profiles", json={"nickname": "Klíčník"}).json()
    origin = server.http
    headers = {"Authorization": f"Bearer {desk['key']}", "Origin": origin}
    options = httpx.post(f"{server.http}/api/profiles/me/passkeys/options", headers=headers)
    passkey = SoftKey()
    added = httpx.post(f"{server.http}/api/profiles/me/passkeys", headers=headers,
                       json={"credential": passkey.create(options.json(), origin)})
    assert added.status_code == 201, added.text
    sign_in = httpx.post(f"{server.http}/api/passkeys/options", headers={"Origin": origin})
    phone = httpx.post(f"{server.http}/api/profiles/passkey", headers={"Origin": origin},
                       json={"credential": passkey.get(sign_in.json(), origin)})
    assert phone.status_code == 201, phone.text
    assert phone.json()["id"] == desk["id"] and phone.json()["key"] != desk["key"]
    again = httpx.post(f"{server.http}/api/profiles/passkey", headers={"Origin": origin},
                       json={"credential": passkey.get(sign_in.json(), origin)})
    assert_error(again, 422, "bad_passkey")  # a challenge is used once

"""One profile on every device across processes (issue #36): a transfer or recovery code made
on one process signs a device in on another, once, and a device signed out on one process is
refused by every other at its next request."""

from __future__ import annotations

import httpx

from tests.cluster.harness import Cluster
from tests.server.test_recording import bearer


def test_codes_and_devices_across_processes(cluster: Cluster) -> None:
    one, two, three = cluster.nodes
    made = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Putovní"})
    assert made.status_code == 201, made.text
    desk = made.json()["key"]
    code = httpx.post(f"{one.http}/api/profiles/me/transfer", headers=bearer(desk)).json()
    phone = httpx.post(f"{two.http}/api/profiles/transfer", json={"code": code["code"]})
    assert phone.status_code == 201, phone.text
    assert phone.json()["id"] == made.json()["id"]
    again = httpx.post(f"{three.http}/api/profiles/transfer", json={"code": code["code"]})
    assert again.status_code == 410 and again.json()["code"] == "code_used"
    # The phone signs the desk out on the third process; the first refuses the desk's key.
    devices = httpx.get(f"{three.http}/api/profiles/me/devices",
                        headers=bearer(phone.json()["key"])).json()["devices"]
    (desk_device,) = [d for d in devices if not d["current"]]
    gone = httpx.delete(f"{three.http}/api/profiles/me/devices/{desk_device['id']}",
                        headers=bearer(phone.json()["key"]))
    assert gone.status_code == 204
    refused = httpx.get(f"{one.http}/api/profiles/me", headers=bearer(desk))
    assert refused.status_code == 403 and refused.json()["code"] == "bad_key"
    assert httpx.get(f"{one.http}/api/profiles/me",
                     headers=bearer(phone.json()["key"])).status_code == 200


def test_a_recovery_code_works_on_any_process_once(cluster: Cluster) -> None:
    one, two, three = cluster.nodes
    made = httpx.post(f"{two.http}/api/profiles", json={"nickname": "Obnovená"}).json()
    code = httpx.post(f"{two.http}/api/profiles/me/recovery",
                      headers=bearer(made["key"])).json()["code"]
    first = httpx.post(f"{three.http}/api/profiles/transfer", json={"code": code})
    assert first.status_code == 201 and first.json()["id"] == made["id"]
    second = httpx.post(f"{one.http}/api/profiles/transfer", json={"code": code})
    assert second.status_code == 410 and second.json()["code"] == "code_used"


def test_a_passkey_across_processes(cluster: Cluster) -> None:
    """Each step of both ceremonies on another process (the challenges are the database's):
    the site's one origin in front of them all, as a proxy gives it."""
    from tests.server.softkey import SoftKey

    one, two, three = cluster.nodes
    origin = one.http
    made = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Klíčová"}).json()
    mine = {**bearer(made["key"]), "Origin": origin}
    options = httpx.post(f"{one.http}/api/profiles/me/passkeys/options", headers=mine).json()
    passkey = SoftKey()
    added = httpx.post(f"{two.http}/api/profiles/me/passkeys", headers=mine,
                       json={"credential": passkey.create(options, origin)})
    assert added.status_code == 201, added.text
    sign_in = httpx.post(f"{two.http}/api/passkeys/options", headers={"Origin": origin}).json()
    phone = httpx.post(f"{three.http}/api/profiles/passkey", headers={"Origin": origin},
                       json={"credential": passkey.get(sign_in, origin)})
    assert phone.status_code == 201, phone.text
    assert phone.json()["id"] == made["id"]
    assert httpx.get(f"{one.http}/api/profiles/me",
                     headers=bearer(phone.json()["key"])).json()["nickname"] == "Klíčová"

"""The guard's settings and bookkeeping in-process: what the environment may say, which
addresses are proxies, and how connections per address are counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from klubovna.server.config import Config
from klubovna.server.http.guard import Addresses, AddressSlots


def test_defaults_trust_no_proxy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("KLUBOVNA_TRUSTED_PROXIES", "KLUBOVNA_HEADER_TIMEOUT", "KLUBOVNA_BODY_TIMEOUT",
                 "KLUBOVNA_CONNECTIONS_PER_ADDRESS"):
        monkeypatch.delenv(name, raising=False)
    settings = Config.from_env(tmp_path)
    assert settings.trusted_proxies == ()
    assert (settings.header_timeout, settings.body_timeout) == (10.0, 10.0)
    assert settings.connections_per_address == 256


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KLUBOVNA_TRUSTED_PROXIES", " 10.0.0.1, 192.168.0.0/16 ,::1")
    monkeypatch.setenv("KLUBOVNA_HEADER_TIMEOUT", "2.5")
    monkeypatch.setenv("KLUBOVNA_CONNECTIONS_PER_ADDRESS", "0")
    settings = Config.from_env(tmp_path)
    assert settings.trusted_proxies == ("10.0.0.1", "192.168.0.0/16", "::1")
    assert settings.header_timeout == 2.5 and settings.connections_per_address == 0


@pytest.mark.parametrize(("name", "value"), [
    ("KLUBOVNA_TRUSTED_PROXIES", "localhost"), ("KLUBOVNA_TRUSTED_PROXIES", "10.0.0.300"),
    ("KLUBOVNA_HEADER_TIMEOUT", "0"), ("KLUBOVNA_HEADER_TIMEOUT", "soon"),
    ("KLUBOVNA_BODY_TIMEOUT", "-1"), ("KLUBOVNA_BODY_TIMEOUT", "inf"),
    ("KLUBOVNA_CONNECTIONS_PER_ADDRESS", "many"),
])
def test_a_bad_setting_stops_the_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=name):
        Config.from_env(tmp_path)


def test_proxies() -> None:
    proxies = Addresses(["10.0.0.1", "192.168.0.0/16", "::1"])
    assert "10.0.0.1" in proxies and "192.168.4.5" in proxies and "::1" in proxies
    assert "10.0.0.2" not in proxies and "not an address" not in proxies
    assert "203.0.113.9" in Addresses(["*"])
    assert "127.0.0.1" not in Addresses([])


def test_slots_per_address() -> None:
    slots = AddressSlots(2, Addresses(["10.0.0.1"]))
    assert slots.take("a") and slots.take("a") and not slots.take("a")
    assert slots.take("b")
    assert all(slots.take("10.0.0.1") for _ in range(10))  # a proxy is not counted
    slots.give("a")
    assert slots.take("a") and not slots.take("a")
    for _ in range(3):
        slots.give("a")
        slots.give("b")
    slots.give("10.0.0.1")
    assert slots.counts == {}  # nothing left over, nothing below zero
    assert all(AddressSlots(0, Addresses([])).take("a") for _ in range(1000))  # 0: no limit

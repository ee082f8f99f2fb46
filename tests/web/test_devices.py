"""One profile on every device, in four browsers against the real server: a desktop's
profile with a recorded game moves to a phone with a transfer code (the same statistics
there); the code's QR link fills it in on a third browser (used by then: refused); the phone
signs the desktop out; a passkey made on the phone (Chromium's virtual authenticator) signs
the third browser in, and a recovery code a fourth. The warning for a profile only one
browser keeps, once. Screenshots (desktop and phone, light and dark) and axe.

WebAuthn refuses an IP address as the site's name: these browsers open the app at
http://localhost (the same server)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest
from playwright.sync_api import CDPSession, Page, expect

from tests.server.live import LiveServer
from tests.server.test_moderation import admin
from tests.server.test_recording import bearer, play_slowly
from tests.web.conftest import ConsoleWatch, Profiles, axe_violations, people_on, screenshot
from tests.web.shots import four_looks
from tests.web.test_profile import allow_http_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                       "(KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"}
DESKTOP = {"viewport": {"width": 1100, "height": 900},
           "user_agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like "
                         "Gecko) Chrome/131.0 Safari/537.36"}
ENGINE_PRELOAD = False  # nothing here plays in the browser
CODE = re.compile(r"^[0-9A-Z]{4}(-[0-9A-Z]{4}){1,3}$")


@pytest.fixture
def browsers(profiles: Profiles, app_server: LiveServer,
             console: ConsoleWatch) -> Iterator[Callable[..., Page]]:
    """Each call a page of a fresh browser profile on http://localhost:PORT (no service
    worker; no engine preload: nothing here plays in the browser)."""
    yield from people_on(profiles, app_server, console, preload=False, host="localhost")


def authenticator(page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator (a phone's password manager) in `page`'s browser."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    found = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})
    return cdp, found["authenticatorId"]


def create_profile(page: Page, nickname: str) -> None:
    page.goto("/#/profil")
    page.get_by_label("Přezdívka", exact=True).fill(nickname)
    page.get_by_role("button", name="Založit profil").click()
    expect(page.get_by_role("status").filter(has_text="je založený a vybraný")).to_be_visible()


def stored_key(page: Page) -> str:
    profiles = page.evaluate("JSON.parse(localStorage.getItem('klubovna.profiles'))")
    selected = page.evaluate("localStorage.getItem('klubovna.profile')")
    key: str = next(p["key"] for p in profiles if p["id"] == selected)
    return key


def record_a_game(server: LiveServer, key: str) -> None:
    """One recorded solo game of Matematický poker, played over the API."""
    created = httpx.post(f"{server.http}/api/tables", headers=bearer(key),
                         json={"game": "matematicky-poker", "mode": "easy"}, timeout=10)
    assert created.status_code == 201, created.text
    with server.socket(created.json()["table"]) as client:
        view = client.hello(created.json()["key"])["view"]
        assert play_slowly(client, view)["over"]


def sign_in_with_code(page: Page, code: str) -> None:
    page.goto("/#/profil")
    page.get_by_label("Kód", exact=True).fill(code)
    page.get_by_role("button", name="Přihlásit", exact=True).click()


def said(page: Page, text: str) -> None:
    """The profile page's status line (read out politely) says `text`."""
    expect(page.locator("p.live[role=status]")).to_have_text(text)


def stats_text(page: Page) -> str:
    card = page.locator('.stats-card[data-game="matematicky-poker"]')
    expect(card.locator('[data-stat="completed"] dd')).to_have_text("1 z 1")
    return card.inner_text()


def test_a_profile_on_every_device(browsers: Callable[..., Page], app_server: LiveServer,
                                  console: ConsoleWatch) -> None:
    desk = browsers(**DESKTOP)
    create_profile(desk, "Cestovatelka")
    record_a_game(app_server, stored_key(desk))
    desk.reload()
    # Only this browser keeps the profile: the page says so, once.
    warning = desk.get_by_role("note").filter(has_text="Profil je zatím jen v tomto prohlížeči")
    expect(warning).to_be_visible()
    desk_stats = stats_text(desk)
    four_looks(desk, "devices-warning")
    assert axe_violations(desk) == []
    warning.get_by_role("button", name="Rozumím").click()
    expect(warning).to_have_count(0)
    desk.reload()
    expect(desk.get_by_role("heading", name="Zařízení", exact=True)).to_be_visible()
    expect(warning).to_have_count(0)

    # A transfer code, with its QR code and the time it has left.
    desk.get_by_role("button", name="Přenést na další zařízení").click()
    box = desk.get_by_role("group", name="Kód pro přenos profilu")
    expect(box.get_by_role("img", name=re.compile("QR kód"))).to_be_visible()
    expect(box.get_by_role("timer")).to_contain_text(re.compile(r"Platí ještě (10:00|9:\d\d)"))
    code = box.locator(".transfer-code").inner_text()
    assert CODE.match(code), code
    four_looks(desk, "devices-transfer", full_page=True)

    # The phone: the code, typed in lower case; the same profile and statistics.
    phone = browsers(**PHONE)
    sign_in_with_code(phone, code.lower())
    said(phone, "Profil „Cestovatelka“ je v tomto prohlížeči a je vybraný.")
    expect(phone.get_by_role("heading", name="Cestovatelka", level=2)).to_be_visible()
    assert stats_text(phone) == desk_stats
    # The desktop sees the phone arrive, and its code is gone.
    said(desk, "Hotovo: profil je teď i na zařízení „Chrome, Android“.")
    expect(box).to_have_count(0)
    devices = phone.locator(".devices .device-list li")
    expect(devices).to_have_count(2)
    expect(devices.filter(has_text="toto zařízení")).to_contain_text("Chrome, Android")
    expect(devices.filter(has_text="Chrome, Linux")).to_have_count(1)
    four_looks(phone, "devices-phone", full_page=True)
    assert axe_violations(phone) == []
    # A third browser opens the QR code's link (the server's tests check that it is this
    # address): the code is filled in, the field focused; used, it is refused in words.
    third = browsers(**DESKTOP)
    third.goto(f"/#/profil/prenos/{code}")
    field = third.get_by_label("Kód", exact=True)
    expect(field).to_have_value(code)
    expect(field).to_be_focused()
    third.get_by_role("button", name="Přihlásit", exact=True).click()
    expect(third.get_by_role("alert").filter(has_text="Tento kód už byl použitý.")).to_be_visible()
    allow_http_errors(console, 410)

    # The phone signs the desktop out: its key stops working.
    devices.filter(has_text="Chrome, Linux").get_by_role("button", name="Odhlásit").click()
    dialog = phone.get_by_role("dialog", name="Odhlásit zařízení?")
    dialog.get_by_role("button", name="Odhlásit").click()
    said(phone, "Zařízení „Chrome, Linux“ je odhlášené.")
    expect(devices).to_have_count(1)
    assert httpx.get(f"{app_server.http}/api/profiles/me",
                     headers=bearer(stored_key(desk))).status_code == 403

    # A passkey made on the phone; the third browser has it too (as a synced password
    # manager would) and signs in with it.
    phone_cdp, phone_auth = authenticator(phone)
    phone.get_by_role("button", name="Přidat přístupový klíč").click()
    said(phone, "Přístupový klíč je přidaný.")
    expect(phone.locator(".passkeys .device-list li")).to_contain_text("Chrome, Android")
    (credential,) = phone_cdp.send("WebAuthn.getCredentials",
                                   {"authenticatorId": phone_auth})["credentials"]
    third_cdp, third_auth = authenticator(third)
    third_cdp.send("WebAuthn.addCredential", {"authenticatorId": third_auth,
                                              "credential": credential})
    third.get_by_role("button", name="Přihlásit přístupovým klíčem").click()
    said(third, "Profil „Cestovatelka“ je v tomto prohlížeči a je vybraný.")
    assert stats_text(third) == desk_stats

    # A recovery code, shown once; a fourth browser comes in with it.
    phone.get_by_role("button", name="Vytvořit kód pro obnovení").click()
    recovery = phone.locator(".recovery-box .transfer-code").inner_text()
    assert CODE.match(recovery) and len(recovery) == 19, recovery
    four_looks(phone, "devices-recovery", full_page=True)
    phone.get_by_role("button", name="Mám ho uložený").click()
    expect(phone.get_by_text("Kód pro obnovení máš.")).to_be_visible()
    fourth = browsers(**PHONE)
    sign_in_with_code(fourth, recovery)
    expect(fourth.get_by_role("heading", name="Cestovatelka", level=2)).to_be_visible()
    screenshot(fourth, "devices-recovered-phone")


def test_a_hidden_nickname_is_explained_once(browsers: Callable[..., Page],
                                             app_server: LiveServer) -> None:
    """A moderator hides a nickname (`klubovna admin hide`): the profile page says why, under
    the new name, until the person has read it."""
    page = browsers(**DESKTOP)
    create_profile(page, "Hrubián")
    hidden = admin(app_server, "hide", "Hrubián", "--reason", "hrubá přezdívka")
    assert hidden.returncode == 0, hidden.stdout + hidden.stderr
    page.reload()
    alert = page.get_by_role("alert").filter(has_text="Tvoje přezdívka byla skryta")
    expect(alert).to_contain_text("Důvod: hrubá přezdívka")
    expect(page.get_by_role("heading", level=2, name=re.compile(r"^Hráč \d+$"))).to_be_visible()
    screenshot(page, "moderation-hidden")
    alert.get_by_role("button", name="Rozumím").click()
    expect(alert).to_have_count(0)
    page.reload()
    expect(page.get_by_role("heading", level=2, name=re.compile(r"^Hráč \d+$"))).to_be_visible()
    expect(alert).to_have_count(0)


def test_passkeys_at_an_ip_address_point_to_the_name(page: Page) -> None:
    """WebAuthn refuses an IP address: at 127.0.0.1 the page says so and links the same page
    at localhost instead of offering a passkey that would fail."""
    create_profile(page, "Na Adrese")
    panel = page.get_by_role("region", name="Přístupové klíče")
    expect(panel).to_contain_text("fungují jen na adrese se jménem")
    expect(panel.get_by_role("button", name="Přidat přístupový klíč")).to_have_count(0)
    link = panel.get_by_role("link", name="Otevřít Klubovnu jako localhost")
    expect(link).to_have_attribute("href", re.compile(r"^http://localhost:\d+/#/profil$"))
    expect(page.get_by_role("button", name="Přihlásit přístupovým klíčem")).to_have_count(0)

"""The daily challenge in the browser against the real server: one recorded attempt (after
the publishing question), its score, rank of the day, streak and share text (through the
clipboard), the record and the table of the day; a second attempt from another tab gets
"already played" and plays the day's deck again unrecorded. Without a profile, storage or
the server the page says so. Screenshots at 360 and 1100 px and axe."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from klubovna.server.calendar import day_start_ms
from tests.server.live import LiveServer, free_port
from tests.web.conftest import ConsoleWatch, Profiles, axe_violations, people_on, screenshot
from tests.web.test_profile import allow_http_errors, create_profile, play_to_end

DAILY = "/#/matematicky-poker/denni-vyzva"
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


def points(n: int) -> str:
    return f"{n} bod" if n == 1 else f"{n} body" if 2 <= n <= 4 else f"{n} bodů"


def noon_server(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[LiveServer]:
    """A server of the module's own, its clock moved on to noon (Prague) of the next day: an
    attempt and the day's page then fall on one day whenever the test runs (a run across
    Prague's midnight found the next day's page, without its attempt). The attempts stay off
    the shared server's table of the day too."""
    live = LiveServer(tmp_path_factory.mktemp(name), free_port())
    live.start()
    today = date.fromisoformat(httpx.get(f"{live.http}/api/daily", timeout=10).json()["date"])
    live.skip_to(day_start_ms(today + timedelta(days=1)) + 12 * 3600_000)
    yield live
    live.stop()


def page_on(profiles: Profiles, server: LiveServer, console: ConsoleWatch) -> Iterator[Page]:
    """A page in a fresh browser context on `server` (tests/web/conftest.py's `page`)."""
    people = people_on(profiles, server, console)
    yield next(people)()
    next(people, None)


@pytest.fixture(scope="module")
def day_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from noon_server(tmp_path_factory, "daily")


@pytest.fixture
def day_page(profiles: Profiles, day_server: LiveServer,
             console: ConsoleWatch) -> Iterator[Page]:
    yield from page_on(profiles, day_server, console)


def test_daily_challenge(day_page: Page, console: ConsoleWatch) -> None:
    """What the page says without a profile, storage or the server, then, storage on again,
    the day's attempt: one browser (a browser each cost a context, its page loads and its
    engine preload)."""
    page, context = day_page, day_page.context
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHARE_SHEET)  # the clipboard path, as on most desktops
    daily_needs_a_profile_storage_and_the_server(context, page, console)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto("/#/profil")
    page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči").check()
    daily_challenge_once_then_share_and_replay(context, page, console)


def daily_challenge_once_then_share_and_replay(
    context: BrowserContext, page: Page, console: ConsoleWatch
) -> None:
    create_profile(page, "Dana")
    page.goto(DAILY)
    expect(page.get_by_role("heading", name="Denní výzva", level=1)).to_be_visible()
    date = re.compile(r"^Výzva na den \d{1,2}\. \d{1,2}\. \d{4}$")
    expect(page.get_by_text(date)).to_be_visible()
    expect(page.get_by_text("Dnes ho zatím nikdo nemá.")).to_be_visible()
    expect(page.get_by_text("Hraješ jako „Dana“.")).to_be_visible()
    screenshot(page, "daily-before-1100")
    assert axe_violations(page) == []

    # Another tab, opened before the attempt: it still offers to play.
    other = context.new_page()
    other.goto(DAILY)
    expect(other.get_by_role("button", name="Hrát denní výzvu")).to_be_visible()

    page.bring_to_front()  # a background tab's timers are throttled
    page.get_by_role("button", name="Hrát denní výzvu").click()
    page.get_by_role("dialog", name="Smí se výsledek zveřejnit?").get_by_role(
        "button", name="Ano, zveřejnit").click()
    expect(page.locator(".mp-board")).to_be_visible()
    expect(page.get_by_text("Denní výzva · Lehká · Matematický poker – vedle sebe")).to_be_visible()
    expect(page.locator(".mp-eye")).to_have_count(0)
    expect(page.locator(".mp-cell-gain")).to_have_count(0)
    total = play_to_end(page)
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Pokus se zapsal.")
    end.get_by_role("button", name="Výsledek dne").click()

    expect(page.locator('[data-stat="score"] dd')).to_have_text(points(total))
    expect(page.locator('[data-stat="rank"] dd')).to_have_text("1. místo")
    expect(page.locator('[data-stat="streak"] dd')).to_have_text("1 den 🔥")
    expect(page.locator(".daily-record")).to_have_attribute("data-record", str(total))
    expect(page.locator(".daily-record")).to_contain_text("Dana")
    row = page.locator("table.results tbody tr", has=page.get_by_role("rowheader", name="Dana"))
    expect(row.locator("td[data-score]")).to_have_text(str(total))
    expect(page.get_by_role("button", name="Hrát denní výzvu")).to_have_count(0)

    share_text = page.locator("[data-share-text]")
    url = re.escape(page.evaluate("location.origin") + DAILY)
    expect(share_text).to_have_text(re.compile(
        r"^Matematický poker – Denní výzva \d{1,2}\. \d{1,2}\. \d{4}: "
        + re.escape(points(total)) + r", 1\. místo dne, série 1 den 🔥 " + url + "$"
    ))
    page.get_by_role("button", name="Sdílet").click()
    expect(page.get_by_role("status").filter(has_text="Zkopírováno")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == share_text.inner_text()
    screenshot(page, "daily-played-1100")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 800})
    screenshot(page, "daily-played-360")
    assert axe_violations(page) == []

    # The other tab's attempt: already played, so the deck again without recording.
    other.bring_to_front()
    other.get_by_role("button", name="Hrát denní výzvu").click()
    expect(other.get_by_role("status").filter(has_text="vyčerpaný")).to_have_text(
        "Dnešní pokus už je vyčerpaný. Týž balíček jde dohrát znovu bez záznamu."
    )
    allow_http_errors(console, 409)
    other.get_by_role("button", name="Hrát znovu bez záznamu").click()
    expect(other.locator(".mp-board")).to_be_visible()
    expect(other.locator(".mp-eye")).to_have_count(0)
    play_to_end(other, pause_ms=0)
    replay_end = other.get_by_role("dialog", name="Konec hry")
    expect(replay_end).to_contain_text("Opakování denní výzvy se nikam nezapsalo.")
    replay_end.get_by_role("button", name="Výsledek dne").click()
    expect(other.locator('[data-stat="score"] dd')).to_have_text(points(total))
    expect(other.locator('[data-stat="streak"] dd')).to_have_text("1 den 🔥")
    other.close()


def daily_needs_a_profile_storage_and_the_server(
    context: BrowserContext, page: Page, console: ConsoleWatch
) -> None:
    page.goto(DAILY)
    expect(page.get_by_text("Výzva potřebuje profil.")).to_be_visible()
    expect(page.get_by_role("link", name="Přejít na profil")).to_have_attribute("href", "#/profil")
    expect(page.get_by_role("button", name="Hrát denní výzvu")).to_have_count(0)
    # Storage off: the challenge explains why it needs it.
    page.goto("/#/profil")
    page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči").uncheck()
    page.goto(DAILY)
    needs = page.get_by_text("Výzva potřebuje zapnuté ukládání v nastavení soukromí.")
    expect(needs).to_be_visible()
    assert axe_violations(page) == []
    # Offline: says it needs the server, and comes back when it is there again.
    context.set_offline(True)
    page.goto("/#/")
    # The home page shown, so the challenge's page mounts again and asks the server anew:
    # two hash changes in a row may render only the last (the page would stay mounted).
    expect(page.locator(".games")).to_be_visible()
    page.goto(DAILY)
    expect(page.get_by_text("Denní výzva potřebuje připojení k serveru.")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "daily-offline-360")
    context.set_offline(False)
    page.get_by_role("button", name="Zkusit znovu").click()
    expect(page.get_by_role("heading", name="Rekord dne")).to_be_visible()
    console.errors = [e for e in console.errors if "ERR_INTERNET_DISCONNECTED" not in e]

"""The daily challenge's end (issue 12, "Players" 6): the end dialog of the recorded attempt
has the share button (the same text as the challenge's page: score, rank of the day,
streak); a replay is labelled as the unrecorded replay it is in the game's header, in its
end dialog and on the challenge's page. Screenshots at 390 and 1280 px, light and dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

import httpx
import pytest
from playwright.sync_api import Page, expect

from klubovna.server.calendar import day_start_ms
from tests.server.live import LiveServer
from tests.web.conftest import ConsoleWatch, Profiles, axe_violations
from tests.web.shots import four_looks
from tests.web.test_daily import DAILY, NO_SHARE_SHEET, noon_server, page_on, points
from tests.web.test_profile import allow_http_errors, create_profile, play_to_end

REPLAY = "Opakování – nezapočítává se"


def begin_the_attempt(page: Page, nickname: str) -> None:
    """A new profile's recorded attempt of the day, begun."""
    create_profile(page, nickname)
    page.goto(DAILY)
    page.get_by_role("button", name="Hrát denní výzvu").click()
    page.get_by_role("dialog", name="Smí se výsledek zveřejnit?").get_by_role(
        "button", name="Ano, zveřejnit").click()
    expect(page.locator(".mp-board")).to_be_visible()
    expect(page.locator(".mp-info")).not_to_contain_text(REPLAY)


def play_the_attempt(page: Page, nickname: str) -> int:
    """A new profile's recorded attempt of the day, to its end dialog; returns the total."""
    begin_the_attempt(page, nickname)
    return play_to_end(page, pause_ms=130)


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of the module's own at noon (test_daily.noon_server); its clock may skip a
    day. (One for both tests: a server's start is ~1-2 CPU-s; the midnight test moves to a
    day of its own.)"""
    yield from noon_server(tmp_path_factory, "daily-end")


@pytest.fixture
def own_page(profiles: Profiles, own_server: LiveServer,
             console: ConsoleWatch) -> Iterator[Page]:
    yield from page_on(profiles, own_server, console)


def test_the_attempt_shares_its_result_and_a_replay_says_it_is_not_counted(
    own_page: Page, console: ConsoleWatch
) -> None:
    # One attempt for both: the end dialog's share, then the replay from the day's page.
    page, context = own_page, own_page.context
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHARE_SHEET)
    total = play_the_attempt(page, "Ema")

    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Pokus se zapsal.")
    expect(end).not_to_contain_text(REPLAY)
    share = end.get_by_role("button", name="Sdílet")
    expect(share).to_be_enabled()
    text = re.compile(r"^Matematický poker – Denní výzva \d{1,2}\. \d{1,2}\. \d{4}: "
                      + re.escape(points(total)) + r", \d+\. místo dne, série 1 den 🔥 ")
    expect(share).to_have_attribute("data-share-text", text)
    four_looks(page, "daily-end-share", full_page=True)
    assert axe_violations(page) == []
    share.click()
    expect(end.get_by_role("status").filter(has_text="Zkopírováno")).to_be_visible()
    assert re.match(text, page.evaluate("navigator.clipboard.readText()"))

    end.get_by_role("button", name="Výsledek dne").click()
    # The day's page offers the replay as what it is, and the replay says so throughout.
    expect(page.locator(".daily-replay-note")).to_contain_text(REPLAY)
    page.get_by_role("button", name="Hrát znovu bez záznamu").click()
    allow_http_errors(console, 409)
    expect(page.locator(".mp-board")).to_be_visible()
    expect(page.locator(".mp-info")).to_contain_text(f"Denní výzva · {REPLAY} · Lehká")
    four_looks(page, "daily-replay-playing", full_page=True)
    page.reload()  # the label stays with the game
    expect(page.locator(".mp-info")).to_contain_text(REPLAY)
    play_to_end(page, pause_ms=0)
    replay_end = page.get_by_role("dialog", name="Konec hry")
    expect(replay_end).to_contain_text(f"{REPLAY}. Opakování denní výzvy se nikam nezapsalo.")
    expect(replay_end.get_by_role("button", name="Sdílet")).to_have_count(0)
    four_looks(page, "daily-replay-end", full_page=True)
    assert axe_violations(page) == []


def test_an_attempt_finished_after_midnight_shares_the_day_it_was_dealt(
    own_server: LiveServer, own_page: Page
) -> None:
    page = own_page
    page.add_init_script(NO_SHARE_SHEET)
    # A day nobody has played yet on this server (the other test's attempt may be on today's).
    today = date.fromisoformat(httpx.get(f"{own_server.http}/api/daily", timeout=10).json()["date"])
    own_server.skip_to(day_start_ms(today + timedelta(days=1)))
    begin_the_attempt(page, "Sova")
    dealt = date.fromisoformat(httpx.get(f"{own_server.http}/api/daily", timeout=10).json()["date"])
    assert dealt == today + timedelta(days=1), dealt
    own_server.skip_to(day_start_ms(dealt + timedelta(days=1)))  # Prague midnight strikes
    total = play_to_end(page, pause_ms=130)

    share = page.get_by_role("dialog", name="Konec hry").get_by_role("button", name="Sdílet")
    expect(share).to_be_enabled()
    expect(share).to_have_attribute("data-share-text", re.compile(
        rf"^Matematický poker – Denní výzva {dealt.day}\. {dealt.month}\. {dealt.year}: "
        + re.escape(points(total)) + r", 1\. místo dne, série 1 den 🔥 "))

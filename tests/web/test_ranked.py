"""Ranked games ("Hra o žebříček") in the browser against the real server: the publishing
question before the first one, a whole game with no points preview, the result on today's
leaderboard (or not, without consent), deleting the profile takes it off; no local fallback
without a server. The leaderboard page: tabs, filter, screenshots at 360 and 1100 px, axe."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.web.conftest import ConsoleWatch, axe_violations, screenshot
from tests.web.shots import four_looks
from tests.web.test_profile import allow_http_errors, create_profile, play_to_end

# Ranked games are played on the server; and an engine preloading while a test goes offline
# failed its fetch as an uncaught page error under load (conftest.SAVE_DATA).
ENGINE_PRELOAD = False


def start_ranked(page: Page) -> None:
    """From the setup opened on the ranked game (#/matematicky-poker?hra=zebricek)."""
    page.goto("/#/matematicky-poker?hra=zebricek")
    expect(page.get_by_role("radio", name=re.compile("^Hra o žebříček"))).to_be_checked()
    page.get_by_role("button", name="Start", exact=True).click()


def board_row(page: Page, nickname: str) -> Locator:
    return page.locator("table.results tbody tr", has=page.get_by_role("rowheader", name=nickname))


def test_ranked_games_with_and_without_consent(page: Page) -> None:
    """Two people's profiles in one browser, one after the other: Eva says yes (and deletes
    her profile after), Bedřich says no (a browser each cost a context, its page loads and
    its engine preload). Bedřich's is last: it leaves a ranked game running."""
    ranked_game_with_consent_reaches_the_leaderboard(page)
    consent_no_keeps_the_result_off_the_leaderboard(page)


def ranked_game_with_consent_reaches_the_leaderboard(page: Page) -> None:
    create_profile(page, "Eva")
    start_ranked(page)
    consent = page.get_by_role("dialog", name="Smí se výsledek zveřejnit?")
    expect(consent).to_contain_text("přezdívka, skóre, obtížnost a čas partie")
    screenshot(page, "consent-1100")
    assert axe_violations(page) == []
    consent.get_by_role("button", name="Ano, zveřejnit").click()
    expect(page.locator(".mp-board")).to_be_visible()
    info = "Hra o žebříček · Lehká · Matematický poker – vedle sebe"
    expect(page.get_by_text(info)).to_be_visible()
    # No preview in a ranked game: no eye button, no gains on the cells.
    expect(page.locator(".mp-eye")).to_have_count(0)
    expect(page.locator(".mp-cell-gain")).to_have_count(0)
    # Clicks as fast as the board allows: a too_fast refusal is retried by the page itself.
    total = play_to_end(page, pause_ms=0)
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Hra se zapsala na server. Výsledek je ve veřejném žebříčku.")
    expect(page.locator(".mp-error")).to_be_empty()
    end.get_by_role("link", name="Žebříček").click()

    expect(page.get_by_role("heading", name="Žebříček", level=1)).to_be_visible()
    expect(page.get_by_role("tab", name="Dnes")).to_have_attribute("aria-selected", "true")
    row = board_row(page, "Eva")
    expect(row).to_be_visible()
    expect(row.locator("td[data-score]")).to_have_text(str(total))
    expect(row).to_contain_text("Lehká")
    expect(row).to_contain_text("(ty)")
    prague_time = re.compile(r"\d{1,2}\. \d{1,2}\. \d{4}\s*\d{2}:\d{2}")
    expect(row.locator("td.when")).to_have_text(prague_time)
    # Filters and periods: hard has no entry, every period holds today's.
    page.get_by_role("button", name="Těžká").click()
    expect(page.get_by_text("Zatím tu nikdo není.")).to_be_visible()
    page.get_by_role("button", name="Lehká").click()
    expect(row).to_be_visible()
    page.get_by_role("tab", name="Dnes").focus()
    page.keyboard.press("End")  # the tabs move with the keyboard
    expect(page.get_by_role("tab", name="Celkem")).to_be_focused()
    expect(page.get_by_role("tab", name="Celkem")).to_have_attribute("aria-selected", "true")
    expect(row).to_be_visible()
    screenshot(page, "board-1100")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 800})
    screenshot(page, "board-360")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 1100, "height": 900})

    # Deleting the profile removes its public entries too.
    page.goto("/#/profil")
    page.get_by_role("button", name="Smazat profil").click()
    confirm = page.get_by_role("dialog", name="Smazat profil?")
    confirm.get_by_role("button", name="Smazat profil").click()
    expect(page.get_by_role("status").filter(has_text="je smazaný")).to_be_visible()
    page.goto("/#/matematicky-poker/zebricek")
    expect(page.locator(".board-page .status-line")).not_to_have_text("Načítám žebříček…")
    expect(board_row(page, "Eva")).to_have_count(0)


def consent_no_keeps_the_result_off_the_leaderboard(page: Page) -> None:
    create_profile(page, "Bedřich")
    start_ranked(page)
    page.get_by_role("dialog", name="Smí se výsledek zveřejnit?").get_by_role(
        "button", name="Ne, nezveřejňovat").click()
    expect(page.locator(".mp-board")).to_be_visible()
    play_to_end(page)
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Výsledek se nezveřejnil")
    end.get_by_role("link", name="Žebříček").click()
    expect(page.locator(".board-page .status-line")).not_to_have_text("Načítám žebříček…")
    expect(board_row(page, "Bedřich")).to_have_count(0)
    # The answer is remembered: the next ranked game does not ask again.
    start_ranked(page)
    expect(page.locator(".mp-board")).to_be_visible()
    expect(page.get_by_role("dialog", name="Smí se výsledek zveřejnit?")).to_have_count(0)
    page.goto("/#/profil")
    expect(page.get_by_role("switch", name="Zveřejňovat výsledky")).not_to_be_checked()


def test_ranked_needs_a_profile_and_the_server(
    context: BrowserContext, page: Page, console: ConsoleWatch
) -> None:
    page.goto("/#/matematicky-poker")
    page.get_by_role("radio", name=re.compile("^Hra o žebříček")).check()
    note = page.get_by_text("Hra o žebříček potřebuje profil se zapnutým ukládáním.")
    expect(note).to_be_visible()
    expect(page.get_by_text("Hra o žebříček se hraje s výchozí tabulkou")).to_be_visible()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".mp-board")).to_have_count(0)
    # Start says why and offers a profile right there; "Teď ne" goes back to the setup.
    why = page.get_by_role("dialog", name="Hra o žebříček potřebuje profil")
    expect(why).to_contain_text("Výsledek jde do veřejného žebříčku pod přezdívkou")
    expect(why.get_by_label("Přezdívka nového profilu")).to_be_focused()
    expect(why.get_by_role("link", name="Přejít na profil")).to_have_attribute("href", "#/profil")
    why.get_by_role("button", name="Teď ne").click()
    expect(why).to_have_count(0)
    screenshot(page, "ranked-setup-1100")
    assert axe_violations(page) == []

    # With a profile but no server: it says so and never plays a local game instead.
    create_profile(page, "Cyril")
    page.goto("/#/matematicky-poker?hra=zebricek")
    expect(page.get_by_role("heading", name="Matematický poker", level=1)).to_be_visible()
    context.set_offline(True)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="potřebuje připojení")).to_have_text(
        "Hra o žebříček potřebuje připojení k serveru. Bez připojení nejede."
    )
    expect(page.locator(".mp-board")).to_have_count(0)
    page.goto("/#/matematicky-poker/zebricek")
    expect(page.get_by_text("Žebříček potřebuje připojení k serveru.")).to_be_visible()
    context.set_offline(False)
    page.get_by_role("button", name="Zkusit znovu").click()
    expect(page.get_by_role("tablist")).to_be_visible()
    expect(page.get_by_text("Žebříček potřebuje připojení k serveru.")).to_have_count(0)
    console.errors = [e for e in console.errors if "ERR_INTERNET_DISCONNECTED" not in e]
    allow_http_errors(console)


def test_ranked_start_without_a_profile_creates_one_and_plays(page: Page) -> None:
    start_ranked(page)
    why = page.get_by_role("dialog", name="Hra o žebříček potřebuje profil")
    expect(why).to_be_visible()
    four_looks(page, "mp-ranked-needs-profile")
    assert axe_violations(page) == []
    name = why.get_by_label("Přezdívka nového profilu")
    name.fill("Xx" * 13)  # 26 characters: refused with words, nothing created
    expect(why.get_by_role("alert")).to_have_text(
        "Přezdívka může mít nejvýš 24 znaků, tahle má 26.")
    why.get_by_role("button", name="Založit profil a hrát").click()
    expect(why).to_be_visible()
    name.fill("Rita")
    why.get_by_role("button", name="Založit profil a hrát").click()
    # The profile exists and is selected; the ranked start goes on (the publishing question).
    expect(why).to_have_count(0)
    expect(page.locator(".top").get_by_text("Rita", exact=True)).to_be_visible()
    page.get_by_role("dialog", name="Smí se výsledek zveřejnit?").get_by_role(
        "button", name="Ano, zveřejnit").click()
    expect(page.locator(".mp-board")).to_be_visible()
    expect(page.get_by_text(re.compile("^Hra o žebříček · Lehká"))).to_be_visible()

"""Profiles in the browser against the real server: create (several, select), the header
chip, a recorded solo game in the statistics, download, reset, rename, the storage switch,
delete; the privacy page. Screenshots at 360 and 1100 px and axe on each page.

The helpers here (profile creation, playing a whole game) serve test_ranked.py and
test_daily.py too."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import ConsoleWatch, axe_violations, screenshot
from tests.web.shots import four_looks

PAUSE_MS = 150
"""A recorded game refuses a placement < 120 ms after its draw (too_fast): wait this long."""


def create_profile(page: Page, nickname: str) -> None:
    """Create a profile on #/profil; it becomes the selected one."""
    page.goto("/#/profil")
    page.get_by_label("Přezdívka", exact=True).fill(nickname)
    page.get_by_role("button", name="Založit profil").click()
    expect(page.get_by_role("status").filter(has_text="je založený a vybraný")).to_have_text(
        f"Profil „{nickname}“ je založený a vybraný."
    )


NEXT_STEP = """after => {
  // The last click's answer first: its cell filled, or the kept jokers one more.
  if (after.cell !== undefined
      && !document.querySelector(`.mp-cell[data-cell="${after.cell}"].filled`)) return null;
  const kept = () =>
    Number(document.querySelector('.mp-kept')?.textContent.replace(/\\D/g, '') || 0);
  if (after.kept !== undefined && kept() !== after.kept) return null;
  const end = document.querySelector('dialog.mp-end[open] .mp-end-total');
  if (end) return { end: Number(end.dataset.total ?? -1) };
  if (document.querySelector('dialog.mp-joker-dialog[open]')) return { joker: kept() };
  const ready = document.querySelector('.mp-cell.ready');
  return ready ? { cell: ready.dataset.cell } : null;
}"""
"""play_to_end's wait: what the page shows next, once the last move's answer is there."""


def play_to_end(page: Page, pause_ms: int = PAUSE_MS) -> int:
    """Play the running game to its end dialog: every number into the first empty cell,
    every joker kept. Waits `pause_ms` before each placement. Returns the total.
    One wait a move reads what the page shows (a loop of small Playwright calls cost CPU
    at every turn); the clicks are real clicks."""
    joker = page.locator("dialog.mp-joker-dialog[open]").get_by_role("button", name="Uschovat")
    after: dict[str, Any] = {}
    for _ in range(80):
        step = page.wait_for_function(NEXT_STEP, arg=after).json_value()
        if "end" in step:
            total: int = step["end"]
            return total
        if "joker" in step:
            joker.click()
            after = {"kept": step["joker"] + 1}
            continue
        if pause_ms:
            page.wait_for_timeout(pause_ms)
        page.locator(f'.mp-cell[data-cell="{step["cell"]}"]').click()
        after = {"cell": step["cell"]}
    raise AssertionError("the game did not end")


def allow_http_errors(console: ConsoleWatch, *statuses: int) -> None:
    """Chromium logs every API answer with an error status (a 409 the page expects, say)
    as a console error; drop those of `statuses`, keep any other error."""
    wanted = tuple(f"status of {status}" for status in statuses)
    console.errors = [e for e in console.errors if not any(w in e for w in wanted)]


def stat(page: Page, name: str) -> str:
    return page.locator(f'.stat[data-stat="{name}"] dd').inner_text()


def test_profiles_statistics_download_reset_storage_and_delete(
    page: Page, console: ConsoleWatch
) -> None:
    page.goto("/#/profil")
    expect(page.get_by_role("heading", name="Profil a statistiky", level=1)).to_be_visible()
    chip = page.locator(".profile-chip")
    expect(chip).to_have_text("Profil")
    expect(page.get_by_text("V tomto prohlížeči zatím žádný profil není.")).to_be_visible()
    expect(page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči")).to_be_checked()
    screenshot(page, "profile-empty-1100")
    assert axe_violations(page) == []

    # A nickname is checked by the server's rules; the refusal is shown next to the field.
    page.get_by_label("Přezdívka", exact=True).fill("<b>x</b>")
    page.get_by_role("button", name="Založit profil").click()
    expect(page.get_by_role("alert")).to_contain_text("Znak „<“ (U+003C) v přezdívce být nemůže.")
    expect(page.get_by_label("Přezdívka", exact=True)).to_have_attribute("aria-invalid", "true")

    create_profile(page, "Šárka")
    expect(chip).to_contain_text("Šárka")
    expect(chip).to_have_attribute("href", "#/profil")
    stored = page.evaluate("JSON.parse(localStorage.getItem('klubovna.profiles'))")
    assert [p["nickname"] for p in stored] == ["Šárka"] and len(stored[0]["key"]) > 30
    assert page.evaluate("localStorage.getItem('klubovna.profile')") == stored[0]["id"]
    expect(page.locator('.stat[data-stat="completed"] dd')).to_have_text("0 z 0")
    assert stat(page, "best") == "–"
    assert stat(page, "fastest") == "–"
    assert stat(page, "duels") == "výhry 0 · prohry 0 · remízy 0"
    assert stat(page, "streak") == "0 (nejlepší 0)"
    expect(page.get_by_role("switch", name="Zveřejňovat výsledky")).not_to_be_checked()
    expect(page.get_by_text("Zatím nerozhodnuto")).to_be_visible()

    # A solo server game with the profile selected is recorded in its statistics.
    page.goto("/#/matematicky-poker")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".mp-eye")).to_be_visible()  # a free game keeps its preview
    total = play_to_end(page)
    expect(page.get_by_role("dialog", name="Konec hry")).to_contain_text(
        "Hra se zapsala na server. Započítala se do statistik profilu."
    )
    page.goto("/#/profil")
    expect(page.locator('.stat[data-stat="completed"] dd')).to_have_text("1 z 1")
    assert stat(page, "best") == str(total)
    assert stat(page, "easy") == str(total)
    assert stat(page, "hard") == "–"
    assert re.fullmatch(r"\d\d+:\d\d", stat(page, "fastest"))

    # Several profiles in one browser: create another, select the first again.
    create_profile(page, "Adam 2")
    expect(chip).to_contain_text("Adam 2")
    page.get_by_role("radio", name="Šárka").check()
    expect(chip).to_contain_text("Šárka")
    expect(page.locator('.stat[data-stat="completed"] dd')).to_have_text("1 z 1")

    # Consent switched here; rename.
    page.get_by_role("switch", name="Zveřejňovat výsledky").check()
    expect(page.get_by_role("status").filter(has_text="zveřejňovat")).to_have_text(
        "Výsledky se budou zveřejňovat."
    )
    page.get_by_label("Nová přezdívka").fill("Šárka N.")
    page.get_by_role("button", name="Přejmenovat").click()
    expect(page.get_by_role("heading", name="Šárka N.", level=2)).to_be_visible()
    expect(chip).to_contain_text("Šárka N.")
    page.get_by_label("Nová přezdívka").fill("adam 2")
    page.get_by_role("button", name="Přejmenovat").click()
    expect(page.locator("#profile-rename-error")).to_have_text("Tuhle přezdívku už někdo má.")
    expect(page.get_by_label("Nová přezdívka")).to_have_attribute("aria-invalid", "true")
    allow_http_errors(console, 409, 422)

    screenshot(page, "profile-stats-1100")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 800})
    screenshot(page, "profile-stats-360")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 1100, "height": 900})

    # Download: everything the server stores, as a JSON file.
    with page.expect_download() as download:
        page.get_by_role("button", name="Stáhnout statistiky (JSON)").click()
    exported = json.loads(download.value.path().read_text())
    assert "Šárka N." in json.dumps(exported, ensure_ascii=False)
    assert download.value.suggested_filename.endswith(".json")

    # Reset, confirmed: the statistics start from zero.
    page.get_by_role("button", name="Vynulovat statistiky").click()
    confirm = page.get_by_role("dialog", name="Vynulovat statistiky?")
    expect(confirm.get_by_role("button", name="Zrušit")).to_be_focused()
    screenshot(page, "profile-reset-confirm-1100")
    confirm.get_by_role("button", name="Vynulovat statistiky").click()
    expect(confirm).to_be_hidden()
    expect(page.locator('.stat[data-stat="completed"] dd')).to_have_text("0 z 0")
    assert stat(page, "best") == "–"

    # Storage off: no key stays in localStorage, the header says just "Profil".
    page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči").click()  # asks first
    ask = page.get_by_role("dialog", name="Vypnout ukládání?")
    ask.get_by_role("button", name="Vypnout ukládání").click()
    expect(page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči")).not_to_be_checked()
    expect(chip).to_have_text("Profil")
    assert page.evaluate("localStorage.getItem('klubovna.profiles')") is None
    assert page.evaluate("localStorage.getItem('klubovna.storage')") == "off"
    expect(page.get_by_role("radio")).to_have_count(0)
    screenshot(page, "profile-storage-off-1100")
    # On again (same visit): a profile has to be selected again.
    page.get_by_role("switch", name="Ukládat profil v tomto prohlížeči").check()
    expect(chip).to_have_text("Profil")
    page.get_by_role("radio", name="Šárka N.").check()
    expect(chip).to_contain_text("Šárka N.")

    # Delete, confirmed: gone from the server and from this browser.
    page.get_by_role("button", name="Smazat profil").click()
    page.get_by_role("dialog", name="Smazat profil?").get_by_role(
        "button", name="Smazat profil").click()
    expect(page.get_by_role("status").filter(has_text="je smazaný")).to_have_text(
        "Profil „Šárka N.“ je smazaný."
    )
    expect(page.get_by_role("radio", name="Šárka N.")).to_have_count(0)
    stored = page.evaluate("JSON.parse(localStorage.getItem('klubovna.profiles'))")
    assert [p["nickname"] for p in stored] == ["Adam 2"]

    # English has the same page.
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Profile and statistics", level=1)).to_be_visible()


def test_a_nickname_longer_than_24_is_refused_then_the_privacy_page(page: Page) -> None:
    """Two checks on one page (each paid a context and a page load of its own): a
    nickname too long is refused with its words whole; the privacy page from home and
    from the profile."""
    page.goto("/#/profil")
    field = page.get_by_label("Přezdívka", exact=True)
    long = "Bartoloměj Dlouhý z Lomnice"  # 27 characters
    field.fill(long)
    expect(field).to_have_value(long)  # nothing cut off while typing
    error = page.locator("#profile-new-error")
    expect(error).to_have_text("Přezdívka může mít nejvýš 24 znaků, tahle má 27.")
    expect(field).to_have_attribute("aria-invalid", "true")
    four_looks(page, "profile-nickname-too-long")
    page.get_by_role("button", name="Založit profil").click()
    expect(page.get_by_text("V tomto prohlížeči zatím žádný profil není.")).to_be_visible()
    assert page.evaluate("localStorage.getItem('klubovna.profiles')") in (None, "[]")
    # Spaces count as the server counts them (trimmed, runs as one): 24 is fine.
    field.fill("  Bartoloměj   z Lomnice   ")
    expect(error).to_be_empty()
    field.fill("Bartoloměj z Lomnice")
    page.get_by_role("button", name="Založit profil").click()
    expect(page.locator(".profile-chip")).to_contain_text("Bartoloměj z Lomnice")
    # Renaming says the same.
    rename = page.get_by_label("Nová přezdívka")
    rename.fill(long + "!")
    expect(rename).to_have_value(long + "!")
    expect(page.locator("#profile-rename-error")).to_have_text(
        "Přezdívka může mít nejvýš 24 znaků, tahle má 28.")
    page.get_by_role("button", name="Přejmenovat").click()
    expect(page.locator(".profile-chip")).to_contain_text("Bartoloměj z Lomnice")

    # The privacy page from home and from the profile (home in the same document: "#/").
    page.goto("/#/")
    page.locator(".home-foot").get_by_role("link", name="Zásady").click()
    expect(page.get_by_role("heading", name="Zásady", level=1)).to_be_visible()
    for heading in ("Co ukládáme", "Kde", "Co je veřejné", "Jak dlouho", "Jak to smazat"):
        expect(page.get_by_role("heading", name=heading, level=2)).to_be_visible()
    nothing_else = "Žádný e‑mail, žádné heslo a k výsledkům žádnou IP adresu."
    expect(page.get_by_text(nothing_else)).to_be_visible()
    screenshot(page, "privacy-1100")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 800})
    screenshot(page, "privacy-360")
    page.get_by_role("link", name="Přejít na profil").click()
    expect(page.get_by_role("heading", name="Profil a statistiky", level=1)).to_be_visible()
    page.get_by_role("link", name="Zásady: co ukládáme a jak to smazat").click()
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Privacy", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="How to delete it", level=2)).to_be_visible()
    assert axe_violations(page) == []

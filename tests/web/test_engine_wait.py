"""A game's start while the engine still loads (issue #34, item 6): under the game's own words
("Rozkládám karty…") the start status says what the engine loads, as the header does
("Načítám Python… 3,1 z 18,6 MB", "Spouštím Python…"), and the table comes once it is up.
The runtime's wasm is held back until the words are seen (no timing)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import (
    DOWNLOAD_SEEN_MS,
    DOWNLOADING,
    TESTS_DIR,
    ConsoleWatch,
    HeldWasm,
    held_engine,
)
from tests.web.shots import four_looks


def test_every_local_game_says_what_the_engine_loads_while_it_deals(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch
) -> None:
    """Locus Poker, Žolíky s kameny and Mathesso one after another in one browser, each a
    page load of its own with its wasm held anew (a context each cost ~1 CPU-s more and a
    cold engine start; here all but the first start from the engine's snapshot)."""
    with held_engine(browser, app_server, console,
                     viewport={"width": 1100, "height": 900}) as (page, wasm):
        locus_poker_says_it(page, wasm)
        for path, button, words, playable in OTHERS:
            wasm = HeldWasm(page.context)  # the newest route takes the next wasm request
            page.goto(f"/{TESTS_DIR}/blank.html")  # a real page load, not a hash change
            page.goto(path)
            page.get_by_role("button", name=button, exact=True).click()
            status = page.locator(".mp-start-status")
            expect(status.locator(".engine-wait"), f"{path}: the engine's words").to_have_text(
                DOWNLOADING, timeout=DOWNLOAD_SEEN_MS)
            expect(status, f"{path}: the game's words").to_contain_text(words)
            wasm.release()
            expect(page.locator(playable).first, f"{path}: playable").to_be_attached(
                timeout=60_000)
    assert console.errors == [], console.errors


def locus_poker_says_it(page: Page, wasm: HeldWasm) -> None:
    page.goto("/#/locus-poker?seed=19&pace=0")
    page.locator(".lp-opponent").first.click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    status = page.locator(".mp-start-status")
    expect(status.locator(".engine-wait")).to_have_text(DOWNLOADING, timeout=DOWNLOAD_SEEN_MS)
    expect(status).to_contain_text("Rozkládám karty…")
    four_looks(page, "lp-engine-wait", full_page=True)
    wasm.release()
    expect(page.locator(".lp-board .lp-card")).to_have_count(30, timeout=60_000)
    expect(page.locator(".engine-wait")).to_have_count(0)


OTHERS = [
    ("/#/zoliky-s-kameny?seed=1", "Začít hru", "Připravuji stůl…", ".zk-rack .zk-tile"),
    ("/#/mathesso?seed=7", "Začít hru", "Připravuji kartičky…", ".ma-card"),
]
"""The other local games: the path, the start button, the game's own words, a locator
that is there once it is playable."""

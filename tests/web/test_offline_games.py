"""Locus Poker and Mathesso after an offline reload (issue #34, item 7): after one visit the
network is off, and each game is opened and reloaded in turn; a game against the computer
starts from the precache and the engine's snapshot and takes a move. (Matematický poker,
Kostkový poker and Žolíky s kameny have theirs: test_offline.py, test_kp_offline.py,
test_zk_computer.py.)
How fast is bench/web.py's, never a test's."""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import ConsoleWatch
from tests.web.test_ma_helpers import ready, remember
from tests.web.test_offline import OfflineFailures, visit_once

SERVICE_WORKER = True  # the app's service worker: offline play needs it (conftest.service_workers)

ENGINE = 40_000  # ms: a loaded machine's slowest engine start seen, with room


def offline_reload(page: Page, path: str) -> None:
    """`path` opened and reloaded with the network off: a real navigation, so a new engine
    starts from the precache and its snapshot."""
    page.goto(path)
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()


INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def test_locus_poker_and_mathesso_after_an_offline_reload(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    """One visit (the service worker's install and precache are paid once, not once a game),
    the network off, then each game after its own offline reload."""
    page = context.new_page()
    failures = OfflineFailures(page, console)
    visit_once(page)
    context.set_offline(True)
    locus_poker_takes_a_move(page)
    remember(page)
    page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    mathesso_turns_a_card(page)
    failures.settle()


def locus_poker_takes_a_move(page: Page) -> None:
    offline_reload(page, "/#/locus-poker?seed=19&pace=0")
    page.locator(".lp-opponent").first.click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    cards = page.locator(".lp-board .lp-card")
    expect(cards, "Locus Poker's board offline").to_have_count(30, timeout=ENGINE)
    expect(page.locator(".lp-player").nth(1)).to_contain_text("Pepík")
    expect(page.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")
    free = page.locator(".lp-board .lp-card.free")
    before = free.count()
    free.first.click()
    page.locator(".lp-play-up").click()
    # The person's card and, with no pause, Pepík's answer.
    expect(free, "Locus Poker: the person's card and Pepík's").to_have_count(before - 2)
    expect(page.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")


def mathesso_turns_a_card(page: Page) -> None:
    """(The page has the Mathesso player and instant pace installed: init scripts.)"""
    offline_reload(page, "/#/mathesso?seed=7")
    page.get_by_placeholder("Hráč 1").fill("Ema")
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".ma-card"), "Mathesso's cards offline").to_have_count(60, timeout=ENGINE)
    expect(page.locator(".ma-players")).to_contain_text("Kotě (počítač)")
    ready(page)
    expect(page.locator(".ma-status")).to_have_text("Ema, jsi na tahu! Otoč kartičku.")
    index = page.locator(".ma-card:not(.up)").first.get_attribute("data-index")
    card = page.locator(f".ma-card[data-index='{index}']")
    card.click()
    expect(card, "Mathesso: the turned card").to_have_class(re.compile(r"\bup\b"))
    expect(page.locator(".ma-status")).to_contain_text("otoč druhou kartičku")

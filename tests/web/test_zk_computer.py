"""Žolíky s kameny against the computer with the network off, after one visit (the
precached app, the engine worker), on a known deal (seed 1: the person holds black 9 10
11, an initial meld of 30). The hint lays that meld, the person confirms it and the
computer answers at once; the person draws with one press. The level changes during the
game: cancelling changes nothing, changing it keeps the position, and both stay over a
reload. (The end of a round against the computer, its scores and that the level can no
longer be changed there, is asserted in test_zk_replay.py, whose round ends in a few dozen
moves chosen without the hint's search: played here by the hint, it cost a search and
half a dozen Playwright calls a turn.)"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import ConsoleWatch, axe_violations
from tests.web.shots import four_looks
from tests.web.test_offline import OfflineFailures, visit_once

SERVICE_WORKER = True  # the app's service worker: offline play needs it (conftest.service_workers)

LABELS = "(tiles) => tiles.map((tile) => tile.ariaLabel)"


def test_a_game_against_the_computer_offline_meld_draw_level_and_end(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    page = context.new_page()
    failures = OfflineFailures(page, console)
    visit_once(page)
    context.set_offline(True)
    page.goto("/#/zoliky-s-kameny?seed=1")
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()
    expect(page.locator(".notice")).to_contain_text("fungují dál")
    page.locator(".zk-mode", has_text="Proti počítači").click()
    page.locator(".zk-pill", has_text="Těžká").click()
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(14, timeout=60_000)
    expect(page.locator(".zk-players")).to_contain_text("Počítač (Těžká)")

    page.get_by_role("button", name="Nápověda").click()
    expect(page.locator(".zk-note")).to_have_text(
        "Nápověda vyložila kameny: 3. Vrátit úpravu ji vezme zpět.", timeout=30_000)
    labels = page.locator(".zk-set .zk-tile").evaluate_all(LABELS)
    assert labels == [f"černá {n}, z vašeho stojánku" for n in (9, 10, 11)]
    page.get_by_role("button", name="Potvrdit tah").click()
    # The computer has answered when the turn is back (its move is said in the status).
    expect(page.locator(".zk-status")).to_contain_text("Jste na tahu.")
    expect(page.locator(".zk-status")).to_contain_text("Počítač (Těžká)")
    expect(page.locator(".zk-player.me")).to_contain_text("vyloženo")
    four_looks(page, "zk-computer")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Dobrat kámen").click()
    expect(page.locator(".zk-status")).to_contain_text("Jste na tahu.")
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(12)
    table = page.locator(".zk-table").text_content() or ""
    pool = page.locator(".mp-info").text_content() or ""

    # Cancelling the level's change changes nothing; changing it keeps the position.
    page.get_by_role("button", name="Změnit obtížnost").click()
    dialog = page.get_by_role("dialog")
    dialog.locator(".zk-pill", has_text="Lehká").click()
    dialog.get_by_role("button", name="Zrušit").click()
    expect(page.locator(".zk-players")).to_contain_text("Počítač (Těžká)")
    page.get_by_role("button", name="Změnit obtížnost").click()
    dialog.locator(".zk-pill", has_text="Lehká").click()
    dialog.get_by_role("button", name="Změnit", exact=True).click()
    expect(page.locator(".zk-players")).to_contain_text("Počítač (Lehká)")
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(12)
    expect(page.locator(".zk-table")).to_have_text(table)
    expect(page.locator(".mp-info")).to_have_text(pool)

    # The game and its level are kept in this browser.
    page.reload()
    expect(page.locator(".zk-players")).to_contain_text("Počítač (Lehká)", timeout=60_000)
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(12)
    expect(page.locator(".zk-table")).to_have_text(table)
    failures.settle()

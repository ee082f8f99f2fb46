"""The next round in the browser: a Kostkový poker table (next_round "host") played to the
end, then "Další kolo" deals a new table to the same people and computer player. (A
Matematický poker duel's next round, next_round "all", is in test_duel.py: on the pages of
the duel played there.)"""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.server.lobby_client import EAGER
from tests.web.conftest import screenshot
from tests.web.test_kp_online import NO_WAITING, open_table, play_a_step


def play_to_the_end(page: Page) -> None:
    deadline = time.monotonic() + 150
    while play_a_step(page, EAGER) != "end":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)


def test_the_host_deals_the_next_round(page: Page) -> None:
    page.add_init_script(NO_WAITING)
    open_table(page, 2, "Klidný")
    page.get_by_role("button", name="Začít hru").click()
    play_to_the_end(page)
    panel = page.locator(".lobby-again")
    expect(panel).to_have_attribute("data-round", "1")
    expect(panel).to_contain_text("Můžeš spustit další kolo se stejnými hráči.")
    screenshot(page, "lobby-next-round")
    panel.get_by_role("button", name="Další kolo").click()
    # A fresh table: no end, no panel, the same two seats, the first hand dealt.
    expect(page.locator(".kp-end")).to_have_count(0, timeout=10_000)
    expect(panel).to_have_count(0)
    expect(page.locator(".kp-seats .kp-seat-name")).to_have_text(["Klidný"])
    expect(page.locator(".kp-me .kp-seat-name")).to_have_text("Ty")
    play_to_the_end(page)
    expect(page.locator(".lobby-again")).to_have_attribute("data-round", "2")

"""The next round in the browser: a Kostkový poker table (next_round "host") played to the
end, then "Další kolo" deals a new table to the same people and computer player; a
Matematický poker duel (next_round "all") plays again once both have agreed."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.server.lobby_client import EAGER
from tests.web.conftest import axe_violations, screenshot
from tests.web.test_duel import best_gain, first_free, join, move, open_lobby, play_until_results
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


def test_a_duel_plays_again_when_both_agree(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    code = open_lobby(ada, "duel", "Ada")
    bob.goto(f"/#/matematicky-poker/hra/{code}")
    join(bob, "Bob")
    ada.get_by_role("button", name="Spustit duel").click()
    play_until_results([ada, bob], [first_free, best_gain])
    for page in (ada, bob):
        expect(page.locator(".lobby-again")).to_contain_text(
            "Další kolo začne, až budou souhlasit všichni, kdo tu zůstali.")
        expect(page.locator(".lobby-again .lobby-state")).to_have_text("Zatím nikdo nesouhlasí.")
    ada.get_by_role("button", name="Další kolo").click()
    for page in (ada, bob):
        expect(page.locator(".lobby-again .lobby-state")).to_have_text(
            "Souhlasí: Ada. Čeká se na: Bob.")
    # Ada may take it back, and agree again; the round waits for Bob all the while.
    ada.get_by_role("button", name="Nechci další kolo").click()
    expect(bob.locator(".lobby-again .lobby-state")).to_have_text("Zatím nikdo nesouhlasí.")
    ada.get_by_role("button", name="Další kolo").click()
    expect(ada.get_by_role("button", name="Nechci další kolo")).to_be_visible()
    screenshot(bob, "duel-next-round")
    assert axe_violations(bob) == []
    bob.get_by_role("button", name="Další kolo").click()
    for page in (ada, bob):  # a fresh board for both, the last round's end gone
        expect(page.locator(".mp-board")).to_be_visible()
        expect(page.locator(".lobby-results")).to_have_count(0)
        expect(page.locator(".lobby-again")).to_have_count(0)
        expect(page.locator(".mp-cell.filled")).to_have_count(0)
    for page in (ada, bob):
        if page.get_by_role("dialog", name="Žolík").is_visible():
            assert move(page, first_free)
    play_until_results([ada, bob], [first_free, best_gain])
    expect(ada.locator(".lobby-again")).to_have_attribute("data-round", "2")

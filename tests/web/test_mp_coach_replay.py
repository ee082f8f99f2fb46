"""Matematický poker's coach and replay do not hide each other (issue #34, item 14): with the
coach open, "Záznam hry" in the end dialog closes the coach and opens the replay (it showed
nothing before: the replay's box was not there while the coach was); "Trenér" then brings
the coach back in the replay's place."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Route, expect

from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from tests.web.conftest import HOOK, VIEW, ConsoleWatch
from tests.web.shots import four_looks
from tests.web.test_mp_play import cell, hand, seed_where


def test_the_replay_opens_while_the_coach_is_open(context: BrowserContext,
                                                  console: ConsoleWatch) -> None:
    def no_server(route: Route) -> None:
        route.abort()

    context.route("**/api/tables", no_server)  # a local game (a free one: it has the coach)
    page = context.new_page()
    page.add_init_script(HOOK)
    seed = seed_where(lambda deck: JOKER not in deck[:25])
    page.goto(f"/#/matematicky-poker?seed={seed}")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(hand(page)).to_have_text(str(shuffled_deck(seed)[0]), timeout=30_000)
    for index in range(24):
        before = page.evaluate(f"JSON.stringify({VIEW})")
        page.evaluate("cell => window.__klubovna.table.act({type: 'place', cell})", index)
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before", arg=before)
    cell(page, 24).click()

    end = page.get_by_role("dialog", name="Konec hry")
    end.get_by_role("button", name="Trenér").click()
    coach = page.locator(".mp-coach")
    expect(coach.locator(".mp-coach-summary")).to_be_visible(timeout=60_000)

    # The end again, and its replay: the coach goes, the replay shows, scrolled to.
    page.get_by_role("button", name="Zobrazit výsledek").click()
    end.get_by_role("button", name="Záznam hry").click()
    expect(end).to_be_hidden()
    expect(coach).to_have_count(0)
    replay = page.get_by_role("region", name="Přehrávání záznamu")
    expect(replay.locator(".replay-step")).to_have_text("Začátek hry: tah 0 z 26")
    expect(replay).to_be_in_viewport()
    four_looks(page, "mp-coach-then-replay")

    # And the other way round: the coach in the replay's place.
    page.get_by_role("button", name="Trenér").click()
    expect(coach.locator(".mp-coach-summary")).to_be_visible(timeout=60_000)
    expect(page.locator(".replay")).to_have_count(2)  # the coach's stepper and the replay's
    expect(page.locator(".mp-replay-place .replay")).to_be_hidden()
    console.errors = [e for e in console.errors if "ERR_FAILED" not in e]  # the server refused

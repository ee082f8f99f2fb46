"""The home page: the five games, each with its links, no console errors; the language and
the theme chosen are remembered. One page for both (a second page load asserted nothing
more), and no engine snapshot put in: the home page never starts the engine."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import axe_violations, screenshot


def test_home_lists_the_five_games_and_remembers_language_and_theme(
        context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/")
    games = page.locator(".games > li")
    expect(games).to_have_count(5)
    expect(page.get_by_role("heading", name="Matematický poker")).to_be_visible()
    # All five are built: each links its game and its rules, none says it is coming.
    expect(games.get_by_role("link", name="Hrát")).to_have_count(5)
    expect(games.get_by_role("link", name="Pravidla")).to_have_count(5)
    expect(page.locator(".games .soon")).to_have_count(0)
    screenshot(page, "home-cs-light")
    assert axe_violations(page) == []

    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Mathematical poker")).to_be_visible()
    page.get_by_role("button", name="Theme: System").click()  # -> light
    page.get_by_role("button", name="Theme: Light").click()  # -> dark
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    screenshot(page, "home-en-dark")
    assert axe_violations(page) == []

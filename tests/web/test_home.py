"""The home page: the five games, each with its links, no console errors."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations, screenshot


def test_home_lists_the_five_games(page: Page) -> None:
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


def test_language_and_theme_are_remembered(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Mathematical poker")).to_be_visible()
    page.get_by_role("button", name="Theme: System").click()  # -> light
    page.get_by_role("button", name="Theme: Light").click()  # -> dark
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    screenshot(page, "home-en-dark")
    assert axe_violations(page) == []

"""The play kit's forms (web/src/kit/): each game's set-up and online-create pages made from
its declared settings and rooms, and its navigation from the registry. What only the kit
does: the words follow a language switch in place, a flag greys out where its `only_when`
does not hold, a typed number outside the declared range is refused with the focus on it,
and the navigation marks the page it is on.

All of it is checked on one page, moving between the games' pages as a person does: a fresh
page for each check cost a page load and an engine start each (the set-up pages load the
engine) and asserted nothing more. The language switch is last: it is remembered."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations

ENGINE_PRELOAD = False  # nothing is played: set-up pages load no engine (conftest.SAVE_DATA)

# path, the nav's links (Czech; the rating board is every online game's), the online page's path
GAMES = [
    ("/locus-poker", ["Hrát", "Online", "Pravidla", "Hodnocení"], "/locus-poker/online"),
    ("/zoliky-s-kameny", ["Hrát", "Online", "Pravidla", "Hodnocení"], "/zoliky-s-kameny/online"),
    ("/mathesso", ["Hrát", "Online", "Pravidla", "Hodnocení"], "/mathesso/online"),
    ("/kostkovy-poker", ["Hrát", "Stůl online", "Pravidla", "Hodnocení"], "/kostkovy-poker/stul"),
]


def the_navigation_comes_from_the_registry(page: Page, path: str, links: list[str],
                                           online: str) -> None:
    for here, current in ((path, links[0]), (online, links[1]), (f"{path}/pravidla", links[2])):
        page.goto(f"/#{here}")
        nav = page.locator("nav.mp-nav")
        expect(nav.get_by_role("link"), f"the links on {here}").to_have_text(links)
        expect(nav.locator("[aria-current=page]"), f"the current link on {here}").to_have_text(
            current)
    expect(nav.get_by_role("link", name=links[1]), path).to_have_attribute("href", f"#{online}")


def a_flag_is_offered_only_where_it_applies(page: Page) -> None:
    page.goto("/#/mathesso/online")
    variants = page.get_by_role("radiogroup", name="Varianta")
    cjv = page.get_by_role("checkbox", name="CJV")
    variants.get_by_role("radio", name="Pico").check()
    cjv.check()
    expect(cjv).to_be_enabled()
    # CJV is declared from Pico up: in Femto it is greyed and unticked
    variants.get_by_role("radio", name="Femto").check()
    expect(cjv).to_be_disabled()
    expect(cjv).not_to_be_checked()
    expect(page.get_by_role("checkbox", name="Faktoriál")).to_be_enabled()


def a_number_outside_the_declared_range_is_refused(page: Page) -> None:
    page.goto("/#/kostkovy-poker/stul")
    chips = page.get_by_label("Žetonů pro každého na začátku (10 až 100)")
    chips.fill("101")
    page.get_by_label("Přezdívka").fill("Kit")
    page.get_by_role("button", name="Založit stůl").click()
    expect(chips).to_be_focused()
    expect(chips).to_have_attribute("aria-invalid", "true")
    expect(page).to_have_url(re.compile(r"/kostkovy-poker/stul$"))


def the_set_up_follows_the_language_in_place(page: Page) -> None:
    page.goto("/#/locus-poker")
    expect(page.get_by_role("radiogroup", name="Mřížka")).to_be_visible()
    page.get_by_role("button", name="EN – English version").click()
    # the kit's words (the mode) and the game's own (the grid, an opponent) both switch
    expect(page.get_by_role("radiogroup", name="How to play")).to_be_visible()
    expect(page.get_by_role("radiogroup", name="Grid")).to_be_visible()
    expect(page.get_by_role("radio", name="6 × 5 30 cards")).to_be_visible()
    assert axe_violations(page) == []


def test_the_kit_forms(page: Page) -> None:
    for path, links, online in GAMES:
        the_navigation_comes_from_the_registry(page, path, links, online)
    a_flag_is_offered_only_where_it_applies(page)
    a_number_outside_the_declared_range_is_refused(page)
    the_set_up_follows_the_language_in_place(page)  # last: the language stays English

"""The Mathesso rules page: each group of cards with its example pair from the source text,
drawn as on the table (both sides of both cards), and the colour ruler lit up by the text's
own example: a two-coloured 21 (3 · 7) turned from a 7 lights up 3 and 7, and marks 3 as the
card still to find. In Czech and English, no console errors, no serious axe findings."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations
from tests.web.test_ma_helpers import family_looks

GROUPS = ("multiplication", "square", "prime", "fibonacci", "factorial", "zero", "cjv")


def test_the_rules_show_every_group_and_the_ruler(page: Page) -> None:
    page.goto("/#/mathesso/pravidla")
    expect(page.get_by_role("heading", name="Pravidla: Mathesso")).to_be_visible()
    for group in GROUPS:
        section = page.locator(f".ma-rules-group[data-group='{group}']")
        # two cards: each its black-and-white side, then its coloured side of the group
        expect(section.locator(".ma-picture")).to_have_count(4)
        expect(section.locator(f"svg[data-group='{group}']")).to_have_count(2)
    expect(page.locator(".ma-rules-group[data-group='factorial']")).to_contain_text(
        "5! = 5 · 4 · 3 · 2 · 1 = 120")
    ruler = page.locator(".ma-ruler")
    expect(ruler.locator(".ma-ruler-row")).to_have_attribute("data-lit", "3 7")
    expect(ruler.locator(".ma-rule.lit .ma-rule-number")).to_have_text(["3", "7"])
    expect(ruler.locator(".ma-rule.find .ma-rule-number")).to_have_text("3")
    expect(ruler.locator(".ma-ruler-said")).to_have_text("Číslo 21 má barvy čísel 3 a 7.")
    assert axe_violations(page) == []
    family_looks(page, "ma-rules", full_page=True, looks=("tablet-light", "phone-dark"))

    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Rules: Mathesso")).to_be_visible()
    expect(ruler.locator(".ma-ruler-said")).to_have_text(
        "The number 21 has the colours of 3 and 7.")

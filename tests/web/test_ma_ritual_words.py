"""Mathesso's order ritual in words that fit every player (issue #34, item 13): each drawn
card is told as "<name> ukazuje 3" (present tense, the same for a girl, a boy and a computer
player), never with a past tense that has a gender ("Hráč 1 ukázala 3" was said of all);
English says "<name> shows 3"."""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.test_helpers import ENGINE
from tests.web.test_ma_helpers import family_looks

INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def said(page: Page) -> list[str]:
    """Each drawn card in words: the player's name and what the card shows."""
    said: list[str] = page.eval_on_selector_all(".ma-ritual-round li", """(rows) => rows.map(
        (row) => `${row.querySelector('.ma-ritual-name').textContent} `
                 + row.querySelector('.ma-ritual-value').textContent)""")
    return said


def test_the_ritual_says_what_each_player_shows_without_a_gender(context: BrowserContext) -> None:
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    page.goto("/#/mathesso?seed=7")
    expect(page.locator(".ma-variant.chosen")).to_contain_text("Pico")
    page.get_by_role("button", name="Začít hru").click()
    rows = page.locator(".ma-ritual-round li")
    expect(rows.first).to_be_visible(timeout=ENGINE)
    texts = said(page)
    assert texts, "no ritual"
    for text in texts:
        assert re.fullmatch(r"(Hráč 1|Kotě \(počítač\)) ukazuje \d+", text), texts
    assert any(text.startswith("Kotě") for text in texts), texts
    family_looks(page, "ma-ritual-words", looks=("tablet-light", "phone-dark"))

    # The same in English, switched on the page (the ritual stays until the first card;
    # a reload would only start the engine again).
    page.get_by_role("button", name="EN – English version").click()
    expect(rows.first).to_contain_text("shows")
    texts = said(page)
    assert texts, "no ritual in English"
    for text in texts:
        assert re.fullmatch(r".+ shows \d+", text), texts

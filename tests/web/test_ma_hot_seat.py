"""Mathesso for a family on one device: three people (Ada, Bob, Cyril) play Atto, the
variant for the youngest, from the setup (names, who plays, the variant) through the order
ritual, each in turn as the big name says (a card turned from the keyboard too), with the
sound setting remembered, a reload in the middle, to the end, where Atto counts
pairs."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import axe_violations
from tests.web.test_helpers import ENGINE
from tests.web.test_ma_helpers import (
    cramped,
    family_looks,
    play_to_end,
    play_turn,
    ready,
    remember,
    saved,
)

NAMES = ("Ada", "Bob", "Cyril")


def test_three_people_play_atto_on_one_device(context: BrowserContext) -> None:
    page = context.new_page()
    remember(page)
    page.goto("/#/mathesso?seed=4")
    page.locator(".ma-variant", has_text="Atto").click()
    expect(page.locator(".ma-count")).to_have_text("Kartiček na stole: 22")
    # The add-ons are not played in Atto.
    expect(page.get_by_role("checkbox", name="CJV")).to_be_disabled()
    rows = page.locator(".ma-setup-player")
    # The only person cannot become a computer player: computers alone do not play.
    expect(rows.nth(0).get_by_role("radio", name="Počítač")).to_be_disabled()
    expect(page.locator(".ma-one-person")).to_have_text(
        "Aspoň jeden hráč musí být člověk: počítače samy hrát nebudou.")
    rows.nth(1).locator(".ma-pill", has_text="Člověk").click()
    expect(page.locator(".ma-one-person")).to_have_count(0)
    page.get_by_role("button", name="+ Člověk").click()
    expect(rows).to_have_count(3)
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Jméno hráče {i + 1}").fill(name)
    expect(page.locator(".ma-people .hint").last).to_contain_text("podávají")
    page.get_by_role("button", name="Začít hru").click()

    expect(page.locator(".ma-card")).to_have_count(22, timeout=ENGINE)
    ritual = page.locator(".ma-ritual")
    expect(ritual).to_contain_text("Kdo začne?")
    order_text = ritual.locator(".ma-ritual-order").inner_text()
    order = re.findall(r"\d\. (\w+)", order_text)
    assert sorted(order) == sorted(NAMES), order_text
    # (not the first row's player: the screen passes to the ritual's winner at once, once
    # the start is answered; it used to wait for that answer for ever)
    assert order[0] != NAMES[0], order_text
    family_looks(page, "ma-ritual", looks=("tablet-light", "phone-light"))
    ready(page)
    expect(page.locator(".ma-player.turn")).to_contain_text(order[0])

    # The sounds are a setting of this device (the computer's pace is not offered: no
    # computer plays here).
    expect(page.locator(".ma-pace")).to_have_count(0)
    page.get_by_role("button", name="Zvuky: zapnuté").click()
    expect(page.get_by_role("button", name="Zvuky: vypnuté")).to_have_attribute(
        "aria-pressed", "false")

    # A card turns from the keyboard too (a card is a button).
    index = page.locator(".ma-card:not([aria-disabled])").first.get_attribute("data-index")
    card = page.locator(f".ma-card[data-index='{index}']")
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_class(re.compile(r"\bup\b"))
    expect(page.locator(".ma-status")).to_have_text(
        f"{order[0]}, otoč druhou kartičku, nebo řekni Stačí jedna.")
    page.get_by_role("button", name="Stačí jedna").click()

    # One turn each, in the order the ritual gave; the big name says whose turn it is.
    for name in [*order[1:], order[0], order[1]]:
        ready(page)
        expect(page.locator(".ma-status")).to_have_text(f"{name}, jsi na tahu! Otoč kartičku.")
        expect(page.locator(".ma-player.turn")).to_contain_text(name)
        play_turn(page)
    family_looks(page, "ma-hot-seat", looks=("tablet-light", "tablet-dark"))
    assert cramped(page) == []  # finger-sized controls, nothing out of sight to the side
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)

    # A reload goes on with the same game, names and setting.
    ready(page)
    # (the pairs by name: a pair just taken may still lie turned on the screen for a moment)
    scores = page.locator(".ma-player-score").all_text_contents()
    saved(page)
    page.reload()
    expect(page.locator(".ma-card, .ma-slot")).to_have_count(22, timeout=ENGINE)
    expect(page.locator(".ma-player-score")).to_have_text(scores)
    pairs = sum(int(n) for n in re.findall(r"Páry: (\d+)", " ".join(scores)))
    expect(page.locator(".ma-slot")).to_have_count(2 * pairs)
    expect(page.locator(".ma-player-name")).to_have_text(order)
    expect(page.get_by_role("button", name="Zvuky: vypnuté")).to_be_visible()

    play_to_end(page)
    end = page.locator(".ma-end")
    expect(end.locator(".ma-end-player")).to_have_count(3)
    totals = [int(re.findall(r"\d+", text)[0])
              for text in end.locator(".ma-end-total").all_inner_texts()]
    assert sum(totals) == 11 and totals == sorted(totals, reverse=True), totals  # Atto: pairs
    expect(end.locator(".ma-explain")).to_have_count(0)
    expect(end.locator(".ma-end-pair")).to_have_count(11)
    family_looks(page, "ma-end-atto", full_page=True, looks=("tablet-light",))

    # "Hrát znovu" deals a new game of the same setup: the same three people, all cards back.
    end.get_by_role("button", name="Hrát znovu").click()
    expect(page.locator(".ma-ritual")).to_contain_text("Kdo začne?", timeout=ENGINE)
    expect(page.locator(".ma-card")).to_have_count(22)
    expect(page.locator(".ma-slot")).to_have_count(0)
    names = page.locator(".ma-ritual-order").inner_text()
    assert sorted(re.findall(r"\d\. (\w+)", names)) == sorted(NAMES), names

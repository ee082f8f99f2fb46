"""Mathesso against a computer player in the browser (the engine worker, no server): a Pico
game on a known deal against Kotě, the friendliest level, from the setup through the order
ritual to the end screen, with the computer's turns at the "Hned" pace (a setting this
device remembers; a child's default is slow). On the way: no face-down card carries a
coloured side, the colour ruler lights up a multiplication card's factors, a reload goes on
with the game, and the end explains each player's score line by line."""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import axe_violations, stop_page_clock
from tests.web.test_helpers import ENGINE
from tests.web.test_ma_helpers import (
    family_looks,
    play_to_end,
    play_turn,
    ready,
    remember,
    saved,
    turn_card,
    unknown_card,
)

INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def test_a_pico_game_against_the_computer_to_its_end(context: BrowserContext) -> None:
    page = context.new_page()
    remember(page)
    page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    page.clock.install()  # (it runs as usual until the test stops it; the worker's is real)
    page.goto("/#/mathesso?seed=7")
    expect(page.get_by_role("heading", name="Mathesso", exact=True)).to_be_visible()
    expect(page.locator(".ma-variant.chosen")).to_contain_text("Pico")
    expect(page.locator(".ma-count")).to_have_text("Kartiček na stole: 60")
    page.get_by_placeholder("Hráč 1").fill("Ema")
    expect(page.locator(".ma-setup-player").nth(1).locator(".ma-pill.chosen")).to_have_text(
        ["Počítač", "Kotě Hodnocení 1000"])  # the level beside its fixed rating
    family_looks(page, "ma-setup", full_page=True, looks=("tablet-light", "phone-dark"))
    page.get_by_role("button", name="Začít hru").click()

    # The table: 60 cards face down, not one of them with a coloured side in the page.
    expect(page.locator(".ma-card")).to_have_count(60, timeout=ENGINE)
    expect(page.locator(".ma-players")).to_contain_text("Ema")
    expect(page.locator(".ma-players")).to_contain_text("Kotě (počítač)")
    expect(page.locator(".ma-ritual")).to_contain_text("Kdo začne?")
    ready(page)
    expect(page.locator(".ma-status")).to_have_text("Ema, jsi na tahu! Otoč kartičku.")
    down = page.locator(".ma-card:not(.up)")
    assert down.count() == 60 - page.locator(".ma-card.up").count()
    expect(page.locator(".ma-card:not(.up) .ma-face svg")).to_have_count(0)
    expect(page.locator(".ma-pace-pill.chosen")).to_have_text("Hned")
    family_looks(page, "ma-table")
    assert axe_violations(page) == []

    # The first card turns over (its coloured side now in the page); the ruler lights a
    # multiplication card's two factors, the colours its digits are painted in.
    first = unknown_card(page)
    face = turn_card(page, first)
    expect(page.locator(f".ma-card[data-index='{first}']")).to_have_class(re.compile(r"\bup\b"))
    expect(page.locator(".ma-ritual")).to_have_count(0)  # the ritual's cards went back
    expect(page.locator(".ma-status")).to_contain_text("otoč druhou kartičku")
    expect(page.get_by_role("button", name="Stačí jedna")).to_be_visible()
    page.get_by_role("button", name="Stačí jedna").click()
    assert face

    # Turns until a multiplication card lies on the ruler.
    lit = ""
    for _ in range(40):
        ready(page)
        face = turn_card(page, unknown_card(page))
        colours = re.search(r"v barvách (\d+) a (\d+)", face)
        if colours:
            lit = f"{colours[1]} {colours[2]}"
            expect(page.locator(".ma-ruler-row")).to_have_attribute("data-lit", lit)
            expect(page.locator(".ma-rule.lit")).to_have_count(2 if colours[1] != colours[2] else 1)
            family_looks(page, "ma-ruler-game", looks=("tablet-light",))
            page.get_by_role("button", name="Stačí jedna").click()
            break
        page.get_by_role("button", name="Stačí jedna").click()
    assert lit, "no multiplication card turned"

    # At the "Hned" pace the computer moves at once, but a person's own two cards stay
    # turned as long as at every pace, until the person moves on (the page's clock stands
    # still here and moves when the test says).
    ready(page)
    stop_page_clock(page)
    first = unknown_card(page)
    page.locator(f".ma-card[data-index='{first}']").click()
    expect(page.get_by_role("button", name="Stačí jedna")).to_be_visible()
    second = unknown_card(page)
    held = page.locator(f".ma-card[data-index='{second}']")
    held.click()
    expect(held).to_have_class(re.compile(r"\bup\b.*\bmiss\b"))
    expect(page.locator(".ma-last")).to_have_text("Ema: tentokrát to pár nebyl.")
    hurry = page.get_by_role("button", name="Přeskočit čekání")
    expect(hurry).to_be_visible()  # Kotě has played; its turn waits to be shown
    page.clock.run_for(1500)
    expect(held).to_have_class(re.compile(r"\bup\b.*\bmiss\b"))
    hurry.click()
    expect(held).not_to_have_class(re.compile(r"\bup\b"))
    expect(page.locator(".ma-status")).to_have_text("Ema, jsi na tahu! Otoč kartičku.")
    page.clock.resume()

    # A reload goes on with the same table.
    play_turn(page)
    ready(page)
    # (the pairs by name: a pair just taken may still lie turned on the screen for a moment)
    scores = page.locator(".ma-player-score").all_text_contents()
    saved(page)
    page.reload()
    expect(page.locator(".ma-card, .ma-slot")).to_have_count(60, timeout=ENGINE)
    expect(page.locator(".ma-player-score")).to_have_text(scores)
    pairs = sum(int(n) for n in re.findall(r"Páry: (\d+)", " ".join(scores)))
    expect(page.locator(".ma-slot")).to_have_count(2 * pairs)

    turns = play_to_end(page)
    end = page.locator(".ma-end")
    expect(end.get_by_role("heading", name="Konec hry")).to_be_visible()
    expect(end.locator(".ma-end-player")).to_have_count(2)
    pairs = end.locator(".ma-end-pair").count()
    assert pairs == 30, pairs
    # Each player's score: the engine's lines add up to the total shown.
    for player in end.locator(".ma-end-player").all():
        total = int(re.findall(r"\d+", player.locator(".ma-end-total").inner_text())[0])
        lines = player.locator(".ma-explain li:not(.ma-explain-total)").all_inner_texts()
        assert sum(int(line.rsplit("= ", 1)[1]) for line in lines) == total, lines
        if total:
            expect(player.locator(".ma-explain-total")).to_have_text(f"Celkem: {total}")
    assert 15 <= turns < 200, turns
    family_looks(page, "ma-end", full_page=True, looks=("tablet-light", "phone-dark"))
    assert axe_violations(page) == []

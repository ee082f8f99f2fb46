"""Locus Poker by two people on one device, in the engine worker, a whole game on 6×5 (a
known deal, seed 7): the preview of a pointed card is what the move then scores (hand and
bonus, face up and face down), a finger held on a card previews it too, the keyboard moves
the cursor and plays face down (Shift+Enter, D) and face up (U, Enter), a face-down card
shows dead, the screen passes to the other person at once (nothing is hidden), and the end
lists all 30 moves with the totals; played again, the other person begins."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations, screenshot

SCORE = re.compile(r"^(.+) (\d+) \+ bonus (\d+) = (\d+)$")


def totals(page: Page) -> list[int]:
    values = page.locator(".lp-total").evaluate_all("(t) => t.map((e) => e.dataset.total)")
    return [int(v) for v in values]


def test_two_people_play_a_whole_game_on_one_device(page: Page) -> None:
    page.goto("/#/locus-poker?seed=7")
    page.locator(".lp-mode", has_text="Dva na jednom zařízení").click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    cards = page.locator(".lp-board .lp-card")
    expect(cards).to_have_count(30, timeout=60_000)
    expect(page.locator(".lp-last")).to_have_text("Zatím nikdo nehrál.")
    mover = page.locator(".lp-player.turn").get_attribute("data-seat")
    assert mover in ("0", "1")
    name = f"Hráč {int(mover) + 1}"
    expect(page.locator(".lp-status")).to_have_text(f"Na tahu je {name}: vyberte volnou kartu.")

    # Pointing at a card previews both faces; playing it face down scores what it said.
    cards.nth(8).hover()
    expect(page.locator(".lp-preview-card")).to_have_text(re.compile(r"^Karta: .+"))
    down = SCORE.match(page.locator(".lp-play-down .lp-play-score").inner_text())
    assert down, page.locator(".lp-play-down").inner_text()
    page.locator(".lp-play-down").click()
    expect(page.locator(".lp-last")).to_have_text(
        f"Poslední tah – {name}: {down[1]}, {down[2]} + bonus {down[3]}")
    expect(cards.nth(8)).to_have_class(re.compile(r"\bdead\b"))
    # (a wild card that made the hand is lit with it)
    expect(cards.nth(8)).to_have_accessible_name(re.compile(
        rf", žeton: {name}, lícem dolů \(mrtvá\), v kombinaci posledního tahu$"))
    assert totals(page)[int(mover)] == int(down[4])

    # The other person at once; the keyboard: arrows move the cursor, Enter plays face up
    # the card the preview showed, Shift+Enter and D face down.
    other = f"Hráč {2 - int(mover)}"
    expect(page.locator(".lp-status")).to_have_text(f"Na tahu je {other}: vyberte volnou kartu.")
    cards.nth(0).focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    expect(cards.nth(7)).to_be_focused()
    up = SCORE.match(page.locator(".lp-play-up .lp-play-score").inner_text())
    assert up
    page.keyboard.press("Enter")
    expect(page.locator(".lp-last")).to_have_text(
        f"Poslední tah – {other}: {up[1]}, {up[2]} + bonus {up[3]}")
    expect(cards.nth(7)).to_have_class(re.compile(r"\btaken\b"))
    expect(cards.nth(7)).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+Enter")
    expect(page.locator(".lp-board .lp-card.dead")).to_have_count(2)
    screenshot(page, "lp-hot-seat")
    assert axe_violations(page) == []

    # A finger held on a card previews it (the page's touch path: a touch pointer held
    # still), without choosing it.
    held = page.locator(".lp-board .lp-card.free").last
    name_of_held = (held.get_attribute("aria-label") or "").removesuffix(", volná")
    held.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(page.locator(".lp-preview-card")).to_have_text(f"Karta: {name_of_held}")
    held.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    expect(held).to_have_attribute("aria-pressed", "false")

    # The rest with U and D, each on the first free card (the cursor goes there).
    for move in range(4, 31):
        expect(page.locator(".lp-board .lp-card.free")).to_have_count(31 - move)
        page.keyboard.press("u" if move % 3 else "d")
    end = page.locator(".lp-end")
    expect(end.locator(".lp-moves tbody tr")).to_have_count(30)
    a, b = totals(page)
    headline = end.locator(".lp-end-headline")
    if a == b:
        expect(headline).to_have_text(f"Remíza {a} : {b}.")
    else:
        winner = "Hráč 1" if a > b else "Hráč 2"
        expect(headline).to_have_text(f"Vyhrál(a) {winner}, {max(a, b)} : {min(a, b)}.")
    # the move list's running totals end at each player's total
    rows = end.locator(".lp-moves tbody tr")
    last_total = {}
    for cells in rows.evaluate_all(  # (one round trip for the 30 rows)
            "(rows) => rows.map((row) => [...row.querySelectorAll('td, th')]"
            ".map((cell) => cell.innerText))"):
        last_total[cells[1].strip()] = int(cells[-1])
    assert last_total == {"Hráč 1": a, "Hráč 2": b}
    screenshot(page, "lp-hot-seat-end")

    # Played again, the other person begins (the page keeps its series: the first player
    # alternates from game to game).
    end.get_by_role("button", name="Hrát znovu").click()
    expect(page.locator(".lp-board .lp-card.free")).to_have_count(30)
    expect(page.locator(".lp-last")).to_have_text("Zatím nikdo nehrál.")
    expect(page.locator(".lp-player.turn")).to_have_attribute("data-seat", str(1 - int(mover)))

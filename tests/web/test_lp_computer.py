"""Locus Poker against the first opponent (Pepík) in the engine worker, a whole game on
6×5 (a known deal, seed 19, on which playing the best previewed move every turn wins by a
wide margin today). The gallery shows the seven opponents and the record; the person plays
each turn the best move the previews offer (read from the screen: the engine's numbers);
the opponent's answer waits a moment after the person's own move ("Ukázat hned" shows it
at once); a reload in the middle goes on with the same position (and, with ?pace=0,
without the pause); the end lists every move, and a win goes into this browser's record
("Porazil jsi 1 ze 7")."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations, screenshot

# The best (total, cell, face) among the previews of the free cards: each card is pointed
# at in turn and its two scores read from the preview panel.
BEST = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
  let best = null;
  for (const card of document.querySelectorAll(".lp-board .lp-card.free")) {
    card.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    await frame();
    for (const face of ["up", "down"]) {
      const text = document.querySelector(`.lp-play-${face} .lp-play-score`).textContent;
      const total = Number(text.split("= ")[1]);
      if (best === null || total > best[0]) best = [total, Number(card.dataset.cell), face];
    }
  }
  return best;
}"""

KINDS = "(cards) => cards.map((c) => c.className.match(/free|taken|dead/)[0])"


def my_move(page: Page) -> None:
    """Play the best previewed move and wait until it is on the grid."""
    expect(page.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")
    _, cell, face = page.evaluate(BEST)
    card = page.locator(".lp-board .lp-card").nth(cell)
    card.click()
    page.locator(f".lp-play-{face}").click()
    expect(card).to_have_class(re.compile(r"\b(taken|dead)\b"))


def test_a_whole_game_against_the_first_opponent(page: Page) -> None:
    page.goto("/#/locus-poker?seed=19")
    gallery = page.locator(".lp-opponent")
    expect(gallery).to_have_count(7)
    expect(gallery.locator("strong")).to_have_text(
        ["Pepík", "Bára", "Ota", "Věra", "Karel", "Libuše", "Mistr"])
    expect(page.locator(".lp-record")).to_have_text("Porazil jsi 0 ze 7")
    screenshot(page, "lp-setup")
    assert axe_violations(page) == []
    gallery.first.click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    cards = page.locator(".lp-board .lp-card")
    expect(cards).to_have_count(30, timeout=60_000)
    expect(page.locator(".lp-player").nth(1)).to_contain_text("Pepík")

    # Whoever begins (the engine's draw), after the person's move Pepík's waits a moment.
    if page.locator(".lp-player.me.turn").count() == 0:
        expect(page.locator(".lp-board .lp-card.free")).to_have_count(29)
    my_move(page)
    taken = 30 - page.locator(".lp-board .lp-card.free").count()
    expect(page.locator(".lp-now")).to_be_visible()  # Pepík's move is there, not shown yet
    expect(page.locator(".lp-status")).to_contain_text("Na tahu je Pepík.")
    page.locator(".lp-now").click()
    expect(page.locator(".lp-board .lp-card.free")).to_have_count(29 - taken)
    expect(page.locator(".lp-last")).to_contain_text("Poslední tah – Pepík: ")
    my_move(page)

    # A reload in the middle: the same position, and no pause from now on.
    expect(page.locator(".lp-now")).to_be_visible()
    page.locator(".lp-now").click()
    chips = cards.evaluate_all(KINDS)
    totals = page.locator(".lp-total").all_inner_texts()
    page.goto("/#/locus-poker?seed=19&pace=0")
    page.reload()
    expect(cards).to_have_count(30, timeout=60_000)
    assert cards.evaluate_all(KINDS) == chips
    assert page.locator(".lp-total").all_inner_texts() == totals
    my_move(page)

    end = page.locator(".lp-end")
    for _ in range(15):
        expect(page.locator(".lp-end, .lp-player.me.turn").first).to_be_visible()
        if end.count():
            break
        my_move(page)
    expect(end.locator(".lp-moves tbody tr")).to_have_count(30)
    mine, pepik = (int(v) for v in page.locator(".lp-total").evaluate_all(
        "(t) => t.map((e) => e.dataset.total)"))
    won = mine > pepik
    headline = end.locator(".lp-end-headline")
    if won:
        expect(headline).to_have_text(f"Vyhráli jste {mine} : {pepik}.")
        expect(end.locator(".lp-first-win")).to_have_text("Poprvé jste porazili soupeře Pepík!")
    elif mine == pepik:
        expect(headline).to_have_text(f"Remíza {mine} : {pepik}.")
    else:
        expect(headline).to_have_text(f"Vyhrál(a) Pepík, {pepik} : {mine}.")
    screenshot(page, "lp-computer-end")
    assert axe_violations(page) == []

    # The record: the setup counts Pepík among the beaten (only after a win).
    end.get_by_role("button", name="Jiný soupeř nebo mřížka").click()
    expect(page.locator(".lp-record")).to_have_text(f"Porazil jsi {int(won)} ze 7")
    expect(page.locator(".lp-opponent.beaten")).to_have_count(int(won))
    screenshot(page, "lp-setup-after")
    assert re.search(r"#/locus-poker", page.url)

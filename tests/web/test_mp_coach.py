"""The coach ("Trenér") after a free Matematický poker game, in the browser worker with no
server: real progress move by move, the summary line, the three costliest moves marked on
the replay stepper, the computer's cell outlined and each move's loss; the replay steps.
The coach and the replay do not hide each other (issue #34, item 14): with the coach open,
"Záznam hry" in the end dialog closes the coach and opens the replay (it showed nothing
before: the replay's box was not there while the coach was); "Trenér" then brings the
coach back in the replay's place, its review kept rather than made again. (One game for
both: each was a game of its own, with its own page, engine and 25 moves, to reach the
same end.)"""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Route, expect

from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from tests.web.conftest import HOOK, VIEW, ConsoleWatch
from tests.web.shots import four_looks
from tests.web.test_mp_play import cell, hand, seed_where

# Every text the coach's progress line shows, in order.
WATCH_PROGRESS = """
window.__coach = [];
new MutationObserver(() => {
  const line = document.querySelector('.mp-coach-progress [role=status]');
  if (line && window.__coach.at(-1) !== line.textContent) window.__coach.push(line.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_the_coach_reviews_a_free_local_game(context: BrowserContext,
                                              console: ConsoleWatch) -> None:
    def no_server(route: Route) -> None:
        route.abort()

    context.route("**/api/tables", no_server)  # a local game: the coach works offline
    page = context.new_page()
    page.add_init_script(HOOK + WATCH_PROGRESS)
    seed = seed_where(lambda deck: JOKER not in deck[:25])
    page.goto(f"/#/matematicky-poker?seed={seed}")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(hand(page)).to_have_text(str(shuffled_deck(seed)[0]), timeout=30_000)
    # Number after number in the first empty cell (a poor game), through the screen's own
    # session; no coach while the game runs.
    for index in range(24):
        before = page.evaluate(f"JSON.stringify({VIEW})")
        page.evaluate("cell => window.__klubovna.table.act({type: 'place', cell})", index)
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before", arg=before)
        expect(page.get_by_role("button", name="Trenér")).to_have_count(0)
    cell(page, 24).click()
    end = page.get_by_role("dialog", name="Konec hry")
    # Every game's end offers its replay, from the dialog too (it opens under the board,
    # scrolled to); a free game's the coach as well.
    end.get_by_role("button", name="Záznam hry").click()
    expect(end).to_be_hidden()
    replay = page.get_by_role("region", name="Přehrávání záznamu")
    expect(replay.locator(".replay-step")).to_have_text("Začátek hry: tah 0 z 26")
    expect(replay).to_be_in_viewport()
    expect(replay).to_be_focused()  # its keys step it at once
    page.get_by_role("button", name="Zobrazit výsledek").click()
    end.get_by_role("button", name="Trenér").click()
    expect(end).to_be_hidden()

    coach = page.locator(".mp-coach")
    summary = coach.locator(".mp-coach-summary")
    verdict = re.compile(r"^Ztratil jsi odhadem \d+ bod(y|ů)?, nejvíc v tahu \d+\.$")
    expect(summary).to_have_text(verdict, timeout=60_000)
    shown = page.evaluate("window.__coach")
    assert shown[0] == "Načítám záznam hry…" and shown[-1] == "Procházím tah 25 z 25…", shown
    moves = [int(m.group(1)) for text in shown
             if (m := re.match(r"Procházím tah (\d+) z 25", text))]
    assert moves == sorted(moves) and len(moves) >= 20, shown  # move by move, no jumps back

    # The stepper opens on the costliest move: its number is the summary's.
    costliest = int(re.findall(r"\d+", summary.inner_text())[-1])
    stepper = coach.locator(".replay")
    expect(stepper.locator(".replay-step")).to_have_text(f"Tah {costliest} z 26")
    expect(stepper.locator(".replay-marks span")).to_have_count(3)
    stepper.locator(".replay-list summary").click()
    marked = stepper.locator(".replay-list li[data-marked]")
    expect(marked).to_have_count(3)
    # The list says each move: the first number drawn at the start, then each one written.
    deck = shuffled_deck(seed)
    said = stepper.locator(".replay-move").evaluate_all("(all) => all.map((b) => b.textContent)")
    written = [f"ty: {deck[i]} do řádku {i // 5 + 1}, sloupce {i % 5 + 1}" for i in range(25)]
    plain = [text.removesuffix(" (zvýrazněný tah)") for text in said]
    assert plain == [f"ty: nové číslo: {deck[0]}", *written]
    # The player's number in its cell, the computer's cell outlined, the move's loss said.
    expect(stepper.locator(".mp-cell.coach-best")).to_have_count(1)
    expect(stepper.locator(".mp-cell.coach-mine")).to_have_count(1)
    note = stepper.locator(".mp-coach-note")
    mine = (r"^Tvůj tah: \d+ do řádku \d, sloupce \d\. Počítač: .+"
            r" Ztráta odhadem \d+ bod(y|ů)? \(± \d+\)\.$")
    expect(note).to_have_text(re.compile(mine))
    loss = float(note.get_attribute("data-loss") or "0")
    assert loss > float(note.get_attribute("data-error") or "0") > 0  # only a loss above its error
    coach.scroll_into_view_if_needed()
    four_looks(page, "mp-coach")

    # Step on: the next move's board, its own note (a smaller or equal loss than the top one).
    stepper.get_by_role("button", name="Další tah").click()
    expect(stepper.locator(".replay-step")).to_have_text(f"Tah {costliest + 1} z 26")
    expect(note).to_have_attribute("data-loss", re.compile(r"^\d"))
    assert float(note.get_attribute("data-loss") or "0") <= loss
    board = json.loads(page.evaluate(f"JSON.stringify({VIEW}.board)"))
    filled = stepper.locator(".mp-cell.filled")
    expect(filled).to_have_count(min(costliest, 25))
    assert board == list(shuffled_deck(seed)[:25])

    # The end again, and its replay with the coach open: the coach goes, the replay shows,
    # scrolled to.
    page.get_by_role("button", name="Zobrazit výsledek").click()
    end.get_by_role("button", name="Záznam hry").click()
    expect(end).to_be_hidden()
    expect(coach).to_have_count(0)
    expect(replay.locator(".replay-step")).to_have_text("Začátek hry: tah 0 z 26")
    expect(replay).to_be_in_viewport()
    four_looks(page, "mp-coach-then-replay")
    # And the other way round: the coach in the replay's place, its review shown at once
    # (kept: the game did not change), with no progress line again.
    page.get_by_role("button", name="Trenér").click()
    expect(summary).to_have_text(verdict)
    assert page.evaluate("window.__coach") == shown
    expect(page.locator(".replay")).to_have_count(2)  # the coach's stepper and the replay's
    expect(page.locator(".mp-replay-place .replay")).to_be_hidden()
    console.errors = [e for e in console.errors if "ERR_FAILED" not in e]  # the server refused

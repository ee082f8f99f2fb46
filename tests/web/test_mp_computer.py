"""Matematický poker against the computer with the network off, after one visit (the
precached app, the engine worker): "Proti počítači" at the level Lehký, a whole duel placed
fast through the test hook (the first empty cell; a joker used at once there), the
computer's board beside the player's filling as far as the player has come, "Počítač
přemýšlí…" while it has a number, and the end: who won by how many, both boards full,
"Hrát znovu" starting the next duel; a reload on the way continues it."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import HOOK, VIEW, ConsoleWatch, axe_violations
from tests.web.shots import four_looks
from tests.web.test_offline import OfflineFailures, visit_once

SERVICE_WORKER = True  # the app's service worker: offline play needs it (conftest.service_workers)

# Whether the computer's panel ever said it was thinking (set by a MutationObserver).
WATCH_THINKING = """() => {
  window.__thought = false;
  new MutationObserver(() => {
    if (document.querySelector('.mp-computer[data-thinking="true"]')) window.__thought = true;
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
# The computer has dealt with every number drawn (or the duel is over).
COMPUTER_DONE = f"""() => {{
  const view = {VIEW};
  if (!view || !view.started) return false;
  const computer = view.seats.find((seat) => seat.seat === 1);
  return view.game_over || computer.finished || view.drawn - computer.handled === 0;
}}"""

# A duel under way with a number in the player's hand.
NEXT_DUEL_DEALT = f"""() => {{
  const view = {VIEW};
  return Boolean(view && view.started && !view.game_over && view.hand !== null);
}}"""


def view_text(page: Page) -> str:
    text: str = page.evaluate(f"JSON.stringify({VIEW})")
    return text


def view_of(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(view_text(page))
    return view


def move(view: dict[str, Any]) -> dict[str, Any]:
    cell = view["board"].index(None)
    if view["hand"]["kind"] == "joker":
        return {"type": "joker", "choice": "now", "value": 13, "cell": cell}
    return {"type": "place", "cell": cell}


def test_a_duel_against_the_computer_offline(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    context.add_init_script(HOOK)
    page = context.new_page()
    failures = OfflineFailures(page, console)
    visit_once(page)
    context.set_offline(True)
    page.goto("/#/matematicky-poker?seed=3")
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()
    page.get_by_label("Proti počítači").check()
    page.get_by_label("Lehký").check()
    # Each level says how strong it is (bench/mp_bot.py's levels on the default table).
    expect(page.get_by_text("Na výchozí tabulce má průměrně asi 235 bodů.")).to_be_visible()
    page.get_by_label("Školní tabulka").check()
    page.evaluate(WATCH_THINKING)
    page.get_by_role("button", name="Start").click()
    computer = page.locator(".mp-computer")
    expect(computer).to_contain_text("Počítač (Lehký)", timeout=60_000)
    expect(page.locator(".mp-info")).to_have_text("Počítač: Lehký · Lehká · Školní tabulka")

    thought = False
    for placed in range(30):
        page.wait_for_function(COMPUTER_DONE)
        before = view_text(page)
        view = json.loads(before)
        if view["game_over"]:
            break
        # The computer has placed the same numbers, but shows only those the player has.
        handled = view["seats"][0]["handled"]
        shown = [value for value in view["opponent"]["board"] if value is not None]
        # (fewer while it keeps a joker)
        assert handled == placed and len(shown) <= handled < view["seats"][1]["filled"] + 2
        expect(computer.locator("td:not(.empty)")).to_have_count(len(shown))
        assert view["seats"][1]["handled"] == placed + 1  # it already dealt with the one in hand
        if placed == 5:  # a reload goes straight back into the duel, the computer still there
            thought = page.evaluate("window.__thought")
            page.reload()
            page.evaluate(WATCH_THINKING)
            page.wait_for_function(COMPUTER_DONE, timeout=60_000)
            again = view_of(page)
            assert again["board"] == view["board"] and again["opponent"] == view["opponent"]
            expect(computer).to_contain_text("Počítač (Lehký)")
        if placed == 12:
            expect(computer).to_contain_text("Jeho pole vidíš")
            four_looks(page, "mp-computer-play")
            assert axe_violations(page) == []
        page.evaluate("action => window.__klubovna.table.act(action)", move(view))
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before", arg=before)
    assert thought is True and page.evaluate("window.__thought") is True

    end = page.locator(".mp-computer-end")
    expect(end).to_be_visible()
    view = view_of(page)
    mine, theirs = (entry["score"] for entry in view["seats"])
    verdict = end.locator(".lobby-verdict")
    diff = abs(mine - theirs)
    expect(verdict).to_have_attribute("data-diff", str(diff))
    expected = (
        f"Vyhrál jsi o {diff} " if mine > theirs
        else f"Počítač vyhrál o {diff} " if theirs > mine else "Remíza"
    )
    expect(verdict).to_contain_text(re.compile(f"^{expected}"))
    boards = end.locator(".lobby-mini")
    expect(boards).to_have_count(2)
    expect(boards.nth(1).locator("td:not(.empty)")).to_have_count(25)
    expect(boards.nth(1).locator("figcaption strong")).to_have_text(f"{theirs} b.")
    expect(boards.nth(0).locator("figcaption strong")).to_have_text(f"{mine} b.")
    four_looks(page, "mp-computer-end", full_page=True)
    assert axe_violations(page) == []

    # The replay, from the player's seat: the computer's board grows as the player's did.
    end.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    expect(stepper).to_be_visible(timeout=30_000)
    total = int(stepper.get_by_role("slider", name="Tah").get_attribute("max") or "0")
    assert total > 25
    stepper.get_by_role("slider", name="Tah").fill(str(total // 2))
    middle = stepper.locator(".mp-replay-others .lobby-mini td:not(.empty)")
    expect(stepper.locator(".mp-replay-others .lobby-mini")).to_have_count(1)
    expect(stepper.locator(".mp-replay-others figcaption")).to_contain_text("Počítač (Lehký)")
    assert 0 < middle.count() < 25
    stepper.get_by_role("button", name="Na konec").click()
    expect(middle).to_have_count(25)
    expect(stepper).to_be_focused()
    four_looks(page, "mp-computer-replay", full_page=True)
    assert axe_violations(page) == []

    # From the finished duel straight to the next one: never the finished duel as a plain
    # game on the way (it flashed so, with the coach a free game offers at its end).
    page.evaluate("""window.__plainEnd = false; new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes)
          if (node.nodeType === 1 && (node.matches('.mp-coach-open')
                                      || node.querySelector('.mp-coach-open')))
            window.__plainEnd = true;
      }).observe(document.body, {childList: true, subtree: true})""")
    page.get_by_role("button", name="Hrát znovu").click()
    expect(page.locator(".mp-computer td:not(.empty)")).to_have_count(0)
    # The next duel deals its first number (the finished one's view may linger a moment).
    page.wait_for_function(NEXT_DUEL_DEALT)
    page.wait_for_function(COMPUTER_DONE)
    assert view_of(page)["hand"] is not None and not view_of(page)["game_over"]
    assert page.evaluate("window.__plainEnd") is False
    failures.settle()

"""Kostkový poker solo with the network off: after one visit the precached app and the engine
worker run a table against three computer players. A hand is played through the screen to
the showdown at the normal pace (each hand explained), then the whole game to its ranking
with no waiting; CPython's own table, given the same seed and moves, ends the same way."""

from __future__ import annotations

import json
from typing import Any, Literal

from playwright.sync_api import BrowserContext, Page, expect

from klubovna.games.kostkovy_poker import VALUE_TABLE
from klubovna.tables.local import LocalHost
from tests.web.conftest import ConsoleWatch, axe_violations
from tests.web.shots import four_looks
from tests.web.test_offline import OfflineFailures, visit_once

SERVICE_WORKER = True  # the app's service worker: offline play needs it (conftest.service_workers)

SEED = 14
"""A deal whose first hand, played by always calling, ends in a showdown, and whose game
ends after a few hands."""
REQUEST = {"game": "kostkovy-poker", "seats": 4, "chips": 10, "seconds": None,
           "robots": {"1": "klidny", "2": "chytry", "3": "klidny"}}



def python_game(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The person's views CPython's LocalHost gives for the same seed and moves."""
    host = LocalHost()
    host.create("t", json.dumps(REQUEST), SEED, "k")
    views = [json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))[-1]["view"]]
    for seq, move in enumerate(moves, 1):
        message = {"t": "act", "seq": seq, "action": move}
        replies = json.loads(host.handle("t", json.dumps(message), 0))
        assert replies[-1]["t"] == "view", replies
        views.append(replies[-1]["view"])
    return views


Step = Literal["keep", "bet", "showdown", "end"]


def next_step(page: Page) -> Step:
    """Wait until the person has something to do: keep dice, bet, read a showdown, the end."""
    page.wait_for_selector(
        ".kp-pick, .kp-act:enabled, .kp-showdown, .kp-end", timeout=30_000
    )
    step: Step = page.evaluate(WHICH_STEP)
    return step


WHICH_STEP = """() => {
  const shown = (selector) => document.querySelector(selector) !== null;
  return shown('.kp-end') ? 'end' : shown('.kp-showdown') ? 'showdown'
    : shown('.kp-pick') ? 'keep' : 'bet';
}"""
"""next_step's answer once one of its selectors shows, read in one round trip."""


def keep_first_die(page: Page, moves: list[dict[str, Any]]) -> None:
    """Keep the first die: chosen by its key, kept with Enter (the keyboard path)."""
    page.locator(".kp-keep").wait_for()
    first = page.locator(".kp-pick").first
    # The dice show while the computers' moves before them still play out: keys count
    # once the person may act (the buttons enabled), as for a person watching.
    expect(first).to_be_enabled()
    page.keyboard.press("1")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".kp-keep-submit")).to_have_text("Položit 1 kostku · zdarma")
    expect(page.locator(".kp-keep-submit")).to_be_enabled()
    page.keyboard.press("Enter")
    moves.append({"type": "keep", "dice": [0]})
    expect(page.locator(".kp-pick")).to_have_count(0)


def call_or_check(page: Page, moves: list[dict[str, Any]]) -> None:
    button = page.locator(".kp-act.call:enabled, .kp-act.check:enabled").first
    action = button.get_attribute("data-action")
    assert action in ("call", "check")
    button.click()
    moves.append({"type": action})


def test_solo_offline_hand_to_the_showdown_then_the_whole_game(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    page = context.new_page()
    failures = OfflineFailures(page, console)
    visit_once(page)
    card = page.locator(".games li", has_text="Kostkový poker")
    expect(card.get_by_role("link", name="Hrát")).to_have_attribute("href", "#/kostkovy-poker")
    expect(card.get_by_role("link", name="Pravidla")).to_have_attribute(
        "href", "#/kostkovy-poker/pravidla"
    )
    context.set_offline(True)
    page.goto(f"/#/kostkovy-poker?seed={SEED}")
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Kostkový poker", level=1)).to_be_visible()
    expect(page.locator(".kp-solo-note")).to_contain_text("funguje dál")

    # Three computer players (Klidný, Chytrý, Klidný: the defaults) and 10 chips each.
    # (one person at this device: a game against the computer)
    people = page.get_by_role("radiogroup", name="Počet lidí")
    expect(people.get_by_role("radio", name="1")).to_be_checked()
    bots = page.get_by_role("radiogroup", name="Počet soupeřů")
    expect(bots.get_by_role("radio", name="3")).to_be_checked()
    expect(page.locator(".kp-bot")).to_have_count(3)
    second = page.get_by_role("group", name="Soupeř 2")
    expect(second.get_by_role("radio", name="Chytrý")).to_be_checked()
    page.get_by_label("Žetonů pro každého na začátku (10 až 100)").fill("10")
    four_looks(page, "kp-setup", full_page=True)
    assert axe_violations(page) == []
    page.get_by_role("button", name="Start", exact=True).click()

    # The engine may still be loading from the precache: the first dice can take a while.
    page.locator(".kp-pick").first.wait_for(timeout=30_000)
    expect(page.locator(".kp-pick")).to_have_count(5)
    expect(page.locator(".kp-seat")).to_have_count(4)
    expect(page.locator(".kp-pot")).to_have_attribute("data-pot", "4")  # the antes
    labels = page.locator(".kp-pick").evaluate_all("(b) => b.map((e) => e.ariaLabel)")
    assert all(label.startswith("Kostka ") for label in labels), labels
    expect(page.locator(".kp-costs td")).to_have_text(
        ["1 kostku: zdarma", "2 kostky: 2 žetony", "3 kostky: 3 žetony", "4 kostky: 4 žetony"]
    )
    page.locator(".kp-pick").nth(1).click()
    page.locator(".kp-pick").nth(3).click()
    expect(page.locator(".kp-keep-submit")).to_have_text("Položit 2 kostky · 2 žetony")
    four_looks(page, "kp-keep", full_page=True)
    page.locator(".kp-pick").nth(1).click()  # back to none: keep only the first, by keys
    page.locator(".kp-pick").nth(3).click()
    moves: list[dict[str, Any]] = [{"type": "start"}]
    keep_first_die(page, moves)

    # The first hand at the normal pace, always calling, to its showdown.
    betting_seen = False
    while (step := next_step(page)) != "showdown":
        assert step == "bet", step
        if not betting_seen:
            betting_seen = True
            expect(page.locator(".kp-seat-dice .kp-die.down").first).to_be_visible()
            buttons = page.locator(".kp-bet-buttons button")
            expect(buttons.first).to_be_focused()
            texts = buttons.all_inner_texts()
            assert any(text.startswith(("Čekat", "Dorovnat ")) for text in texts), texts
            four_looks(page, "kp-betting", full_page=True)
            assert axe_violations(page) == []
            # A reload (still offline) rebuilds the table from the tab's snapshot.
            table = page.locator(".kp-table-dice").get_attribute("data-table")
            page.reload()
            expect(page.locator(".kp-act:enabled").first).to_be_visible(timeout=30_000)
            expect(page.locator(".kp-table-dice")).to_have_attribute("data-table", table or "")
            expect(page.locator(".kp-mine.kept")).to_have_count(1)
        call_or_check(page, moves)
    assert betting_seen

    showdown = page.locator(".kp-showdown")
    expect(showdown.get_by_role("heading", name="Odkrytí · kolo 1")).to_be_visible()
    hands = showdown.locator(".kp-hand")
    first = python_game(moves)[-1]["last_hand"]
    assert first["hand"] == 1 and len(first["hands"]) >= 2
    expect(hands).to_have_count(len(first["hands"]))
    for hand in first["hands"]:
        row = showdown.locator(f".kp-hand[data-seat='{hand['seat']}']")
        expect(row).to_have_attribute("data-value", str(hand["value"]))
        expect(row.locator(".kp-six .kp-die")).to_have_count(6)
        expect(row.locator(".kp-six")).to_have_attribute(
            "aria-label", f"Položené: {', '.join(map(str, hand['kept']))}; "
            f"Šestice: {', '.join(map(str, hand['six']))}"
        )
        expect(row.locator(".kp-hand-value")).to_contain_text(f"součet ok {hand['pips']}")
        how = f"všechny položené ({len(hand['kept'])})"
        expect(row.locator(".kp-hand-how")).to_contain_text(how)
    expect(showdown.locator(".kp-pot-lines li").first).to_contain_text("bere")
    four_looks(page, "kp-showdown", full_page=True)
    assert axe_violations(page) == []

    # The rest without waiting (a device setting), to the end of the game.
    page.get_by_text("Nastavení", exact=True).click()
    page.get_by_role("radio", name="Bez čekání").check()
    prefs = page.evaluate("JSON.parse(localStorage.getItem('klubovna.kp.prefs'))")
    assert prefs["pace"] == "instant" and prefs["sound"] is False
    for _ in range(200):
        step = next_step(page)
        if step == "end":
            break
        if step == "showdown":
            skip = page.get_by_role("button", name="Rovnou na výsledky")
            if skip.count():
                skip.click()
            else:
                page.locator(".kp-go-on .primary").click()
        elif step == "keep":
            keep_first_die(page, moves)
        else:
            call_or_check(page, moves)
    else:
        raise AssertionError("the game did not end")

    end = page.locator(".kp-end")
    final = python_game(moves)[-1]
    assert final["game_over"]
    rows = end.locator(".kp-ranking tbody tr")
    expect(rows).to_have_count(4)
    for i, row in enumerate(final["result"]["standings"]):
        expect(rows.nth(i)).to_have_attribute("data-seat", str(row["seat"]))
        expect(rows.nth(i)).to_have_attribute("data-place", str(row["place"]))
    expect(end.get_by_role("button", name="Hrát znovu")).to_be_visible()
    four_looks(page, "kp-end", full_page=True)
    assert axe_violations(page) == []
    # Over: nothing is left to resume after a reload.
    assert page.evaluate("sessionStorage.getItem('klubovna.kp.local')") is None

    # The rules page, offline too: the engine's value table row by row, and the tactics.
    page.goto("/#/kostkovy-poker/pravidla")
    expect(page.get_by_role("heading", name="Kostkový poker: pravidla", level=1)).to_be_visible()
    rows = page.locator(".kp-values tbody tr")
    expect(rows).to_have_count(len(VALUE_TABLE))
    # (the whole table in one round trip rather than three a row)
    expect(rows.locator(".pts")).to_have_text([
        "součet obou" if line.points is None else f"{line.points:,}".replace(",", "\u00a0")
        for line in VALUE_TABLE])
    shown = rows.evaluate_all(
        "(rows) => rows.map((row) => [row.dataset.line, row.querySelectorAll('.kp-die').length])")
    assert shown == [[line.name, 6] for line in VALUE_TABLE], shown
    expect(page.locator("tr[data-line='three_ones'] .combo")).to_have_text("tři jedničky")
    tactics = page.get_by_role("heading", name="Taktika")
    expect(tactics).to_be_visible()
    expect(page.get_by_text("Trojici v ruce polož celou — stůl ti ji nevezme.")).to_be_visible()
    assert axe_violations(page) == []
    failures.settle()

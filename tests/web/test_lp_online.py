"""An online Locus Poker room on the 8×6 grid in two browsers, each with a profile: Lucie
creates it, Lukáš joins by the invitation link, Lucie starts; the player to move (drawn for
the room) plays through the preview's buttons (the pointed card's hand lit), Lukáš's tab
drops and comes back (his seat and the position with it), both see the same chips and
totals after each move, and on a phone (390×844) the 8×6 grid fits the screen with cards
big enough to read. Then the game goes on to its end through each page's own table session
(the test hook; the greedy player's moves, about 5 s), both pages show the same end, and
the game is in both profiles."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from klubovna.bots.locus_poker import BOTS
from klubovna.core import Rng
from tests.web.conftest import HOOK, VIEW, axe_violations, play_until_over
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile

MOVES_MAX = 48
"""An 8×6 game is 48 moves (three played before the play-out)."""


def state(page: Page) -> tuple[list[str], list[str]]:
    """The grid's chips (by card: free, taken or dead) and the totals, as the page shows them."""
    chips = page.locator(".lp-board .lp-card").evaluate_all(
        "(cards) => cards.map((c) => ['free', 'taken', 'dead']"
        ".find((k) => c.classList.contains(k)))")
    totals = page.locator(".lp-total").all_inner_texts()
    return chips, totals


def play(page: Page, cell: int, face: str) -> None:
    page.locator(".lp-board .lp-card").nth(cell).click()
    expect(page.locator(".lp-preview-card")).to_be_visible()
    page.locator(f".lp-play-{face}").click()


def greedy(views: list[dict[str, Any]], mover: int) -> dict[str, Any]:
    """Bára's move (the biggest score now) from the mover's view."""
    return BOTS["bara"].choose(views[mover], (), Rng(0))


def test_two_browsers_play_a_room_with_a_reconnect(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        page.add_init_script(HOOK)
    create_profile(ada, "Lucie")
    create_profile(bob, "Lukáš")
    ada.goto("/#/locus-poker/online")
    expect(ada.get_by_role("heading", name="Locus Poker online")).to_be_visible()
    ada.locator(".lp-pill", has_text="8 × 6").click()
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    link = ada.get_by_label("Odkaz na hru").input_value()
    assert re.search(r"#/locus-poker/hra/\w+$", link)

    bob.goto(link)
    expect(bob.get_by_text("mřížka 8 × 6")).to_be_visible()
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Lucie začne.")
    ada.get_by_role("button", name="Začít").click()

    for page in (ada, bob):
        expect(page.locator(".lp-board .lp-card")).to_have_count(48)
        expect(page.locator(".lp-player.me")).to_contain_text("Vy")
    first, second = (ada, bob) if ada.locator(".lp-player.me.turn").count() else (bob, ada)
    expect(first.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")
    mover = "Lucie" if first is ada else "Lukáš"
    expect(second.locator(".lp-status")).to_have_text(f"Na tahu je {mover}.")
    # off one's turn the preview says what a card would score, without the buttons
    second.locator(".lp-board .lp-card").nth(3).hover()
    expect(second.locator(".lp-peek")).to_have_count(2)
    expect(second.locator("button.lp-play")).to_have_count(0)

    # the pointed card's preview lights the cards its face-up hand would be made of
    first.locator(".lp-board .lp-card").nth(9).hover()
    cells = first.evaluate(f"{VIEW}.preview[9].up.cells")
    lit = first.locator(".lp-board .lp-card.in-preview")
    expect(lit).to_have_count(len(cells))
    assert lit.evaluate_all("(cards) => cards.map((c) => +c.dataset.cell)") == cells

    play(first, 9, "up")
    expect(first.locator(".lp-board .lp-card.taken")).to_have_count(1)
    # Lukáš's connection drops: the reload brings his seat and the position back.
    bob.reload()
    expect(bob.locator(".lp-board .lp-card.taken")).to_have_count(1, timeout=15_000)
    play(second, 10, "down")
    play(first, 20, "up")
    for page in (ada, bob):
        expect(page.locator(".lp-board .lp-card.free")).to_have_count(45)
    assert state(ada) == state(bob)
    chips, _ = state(ada)
    assert (chips[9], chips[10], chips[20]) == ("taken", "dead", "taken")

    # On a phone the whole 8×6 grid fits the width and its cards stay readable.
    second.set_viewport_size({"width": 390, "height": 844})
    board = second.locator(".lp-board").bounding_box()
    card = second.locator(".lp-board .lp-card").first.bounding_box()
    assert board and card and board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert card["width"] >= 38 and card["height"] >= 52, card
    size = second.locator(".lp-board .lp-card.free .lp-rank").first.evaluate(
        "(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 15, size
    second.locator(".lp-board .lp-card").nth(21).hover()
    four_looks(second, "lp-online-board")
    assert axe_violations(second) == []
    second.set_viewport_size({"width": 1100, "height": 900})

    views = play_until_over([ada, bob], greedy, MOVES_MAX)
    result = views[0]["result"]
    assert result == views[1]["result"] and result["reason"] == "full"
    seat = {page: view["seat"] for page, view in zip((ada, bob), views, strict=True)}
    for page in (ada, bob):
        expect(page.locator(".lp-end .lp-moves tbody tr")).to_have_count(48)
        totals = page.locator(".lp-total").evaluate_all("(t) => t.map((e) => +e.dataset.total)")
        assert totals == result["totals"]
    for page in (ada, bob):
        page.goto("/#/profil")
        card = page.locator('.stats-card[data-game="locus-poker"]')
        won = int(result["winner"] == seat[page])
        expect(card.locator('.stat[data-stat="games"] dd')).to_have_text(f"1 (vyhráno {won})")

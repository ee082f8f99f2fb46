"""Small things of the Matematický poker game screen: the "Číslo X propadlo" notice lies over
its reserved line instead of pushing the board down. (Esc closing the joker's value picker,
the joker decision itself staying, is checked in test_mp_play's joker test, on its page.)"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Route, expect

from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from tests.web.conftest import ConsoleWatch, stop_page_clock
from tests.web.shots import four_looks
from tests.web.test_mp_play import cell, hand, seed_where


def test_the_forfeit_notice_does_not_move_the_board(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    # A local hard game (no server to create tables) whose clock the test moves: the page's
    # time goes with every message to the engine worker. The clock runs as usual until the
    # first number is in the hand (the start needs timers), then stands still; a minute a
    # number leaves room for a slow start (at 3 s a busy machine let the first numbers expire
    # by themselves before the test moved time).
    def no_server(route: Route) -> None:
        route.abort()

    context.route("**/api/tables", no_server)
    page = context.new_page()
    page.clock.install()
    seed = seed_where(lambda deck: JOKER not in deck[:3])
    deck = shuffled_deck(seed)
    page.goto(f"/#/matematicky-poker?seed={seed}")
    page.get_by_label("Těžká").check()
    page.get_by_label("Sekund na jedno číslo").fill("60")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(hand(page)).to_have_text(str(deck[0]), timeout=30_000)
    note = page.locator(".mp-note")
    board = page.locator(".mp-board")
    expect(note).to_be_empty()
    stop_page_clock(page)
    before = board.bounding_box()
    # Past the first number's deadline (60 s + the 1.5 s grace), not the second's.
    page.clock.fast_forward(62_000)
    cell(page, 0).click()
    expect(note).to_have_text(f"Číslo {deck[0]} propadlo.")
    expect(cell(page, 0)).to_have_text(str(deck[1]))
    assert board.bounding_box() == before
    page.clock.fast_forward(62_000)  # the next number expires too: the notice comes back
    cell(page, 1).click()
    expect(note).to_have_text(f"Číslo {deck[2]} propadlo.")
    assert board.bounding_box() == before
    four_looks(page, "mp-forfeit-notice")
    console.errors = [e for e in console.errors if "ERR_FAILED" not in e]

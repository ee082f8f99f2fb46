"""Leaving a solo Matematický poker game ("Nová hra", asked first) and finding an unfinished
one again after the tab was closed ("Pokračovat v rozehrané hře"), on the server and in the
browser's engine. A recorded game that is left counts as an unfinished game.

Screenshots of the new screens go to var/screenshots/ (mp-*)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.server.live import LiveServer
from tests.web.conftest import SAVE_DATA, ConsoleWatch, axe_violations
from tests.web.shots import four_looks
from tests.web.test_mp_play import (
    cell,
    hand,
    no_joker_in,
    place,
    seed_where,
    start,
)
from tests.web.test_profile import create_profile

PAUSE_MS = 150
"""A recorded game refuses a placement sooner than 120 ms after its draw."""


def place_slowly(page: Page, index: int) -> None:
    page.wait_for_timeout(PAUSE_MS)
    place(page, index)


def stored(page: Page, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{key}') ?? 'null'"))


def board_of(page: Page) -> list[str]:
    return page.locator(".mp-cell").all_inner_texts()


def table_view(server: LiveServer, ticket: dict[str, Any]) -> dict[str, Any]:
    response = httpx.get(f"{server.http}/api/tables/{ticket['table']}",
                         headers={"Authorization": f"Bearer {ticket['key']}"})
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()["view"]
    return view


def test_new_game_asks_and_a_recorded_game_left_counts_as_unfinished(
    page: Page, app_server: LiveServer
) -> None:
    page.add_init_script(SAVE_DATA)  # a game on the server
    create_profile(page, "Lea")
    start(page, seed_where(lambda deck: no_joker_in(deck, 4)))
    for index in (0, 1):
        place_slowly(page, index)
    board = board_of(page)
    ticket = stored(page, "klubovna.mp.table")["ticket"]

    new_game = page.get_by_role("button", name="Nová hra", exact=True)
    new_game.click()
    ask = page.get_by_role("dialog", name="Začít novou hru?")
    expect(ask).to_contain_text("zapíše se do statistik jako nedokončená")
    expect(ask.get_by_role("button", name="Hrát dál")).to_be_focused()
    four_looks(page, "mp-leave-confirm")
    assert axe_violations(page) == []
    # Esc (or "Hrát dál") keeps the game as it was.
    page.keyboard.press("Escape")
    expect(ask).to_be_hidden()
    assert board_of(page) == board

    new_game.click()
    ask.get_by_role("button", name="Ukončit hru").click()
    expect(page.get_by_role("button", name="Start", exact=True)).to_be_focused()
    expect(page.locator(".mp-board")).to_have_count(0)
    expect(page.get_by_role("heading", name="Máš rozehranou hru")).to_have_count(0)
    assert stored(page, "klubovna.mp.table") is None
    # On the server the game is over, with its board as it was: one game, none completed.
    view = table_view(app_server, ticket)
    assert view["over"] is True and sum(v is not None for v in view["board"]) == 2
    key = stored(page, "klubovna.profiles")[0]["key"]
    stats = httpx.get(f"{app_server.http}/api/profiles/me/stats",
                      headers={"Authorization": f"Bearer {key}"}).json()["matematicky-poker"]
    assert (stats["games"], stats["completed"], stats["fastest_ms"]) == (1, 0, None)


def test_a_closed_tab_offers_its_server_game_again_until_declined(
    context: BrowserContext, app_server: LiveServer
) -> None:
    context.add_init_script(SAVE_DATA)  # games on the server
    first = context.new_page()
    start(first, seed_where(lambda deck: no_joker_in(deck, 5)))
    for index in (0, 6, 12):
        place(first, index)
    board, held = board_of(first), hand(first).inner_text()
    ticket = stored(first, "klubovna.mp.table")["ticket"]
    first.close()  # the tab is gone; its sessionStorage with it

    again = context.new_page()
    again.goto("/#/matematicky-poker")
    offer = again.locator(".mp-resume")
    expect(offer.get_by_role("heading", name="Máš rozehranou hru")).to_be_visible()
    expect(offer).to_contain_text("Lehká · Matematický poker – vedle sebe · na serveru")
    go_on = offer.get_by_role("button", name="Pokračovat v rozehrané hře")
    expect(go_on).to_be_focused()
    four_looks(again, "mp-resume-offer")
    assert axe_violations(again) == []
    go_on.click()
    expect(cell(again, 12)).to_have_class(re.compile(r"\bfilled\b"))
    assert board_of(again) == board
    expect(hand(again)).to_have_text(held)
    place(again, 18)
    # A reload of the tab that plays it goes straight back in, without asking.
    again.reload()
    expect(cell(again, 18)).to_have_class(re.compile(r"\bfilled\b"))
    expect(again.locator(".mp-resume")).to_have_count(0)

    # While that tab plays it, another tab only says where it is.
    other = context.new_page()
    other.goto("/#/matematicky-poker")
    expect(other.get_by_text("Tahle hra je právě otevřená v jiné kartě.")).to_be_visible()
    expect(other.get_by_role("button", name="Pokračovat v rozehrané hře")).to_have_count(0)
    other.close()

    # Declined in a new tab: left like "Nová hra" (the server ends it), and no longer offered.
    again.close()
    last = context.new_page()
    last.goto("/#/matematicky-poker")
    last.get_by_role("button", name="Zahodit hru").click()
    ask = last.get_by_role("dialog", name="Začít novou hru?")
    expect(ask).to_contain_text("Rozehraná hra tím skončí. Bez profilu se nikam nezapisuje.")
    ask.get_by_role("button", name="Ukončit hru").click()
    expect(last.locator(".mp-resume")).to_have_count(0)
    assert stored(last, "klubovna.mp.table") is None
    view = table_view(app_server, ticket)
    assert view["over"] is True and sum(v is not None for v in view["board"]) == 4
    last.reload()
    expect(last.get_by_role("button", name="Start", exact=True)).to_be_visible()
    expect(last.locator(".mp-resume")).to_have_count(0)

    # Starting a new game in a tab that is offered one declines the offered one (in this
    # context: a context of its own cost a browser profile, two page loads and engines).
    seed = seed_where(lambda deck: no_joker_in(deck, 3))
    start(last, seed)
    place(last, 0)
    offered = stored(last, "klubovna.mp.table")["ticket"]
    last.close()
    second = context.new_page()
    second.goto(f"/#/matematicky-poker?seed={seed}")
    expect(second.locator(".mp-resume")).to_contain_text("Když ji zahodíš nebo začneš novou")
    second.get_by_role("button", name="Start", exact=True).click()
    expect(second.locator(".mp-board")).to_be_visible()
    expect(second.locator(".mp-cell.filled")).to_have_count(0)
    assert table_view(app_server, offered)["over"] is True
    assert stored(second, "klubovna.mp.table")["ticket"]["table"] != offered["table"]


def test_a_closed_tab_offers_its_local_game_again(
    context: BrowserContext, console: ConsoleWatch
) -> None:
    # No server to create tables: the game is played by the engine worker in the browser.
    def no_server(route: Route) -> None:
        route.abort()

    context.route("**/api/tables", no_server)
    first = context.new_page()
    first.goto(f"/#/matematicky-poker?seed={seed_where(lambda deck: no_joker_in(deck, 4))}")
    first.get_by_role("button", name="Start", exact=True).click()  # the engine loads first
    expect(first.locator(".mp-local")).to_be_visible(timeout=30_000)
    expect(first.locator(".mp-board")).to_be_visible(timeout=30_000)
    for index in (0, 1):
        place(first, index)
    # The snapshot is written after each change: wait for the one with both numbers (seq 3).
    first.wait_for_function("""() => {
      const saved = localStorage.getItem('klubovna.mp.local');
      return saved !== null && JSON.parse(JSON.parse(saved).snapshot).log.some((e) => e.seq === 3);
    }""")
    board = board_of(first)
    first.close()

    again = context.new_page()
    again.goto("/#/matematicky-poker")
    offer = again.locator(".mp-resume")
    expect(offer).to_contain_text(
        "Lehká · Matematický poker – vedle sebe · jen v tomhle prohlížeči")
    offer.get_by_role("button", name="Pokračovat v rozehrané hře").click()
    expect(again.locator(".mp-cell.filled")).to_have_count(2, timeout=30_000)
    assert board_of(again) == board

    # "Nová hra" here: the game is only in this browser, so it is simply gone.
    again.get_by_role("button", name="Nová hra", exact=True).click()
    ask = again.get_by_role("dialog", name="Začít novou hru?")
    expect(ask).to_contain_text("běží jen v tomhle prohlížeči a tím se ztratí")
    ask.get_by_role("button", name="Ukončit hru").click()
    expect(again.get_by_role("button", name="Start", exact=True)).to_be_visible()
    assert stored(again, "klubovna.mp.local") is None
    again.close()
    fresh = context.new_page()
    fresh.goto("/#/matematicky-poker")
    expect(fresh.get_by_role("button", name="Start", exact=True)).to_be_visible()
    expect(fresh.locator(".mp-resume")).to_have_count(0)
    console.errors = [e for e in console.errors if "ERR_FAILED" not in e]


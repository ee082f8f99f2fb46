"""Matematický poker in the browser against the real server: setup, a whole easy game,
jokers used at once (Esc closing the value picker only) and kept, a forfeit in hard mode,
keyboard play, the points preview, resume after a reload, looks (screenshots at 360 and
1100 px, light and dark) and axe. Consecutive checks that need no fresh storage share a
page: each page load restarts the engine.

Decks are chosen by searching seeds with the engine's own shuffle, never hard-coded."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from playwright.sync_api import Locator, Page, expect

from klubovna.games.matematicky_poker import GRACE_MS
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from tests.server.live import LiveServer
from tests.web.conftest import axe_violations, screenshot

Deck = Sequence[int]

ENGINE_PRELOAD = False  # every game here is played on the server (conftest.SAVE_DATA)

EXPIRY_MS = 3_000 + GRACE_MS + 1
"""A hard game's card of 3 s has run out on the server this long after it came."""


def seed_where(pred: Callable[[Deck], bool]) -> int:
    """The first seed in 0..10000 whose deck satisfies `pred`."""
    for seed in range(10_001):
        if pred(shuffled_deck(seed)):
            return seed
    raise AssertionError("no seed in 0..10000 deals such a deck")


def no_joker_in(deck: Deck, count: int) -> bool:
    return JOKER not in deck[:count]


def start(
    page: Page, seed: int, *, hard_seconds: int | None = None, table: str | None = None
) -> None:
    page.goto(f"/#/matematicky-poker?seed={seed}")
    if hard_seconds is not None:
        page.get_by_label("Těžká").check()
        page.get_by_label("Sekund na jedno číslo").fill(str(hard_seconds))
    if table is not None:
        page.get_by_label(table).check()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".mp-board")).to_be_visible()


def cell(page: Page, index: int) -> Locator:
    return page.locator(f'.mp-cell[data-cell="{index}"]')


def hand(page: Page) -> Locator:
    return page.locator(".mp-hand-value")


def place(page: Page, index: int) -> None:
    """Click an empty cell and wait until the table has written the number there."""
    cell(page, index).click()
    expect(cell(page, index)).to_have_class(re.compile(r"\bfilled\b"))


Scheme = Literal["light", "dark"]
LOOKS: tuple[tuple[Scheme, int], ...] = (
    ("light", 320), ("light", 360), ("light", 1100), ("dark", 360), ("dark", 1100))


def look(page: Page, scheme: Scheme, width: int) -> None:
    """The window at `width` in `scheme`, once the page has drawn a frame at that width."""
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": 800})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")


def no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("innerWidth")
    assert width <= viewport, f"the page is {width} px wide in a {viewport} px window"


def test_setup_offers_modes_tables_and_helpers_and_every_look(page: Page) -> None:
    # The setup's checks and every look of the setup and of a game, on one page: the
    # window's width and colour scheme change the page in place (a page load a look
    # restarted the engine; the setup's checks and the looks were two tests, two loads).
    page.goto("/#/matematicky-poker")
    expect(page.get_by_role("heading", name="Matematický poker", level=1)).to_be_visible()
    expect(page.get_by_label("Lehká")).to_be_checked()
    expect(page.get_by_label("Matematický poker – vedle sebe")).to_be_checked()
    for name in ("Školní tabulka", "Matematico"):
        expect(page.get_by_label(name)).not_to_be_checked()
    # Built on the server: tests/web/test_ranked.py, test_daily.py, test_duel.py, test_group.py.
    more = (("Žebříček", "zebricek"), ("Denní výzva", "denni-vyzva"), ("Duel 1v1", "duel"),
            ("Hra ve skupině", "skupina"))
    for name, target in more:
        link = page.locator(".mp-more").get_by_role("link", name=name, exact=True)
        expect(link).to_have_attribute("href", f"#/matematicky-poker/{target}")
    helpers = (("Výběr čísel", "vyber-cisel"), ("Tabulka", "tabulka"), ("Pravidla", "pravidla"))
    for name, target in helpers:
        link = page.get_by_role("link", name=name, exact=True)
        expect(link).to_have_attribute("href", f"#/matematicky-poker/{target}")
    page.get_by_label("Těžká").check()
    seconds = page.get_by_label("Sekund na jedno číslo")
    expect(seconds).to_be_visible()
    for scheme, width in LOOKS:
        look(page, scheme, width)
        screenshot(page, f"mp-setup-{width}-{scheme}")
        no_overflow(page)
        if scheme == "dark" and width == 360:
            assert axe_violations(page) == []
    look(page, "light", 1100)
    # Hard mode validates its seconds before anything is asked of the server.
    seconds.fill("2")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.get_by_text("Zadej celý počet sekund od 3 do 300.")).to_be_visible()
    expect(seconds).to_have_attribute("aria-invalid", "true")
    expect(seconds).to_be_focused()
    seconds.fill("12.5")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(seconds).to_have_attribute("aria-invalid", "true")
    assert axe_violations(page) == []
    # English has the same page.
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Mathematical poker", level=1)).to_be_visible()
    expect(page.get_by_text("Enter whole seconds from 3 to 300.")).to_be_visible()
    page.get_by_role("button", name=re.compile("česká verze")).click()

    # A game under way, in every look.
    page.get_by_label("Lehká").check()
    start(page, seed_where(lambda deck: no_joker_in(deck, 8)))
    expect(page.get_by_text("Lehká · Matematický poker – vedle sebe")).to_be_visible()
    for index in (0, 6, 12, 7):
        place(page, index)
    for scheme, width in LOOKS:
        look(page, scheme, width)
        screenshot(page, f"mp-game-{width}-{scheme}")
        no_overflow(page)
        if width < 400:  # the board fits a phone, with touch-sized cells
            box = cell(page, 24).bounding_box()
            assert box is not None and box["width"] >= 40 and box["x"] + box["width"] <= width, (
                f"cell 24 at {width} px: {box}")
        if scheme == "dark":
            assert axe_violations(page) == []


def test_full_easy_game_to_the_end_dialog_and_the_next_by_keyboard(page: Page) -> None:
    seed = seed_where(lambda deck: no_joker_in(deck, 27))
    deck = shuffled_deck(seed)
    start(page, seed)
    expect(page.get_by_text("Lehká · Matematický poker – vedle sebe")).to_be_visible()
    for index in range(25):
        expect(hand(page)).to_have_text(str(deck[index]))
        place(page, index)
        expect(cell(page, index)).to_have_attribute(
            "aria-label", f"Řádek {index // 5 + 1}, sloupec {index % 5 + 1}, {deck[index]}"
        )
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_be_visible()
    points = [int(p) for p in end.locator("[data-line-points]").evaluate_all(
        "cells => cells.map(c => c.dataset.linePoints)")]
    assert len(points) == 12
    total = int(end.locator(".mp-end-total").get_attribute("data-total") or "-1")
    assert total == sum(points)
    expect(end.locator(".mp-end-total")).to_have_text(f"Celkem {total} bodů")
    expect(end).to_contain_text(
        "Hra se zapsala na server. Bez profilu se ale nezapočítala do žádných statistik."
    )
    expect(end).to_contain_text("Zaplněná políčka: 25 z 25")
    expect(end.get_by_role("row", name=re.compile("^Vedlejší úhlopříčka"))).to_be_visible()
    # The board shows the same total and every line score next to its line.
    expect(page.locator(".mp-total strong")).to_have_text(str(total))
    board_lines = [int(x) for x in page.locator(".mp-line").evaluate_all(
        "els => els.sort((a, b) => a.dataset.line - b.dataset.line)"
        ".map(e => e.querySelector('.mp-line-points').textContent)")]
    assert board_lines == points
    screenshot(page, "mp-end-1100-light")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "mp-end-360-light")
    # Esc closes the end dialog; "Hrát znovu" goes back to the setup.
    page.keyboard.press("Escape")
    expect(end).to_be_hidden()
    page.get_by_role("button", name="Hrát znovu").click()
    expect(page.get_by_role("button", name="Start", exact=True)).to_be_focused()

    # The next game, played by keyboard only (on the same page: a page of its own cost a
    # page load and an engine start).
    page.set_viewport_size({"width": 1100, "height": 900})
    keyboard_only_moves(page)


def test_jokers_a_hard_game_the_preview_and_a_game_the_server_lost(
        page: Page, app_server: LiveServer) -> None:
    # Games one after another on one page, left by "Nová hra": a page each cost a context,
    # a page load and an engine start. The points preview comes last: its switch, turned
    # off, stays off in this browser.
    joker_used_now_and_another_kept_for_later(page)
    leave_game(page)
    hard_mode_forfeits_a_number_left_to_expire(page, app_server)
    leave_game(page)
    page.set_viewport_size({"width": 1100, "height": 900})
    points_preview_and_its_switch_survive_a_reload(page)
    a_resumed_game_the_server_does_not_know_goes_back_to_the_setup(page)


def leave_game(page: Page) -> None:
    """Leave the running game ("Nová hra", confirmed) for the setup."""
    page.get_by_role("button", name="Nová hra", exact=True).click()
    page.get_by_role("dialog", name="Začít novou hru?").get_by_role(
        "button", name="Ukončit hru").click()
    expect(page.get_by_role("button", name="Start", exact=True)).to_be_visible()


def joker_used_now_and_another_kept_for_later(page: Page) -> None:
    def two_jokers_early(deck: Deck) -> bool:
        first = deck.index(JOKER)
        second = deck.index(JOKER, first + 1)
        return first > 0 and second < 6 and second == first + 2 and deck[second + 1] != JOKER
    seed = seed_where(two_jokers_early)
    deck = shuffled_deck(seed)
    first = deck.index(JOKER)
    start(page, seed)
    free = iter(range(25))
    for _ in range(first):
        place(page, next(free))
    # First joker: the decision cannot be escaped; choose a value, change mind, then place it.
    joker = page.get_by_role("dialog", name="Žolík")
    expect(joker).to_be_visible()
    expect(page.locator(".mp-hand-value")).to_contain_text("Žolík")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")  # Chromium closes a modal on the second Esc unless held open
    expect(joker).to_be_visible()
    expect(joker).to_have_js_property("open", True)
    screenshot(page, "mp-joker-1100-light")
    now = joker.get_by_role("button", name="Použít teď")
    now.click()
    values = joker.get_by_role("group", name="Vyber hodnotu žolíka")
    expect(values).to_be_visible()
    screenshot(page, "mp-joker-values-1100-light")
    assert axe_violations(page) == []
    # Esc closes the value picker: back to the choice, with the focus where it was; the
    # decision is still asked for, and the picker still works after it.
    page.keyboard.press("Escape")
    expect(values).to_have_count(0)
    expect(now).to_be_focused()
    expect(joker).to_have_js_property("open", True)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(joker).to_have_js_property("open", True)
    expect(now).to_be_visible()
    now.click()
    joker.get_by_role("button", name="Hodnota 4", exact=True).click()
    expect(joker).to_be_hidden()
    banner = page.get_by_text("Vyber políčko pro žolíka (hodnota 4)")
    expect(banner).to_be_visible()
    expect(page.locator(".mp-cell.ready").first).to_be_focused()
    assert axe_violations(page) == []
    screenshot(page, "mp-joker-pick-1100-light")
    page.get_by_role("button", name="Zrušit").click()
    expect(joker).to_be_visible()
    joker.get_by_role("button", name="Použít teď").click()
    joker.get_by_role("button", name="Hodnota 7", exact=True).click()
    expect(page.get_by_text("Vyber políčko pro žolíka (hodnota 7)")).to_be_visible()
    target = next(free)
    place(page, target)
    expect(cell(page, target)).to_have_attribute(
        "aria-label", f"Řádek {target // 5 + 1}, sloupec {target % 5 + 1}, 7, žolík")
    expect(cell(page, target).locator(".mp-cell-joker")).to_be_visible()
    # A number, then the second joker: keep it.
    expect(hand(page)).to_have_text(str(deck[first + 1]))
    place(page, next(free))
    expect(joker).to_be_visible()
    kept = page.get_by_role("button", name=re.compile("Uschované žolíky"))
    expect(kept).to_have_text(re.compile("Uschované žolíky: 0"))
    expect(kept).to_be_disabled()
    joker.get_by_role("button", name="Uschovat").click()
    expect(joker).to_be_hidden()
    expect(kept).to_have_text(re.compile("Uschované žolíky: 1"))
    # The next number waits in hand while the kept joker is played.
    in_hand = str(deck[first + 3])
    expect(hand(page)).to_have_text(in_hand)
    kept.click()
    picker = page.get_by_role("dialog", name="Uschovaný žolík")
    expect(picker).to_be_visible()
    picker.get_by_role("button", name="Hodnota 13", exact=True).click()
    expect(page.get_by_text("Vyber políčko pro žolíka (hodnota 13)")).to_be_visible()
    target = next(free)
    place(page, target)
    expect(cell(page, target)).to_have_attribute(
        "aria-label", f"Řádek {target // 5 + 1}, sloupec {target % 5 + 1}, 13, žolík")
    expect(kept).to_have_text(re.compile("Uschované žolíky: 0"))
    expect(hand(page)).to_have_text(in_hand)
    # And the number still in hand goes on as usual.
    target = next(free)
    place(page, target)
    expect(cell(page, target)).to_have_attribute(
        "aria-label", f"Řádek {target // 5 + 1}, sloupec {target % 5 + 1}, {in_hand}")


def hard_mode_forfeits_a_number_left_to_expire(page: Page, server: LiveServer) -> None:
    # A number, then a joker, then a number: both first cards are left to their deadlines.
    seed = seed_where(
        lambda deck: deck[0] != JOKER and deck[1] == JOKER and no_joker_in(deck[2:], 2)
    )
    deck = shuffled_deck(seed)
    page.set_viewport_size({"width": 360, "height": 800})
    start(page, seed, hard_seconds=3)
    expect(page.get_by_text("Těžká (3 s) · Matematický poker – vedle sebe")).to_be_visible()
    timer = page.get_by_role("timer")
    expect(timer).to_have_attribute("aria-label", re.compile(r"Zbývá [0-3] s na toto číslo"))
    expect(page.get_by_text("Propadlá čísla: 0")).to_be_visible()
    expect(hand(page)).to_have_text(str(deck[0]))
    # 3 s plus the server's unseen grace of 1.5 s, then the number is gone: the server's
    # clock skips there (this worker's server runs one test at a time).
    server.skip(EXPIRY_MS)
    expect(page.locator(".mp-note")).to_have_text(f"Číslo {deck[0]} propadlo.")
    expect(page.get_by_text("Propadlá čísla: 1")).to_be_visible()
    # The joker that came next shows its own clock; left undecided, it is kept for us.
    joker = page.get_by_role("dialog", name="Žolík")
    expect(joker).to_be_visible()
    expect(joker.locator(".mp-timer")).to_be_visible()
    screenshot(page, "mp-hard-joker-360-light")
    server.skip(EXPIRY_MS)
    expect(page.locator(".mp-note")).to_have_text("Čas vypršel, žolík se uschoval sám.")
    expect(joker).to_be_hidden()
    expect(page.get_by_role("button", name=re.compile("Uschované žolíky"))).to_have_text(
        re.compile("Uschované žolíky: 1"))
    expect(hand(page)).to_have_text(str(deck[2]))
    place(page, 0)
    expect(page.get_by_text("Propadlá čísla: 1")).to_be_visible()
    screenshot(page, "mp-hard-360-light")
    assert axe_violations(page) == []


def keyboard_only_moves(page: Page) -> None:
    """A game started from the setup on `page` and played by keyboard only."""
    seed = seed_where(lambda deck: no_joker_in(deck, 6))
    deck = shuffled_deck(seed)
    start(page, seed)
    expect(hand(page)).to_have_text(str(deck[0]))
    for _ in range(10):
        if page.evaluate("document.activeElement.dataset.cell") == "0":
            break
        page.keyboard.press("Tab")
    expect(cell(page, 0)).to_be_focused()
    page.keyboard.press("Enter")
    expect(cell(page, 0)).to_have_class(re.compile(r"\bfilled\b"))
    expect(hand(page)).to_have_text(str(deck[1]))
    # The filled cell keeps the focus; Tab goes on to the next cell, Space places.
    expect(cell(page, 0)).to_be_focused()
    page.keyboard.press("Tab")
    expect(cell(page, 1)).to_be_focused()
    page.keyboard.press(" ")
    expect(cell(page, 1)).to_have_class(re.compile(r"\bfilled\b"))
    expect(hand(page)).to_have_text(str(deck[2]))
    # G asks for a draw; with a number in hand the table changes nothing.
    page.keyboard.press("g")
    page.keyboard.press("Shift+G")
    expect(hand(page)).to_have_text(str(deck[2]))
    expect(page.locator(".mp-error")).to_be_empty()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(cell(page, 2)).to_have_attribute("aria-label", f"Řádek 1, sloupec 3, {deck[2]}")
    expect(hand(page)).to_have_text(str(deck[3]))
    # Pressing a filled cell does nothing.
    page.keyboard.press("Shift+Tab")
    expect(cell(page, 1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(hand(page)).to_have_text(str(deck[3]))
    # A double tap places one number: the next is unseen until the table answers.
    page.evaluate("""() => {
        document.querySelector('.mp-cell[data-cell="3"]').click();
        document.querySelector('.mp-cell[data-cell="4"]').click();
    }""")
    expect(cell(page, 3)).to_have_attribute("aria-label", f"Řádek 1, sloupec 4, {deck[3]}")
    expect(hand(page)).to_have_text(str(deck[4]))
    place(page, 5)
    expect(cell(page, 4)).not_to_have_class(re.compile(r"\bfilled\b"))
    expect(page.locator(".mp-cell.filled")).to_have_count(5)


def points_preview_and_its_switch_survive_a_reload(page: Page) -> None:
    seed = seed_where(lambda deck: deck[0] == deck[1] != JOKER and no_joker_in(deck, 4))
    deck = shuffled_deck(seed)
    start(page, seed)
    eye = page.get_by_role("button", name="Náhled bodů")
    expect(eye).to_have_attribute("aria-pressed", "true")
    # On an empty board no cell gains anything yet.
    expect(page.locator(".mp-cell-gain")).to_have_count(0)
    place(page, 0)
    expect(hand(page)).to_have_text(str(deck[1]))
    # A pair next to the first number: the adjacent cells gain 15 and are the best.
    expect(cell(page, 1).locator(".mp-cell-gain")).to_have_text("+15")
    expect(cell(page, 5).locator(".mp-cell-gain")).to_have_text("+15")
    expect(cell(page, 2).locator(".mp-cell-gain")).to_have_text("+10")
    expect(cell(page, 1)).to_have_class(re.compile(r"\bbest\b"))
    expect(cell(page, 2)).not_to_have_class(re.compile(r"\bbest\b"))
    expect(cell(page, 0).locator(".mp-cell-gain")).to_have_count(0)
    expect(cell(page, 24).locator(".mp-cell-gain")).to_have_text("+10")  # same diagonal, apart
    expect(cell(page, 7).locator(".mp-cell-gain")).to_have_count(0)  # no line shared with cell 0
    expect(cell(page, 1)).to_have_attribute("aria-label", "Řádek 1, sloupec 2, prázdné, náhled +15")
    screenshot(page, "mp-preview-1100-light")
    assert axe_violations(page) == []
    eye.click()
    expect(eye).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".mp-cell-gain")).to_have_count(0)
    expect(page.locator(".mp-cell.best")).to_have_count(0)
    # A reload resumes the same game, and the preview stays off.
    page.reload()
    expect(cell(page, 0)).to_have_attribute("aria-label", f"Řádek 1, sloupec 1, {deck[0]}")
    expect(hand(page)).to_have_text(str(deck[1]))
    eye = page.get_by_role("button", name="Náhled bodů")
    expect(eye).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".mp-cell-gain")).to_have_count(0)
    eye.click()
    expect(cell(page, 1).locator(".mp-cell-gain")).to_have_text("+15")
    # The resumed game takes moves (the sequence numbers go on).
    place(page, 1)
    expect(cell(page, 1)).to_have_attribute("aria-label", f"Řádek 1, sloupec 2, {deck[1]}")


def a_resumed_game_the_server_does_not_know_goes_back_to_the_setup(page: Page) -> None:
    # This tab's game (as a reload finds it): the device's ticket, claimed by the tab. Written
    # before the page's own scripts run, in its document: written by one document and read
    # by its reload at once, it was once in a while not there yet (a plain setup, no words).
    page.add_init_script("""localStorage.setItem('klubovna.mp.table', JSON.stringify(
        {ticket: {kind: 'remote', table: 'no-such-table', key: 'x'}, lastSeq: 3}));
        sessionStorage.setItem('klubovna.mp.claim', 'no-such-table')""")
    page.reload()  # (a page load: a hash change would not run the script)
    gone = page.get_by_role("status").filter(has_text="Tahle hra už na serveru není.")
    expect(gone).to_be_visible()
    expect(page.get_by_role("button", name="Start", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('klubovna.mp.table')") is None

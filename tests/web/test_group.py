"""A group game ("Hra ve skupině") of three in three browsers against the real server: a
dealer who only deals ("jen zadává") and two players, one joining by the link, one by the
code. The dealer's desk (the numbers drawn, everybody's queue), the players' boards with the
live ranking, and the end ranking with both boards for all three. Then, in two of the same
browsers, a group whose dealer plays too and leaves: the game ends for everybody. Axe and
screenshots."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations, screenshot
from tests.web.test_duel import (
    best_gain,
    first_free,
    join,
    move,
    open_lobby,
    play_until_results,
    player,
)

DRAWS = 27
"""Enough for a whole board: 25 numbers, and both jokers kept on the way."""


def test_a_group_of_three_to_the_end_ranking_then_a_dealer_leaving(
    people: Callable[[], Page],
) -> None:
    dealer, eva, filip = people(), people(), people()
    code = open_lobby(dealer, "skupina", "Učitelka", deal_only=True)
    expect(dealer.get_by_role("heading", name="Hra ve skupině", level=1)).to_be_visible()
    expect(player(dealer, "Učitelka")).to_contain_text("zadavatel, jen zadává")
    expect(dealer.get_by_role("status").filter(has_text="Čekáme na hráče")).to_be_visible()
    expect(dealer.get_by_role("button", name="Spustit hru")).to_be_disabled()

    link = dealer.get_by_label("Odkaz na hru").input_value()
    eva.goto(link)
    expect(eva.get_by_role("heading", name="Připojit se: Hra ve skupině")).to_be_visible()
    join(eva, "Eva")
    filip.goto("/#/matematicky-poker/skupina")
    filip.get_by_label("Kód hry").fill(code.lower())
    filip.get_by_role("button", name="Připojit se", exact=True).click()
    join(filip, "Filip")
    for page in (dealer, eva, filip):
        expect(page.locator(".lobby-player")).to_have_count(3)
        expect(page.locator(".lobby-player.on")).to_have_count(3)
    waiting = eva.get_by_role("status").filter(has_text="Čekáme, až zadavatel spustí hru.")
    expect(waiting).to_be_visible()
    screenshot(eva, "group-room-1100")
    assert axe_violations(eva) == []

    dealer.get_by_role("button", name="Spustit hru").click()
    expect(dealer.get_by_role("heading", name="Tažená čísla")).to_be_visible()
    expect(dealer.locator(".mp-board")).to_have_count(0)  # a dealer who only deals has none
    for page in (eva, filip):
        expect(page.locator(".mp-board")).to_be_visible()
        expect(page.locator(".lobby-queue")).to_have_text("Čekáme, až zadavatel táhne další číslo.")
        expect(page.locator(".mp-draw")).to_have_count(0)  # only the dealer draws

    # The dealer draws: G once, then the button.
    dealer.keyboard.press("g")
    expect(dealer.locator(".lobby-drawn")).to_have_attribute("data-drawn", "1")
    draw = dealer.get_by_role("button", name="Táhnout")
    for n in range(2, DRAWS + 1):
        draw.click()
        expect(dealer.locator(".lobby-drawn")).to_have_attribute("data-drawn", str(n))
    expect(dealer.locator(".lobby-dealt li")).to_have_count(DRAWS)
    # Everybody's queue: nobody has placed anything yet.
    queues = dealer.locator(".lobby-ranking tbody tr td:last-child")
    expect(queues).to_have_text([str(DRAWS), str(DRAWS)])
    expect(eva.locator(".lobby-queue")).to_have_text(f"Ve frontě za tímhle: {DRAWS - 1}")
    screenshot(dealer, "group-desk-1100")
    assert axe_violations(dealer) == []

    play_until_results([eva, filip], [first_free, best_gain])
    screenshot(eva, "group-end-1100")
    for page in (dealer, eva, filip):
        expect(page.get_by_role("heading", name="Konec hry", level=1)).to_be_visible()
        expect(page.locator(".lobby-final-table tbody tr")).to_have_count(2)
        expect(page.locator(".lobby-final-table")).to_contain_text("Eva")
        expect(page.locator(".lobby-final-table")).to_contain_text("Filip")
        expect(page.locator(".lobby-mini")).to_have_count(2)
        verdict = re.compile(r"^(Hru vyhrává|O první místo)")
        expect(page.locator(".lobby-verdict")).to_have_text(verdict)
    for page in (eva, filip):
        place = re.compile(r"^Tvoje umístění: [12]\. z 2\.$")
        expect(page.locator(".lobby-place")).to_have_text(place)
    expect(dealer.locator(".lobby-place")).to_have_count(0)
    assert axe_violations(dealer) == []

    # A second group on two of these pages (its own test paid two browsers for it), whose
    # dealer plays too: the dealer leaving ends the game for everybody. Eva's browser
    # joins it as Jan.
    jan = eva
    code = open_lobby(dealer, "skupina", "Zadavatelka")
    jan.goto(f"/#/matematicky-poker/hra/{code}")
    join(jan, "Jan")
    expect(player(dealer, "Jan")).to_contain_text("připojen")
    dealer.get_by_role("button", name="Spustit hru").click()
    expect(dealer.get_by_role("button", name="Ukončit hru")).to_be_visible()
    expect(jan.get_by_role("button", name="Ukončit hru")).to_have_count(0)
    dealer.get_by_role("button", name="Táhnout").click()  # the dealer plays too: a board each
    for page in (dealer, jan):
        # The card may be a joker (random deck): wait until the page offers it either way.
        page.wait_for_function("() => document.querySelector('.mp-cell.ready')"
                               " || document.querySelector('dialog.mp-joker-dialog[open]')")
        assert move(page, first_free)
    dealer.get_by_role("button", name="Odejít").click()
    confirm = dealer.get_by_role("dialog", name="Odejít ze hry?")
    expect(confirm).to_contain_text("Hra tím skončí pro všechny")
    confirm.get_by_role("button", name="Odejít").click()
    expect(dealer.get_by_role("heading", name="Už nejsi ve hře")).to_be_visible()
    expect(jan.get_by_role("heading", name="Konec hry", level=1)).to_be_visible()
    expect(jan.get_by_text("Zadavatel odešel, hra skončila dřív.")).to_be_visible()
    expect(jan.locator(".lobby-mini")).to_have_count(2)
    # The seat is gone from this browser; the page says the game is over, offers new ones.
    dealer.reload()
    expect(dealer.get_by_role("status").filter(has_text="Tahle hra už skončila.")).to_be_visible()
    expect(dealer.get_by_label("Přezdívka")).to_have_count(0)
    expect(dealer.get_by_role("link", name="Nová hra ve skupině")).to_be_visible()

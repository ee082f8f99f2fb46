"""A group whose dealer plays too (issue 12, "Players" 4): whenever the group waits for the
next number, the dealer sees it said plainly and the draw as the primary button (G too);
and the live ranking never breaks a nickname inside a word: a long one ends in an
ellipsis on one line, the whole name in its title. Screenshots at 390 and 1280 px, light
and dark."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations
from tests.web.shots import four_looks
from tests.web.test_duel import first_free, join, move, open_lobby

LONG = "Maximiliánbartolomějovič"  # 24 letters, one word
WAITS = "Skupina čeká, až vytáhneš další číslo."


def name_boxes(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('.lobby-ranking .nickname')].map((el) => {
            const r = el.getBoundingClientRect();
            const cell = el.closest('th').getBoundingClientRect();
            const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
            return {text: el.textContent, title: el.getAttribute('title'), height: r.height,
                    line, right: r.right, cellRight: cell.right,
                    cut: el.scrollWidth > el.clientWidth + 1};
        })"""
    )
    return result


def test_the_dealer_who_plays_draws_when_the_group_waits_and_names_stay_whole(
    people: Callable[[], Page],
) -> None:
    dealer, long = people(), people()
    code = open_lobby(dealer, "skupina", "Učitelka")
    long.goto(f"/#/matematicky-poker/hra/{code}")
    join(long, LONG)
    dealer.get_by_role("button", name="Spustit hru").click()

    # The live ranking first (its own room cost two more browsers and a lobby for this
    # alone): a long name never breaks inside the word.
    expect(long.locator(".lobby-ranking tbody tr")).to_have_count(2)
    # The long name on one line, cut with an ellipsis, whole in its title.
    for page in (dealer, long):
        for width in (390, 1280):
            page.set_viewport_size({"width": width, "height": 844})
            boxes = {box["text"]: box for box in name_boxes(page)}
            assert set(boxes) == {"Učitelka", LONG}
            for box in boxes.values():
                assert box["height"] < 1.5 * box["line"], f"{box['text']} wraps at {width} px"
                assert box["right"] <= box["cellRight"] + 0.5
            assert all(box["title"] == box["text"] for box in boxes.values())
            assert not boxes["Učitelka"]["cut"]
    # Beside the board (1280 px) the ranking is narrow: there the long name is cut.
    long.set_viewport_size({"width": 1280, "height": 800})
    assert any(box["cut"] for box in name_boxes(long)), "the long name fits: nothing tested"
    four_looks(long, "group-ranking-long-name", full_page=True)
    assert axe_violations(long) == []
    for page in (dealer, long):  # back to the size the people fixture gives
        page.set_viewport_size({"width": 1100, "height": 900})

    # Nobody has a number: the group waits for the dealer, who is told so.
    draw = dealer.get_by_role("button", name="Táhnout další číslo")
    expect(draw).to_be_visible()
    expect(draw).to_have_class("mp-draw primary")
    expect(dealer.get_by_role("status").filter(has_text=WAITS)).to_have_text(WAITS)
    expect(long.get_by_text(WAITS)).to_have_count(0)  # only the dealer draws
    expect(long.get_by_text("Čekáme, až zadavatel táhne další číslo.")).to_be_visible()
    four_looks(dealer, "group-dealer-waits", full_page=True)
    assert axe_violations(dealer) == []

    draw.click()
    # Everybody holds the number now: nobody waits, the draw is the plain fallback again.
    for page in (dealer, long):
        page.wait_for_function("() => document.querySelector('.mp-cell.ready')"
                               " || document.querySelector('dialog.mp-joker-dialog[open]')")
    expect(dealer.get_by_text(WAITS)).to_have_count(0)
    expect(dealer.get_by_role("button", name="Táhnout", exact=True)).to_be_visible()
    assert move(dealer, first_free)
    # The dealer is done with the number; the other player is not: the group waits again.
    expect(dealer.get_by_role("status").filter(has_text=WAITS)).to_be_visible()
    dealer.keyboard.press("g")
    dealer.wait_for_function("() => document.querySelector('.mp-cell.ready')"
                             " || document.querySelector('dialog.mp-joker-dialog[open]')")
    expect(dealer.get_by_text(WAITS)).to_have_count(0)

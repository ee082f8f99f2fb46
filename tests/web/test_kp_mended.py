"""Kostkový poker, what a new player hit (issue 12, "Players" 5): the "Průběh" log survives a
reload, rebuilt from the table's events (a local table in the engine worker and an online
one), and its top line is never cut in half; chips nobody could call come back as
"vráceno", not as a side pot won; six seats on a 390x844 phone keep every name and chip
count whole, without overlaps. Screenshots at 390 and 1280 px, light and dark."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import EXPECT_TIMEOUT_MS, axe_violations
from tests.web.shots import four_looks
from tests.web.test_kp_offline import WHICH_STEP
from tests.web.test_kp_online import NO_WAITING, open_table, play_a_step

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
RETURNED_SEED = 31
"""Three computer players (Klidný, Chytrý, Klidný), 10 chips, the person keeping the first
die and calling: in the third hand Chytrý's stake above everyone else's all-in comes back."""
SIX_SEED = 14
"""Five computer players: Chytrý 1 deals the first hand (the name beside the button)."""



def start_solo(page: Page, seed: int, bots: int) -> None:
    page.add_init_script(NO_WAITING)
    page.goto(f"/#/kostkovy-poker?seed={seed}")
    page.get_by_role("radiogroup", name="Počet soupeřů").get_by_role(
        "radio", name=str(bots), exact=True).check()
    page.get_by_label("Žetonů pro každého na začátku (10 až 100)").fill("10")
    page.get_by_role("button", name="Start", exact=True).click()
    page.locator(".kp-pick").first.wait_for(timeout=60_000)


def step(page: Page) -> str:
    """The person's next move (the first die kept, check or call, go on after a hand);
    returns what was on screen."""
    page.wait_for_selector(".kp-pick, .kp-act:enabled, .kp-showdown, .kp-end", timeout=30_000)
    shown = page.evaluate(WHICH_STEP)
    if shown in ("end", "showdown"):
        return str(shown)
    if shown == "keep":
        page.locator(".kp-pick").first.click()
        page.locator(".kp-keep-submit:enabled").click()
        expect(page.locator(".kp-pick")).to_have_count(0)
        return "keep"
    page.locator(".kp-act.call:enabled, .kp-act.check:enabled").first.click()
    return "bet"


def log_lines(page: Page) -> list[str]:
    return page.locator(".kp-log li").all_inner_texts()


TOP_LINE_GAP = """() => {
    const box = document.querySelector('.kp-log');
    const top = box.getBoundingClientRect().top;
    const lines = [...box.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
    const first = lines.find((line) => line.bottom > top + 0.5);
    return first ? Math.max(0, top - first.top) : 0;
}"""
"""How far the first visible log line starts above the log box's top edge (0 when whole)."""


def top_line_gap(page: Page) -> float:
    result: Any = page.evaluate(TOP_LINE_GAP)
    return float(result)


def top_line_whole_after_resize(page: Page) -> bool:
    """Whether the log's top line is whole once the box has refitted to a new viewport (it
    does so a frame or more later): waits until the page shows it whole, at most as long
    as an `expect`, then answers from what it shows."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"() => ({TOP_LINE_GAP})() < 1", timeout=EXPECT_TIMEOUT_MS)
    return top_line_gap(page) < 1


def play_until_the_log_scrolls(page: Page, steps: int = 40) -> None:
    """Play until the log holds more than its box shows and the person is to bet (every
    queued message shown), with the game still running."""
    for _ in range(steps):
        what = step(page)
        assert what != "end", "the game ended before the log filled"
        if what == "showdown":
            page.locator(".kp-go-on .primary").click()
            continue
        scrolls = page.evaluate("() => { const b = document.querySelector('.kp-log');"
                                " return b.scrollHeight > b.clientHeight + 4; }")
        if what == "bet" and scrolls:
            page.wait_for_selector(".kp-act:enabled")
            return
    raise AssertionError("the log never filled its box")


def test_six_seats_on_a_phone_then_the_logs_top_line_and_the_solo_log_after_a_reload(
    page: Page,
) -> None:
    # One game for the three checks (each used to start and play its own): six seats on
    # a phone at the game's start, then the log as it fills, on a desktop and a phone.
    page.set_viewport_size(PHONE)
    start_solo(page, SIX_SEED, 5)
    six_seats_whole_on_a_phone(page)
    page.set_viewport_size(DESKTOP)
    play_until_the_log_scrolls(page)
    assert top_line_gap(page) < 1, "the log's top line is cut"
    page.set_viewport_size(PHONE)
    assert top_line_whole_after_resize(page), "the log's top line is cut on the phone"
    before = log_lines(page)
    assert len(before) >= 10

    page.set_viewport_size(DESKTOP)
    page.reload()
    page.locator(".kp-log li").first.wait_for(timeout=60_000)
    expect(page.locator(".kp-log li")).to_have_count(len(before))
    assert log_lines(page) == before
    assert top_line_gap(page) < 1, "the log's top line is cut after the reload"
    page.set_viewport_size(PHONE)
    page.locator(".kp-log").scroll_into_view_if_needed()
    assert top_line_whole_after_resize(page), "cut on the phone after the reload"
    four_looks(page, "kp-log-reloaded", full_page=True)
    assert axe_violations(page) == []


def test_the_online_log_survives_a_reload(page: Page) -> None:
    page.add_init_script(NO_WAITING)
    open_table(page, 2, "Klidný", chips=100)  # long enough a game to fill the log
    page.get_by_role("button", name="Začít hru").click()
    page.locator(".kp-pick").first.wait_for(timeout=20_000)
    deadline = time.monotonic() + 60
    while len(log_lines(page)) < 12 or not page.locator(".kp-act:enabled").count():
        assert time.monotonic() < deadline, "the online table did not fill the log"
        assert play_a_step(page) != "end", "the game ended before the log filled"
        page.wait_for_timeout(100)
    before = log_lines(page)

    page.reload()
    page.locator(".kp-log li").first.wait_for(timeout=20_000)
    expect(page.locator(".kp-log li")).to_have_count(len(before))
    assert log_lines(page) == before


def test_chips_nobody_called_come_back_as_returned(page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    start_solo(page, RETURNED_SEED, 3)
    for _ in range(60):
        what = step(page)
        assert what != "end", "no showdown gave chips back"
        if what == "showdown":
            if page.locator(".kp-returned").count():
                break
            page.locator(".kp-go-on .primary").click()
    showdown = page.locator(".kp-showdown")
    expect(showdown.locator(".kp-returned")).to_have_text(
        "Chytrý: vráceno 3 – tolik nikdo nedorovnal.")
    # The chips that came back make no side pot of their own.
    pots = showdown.locator(".kp-pot-lines li:not(.kp-returned)")
    expect(pots).to_have_text(["Hlavní bank: 18 bereš ty.", "Vedlejší bank 1: 4 bere Chytrý."])
    chytry = showdown.locator('.kp-hand[data-seat="2"]')
    expect(chytry.locator(".kp-tag.won")).to_have_text("výhra 4")
    expect(chytry.locator(".kp-tag.returned")).to_have_text("vráceno 3")
    seat = page.locator('.kp-seats .kp-seat[data-seat="2"]')
    expect(seat.locator(".kp-tag.won")).to_have_text("Výhra 4")
    expect(seat.locator(".kp-tag.returned")).to_have_text("Vráceno 3")
    expect(page.locator(".kp-log li").filter(has_text="Odkrytí").last).to_contain_text(
        "Chytrý: vráceno 3 – tolik nikdo nedorovnal.")
    four_looks(page, "kp-returned", full_page=True)
    assert axe_violations(page) == []


BOXES = """() => [...document.querySelectorAll('.kp-seat')].map((seat) => {
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    const name = seat.querySelector('.kp-seat-name');
    const stack = [...seat.querySelectorAll('.kp-stack-short, .kp-stack-count')]
        .find((el) => el.getBoundingClientRect().width > 2);
    return {
        seat: box(seat), name: box(name), stack: box(stack),
        dealer: box(seat.querySelector('.kp-dealer')),
        text: name.textContent, clipped: name.scrollWidth > name.clientWidth + 1,
        stackClipped: stack.scrollWidth > stack.clientWidth + 1,
    };
})"""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["left"] >= outer["left"] - 0.5 and inner["right"] <= outer["right"] + 0.5
            and inner["top"] >= outer["top"] - 0.5 and inner["bottom"] <= outer["bottom"] + 0.5)


def overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    if a is None or b is None:
        return False
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def six_seats_whole_on_a_phone(page: Page) -> None:
    """Six seats on a 390x844 phone keep every name and chip count whole, without overlaps,
    through the keeping and into a betting round (other tags on the cards)."""
    expect(page.locator(".kp-seat")).to_have_count(6)
    for _ in range(3):  # the keeping, then a betting round: other tags on the cards
        seats = page.evaluate(BOXES)
        assert any(seat["dealer"] for seat in seats)
        for seat in seats:
            assert not seat["clipped"], f"{seat['text']}: the name is cut"
            assert not seat["stackClipped"], f"{seat['text']}: the chips are cut"
            assert inside(seat["name"], seat["seat"]), f"{seat['text']}: the name leaves its card"
            assert inside(seat["stack"], seat["seat"]), f"{seat['text']}: the chips leave the card"
            assert not overlap(seat["dealer"], seat["name"]), f"{seat['text']}: under the button"
            assert not overlap(seat["stack"], seat["name"])
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                assert not overlap(a["seat"], b["seat"]), "two seats overlap"
        if page.locator(".kp-act:enabled").count():
            break
        step(page)
    four_looks(page, "kp-six-seats", full_page=True)
    assert axe_violations(page) == []

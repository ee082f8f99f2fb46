"""An online Kostkový poker table in two browsers: Ada sets it up (three seats, 10 chips,
Chytrý in the empty seat), Bob joins by the link, Ada starts, Bob reloads mid-game and gets
his seat back, and both play through the table screen until the end ranking."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import axe_violations, screenshot

NO_WAITING = "localStorage.setItem('klubovna.kp.prefs', JSON.stringify({pace: 'instant'}))"
"""The device setting that shows the other players' moves without pauses."""


def open_table(page: Page, seats: int, robot: str, chips: int = 10) -> str:
    """Set up an online table of `seats` with `chips` each and `robot` in the empty seats,
    as "Ada"; the table's code, once its room is on screen."""
    page.goto("/#/kostkovy-poker/stul")
    expect(page.get_by_role("heading", name="Kostkový poker: stůl online")).to_be_visible()
    page.get_by_role("radio", name=str(seats), exact=True).check()
    page.get_by_role("radio", name=robot).check()
    page.get_by_label("Žetonů pro každého na začátku (10 až 100)").fill(str(chips))
    page.get_by_label("Přezdívka").fill("Ada")
    page.get_by_role("button", name="Založit stůl").click()
    expect(page.get_by_role("heading", name="Stůl online")).to_be_visible()
    code = page.locator(".lobby-code").get_attribute("data-code")
    assert code and len(code) == 6
    return code


def play_a_step(page: Page) -> bool:
    """Do what the table asks of this person now, if anything: go on after a showdown, keep
    the first die, check or call. True when the game is over for this page. A button the
    table took away before the click (a timed table moves on) is no error: the caller's
    loop looks again."""
    if page.locator(".kp-end").count():
        return True
    if page.locator(".kp-showdown").count():
        click_if_there(page.locator(".kp-go-on .primary"))
        return False
    submit = page.locator(".kp-keep-submit:enabled")
    if page.locator(".kp-pick").count():
        if page.locator(".kp-pick[aria-pressed='true']").count() == 0:
            click_if_there(page.locator(".kp-pick").first)
        if submit.count():
            click_if_there(submit)
        return False
    act = page.locator(".kp-act.call:enabled, .kp-act.check:enabled")
    if act.count():
        click_if_there(act.first)
    return False


def click_if_there(button: Locator) -> None:
    """Click `button` if it is still there within 2 s; a table that moved on took it away."""
    with contextlib.suppress(PlaywrightTimeoutError):
        button.click(timeout=2_000)


def test_two_people_and_a_computer_player_finish_a_table(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        page.add_init_script(NO_WAITING)

    code = open_table(ada, 3, "Chytrý")
    settings = "3 místa · 10 žetonů · 30 s na tah · počítač: Chytrý"
    expect(ada.locator(".mp-info")).to_contain_text(settings)
    link = ada.get_by_label("Odkaz na hru")
    expect(link).to_have_value(f"{ada.url.split('#')[0]}#/kostkovy-poker/hra/{code}")
    expect(ada.locator(".lobby-qr img")).to_be_visible()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")

    bob.goto(f"/#/kostkovy-poker/hra/{code}")
    expect(bob.get_by_role("heading", name="Připojit se ke stolu")).to_be_visible()
    expect(bob.locator(".lobby-join-card")).to_contain_text("Lidé u stolu: 1 z 3.")
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čekáme, až Ada začne hru.")
    expect(ada.locator(".lobby-player")).to_have_count(2)
    expect(ada.locator(".lobby-player[data-presence='on']")).to_have_count(2)
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "ready")
    screenshot(ada, "kp-online-room")
    assert axe_violations(ada) == []
    ada.get_by_role("button", name="Začít hru").click()

    # Three seats: Ada and Bob (by their nicknames, each "Ty" to themselves) and Chytrý.
    expect(ada.locator(".kp-seats .kp-seat-name")).to_have_text(["Bob", "Chytrý"])
    expect(bob.locator(".kp-seats .kp-seat-name")).to_have_text(["Chytrý", "Ada"])
    for page in (ada, bob):
        expect(page.locator(".kp-me .kp-seat-name")).to_have_text("Ty")

    # Bob's tab drops mid-game: the reload connects to the same seat again.
    expect(bob.locator(".kp-pick").first).to_be_visible()
    bob.reload()
    expect(bob.locator(".kp-me .kp-seat-name")).to_have_text("Ty", timeout=10_000)
    expect(bob.locator(".kp-seat")).to_have_count(3)

    checked = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        done = [play_a_step(page) for page in (ada, bob)]
        if all(done):
            break
        if not checked and ada.locator(".kp-act:enabled").count():
            checked = True
            screenshot(ada, "kp-online-table")
            assert axe_violations(ada) == []
        time.sleep(0.1)
    else:
        raise AssertionError("the table did not finish")

    assert checked, "Ada never had a betting decision"
    for page in (ada, bob):
        end = page.locator(".kp-end")
        rows = end.locator(".kp-ranking tbody tr")
        expect(rows).to_have_count(3)
        chips = [int(text.split()[0]) for text in rows.locator("td.num").all_inner_texts()]
        assert sum(chips) == 30, chips  # nothing made or lost
        expect(end.get_by_role("link", name="Nový stůl")).to_be_visible()
    names = ada.locator(".kp-ranking tbody th").all_inner_texts()
    assert sorted(names) == ["Bob", "Chytrý", "Ty"], names
    screenshot(ada, "kp-online-end")

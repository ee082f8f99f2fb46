"""An online Kostkový poker table in three browsers: Ada sets up five seats with 10 chips
(Klidný takes the seats nobody joins), Bob and Cyd (Cyd on a phone-sized screen) open the
link Ada shares and join, Ada starts, Bob's tab reloads mid-game and gets his seat back,
and all three play through the table screen, keeping dice and betting with the real
buttons, as hard as the table lets them (raise, bet, call, never fold), until every one of
them sees the final ranking.

The helpers here (open_table, play_a_step) serve the other online Kostkový poker tests."""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.lobby_client import EAGER
from tests.web.conftest import (
    EXPECT_TIMEOUT_MS,
    SHOTS,
    SHOTS_WANTED,
    axe_violations,
    screenshot,
)

NO_WAITING = "localStorage.setItem('klubovna.kp.prefs', JSON.stringify({pace: 'instant'}))"
"""The device setting that shows the other players' moves without pauses."""
PHONE: ViewportSize = {"width": 390, "height": 844}
CALM = ("call", "check")
"""Keep the first die (free), then check or call: the hands other tests' seeds were chosen
for, and a long game. With EAGER bets a person keeps the largest group they can pay for."""
LIMIT_S = 150
"""The whole game, from the start to every end ranking."""


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


def click_if_there(button: Locator) -> bool:
    """Click `button` unless the page takes it away first (a timed table that moved on):
    whether it was clicked. While the page shows it, the click is tried again (a loaded
    machine may take seconds to make it clickable), for as long as an `expect` waits."""
    deadline = time.monotonic() + EXPECT_TIMEOUT_MS / 1000
    while button.count():
        with contextlib.suppress(PlaywrightTimeoutError):
            button.click(timeout=1_000)
            return True
        assert time.monotonic() < deadline, f"{button} was shown but could not be clicked"
    return False


TABLE_NOW = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  if (document.querySelector('.kp-end')) return {step: 'end'};
  if (document.querySelector('.kp-showdown')) return {step: 'showdown'};
  const picks = all('.kp-pick');
  if (picks.some((die) => !die.disabled)) return {
    step: 'keep',
    values: picks.map((die) => Number(die.dataset.value || 0)),
    pressed: picks.map((die) => die.getAttribute('aria-pressed') === 'true'),
    affordable: all('.kp-costs td:not(.unaffordable)').length,
  };
  return {step: 'bet', actions: Object.fromEntries(
    all('.kp-act:enabled').map((button) => [button.dataset.action, button.innerText]))};
}"""
"""What the table shows this person now, read in one round trip (a loop of locator counts
per page per turn cost driver and renderer CPU at every turn): "end", "showdown", "keep"
(the dice's values, which are picked, how many dice the person can pay for) or "bet" (the
enabled betting buttons' texts by action)."""


def keep(page: Page, table: dict[str, Any], largest_group: bool) -> None:
    """Keep the first die (unless a die is picked already), or the largest group of equal
    dice the person can pay for (`table`: what TABLE_NOW read)."""
    values: list[int] = table["values"]
    pressed: list[bool] = table["pressed"]
    if largest_group:
        value, _ = max(Counter(values).items(), key=lambda item: (item[1], item[0]))
        wanted = [i for i, v in enumerate(values) if v == value][: max(1, table["affordable"])]
    else:
        wanted = [] if any(pressed) else [0]
    picks = page.locator(".kp-pick")
    for i in wanted:
        if not pressed[i]:
            click_if_there(picks.nth(i))
    click_if_there(page.locator(".kp-keep-submit:enabled"))


def play_a_step(page: Page, bets: Sequence[str] = CALM,
                before_bet: Callable[[], None] = lambda: None) -> str | None:
    """Do what the table asks of this person now, if anything; what was done ("end" once the
    final ranking is on screen, "go on", "keep" or the betting action), or None when the
    table waits for someone else. A button the table took away before the click (a timed
    table moves on) is no error: the caller's loop looks again. `before_bet` is called
    when a betting button is about to be pressed."""
    table: dict[str, Any] = page.evaluate(TABLE_NOW)
    if table["step"] == "end":
        return "end"
    if table["step"] == "showdown":
        return "go on" if click_if_there(page.locator(".kp-go-on .primary")) else None
    if table["step"] == "keep":
        keep(page, table, largest_group=bets == EAGER)
        return "keep"
    for action in bets:
        if action in table["actions"]:
            if action == "raise":  # the amount comes from the view: 4, 6, ... never 0
                text = table["actions"][action]
                amount = int(text.split("na ")[1].split()[0])
                assert amount >= 4 and amount % 2 == 0, text
            before_bet()
            button = page.locator(f".kp-act[data-action='{action}']:enabled")
            return action if click_if_there(button.first) else None
    return None


def snap(page: Page, name: str) -> None:
    """The whole page and, as the person sees it, the screen (for people to look at), when
    wanted (SHOTS_WANTED)."""
    if not SHOTS_WANTED:
        return
    screenshot(page, name)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"))


def test_three_people_and_two_computer_players_finish_a_table(
    people: Callable[[], Page],
) -> None:
    ada, bob, cyd = people(), people(), people()
    cyd.set_viewport_size(PHONE)
    for page in (ada, bob, cyd):
        page.add_init_script(NO_WAITING)

    code = open_table(ada, 5, "Klidný")
    expect(ada.locator(".mp-info")).to_contain_text(
        "5 míst · 10 žetonů · 30 s na tah · počítač: Klidný")
    link = ada.get_by_label("Odkaz na hru").input_value()
    assert link.endswith(f"#/kostkovy-poker/hra/{code}"), link
    expect(ada.locator(".lobby-people")).to_contain_text("Prázdná místa (4) obsadí počítač")

    for page, nickname, people_before in ((bob, "Bob", 1), (cyd, "Cyd", 2)):
        page.goto(link)  # the link Ada shares
        expect(page.get_by_role("heading", name="Připojit se ke stolu")).to_be_visible()
        expect(page.locator(".lobby-join-card")).to_contain_text(
            f"Lidé u stolu: {people_before} z 5.")
        page.get_by_label("Přezdívka").fill(nickname)
        page.get_by_role("button", name="Připojit se").click()
        expect(page.locator(".lobby-state")).to_have_text("Čekáme, až Ada začne hru.")
    expect(ada.locator(".lobby-player[data-presence='on']")).to_have_count(3)
    expect(ada.locator(".lobby-people")).to_contain_text("Prázdná místa (2) obsadí počítač")
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "ready")
    ada.get_by_role("button", name="Začít hru").click()

    # Five seats: the three people by their nicknames (each "Ty" to themselves) and two Klidný.
    for page, me in ((ada, "Ada"), (bob, "Bob"), (cyd, "Cyd")):
        expect(page.locator(".kp-seat")).to_have_count(5)
        expect(page.locator(".kp-me .kp-seat-name")).to_have_text("Ty")
        names = page.locator(".kp-seats .kp-seat-name")
        expect(names).to_have_count(4)
        assert sorted(names.all_inner_texts()) == sorted(
            {"Ada", "Bob", "Cyd", "Klidný 1", "Klidný 2"} - {me}), names.all_inner_texts()
        expect(page.locator(".kp-pick")).to_have_count(5)

    # Bob's tab drops before he keeps: the reload connects to the same seat again.
    bob.reload()
    expect(bob.locator(".kp-me .kp-seat-name")).to_have_text("Ty", timeout=10_000)
    expect(bob.locator(".kp-seat")).to_have_count(5)

    done: dict[str, Counter[str]] = {"Ada": Counter(), "Bob": Counter(), "Cyd": Counter()}
    shot: dict[str, bool] = {}

    def first_bet(name: str, page: Page) -> Callable[[], None]:
        """At a person's first bet: the table mid-game, on a desktop (Ada) and a phone (Cyd)."""
        def snap_once() -> None:
            if name in ("Ada", "Cyd") and name not in shot:
                shot[name] = True
                snap(page, f"kp-online-five-{name.lower()}-mid")
                assert axe_violations(page) == []
        return snap_once

    deadline = time.monotonic() + LIMIT_S
    pages = {"Ada": ada, "Bob": bob, "Cyd": cyd}
    while True:
        steps: dict[str, str | None] = {}
        for name, page in pages.items():
            step = steps[name] = play_a_step(page, EAGER, first_bet(name, page))
            if step:
                done[name][step] += 1
        if all(step == "end" for step in steps.values()):
            break
        assert time.monotonic() < deadline, f"the table did not finish: {done}"
        if not any(steps.values()):  # nobody could act: the table waits for its next view
            ada.wait_for_timeout(50)

    for name, page in pages.items():
        assert done[name]["keep"] >= 1, (name, done[name])
        end = page.locator(".kp-end")
        expect(end.get_by_role("heading", name="Konec hry")).to_be_visible()
        rows = end.locator(".kp-ranking tbody tr")
        expect(rows).to_have_count(5)
        chips = [int(text.split()[0]) for text in rows.locator("td.num").all_inner_texts()]
        assert sum(chips) == 50, chips  # nothing made or lost
        assert sorted(chips) == [0, 0, 0, 0, 50], chips  # the last player with chips won
        ranked = rows.locator("th").all_inner_texts()
        assert sorted(ranked) == sorted(
            ["Ty", "Klidný 1", "Klidný 2", *({"Ada", "Bob", "Cyd"} - {name})]), ranked
        expect(end.get_by_role("link", name="Nový stůl")).to_be_visible()
    assert sum(done[name]["raise"] + done[name]["bet"] for name in done) >= 1, done
    assert sorted(shot) == ["Ada", "Cyd"], shot
    snap(ada, "kp-online-five-ada-end")
    snap(cyd, "kp-online-five-cyd-end")

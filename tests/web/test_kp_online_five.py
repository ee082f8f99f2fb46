"""Three people plus two computer players finish an online Kostkový poker table from a shared
link: Ada sets up five seats with 10 chips (Klidný takes the seats nobody joins), Bob and Cyd
(Cyd on a phone-sized screen) open the link Ada shares and join, Ada starts, and all three play
through the table screen, keeping dice and betting with the real buttons, as hard as the
table lets them (raise, bet, call, never fold), until every one of them sees the final
ranking."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize, expect

from tests.web.conftest import SHOTS, screenshot
from tests.web.test_kp_online import NO_WAITING, open_table

PHONE: ViewportSize = {"width": 390, "height": 844}
EAGER = ("raise", "bet", "call", "check")
"""The betting buttons the people press, the first one offered."""
LIMIT_S = 150
"""The whole game, from the start to every end ranking."""


def snap(page: Page, name: str) -> None:
    """The whole page and, as the person sees it, the screen (for people to look at)."""
    screenshot(page, name)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"))


def keep_a_group(page: Page) -> None:
    """Pick the largest group of equal dice the person can pay for, and keep it."""
    picks = page.locator(".kp-pick")
    values = [int(v or 0) for v in picks.evaluate_all("(b) => b.map((e) => e.dataset.value)")]
    affordable = page.locator(".kp-costs td:not(.unaffordable)").count()
    value, _ = max(Counter(values).items(), key=lambda item: (item[1], item[0]))
    wanted = [i for i, v in enumerate(values) if v == value][: max(1, affordable)]
    for i in wanted:
        if picks.nth(i).get_attribute("aria-pressed") != "true":
            picks.nth(i).click(timeout=10_000)
    page.locator(".kp-keep-submit:enabled").click(timeout=10_000)


def play_a_step(page: Page, before_bet: Callable[[], None] = lambda: None) -> str | None:
    """Do what the table asks of this person now, if anything; what was done ("end" once the
    final ranking is on screen), or None when the table waits for someone else. `before_bet`
    is called when a betting button is about to be pressed."""
    if page.locator(".kp-end").count():
        return "end"
    go_on = page.locator(".kp-showdown .kp-go-on .primary")
    if go_on.count():
        try:  # a finished hand also goes on by itself after a few seconds at a timed table
            go_on.click(timeout=1_000)
        except PlaywrightError:
            return None
        return "go on"
    if page.locator(".kp-pick:enabled").count():
        keep_a_group(page)
        return "keep"
    for action in EAGER:
        button = page.locator(f".kp-act[data-action='{action}']:enabled")
        if button.count():
            if action == "raise":  # the amount comes from the view: 4, 6, ... never 0
                amount = int(button.inner_text().split("na ")[1].split()[0])
                assert amount >= 4 and amount % 2 == 0, button.inner_text()
            before_bet()
            button.click(timeout=10_000)
            return action
    return None


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

    done: dict[str, Counter[str]] = {"Ada": Counter(), "Bob": Counter(), "Cyd": Counter()}
    shot: dict[str, bool] = {}

    def first_bet(name: str, page: Page) -> Callable[[], None]:
        """At a person's first bet: the table mid-game, on a desktop (Ada) and a phone (Cyd)."""
        def snap_once() -> None:
            if name in ("Ada", "Cyd") and name not in shot:
                shot[name] = True
                snap(page, f"kp-online-five-{name.lower()}-mid")
        return snap_once

    deadline = time.monotonic() + LIMIT_S
    pages = {"Ada": ada, "Bob": bob, "Cyd": cyd}
    while True:
        steps: dict[str, str | None] = {}
        for name, page in pages.items():
            step = steps[name] = play_a_step(page, first_bet(name, page))
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

"""Quick pairing in the app ("Hrát s kýmkoli", issue #37 part 3; decision 0160), on the shared
new-room form of every game played online: two people with profiles on Locus Poker's online
page both press it and land in the same room, whose game starts by itself. One person waits
alone: the panel says for how long and whom it looks for, Cancel is focused and withdraws the
ticket; with the server's clock run ahead (in steps shorter than the 20 s after which an
unasked ticket is dropped) anyone will do and the computer is offered, and leaving the page
withdraws the ticket too. Without a profile, or with settings for more than two, the form says
why it cannot pair."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from playwright.sync_api import Page, Response, expect

from tests.server.live import LiveServer
from tests.web.conftest import axe_violations
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile

ENGINE_PRELOAD = False  # played on the server only

ROOM = re.compile(r"#/locus-poker/hra/(\w{6})$")


def ticket_status(server: LiveServer, ticket: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/pairing/{ticket}", timeout=10)


def withdrawn(response: Response) -> bool:
    return response.request.method == "DELETE" and "/api/pairing/" in response.url


def waited_seconds(page: Page) -> int:
    minutes, seconds = (page.locator(".pair-time").inner_text()).split(":")
    return int(minutes) * 60 + int(seconds)


def test_two_strangers_are_paired_and_their_game_starts(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    create_profile(ada, "Pavla Párová")
    create_profile(bob, "Petr Párový")
    for page in (ada, bob):
        page.goto("/#/locus-poker/online")
        page.locator(".lp-pill", has_text="6 × 5").click()  # (a pool of this test's own)
    ada.get_by_role("button", name="Hrát s kýmkoli").click()
    expect(ada.locator(".pair-wait [role=status]")).to_contain_text("Hledám soupeře…")
    expect(ada.get_by_role("button", name="Zrušit")).to_be_focused()

    bob.get_by_role("button", name="Hrát s kýmkoli").click()
    codes = []
    for page in (ada, bob):
        expect(page).to_have_url(ROOM)
        found = ROOM.search(page.url)
        assert found
        codes.append(found[1])
    assert codes[0] == codes[1]
    # Nobody presses start: the board shows for both (6 × 5: 30 cards).
    for page in (ada, bob):
        expect(page.locator(".lp-board .lp-card")).to_have_count(30)
    people_seen = ada.locator(".lp-people").inner_text()
    assert "Pavla Párová" in people_seen and "Petr Párový" in people_seen


def test_waiting_alone_cancel_the_computer_and_leaving(people: Callable[[], Page],
                                                       app_server: LiveServer) -> None:
    me = people()
    # Without a profile: said, with the way to make one.
    me.goto("/#/locus-poker/online")
    pair = me.locator(".lobby-pair")
    expect(pair).to_contain_text("Hrát s kýmkoli jde jen s profilem")
    expect(pair.get_by_role("link", name="Založit profil")).to_have_attribute("href", "#/profil")
    expect(pair.get_by_role("button")).to_have_count(0)

    create_profile(me, "Věra Čekající")
    # A table for four is no pair: said before anything is sent; two seats are.
    me.goto("/#/kostkovy-poker/stul")
    pair = me.locator(".lobby-pair")
    expect(pair).to_contain_text("S kýmkoli se hraje jen ve dvou: nastav dvě místa u stolu.")
    me.locator(".kp-count-choice", has_text=re.compile(r"^2$")).click()
    expect(pair.get_by_role("button", name="Hrát s kýmkoli")).to_be_visible()
    me.goto("/#/matematicky-poker/skupina")
    expect(me.locator(".lobby-pair")).to_contain_text("S kýmkoli se hraje jen ve dvou")
    # (Its duel's offer of the computer opens the set-up on the duel against the computer.)
    me.goto("/#/matematicky-poker?hra=pocitac")
    expect(me.get_by_role("group", name="Počítač")).to_be_visible()

    me.goto("/#/locus-poker/online")
    me.locator(".lp-pill", has_text="8 × 6").click()  # (nobody else waits for 8 × 6 here)
    four_looks(me, "quick-pairing-form", full_page=True)
    with me.expect_response(re.compile(r"/api/pairing$")) as posted:
        me.get_by_role("button", name="Hrát s kýmkoli").click()
    ticket = posted.value.json()["ticket"]
    status = me.locator(".pair-wait [role=status]")
    expect(status).to_contain_text("Hledám soupeře…")
    expect(status.locator(".pair-window")).to_have_text(
        re.compile(r"^Zatím jen někoho s hodnocením ±\d+ bodů od tvého\.$"))
    expect(status.locator("[role=timer]")).to_have_text(re.compile(r"^00:0\d$"))
    cancel = me.get_by_role("button", name="Zrušit")
    expect(cancel).to_be_focused()
    expect(me.get_by_role("link", name="Hrát s počítačem")).to_have_count(0)
    assert axe_violations(me) == []
    four_looks(me, "quick-pairing-waiting", full_page=True)

    # The clock runs ahead, a step at a time (each answer keeps the ticket alive).
    for _ in range(4):
        before = waited_seconds(me)
        app_server.skip(12_000)
        me.wait_for_function(
            "before => { const [m, s] = document.querySelector('.pair-time').textContent"
            ".split(':'); return Number(m) * 60 + Number(s) >= before + 12; }", arg=before)
    expect(status.locator(".pair-window")).to_have_text("Teď už kohokoli.")
    expect(status).to_contain_text("Zatím se nikdo nenašel.")
    computer = me.get_by_role("link", name="Hrát s počítačem")
    expect(computer).to_have_attribute("href", "#/locus-poker")
    assert ticket_status(app_server, ticket).json()["status"] == "waiting"
    assert axe_violations(me) == []
    four_looks(me, "quick-pairing-computer", full_page=True)

    with me.expect_response(withdrawn) as deleted:
        cancel.click()
    assert deleted.value.status == 204
    expect(me.locator(".pair-said")).to_have_text("Hledání soupeře je zrušené.")
    expect(me.get_by_role("button", name="Hrát s kýmkoli")).to_be_focused()
    assert ticket_status(app_server, ticket).status_code == 404

    # Leaving the page (here for the computer) stops the wait too.
    with me.expect_response(re.compile(r"/api/pairing$")) as posted:
        me.get_by_role("button", name="Hrát s kýmkoli").click()
    ticket = posted.value.json()["ticket"]
    expect(me.get_by_role("button", name="Zrušit")).to_be_focused()
    with me.expect_response(withdrawn) as deleted:
        me.get_by_role("link", name="Zpět na Locus Poker").click()
    assert deleted.value.status == 204
    expect(me).to_have_url(re.compile(r"#/locus-poker$"))
    assert ticket_status(app_server, ticket).status_code == 404

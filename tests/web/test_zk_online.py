"""An online Žolíky s kameny room in two browsers: Alena creates it, Bob joins by the
invitation link, Alena starts (the host begins the first round), each draws once through the
table screen, Bob's tab drops in between and his seat comes back, and both see the same
table: 15 tiles each, 76 in the pool, nobody's rack in the other's page. Then the round
goes on to its end through each page's own table session (the test hook: a greedy player's
moves, computed here from the page's view, as its screen would send them), both pages show
the end with both racks, both agree to the next round, which the other seat begins, and the
round is in Alena's profile. In round 2 Bob leaves: Alena's end says who left and what it
means, and offers no next round (issue #34 item 9, once in test_zk_mended.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from klubovna.core import Rng
from tests.bots.zoliky_s_kameny import GREEDY
from tests.web.conftest import HOOK, axe_violations, play_until_over, screenshot
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile

BAD_NICKNAME = ("Znak U+3164 v přezdívce být nemůže. "
                "Přezdívka smí mít jen písmena, číslice, mezery a _ - .")
MOVES_MAX = 400
"""Far more moves than a round of two greedy players takes (it ends, the engine says why)."""


def greedy(views: list[dict[str, Any]], mover: int) -> dict[str, Any]:
    """The move the greedy player makes from the mover's view."""
    return GREEDY.choose(views[mover], (), Rng(0))


def test_two_browsers_play_a_room_with_a_reconnect(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        page.add_init_script(HOOK)
    create_profile(ada, "Alena")
    ada.goto("/#/zoliky-s-kameny/online")
    expect(ada.get_by_role("heading", name="Žolíky s kameny online")).to_be_visible()
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    code = ada.locator(".lobby-code").get_attribute("data-code")
    link = ada.get_by_label("Odkaz na hru").input_value()
    assert code and link.endswith(f"#/zoliky-s-kameny/hra/{code}")

    bob.goto(link)
    bob.get_by_label("Přezdívka").fill("\u3164\u3164")  # Hangul fillers: letters, but blank
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.get_by_text(BAD_NICKNAME)).to_be_visible()
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Alena začne.")
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "ready")
    ada.get_by_role("button", name="Začít").click()

    # Alena (the host, seat 0) begins; each page names the other by nickname, itself "Vy".
    expect(ada.locator(".zk-player.turn")).to_contain_text("Vy")
    expect(bob.locator(".zk-player.turn")).to_contain_text("Alena")
    expect(bob.locator(".zk-status")).to_have_text("Na tahu je Alena.")
    expect(bob.locator(".zk-rack .zk-tile")).to_have_count(14)
    expect(bob.get_by_role("button", name="Dobrat kámen")).to_have_count(0)
    expect(ada.get_by_role("button", name="Nápověda")).to_have_count(0)  # no hint online
    screenshot(ada, "zk-online-turn")
    assert axe_violations(ada) == []
    ada.get_by_role("button", name="Dobrat kámen").click()

    # Bob's connection drops on his turn: the reload gets his seat back.
    expect(bob.locator(".zk-status")).to_contain_text("Jste na tahu.")
    bob.reload()
    expect(bob.locator(".zk-rack .zk-tile")).to_have_count(14, timeout=15_000)
    bob.get_by_role("button", name="Dobrat kámen").click()

    for page in (ada, bob):
        expect(page.locator(".zk-player.turn")).to_contain_text("Alena" if page is bob else "Vy")
        expect(page.locator(".zk-player")).to_contain_text(["Kamenů: 15", "Kamenů: 15"])
        expect(page.locator(".mp-info")).to_contain_text("v zásobě 76")
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(15)
    screenshot(bob, "zk-online-after")

    result = play_until_over([ada, bob], greedy, MOVES_MAX)[0]["result"]
    for page in (ada, bob):
        end = page.locator(".zk-end")
        expect(end.locator(".zk-end-headline")).to_be_visible()
        expect(end.locator("tbody tr")).to_have_count(2)
        racks = end.locator(".zk-end-rack")
        for seat in (0, 1):  # both racks, as they were when the round ended
            expect(racks.nth(seat).locator(".zk-tile")).to_have_count(len(result["racks"][seat]))
    winner = result["winner"]
    expect(ada.locator(".zk-end-headline")).to_contain_text("Vyhráváte" if winner == 0 else "Bob")
    screenshot(bob, "zk-online-end")

    # A new round only when both agree; the other seat begins it.
    ada.get_by_role("button", name="Odveta").click()
    expect(bob.locator(".lobby-again .lobby-state")).to_contain_text("Alena")
    expect(bob.locator(".zk-end")).to_be_visible()  # nothing starts before Bob agrees
    bob.get_by_role("button", name="Odveta").click()
    for page in (ada, bob):
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
        expect(page.locator(".mp-info")).to_contain_text("Kolo 2")
    expect(bob.locator(".zk-status")).to_contain_text("Jste na tahu.")

    ada.goto("/#/profil")
    card = ada.locator('.stats-card[data-game="zoliky-s-kameny"]')
    expect(card.locator('.stat[data-stat="games"] dd')).to_have_text(
        f"1 (vyhráno {1 if winner == 0 else 0})")

    # Issue #34 item 9 in round 2 of this room (its own test paid two browsers, a profile
    # and a room): when the other player leaves, the end says who left and what it means,
    # and no next round is offered to the one left alone.
    ada.go_back()
    expect(ada.locator(".zk-rack .zk-tile")).to_have_count(14, timeout=15_000)
    bob.locator(".zk-side").get_by_role("button", name="Odejít").click()
    bob.get_by_role("dialog").get_by_role("button", name="Odejít").click()
    expect(bob.get_by_text("Opustili jste hru.")).to_be_visible()
    end = ada.locator(".zk-end")
    expect(end.locator(".zk-end-headline")).to_have_text("Bob už ve hře není.")
    expect(end).to_contain_text("Kolo tím skončilo a nikdo nebodoval.")
    expect(end).not_to_contain_text("Vyhráváte")
    expect(end.locator("tbody tr").nth(1)).to_contain_text("Bob (mimo hru)")
    expect(end.locator(".zk-alone")).to_have_text(
        "Bez soupeře další kolo nebude. Na další hru založte novou místnost.")
    expect(ada.get_by_role("button", name="Odveta")).to_have_count(0)
    expect(ada.locator(".lobby-again")).to_have_count(0)
    expect(end.get_by_role("link", name="Nová místnost")).to_be_visible()
    four_looks(ada, "zk-mended-left", full_page=True)
    assert axe_violations(ada) == []

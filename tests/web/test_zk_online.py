"""An online Žolíky s kameny room in two browsers: Ada creates it, Bob joins by the
invitation link, Ada starts (the host begins the first round), each draws once through the
table screen, Bob's tab drops in between and his seat comes back, and both see the same
table: 15 tiles each, 76 in the pool, nobody's rack in the other's page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.conftest import axe_violations, screenshot


def test_two_browsers_play_a_room_with_a_reconnect(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    ada.goto("/#/zoliky-s-kameny/online")
    expect(ada.get_by_role("heading", name="Žolíky s kameny online")).to_be_visible()
    ada.get_by_label("Přezdívka").fill("Ada")
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    code = ada.locator(".lobby-code").get_attribute("data-code")
    link = ada.get_by_label("Odkaz na hru").input_value()
    assert code and link.endswith(f"#/zoliky-s-kameny/hra/{code}")

    bob.goto(link)
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Ada začne.")
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "ready")
    ada.get_by_role("button", name="Začít").click()

    # Ada (the host, seat 0) begins; each page names the other by nickname, itself "Vy".
    expect(ada.locator(".zk-player.turn")).to_contain_text("Vy")
    expect(bob.locator(".zk-player.turn")).to_contain_text("Ada")
    expect(bob.locator(".zk-status")).to_have_text("Na tahu je Ada.")
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
        expect(page.locator(".zk-player.turn")).to_contain_text("Ada" if page is bob else "Vy")
        expect(page.locator(".zk-player")).to_contain_text(["Kamenů: 15", "Kamenů: 15"])
        expect(page.locator(".mp-info")).to_contain_text("v zásobě 76")
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(15)
    screenshot(bob, "zk-online-after")

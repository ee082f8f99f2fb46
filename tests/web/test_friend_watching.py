"""Watching a friend's game from their presence (issue #37; decision 0159): while a friend's
room's game runs and its host lets people watch, the friends page has "Sledovat" beside
them, to the watch page; when the host turns watching off, the link goes at once."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.server.test_recording import bearer
from tests.web.conftest import axe_violations
from tests.web.test_devices import create_profile, stored_key
from tests.web.test_friends import friend_row

ENGINE_PRELOAD = False  # played on the server only


def test_a_friend_s_running_game_is_watched_from_the_friends_page(
        people: Callable[[], Page], app_server: LiveServer) -> None:
    ada, bob, cyril = people(), people(), people()
    create_profile(ada, "Ada Divačka")
    create_profile(bob, "Bob Hostitel")
    ada_key, bob_key = stored_key(ada), stored_key(bob)
    asked = httpx.post(f"{app_server.http}/api/friends", json={"nickname": "Bob Hostitel"},
                       headers=bearer(ada_key))
    assert asked.status_code == 201, asked.text
    ada_id = ada.evaluate("localStorage.getItem('klubovna.profile')")
    accepted = httpx.post(f"{app_server.http}/api/friends/{ada_id}/accept",
                          headers=bearer(bob_key))
    assert accepted.status_code == 200, accepted.text

    # Bob opens a room (not a public one) and Cyril joins it: Bob plays, nothing to watch yet.
    bob.goto("/#/zoliky-s-kameny/online")
    bob.get_by_role("button", name="Založit místnost").click()
    expect(bob.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    link = bob.get_by_label("Odkaz na hru").input_value()
    cyril.goto(link)
    cyril.get_by_label("Přezdívka").fill("Cyril")
    cyril.get_by_role("button", name="Připojit se").click()
    expect(cyril.locator(".lobby-state")).to_have_text("Čeká se, až Bob Hostitel začne.")
    ada.goto("/#/pratele")
    row = friend_row(ada, "Bob Hostitel")
    expect(row).to_contain_text("hraje: Žolíky s kameny")
    watch = row.get_by_role("link", name="Sledovat hru: Bob Hostitel")
    expect(watch).to_have_count(0)

    # The game starts: Ada's row of Bob links to its watch page, without a reload.
    bob.get_by_role("button", name="Začít").click()
    expect(bob.locator(".zk-rack .zk-tile")).to_have_count(14)
    expect(watch).to_be_visible()
    expect(watch).to_have_text("Sledovat")
    expect(watch).to_have_attribute("href", re.compile(r"^#/sledovat/[A-Za-z0-9_-]+$"))
    assert axe_violations(ada) == []
    watch.click()
    expect(ada.get_by_role("heading", name="Sledování: Žolíky s kameny")).to_be_visible()
    expect(ada.locator(".watch-state")).to_have_text("Sleduješ živě")
    expect(bob.locator(".lobby-watching-note")).to_have_text("1 divák")

    # Bob turns watching off: the link goes from Ada's friends page; on again, it is back.
    ada.goto("/#/pratele")
    expect(watch).to_be_visible()
    switch = bob.get_by_role("switch", name="Povolit sledování")
    switch.uncheck()
    expect(bob.locator(".lobby-watch")).to_have_attribute("data-watchable", "false")
    expect(watch).to_have_count(0)
    expect(row).to_contain_text("hraje: Žolíky s kameny")
    switch.check()
    expect(watch).to_be_visible()
    # Bob leaves the room's page: no game, no link.
    bob.goto("/#/pratele")
    expect(row).to_contain_text("je tady")
    expect(watch).to_have_count(0)

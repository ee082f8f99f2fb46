"""The profile page's cards, one per game: a Kostkový poker online game played to the end
through the server (the profile's seat against a computer player) shows in the Kostkový
poker card, Matematický poker's card stays as it was. Screenshots of both cards."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from tests.server.live import LiveServer
from tests.server.lobby_client import post_lobby, seat_of, stats_of
from tests.server.test_kp_table import Person, play_to_the_end
from tests.web.conftest import axe_violations, screenshot
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile


def card(page: Page, game: str, name: str) -> str:
    cell = page.locator(f'.stats-card[data-game="{game}"] .stat[data-stat="{name}"] dd')
    return cell.inner_text()


def test_a_kostkovy_poker_game_shows_in_its_card(page: Page, app_server: LiveServer) -> None:
    create_profile(page, "Kostkař")
    kp = page.locator('.stats-card[data-game="kostkovy-poker"]')
    expect(kp.get_by_role("heading", name="Kostkový poker", level=4)).to_be_visible()
    expect(page.locator('.stats-card[data-game="matematicky-poker"]')).to_be_visible()
    assert card(page, "kostkovy-poker", "games") == "0 (vyhráno 0)"
    assert card(page, "kostkovy-poker", "hands") == "0 (vyhráno 0)"
    assert card(page, "kostkovy-poker", "chips") == "0"

    # The selected profile plays an online table to the end (its key, over the sockets).
    key = page.evaluate("JSON.parse(localStorage.getItem('klubovna.profiles'))[0].key")
    host = seat_of(post_lobby(app_server, key, game="kostkovy-poker", kind="table", seats=2,
                              chips=10, robots="klidny"))
    with connect(f"{app_server.ws}/ws/lobbies/{host.code}", proxy=None) as conn:
        me = Person(conn, host.key)
        conn.send(json.dumps({"t": "start"}))
        play_to_the_end(me)
    stats = stats_of(app_server, key, "kostkovy-poker")
    assert stats["games"] == 1

    page.reload()
    expect(kp.locator('.stat[data-stat="games"] dd')).to_have_text(
        f"1 (vyhráno {stats['won']})")
    hands = stats["figures"]["hands"]
    assert hands >= 1
    assert card(page, "kostkovy-poker", "hands") == (
        f"{hands} (vyhráno {stats['figures']['hands_won']})")
    chips = stats["figures"]["chips"]
    assert card(page, "kostkovy-poker", "chips") == (
        f"+{chips}" if chips > 0 else f"\u2212{-chips}" if chips < 0 else "0")  # a real minus
    assert card(page, "matematicky-poker", "completed") == "0 z 0"  # untouched
    screenshot(page, "profile-cards-1100")
    four_looks(page, "profile-cards", full_page=True)
    assert axe_violations(page) == []

    page.get_by_role("button", name="EN – English version").click()
    expect(kp.get_by_role("heading", name="Dice poker", level=4)).to_be_visible()
    expect(kp.locator('.stat[data-stat="chips"] dt')).to_have_text("Chips won or lost")

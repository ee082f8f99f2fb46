""""Moje hry" and the set-up's choice of days per move (issue #38; decision 0162), in two
browsers with profiles: Dana opens a turn-based Locus Poker duel from the set-up (three days
a move), Emil joins from its link, Dana starts it; the room says it is turn-based and how
long a move may take. The one the game waits for sees the home page's badge and the
header's count, finds the game first on "Moje hry" marked "Jsi na tahu" with the time left,
opens it from there and moves; the other's list then shows it as theirs."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import HOOK, SHOTS, SHOTS_WANTED, VIEW, axe_violations
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile

ENGINE_PRELOAD = False  # played on the server only


def view_of(page: Page) -> dict[str, Any]:
    """The page's table view (the test hook), once it has one."""
    page.wait_for_function(f"{VIEW} !== undefined")
    view: dict[str, Any] = json.loads(page.evaluate(f"JSON.stringify({VIEW})"))
    return view


def narrow_looks(page: Page, name: str) -> None:
    """`name`-phone360-{light,dark}.png: the smallest phone people use (360 px wide)."""
    if not SHOTS_WANTED:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    page.emulate_media(reduced_motion="reduce")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
        page.screenshot(path=str(SHOTS / f"{name}-phone360-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if size:
        page.set_viewport_size(size)


def test_a_turn_based_duel_is_found_and_played_from_my_games(people: Any,
                                                             app_server: LiveServer) -> None:
    # The server's clock runs ten minutes ahead of the browsers' (a device's may be off; an
    # earlier test on this server may have moved it): the time left is the server's.
    app_server.skip(10 * 60 * 1000)
    dana, emil = people(), people()
    for page in (dana, emil):
        page.add_init_script(HOOK)

    # Without a profile the page says what it is for.
    dana.goto("/#/moje-hry")
    expect(dana.locator(".mygames-no-profile")).to_contain_text("Hraješ bez profilu")
    create_profile(dana, "Dana Tahová")
    create_profile(emil, "Emil Tahový")
    dana.goto("/#/moje-hry")
    expect(dana.locator(".mygames-empty")).to_contain_text("Teď nemáš žádnou rozehranou hru.")

    # The set-up: live by default; turn-based offers the days.
    dana.goto("/#/locus-poker/online")
    live = dana.get_by_role("radio", name="Živě")
    expect(live).to_be_checked()
    expect(dana.get_by_role("radiogroup", name="Čas na jeden tah")).to_have_count(0)
    # (the pill is clicked, as people do: its radio button is hidden under its words)
    dana.locator(".lobby-turns-pill", has_text="Na tahy").click()
    expect(dana.get_by_role("radio", name="Na tahy")).to_be_checked()
    days = dana.get_by_role("radiogroup", name="Čas na jeden tah")
    expect(days.get_by_role("radio")).to_have_count(5)
    expect(days.get_by_role("radio", name="2 dny")).to_be_checked()
    days.locator(".lobby-turns-pill", has_text="3 dny").click()
    expect(days.get_by_role("radio", name="3 dny")).to_be_checked()
    expect(dana.locator(".lobby-turns-about")).to_contain_text("na tah má 3 dny")
    assert axe_violations(dana) == []
    four_looks(dana, "turns-setup", full_page=True)
    narrow_looks(dana, "turns-setup")
    dana.get_by_role("button", name="Založit místnost").click()
    expect(dana.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    expect(dana.locator(".lobby-turns-note")).to_have_text(
        "Hra na tahy – čas na jeden tah: 3 dny. Zahraj a klidně odejdi, hra počká.")
    code = dana.locator(".lobby-code").get_attribute("data-code")
    assert code and re.fullmatch(r"\w{6}", code)

    emil.goto(f"/#/locus-poker/hra/{code}")
    emil.get_by_role("button", name="Připojit se").click()
    expect(emil.locator(".lobby-state")).to_have_text("Čeká se, až Dana Tahová začne.")
    dana.get_by_role("button", name="Začít").click()
    for page in (dana, emil):
        expect(page.locator(".lp-board .lp-card")).to_have_count(36)
        expect(page.locator(".lobby-turns-note")).to_contain_text("3 dny")
    view = view_of(dana)
    waited, other = (dana, emil) if view["seat"] in view["turn"] else (emil, dana)
    other_name = "Emil Tahový" if waited is dana else "Dana Tahová"

    # Another room of the one waited for, newer but not waiting for their move.
    waited.goto("/#/locus-poker/online")
    waited.get_by_role("button", name="Založit místnost").click()
    expect(waited.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    newer = waited.locator(".lobby-code").get_attribute("data-code")

    # The home page's badge and the header's count; the badge leads to "Moje hry".
    waited.goto("/")
    badge = waited.locator(".mygames-badge")
    expect(badge).to_contain_text("Na tahu jsi v jedné hře.")
    expect(waited.locator(".mygames-chip .count")).to_contain_text("1")
    four_looks(waited, "mygames-home-badge")
    narrow_looks(waited, "mygames-home-badge")
    badge.get_by_role("link").click()
    expect(waited).to_have_url(re.compile(r"#/moje-hry$"))
    rows = waited.locator(".mygame")
    expect(rows).to_have_count(2)
    first = rows.first
    expect(first).to_have_attribute("data-code", code)
    expect(first.locator(".mygame-turn")).to_have_text("Jsi na tahu")
    expect(first).to_contain_text(f"S hráči: {other_name}")
    expect(first).to_contain_text("Na tahy, 3 dny na tah")
    expect(first.locator(".mygame-left")).to_contain_text(re.compile(r"Zbývá 2 dny a 23 hodin"))
    expect(rows.nth(1)).to_have_attribute("data-code", newer or "")
    expect(rows.nth(1)).to_contain_text("Čeká na začátek")
    expect(waited.locator(".mygames-summary")).to_have_text("Na tahu jsi v jedné hře.")
    assert axe_violations(waited) == []
    four_looks(waited, "mygames-page", full_page=True)
    narrow_looks(waited, "mygames-page")

    # Opened from the list: the room's game, and a move.
    first.get_by_role("link").click()
    expect(waited).to_have_url(re.compile(rf"#/locus-poker/hra/{code}$"))
    expect(waited.locator(".lp-board .lp-card")).to_have_count(36)
    mine = view_of(waited)
    assert mine["seat"] in mine["turn"], mine
    cell = next(i for i, preview in enumerate(mine["preview"]) if preview)
    waited.evaluate("action => window.__klubovna.table.act(action)",
                    {"type": "play", "cell": cell, "face": "up"})
    waited.wait_for_function(f"{VIEW}.turn.length === 1 && !{VIEW}.turn.includes({VIEW}.seat)")

    # Now it is the other's game to move in, and no longer the first's.
    other.goto("/#/moje-hry")
    row = other.locator(f'.mygame[data-code="{code}"]')
    expect(row.locator(".mygame-turn")).to_have_text("Jsi na tahu")
    expect(other.locator(".mygame").first).to_have_attribute("data-code", code)
    waited.goto("/#/moje-hry")
    row = waited.locator(f'.mygame[data-code="{code}"]')
    expect(row.locator(".mygame-state")).to_have_text("Hrají ostatní")
    expect(waited.locator(".mygames-summary")).to_have_text("Teď se na tvůj tah nikde nečeká.")
    waited.goto("/")
    expect(waited.locator(".home .games")).to_be_visible()
    expect(waited.locator(".mygames-badge")).to_have_count(0)

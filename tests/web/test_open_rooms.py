"""Open tables and ratings in the app (issue #37; decisions 0158, 0159), in two browsers with
profiles: Lucie opens a public Locus Poker room, Lukáš finds it on the home page's open list
(its game, kind, settings and host) and joins in one click; the room leaves the list once
full. They play it to its end (the test hook), and both see their new ratings and changes
under the end and in the people beside the table. Then, with more rated duels of
Matematický poker stored for them, the profile shows each game's rating with its chart, the
open list shows the settled rating of the host of Lucie's public duel, and the game's rating
board lists them."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from klubovna.bots.locus_poker import BOTS
from klubovna.core import Rng
from klubovna.server.storage.db import make_engine
from klubovna.server.storage.store import Store
from tests.server.live import LiveServer
from tests.server.test_ratings import duel
from tests.web.conftest import HOOK, axe_violations, play_until_over
from tests.web.shots import four_looks
from tests.web.test_profile import create_profile

ENGINE_PRELOAD = False  # played on the server only


def greedy(views: list[dict[str, Any]], mover: int) -> dict[str, Any]:
    return BOTS["bara"].choose(views[mover], (), Rng(0))


@pytest.fixture
def store(app_server: LiveServer) -> Iterator[Store]:
    """The live server's own database, to store rated games as the server records them."""
    engine = make_engine(f"sqlite:///{app_server.data_dir / 'klubovna.db'}")
    store = Store(engine)
    yield store
    store.close_now()
    engine.dispose()


def profile_id(page: Page) -> str:
    """The selected profile's id, as the page keeps it."""
    return str(page.evaluate(
        "JSON.parse(localStorage.getItem('klubovna.profiles')).find("
        "(p) => p.id === localStorage.getItem('klubovna.profile')).id"))


def test_a_public_room_is_joined_from_the_home_page(people: Callable[[], Page],
                                                    store: Store) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        page.add_init_script(HOOK)
    create_profile(ada, "Lucie Veřejná")
    create_profile(bob, "Lukáš Veřejný")

    ada.goto("/#/locus-poker/online")
    public = ada.get_by_role("checkbox", name="Veřejná místnost")
    expect(public).not_to_be_checked()
    public.check()
    expect(ada.locator(".open-rooms")).not_to_have_attribute("aria-busy", "true")
    four_looks(ada, "open-rooms-create", full_page=True)
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    code = ada.locator(".lobby-code").get_attribute("data-code")
    assert code and re.fullmatch(r"\w{6}", code)

    bob.goto("/")
    listed = bob.locator(f'.open-room[data-code="{code}"]')
    expect(listed).to_contain_text("Locus Poker")
    expect(listed).to_contain_text("mřížka 6 × 6")
    expect(listed).to_contain_text("Zakládá Lucie Veřejná")
    expect(listed).to_contain_text("1 z 2 hráčů")
    assert axe_violations(bob) == []
    bob.get_by_role("button", name="Přisednout k hráči Lucie Veřejná: Locus Poker online").click()
    expect(bob).to_have_url(re.compile(rf"#/locus-poker/hra/{code}$"))
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Lucie Veřejná začne.")
    expect(ada.locator(".lobby-player")).to_have_count(2)
    # Full now: the room has left the open list (of its game's page too).
    bob.goto("/#/locus-poker/online")
    expect(bob.locator(".open-rooms")).to_be_visible()
    expect(bob.locator(".open-rooms")).not_to_have_attribute("aria-busy", "true")
    expect(bob.locator(f'.open-room[data-code="{code}"]')).to_have_count(0)
    bob.goto(f"/#/locus-poker/hra/{code}")

    ada.get_by_role("button", name="Začít").click()
    for page in (ada, bob):
        expect(page.locator(".lp-board .lp-card")).to_have_count(36)
    views = play_until_over([ada, bob], greedy, 36)
    # A game between two profiles is rated: each sees both new ratings and their changes.
    for page in (ada, bob):
        changes = page.locator(".lobby-rating-list li")
        expect(changes).to_have_count(2)
        expect(page.locator(".lp-people .lobby-rating")).to_have_count(2)
    moved = [int(each) for each in ada.locator(".lobby-rating-list li").evaluate_all(
        "(rows) => rows.map((row) => row.dataset.change)")]
    winner = views[0]["result"].get("winner")
    assert sorted(moved) == sorted(-each for each in moved), moved
    assert (moved[0] > 0) == (winner is not None), (moved, winner)
    texts = ada.locator(".lobby-rating-list .rating-change").all_inner_texts()
    assert all(re.fullmatch(r"[+\u2212]\d+|\u00b10", text) for text in texts), texts
    four_looks(ada, "rating-changes-end", full_page=True)

    # More rated games, in another game: twelve duels of Matematický poker, Lucie ahead.
    lucie, lukas = profile_id(ada), profile_id(bob)
    store.update_profile(lucie, consent=True)
    store.update_profile(lukas, consent=True)
    now = int(time.time() * 1000)
    for game in range(12):
        totals = [80, 60] if game % 3 else [50, 70]
        duel(store, lucie, lukas, totals, at=now + game)

    ada.goto("/#/profil")
    card = ada.locator('.stats-card[data-game="matematicky-poker"]')
    rating = card.locator('.rating-block[data-stat="rating"]')
    expect(rating).to_have_attribute("data-provisional", "false")
    expect(rating).to_contain_text("12 hodnocených her")
    chart = rating.get_by_role("img", name=re.compile("Vývoj hodnocení ve hře Matematický poker"))
    expect(chart).to_be_visible()
    settled = int(rating.get_attribute("data-rating") or 0)
    assert settled > 1500
    expect(chart.locator("desc")).to_contain_text("Počet her: 12. Hodnocení z ")
    expect(chart.locator("desc")).to_contain_text(f" na {settled},")
    lp = ada.locator('.stats-card[data-game="locus-poker"] .rating-block')
    expect(lp).to_have_attribute("data-provisional", "true")
    expect(lp.locator(".rating-badge.provisional")).to_have_attribute(
        "title", "Prozatímní hodnocení: po několika dalších hrách se ustálí.")
    expect(lp).to_contain_text("1 hodnocená hra")
    card.scroll_into_view_if_needed()
    four_looks(ada, "profile-ratings", full_page=True)
    assert axe_violations(ada) == []

    # A public duel of Matematický poker: the open list shows its host's settled rating.
    ada.goto("/#/matematicky-poker/duel")
    ada.get_by_role("checkbox", name="Veřejná místnost").check()
    ada.get_by_role("button", name="Založit duel").click()
    expect(ada.locator(".lobby-state")).to_be_visible()
    duel_code = ada.locator(".lobby-code").get_attribute("data-code")
    bob.goto("/")
    offered = bob.locator(f'.open-room[data-code="{duel_code}"]')
    expect(offered).to_contain_text("Duel 1v1")
    expect(offered.locator(".rating-badge")).to_have_attribute("data-rating", str(settled))
    expect(offered.locator(".rating-badge")).to_have_text(f"Hodnocení {settled}")
    four_looks(bob, "open-rooms-home", full_page=True)
    ada.goto("/#/profil")

    card.get_by_role("link", name="Nejlepší hodnocení ve hře Matematický poker").click()
    expect(ada).to_have_url(re.compile(r"#/matematicky-poker/hodnoceni$"))
    expect(ada.get_by_role("heading", name="Hodnocení: Matematický poker")).to_be_visible()
    rows = ada.locator("table.rating-board tbody tr")
    expect(rows.filter(has_text="Lucie Veřejná")).to_have_class(re.compile(r"\bme\b"))
    first = rows.filter(has_text="Lucie Veřejná").locator("td").nth(1)
    expect(first).to_have_text(str(settled))
    four_looks(ada, "rating-board", full_page=True)
    assert axe_violations(ada) == []
    # Every online game's navigation leads to its board.
    ada.goto("/#/mathesso/pravidla")
    ada.locator("nav.mp-nav").get_by_role("link", name="Hodnocení").click()
    expect(ada.get_by_role("heading", name="Hodnocení: Mathesso")).to_be_visible()
    expect(ada.get_by_role("link", name="Mathesso", exact=True)).to_have_attribute(
        "aria-current", "page")

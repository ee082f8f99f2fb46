"""Nim in the web app, a plug-in game's whole way: the app built with
KLUBOVNA_PLUGINS=tests.toy.nim (web/build/plugin_games.ts: Nim's Python under /py/, its
tests/toy/nim/web/entry.ts in the registry) and a real server with the same plug-in. Its card
is on the home page; it is played solo against the computer in the engine worker, hot seat by
two people with the hand-over screen between them, and online between two browsers through
the shared lobby pages with a reload, its result in the profile's Nim card.

`make test` builds it before the suite (tests/web/nim_build.py); a run of this file alone
builds it when its sources changed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import connect

from tests.server.live import LiveServer, free_port
from tests.server.lobby_client import bearer, post_lobby
from tests.web.conftest import ConsoleWatch, Profiles, axe_violations, people_on, screenshot
from tests.web.nim_build import NIM_WEB, PLUGIN, WEB, build
from tests.web.test_catalogues import catalogues, keys
from tests.web.test_profile import create_profile


@pytest.fixture(scope="module")
def nim_dist() -> Path:
    """The app built with Nim, looked up once: the module's tests all use the same build."""
    return build()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, nim_dist: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("nim-web"), free_port(), env={
        "KLUBOVNA_PLUGINS": PLUGIN, "KLUBOVNA_WEB_DIST": str(nim_dist),
        "KLUBOVNA_RATE_JOINS": "10000"})
    live.start()
    yield live
    live.stop()


@pytest.fixture
def people(profiles: Profiles, server: LiveServer,
           console: ConsoleWatch) -> Iterator[Callable[[], Page]]:
    """Each call a page in a fresh context (another person's browser) on the Nim server."""
    yield from people_on(profiles, server, console, (1000, 800))


@pytest.fixture(scope="module")
def device(browser: Browser, server: LiveServer) -> Iterator[BrowserContext]:
    """One browser for the local games, as one device: from its first game on, the engine
    starts from the interpreter snapshot it keeps (a cold start each is seconds more). Its
    service worker is blocked, as in the other modules (conftest.service_workers): that
    snapshot is the engine worker's own Cache Storage, and the worker's 21 MB precache
    asserted nothing here."""
    ctx = browser.new_context(base_url=server.http, viewport={"width": 1000, "height": 800},
                              service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def page(device: BrowserContext, console: ConsoleWatch) -> Iterator[Page]:
    """A new tab of that device (its own session storage), watched like `people`'s pages."""
    page = device.new_page()
    console.watch(page)
    yield page
    page.close()
    assert console.errors == [], console.errors


def test_the_catalogue_has_the_same_keys_in_czech_and_english() -> None:
    cs, en = keys(NIM_WEB / "i18n.ts")
    assert cs and cs == en
    app = {key for path in catalogues() for key in keys(path)[0]}
    assert app.isdisjoint(cs)


def test_nims_card_is_on_the_home_page(page: Page) -> None:
    """(A tab of the device: it switches to English, and back to Czech at the end, as the
    device's other tabs read it; a browser of its own cost a context more.)"""
    page.goto("/")
    card = page.locator(".games li").filter(has=page.get_by_role("heading", name="Nim", exact=True))
    expect(card).to_contain_text("kdo vezme poslední, vyhrává")
    card.get_by_role("link", name="Hrát").click()
    expect(page.get_by_role("heading", name="Nim", level=1)).to_be_visible()
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    page.goto("/#/")
    expect(page.locator(".games li").filter(has_text="Heaps of stones")).to_have_count(1)
    page.evaluate("localStorage.setItem('klubovna.lang', 'cs')")


def stones(page: Page) -> int:
    """The stones left on the page's table."""
    sizes = page.locator(".nim-heap").evaluate_all("heaps => heaps.map((h) => h.dataset.size)")
    return sum(int(size) for size in sizes)


def take_a_heap(page: Page) -> None:
    """Take the whole first heap that has stones (its first stone), once the page may, and
    wait for the table to show it."""
    stone = page.locator(".nim-heap:not([data-size='0']) .nim-stone:enabled").first
    stone.wait_for()
    before = stones(page)
    stone.click()
    page.wait_for_function(FEWER, arg=before)


FEWER = """(before) => [...document.querySelectorAll('.nim-heap')]
    .reduce((n, heap) => n + Number(heap.dataset.size), 0) < before"""
OVER = ".nim-status[data-over]"


def winner(page: Page) -> str:
    status = page.locator(OVER)
    expect(status).to_be_visible()
    return status.inner_text().removeprefix("Vítěz: ")


def choose(page: Page, group: str, count: int) -> None:
    page.get_by_role("radiogroup", name=group).get_by_role("radio", name=str(count)).check()


def test_the_local_games_in_one_tab(page: Page) -> None:
    """In the engine worker of one tab, as a person plays on: a solo game against the
    computer, reloaded halfway; its replay (the stepper starts before the start, the keys
    step it, and after the start every frame has fewer stones, down to none); then a hot
    seat game for two. (A tab for each cost a page load, an engine start and, for the
    replay, a game of its own.)"""
    page.goto("/#/nim?seed=7")
    choose(page, "Hromádek", 3)
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".nim-status")).to_have_text("Na tahu: Ty", timeout=60_000)  # engine
    at_start = stones(page)
    page.locator(".nim-stone").first.hover()  # marks what a click takes: the heap
    screenshot(page, "nim-solo")
    take_a_heap(page)
    left = stones(page)  # the computer moved in the same answer
    page.reload()  # the game goes on from its snapshot in this tab
    expect(page.locator(".nim-status")).to_have_text("Na tahu: Ty", timeout=60_000)
    assert stones(page) == left
    for _ in range(10):
        if page.locator(OVER).count():
            break
        take_a_heap(page)
    assert winner(page) in ("Ty", "Počítač")
    taken = page.locator(".nim-players li").all_inner_texts()
    assert sum(int(re.findall(r"\d+", line)[0]) for line in taken) == at_start, taken
    assert stones(page) == 0 and page.locator(".nim-stone").count() == 0
    screenshot(page, "nim-solo-end")
    assert axe_violations(page) == []

    page.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    step = stepper.locator(".replay-step")
    expect(step).to_have_text(re.compile(r"^Začátek hry: tah 0 z \d+$"))
    total = int(step.inner_text().rsplit(" ", 1)[1])
    assert replay_stones(page) == at_start
    expect(stepper.locator(".nim-status")).to_have_text("Hra ještě nezačala.")
    stepper.focus()
    seen = [at_start]
    for number in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(step).to_have_text(f"Tah {number} z {total}")
        seen.append(replay_stones(page))
    # Move 1 is the start (the same heaps), then every move takes stones, down to none.
    assert seen[1] == at_start and seen[-1] == 0, seen
    assert all(b < a for a, b in zip(seen[1:], seen[2:], strict=False)), seen
    page.keyboard.press("ArrowRight")  # at the end it stays
    expect(step).to_have_text(f"Tah {total} z {total}")
    expect(stepper.get_by_role("button", name="Další tah")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text(f"Tah {total - 1} z {total}")
    assert replay_stones(page) == seen[-2]
    page.keyboard.press("Home")
    expect(step).to_have_text(re.compile("^Začátek hry"))
    stepper.get_by_role("button", name="Na konec").click()
    expect(stepper.locator(".nim-status")).to_have_text(re.compile("^Vítěz: "))
    assert stepper.get_by_role("slider", name="Tah").input_value() == str(total)
    # The button disabled itself: focus went to the stepper, whose keys still work.
    expect(stepper).to_be_focused()
    page.keyboard.press("Home")
    expect(step).to_have_text(re.compile("^Začátek hry"))
    page.keyboard.press("End")
    expect(step).to_have_text(f"Tah {total} z {total}")
    assert page.get_by_role("button", name="Sdílet záznam").count() == 0  # local: no link
    screenshot(page, "nim-replay")
    assert axe_violations(page) == []

    hot_seat_for_two_with_the_hand_over(page)


def hot_seat_for_two_with_the_hand_over(page: Page) -> None:
    """From the end of a game: another set-up, two people at this device, the hand-over
    screen between their turns (nothing of the table meanwhile)."""
    page.get_by_role("button", name="Jiné nastavení").click()
    choose(page, "Lidí u tohoto zařízení", 2)  # two people, no computer
    choose(page, "Hromádek", 3)
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".nim-status")).to_have_text("Na tahu: Hráč 1", timeout=60_000)
    hand_over = page.get_by_role("dialog")
    handed: list[str] = []
    for _ in range(10):
        take_a_heap(page)
        expect(hand_over.or_(page.locator(OVER))).to_be_visible()
        if page.locator(OVER).count():
            break
        handed.append(hand_over.get_by_role("heading").inner_text())
        assert page.locator(".nim-heaps").count() == 0, "nothing of the table meanwhile"
        if len(handed) == 1:
            screenshot(page, "nim-hand-over")
            assert axe_violations(page) == []
        hand_over.get_by_role("button").click()
    assert handed[:2] == ["Na tahu: Hráč 2", "Na tahu: Hráč 1"], handed
    assert winner(page) in ("Hráč 1", "Hráč 2")


def test_online_through_the_lobby_with_a_reload_and_the_profile(
        people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    create_profile(ada, "Ada Nim")
    ada.goto("/#/nim/stul")
    choose(ada, "Míst u stolu", 2)
    ada.get_by_role("button", name="Založit stůl").click()
    expect(ada.get_by_role("heading", name="Nim u stolu")).to_be_visible()
    code = ada.locator(".lobby-code").get_attribute("data-code")
    assert code and len(code) == 6

    bob.goto(f"/#/nim/hra/{code}")
    expect(bob.get_by_role("heading", name="Připojit se ke hře Nim")).to_be_visible()
    expect(bob.locator(".lobby-join-card")).to_contain_text("Míst: 2 · hromádek: 3")
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čekáme, až Ada Nim začne hru.")
    expect(ada.locator(".lobby-player[data-presence='on']")).to_have_count(2)
    ada.get_by_role("button", name="Začít hru").click()

    expect(ada.locator(".nim-status")).to_have_text("Na tahu: Ty")
    expect(bob.locator(".nim-status")).to_have_text("Na tahu: Ada Nim")
    take_a_heap(ada)
    bob.reload()  # Bob's tab drops and comes back to his seat, with Ada's move
    expect(bob.locator(".nim-status")).to_have_text("Na tahu: Ty", timeout=15_000)
    assert stones(bob) == stones(ada)
    mover, other = bob, ada
    for _ in range(10):
        take_a_heap(mover)
        if mover.locator(OVER).count():
            break
        mover, other = other, mover
    won = winner(ada)
    assert won in ("Ty", "Bob") and winner(bob) == ("Ada Nim" if won == "Ty" else "Ty")
    screenshot(bob, "nim-online-end")

    ada.goto("/#/profil")
    card = ada.locator('.stats-card[data-game="nim"]')
    expect(card.get_by_role("heading", name="Nim", level=4)).to_be_visible()
    expect(card.locator('.stat[data-stat="games"] dd')).to_have_text(
        f"1 (vyhráno {1 if won == 'Ty' else 0})")


def test_only_a_build_with_the_plugin_ships_nim(nim_dist: Path) -> None:
    with_nim = (nim_dist / "py" / "manifest.json").read_text()
    assert '"tests/toy/nim/game.py"' in with_nim and '"tests/__init__.py"' in with_nim
    plain = WEB / "dist" / "py" / "manifest.json"  # `make test` builds it before the suite
    assert plain.exists() and '"tests/' not in plain.read_text()


def replay_stones(page: Page) -> int:
    """The stones of the replay's frame on show."""
    sizes = page.locator(".replay .nim-heap").evaluate_all("hs => hs.map((h) => h.dataset.size)")
    return sum(int(size) for size in sizes)


def test_a_shared_replay_link_opens_in_a_fresh_browser(
        server: LiveServer, people: Callable[[], Page], console: ConsoleWatch) -> None:
    """A server game of Nim (a room of one person and the computer, played over its socket
    here), its share link opened in a browser that never saw the game."""
    host = post_lobby(server, game="nim", kind="table", nickname="Ada", seats=2, heaps=2,
                      computer="perfect").json()
    with connect(f"{server.ws}/ws/lobbies/{host['code']}", proxy=None) as conn:
        conn.send(json.dumps({"t": "hello", "key": host["key"]}))
        conn.send(json.dumps({"t": "start"}))
        view, lobby, seq = None, None, 0
        while lobby is None or lobby["status"] != "closed":
            message = json.loads(conn.recv(timeout=10))
            if message["t"] == "lobby":
                lobby = message["lobby"]
            elif message["t"] == "view":
                view = message["view"]
                if view["turn"] == [0] and not view["over"]:
                    heap = next(i for i, size in enumerate(view["heaps"]) if size)
                    seq += 1
                    conn.send(json.dumps({"t": "act", "seq": seq, "action": {
                        "type": "take", "heap": heap, "count": view["heaps"][heap]}}))
    data = httpx.get(f"{server.http}/api/tables/{lobby['table']}/replay",
                     headers=bearer(host["key"])).json()
    page = people()
    page.goto(f"/#/zaznam/{data['share']}")
    expect(page.get_by_role("heading", name="Záznam hry: Nim", level=1)).to_be_visible()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    total = len(data["moves"])
    expect(stepper.locator(".replay-step")).to_have_text(f"Začátek hry: tah 0 z {total}")
    assert replay_stones(page) == sum(data["frames"][0]["heaps"])
    stepper.get_by_role("button", name="Na konec").click()
    expect(stepper.locator(".replay-step")).to_have_text(f"Tah {total} z {total}")
    winner = "Ty" if data["frames"][-1]["winner"] == 0 else "Hráč 2"
    expect(stepper.locator(".nim-status")).to_have_text(f"Vítěz: {winner}")
    page.goto("/#/zaznam/" + data["share"].replace(".0.", ".1."))  # edited: opens nothing
    expect(page.get_by_role("alert")).to_have_text("Tento odkaz na záznam není platný.")
    # (the browser logs the 404 it was answered: that one is expected)
    console.errors = [e for e in console.errors if "status of 404" not in e]

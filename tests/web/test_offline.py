"""Offline after one visit: the service worker's precache starts the app, Pyodide and the
klubovna packages load from it, a local table plays the server's own Python, and
Matematický poker, Locus Poker and Mathesso play through their screens.
How fast is bench/web.py's, never a test's."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from klubovna.tables.local import LocalHost
from tests.server.live import next_move
from tests.web.conftest import (
    ENGINE_LOADED,
    ENGINE_READY,
    HOOK,
    ConsoleWatch,
    wait_for_snapshot,
)
from tests.web.test_ma_helpers import ready, remember

SERVICE_WORKER = True
"""The app's service worker runs in these tests' contexts (tests/web/conftest.py blocks it
elsewhere): they are about the engine's first start, the snapshot it keeps, offline play."""


# A local table driven through the page's real openLocalTable: every message goes to the
# worker and back. `__act` returns the message answering the action (its ack or its error).
TABLE_JS = """
async (request) => {
  const table = await window.__klubovna.openLocalTable(request);
  window.__table = table;
  window.__inbox = [];
  table.listen((message) => window.__inbox.push(message));
  window.__act = async (action) => {
    const seq = table.act(action);
    for (;;) {
      const reply = window.__inbox.find((m) => m.ack === seq || (m.t === "error" && m.seq === seq));
      if (reply) return reply;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  while (window.__inbox.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  return {kind: table.kind, first: window.__inbox[0]};
}
"""


def visit_once(page: Page) -> None:
    """The first visit: the service worker installs (precaching everything), takes control,
    and the idle preload brings the engine up."""
    page.goto("/")
    expect(page.get_by_role("heading", name="Klubovna", exact=True)).to_be_visible()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.wait_for_function(ENGINE_LOADED, timeout=30_000)
    wait_for_snapshot(page, 10_000)
    cached: list[str] = page.evaluate(
        """async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          }
          return urls.map((url) => new URL(url).pathname);
        }"""
    )
    worker = [p for p in cached if p.startswith("/assets/engine.worker")]
    assert worker, "the worker's bundle is precached"
    for path in ("/index.html", "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip",
                 "/pyodide/pyodide.mjs", "/pyodide/pyodide.asm.mjs", "/py/manifest.json"):
        assert any(p == path for p in cached), f"{path} is not precached"


class OfflineFailures:
    """Chromium logs each request that fails offline as a console error. Those to the
    server's API are expected (that is how the app learns it is offline); any other one,
    such as an asset missing from the precache, still fails the test."""

    def __init__(self, page: Page, console: ConsoleWatch) -> None:
        self.console = console
        self.urls: list[str] = []
        page.on("console", self.seen)

    def seen(self, message: ConsoleMessage) -> None:
        if "ERR_INTERNET_DISCONNECTED" in message.text:
            self.urls.append(message.location.get("url", ""))

    def settle(self) -> None:
        """Drop the expected failures from the console errors; keep every other."""
        unexpected = [url for url in self.urls if "/api/" not in url and "/ws/" not in url]
        assert unexpected == [], unexpected
        self.console.errors = [
            e for e in self.console.errors if "ERR_INTERNET_DISCONNECTED" not in e
        ]


def go_offline(context: BrowserContext, page: Page) -> None:
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="Klubovna", exact=True)).to_be_visible()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()


def python_views(seed: int, request: dict[str, Any], moves: list[dict[str, Any]]) -> list[Any]:
    """The views CPython's LocalHost gives for the same seed and moves."""
    host = LocalHost()
    host.create("t", json.dumps(request), seed, "k")
    views = [json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))[0]["view"]]
    for seq, move in enumerate(moves, 1):
        message = {"t": "act", "seq": seq, "action": move}
        views.append(json.loads(host.handle("t", json.dumps(message), 0))[-1]["view"])
    return views


def test_offline_after_one_visit(context: BrowserContext, console: ConsoleWatch) -> None:
    """One visit, then offline in the same browser: a local table through the worker plays
    the server's own Python, the pages render, whole games of Matematický poker through the
    game screen (one surviving a reload halfway), Locus Poker and Mathesso after their own
    offline reloads. (One visit for all: the service worker's install, its 21 MB precache
    and the engine's first start are the same for each, and were paid once a test.)"""
    context.add_init_script(HOOK)
    page = context.new_page()
    failures = OfflineFailures(page, console)
    visit_once(page)
    go_offline(context, page)
    local_table_plays_the_servers_python(page, console)
    pages_render_offline(page)
    full_game_through_the_game_screen(page)
    local_game_survives_a_reload(page)
    locus_poker_takes_a_move(page)
    remember(page)  # the Mathesso player and its instant pace: last, as they stay installed
    page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    mathesso_turns_a_card(page)
    failures.settle()


def local_table_plays_the_servers_python(page: Page, console: ConsoleWatch) -> None:
    # The server's API is not faked by the service worker: requests fail, so the app knows.
    api = page.evaluate(
        """async () => Promise.all([
          fetch('/api/tables', {method: 'POST', body: '{"game": "matematicky-poker"}',
                                headers: {'content-type': 'application/json'}})
            .then((r) => 'answered ' + r.status, () => 'failed'),
          fetch('/api/openapi.json').then((r) => 'answered ' + r.status, () => 'failed'),
        ])"""
    )
    assert api == ["failed", "failed"]

    # The engine loads again from the precache, with the progress bar while it does.
    page.wait_for_function(ENGINE_READY, timeout=30_000)
    expect(page.get_by_role("progressbar")).to_have_count(0)
    # ... starting from the interpreter snapshot the first visit left behind.
    snapshot = "performance.getEntriesByName('klubovna:engine-load').at(-1).detail.snapshot"
    assert page.evaluate(snapshot) is True, console.warnings  # (why a snapshot was dropped)

    request = {"game": "matematicky-poker", "mode": "easy", "table": "school"}
    opened = page.evaluate(TABLE_JS, {**request, "seed": 5})
    assert opened["kind"] == "local"
    view = opened["first"]["view"]
    assert opened["first"]["t"] == "view" and not view["started"]
    moves: list[dict[str, Any]] = [{"type": "start"}]
    reply = page.evaluate("a => window.__act(a)", moves[0])
    assert reply["t"] == "view" and reply["ack"] == 1 and reply["view"]["hand"] is not None
    views = [view, reply["view"]]
    while (move := next_move(views[-1])) is not None:
        moves.append(move)
        reply = page.evaluate("a => window.__act(a)", move)
        assert reply["t"] == "view", reply
        views.append(reply["view"])
    assert views[-1]["over"] and None not in views[-1]["board"]
    # Seed 5 deals exactly what the server's Python deals; every view is the same.
    assert views == python_views(5, request, moves)

    # A refused move is an error for that action, the table keeps going.
    error = page.evaluate("a => window.__act(a)", {"type": "place", "cell": 0})
    assert error["t"] == "error" and error["seq"] == len(moves) + 1


def pages_render_offline(page: Page) -> None:
    """Offline on the home page: a game's rules open, and a cold start straight into them."""
    expect(page.get_by_role("heading", name="Matematický poker")).to_be_visible()
    page.goto("/#/matematicky-poker/pravidla")
    rules = page.get_by_role("heading", name="Matematický poker: pravidla", level=1)
    expect(rules).to_be_visible()
    page.reload()  # a cold start offline straight into the rules
    expect(rules).to_be_visible()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()


SCREEN_STEP = """filled => {
  // The last click's answer first: `filled` cells filled (more is a failure; -1: any).
  const cells = document.querySelectorAll('.mp-cell.filled').length;
  if (filled >= 0 && cells !== filled) return cells > filled ? {filled: cells} : null;
  if (document.querySelector('dialog.mp-end[open]')) return {end: true};
  const hand = document.querySelector('.mp-hand-value')?.dataset.hand;
  const empty = document.querySelector('.mp-cell:not(.filled)');
  if (!hand || !empty) return null;
  return {hand, cell: Number(empty.dataset.cell), filled: cells};
}"""
"""What the game screen offers now, once it shows the last click's answer: the end, or the
card in hand and the first empty cell (null while neither shows)."""


def play_through_the_screen(page: Page) -> list[dict[str, Any]]:
    """Fill the board through the game screen: each number on the first empty cell, each
    joker used at once as 7. Returns the moves made (start first), as the table got them.
    One wait a move reads what the screen shows (a loop of small Playwright calls cost CPU
    at every turn); the clicks are real clicks."""
    moves: list[dict[str, Any]] = [{"type": "start"}]
    filled = -1  # (a game resumed after a reload has some already)
    for _ in range(60):  # 25 cells, at most 2 jokers; a bound, not an expectation
        step = page.wait_for_function(SCREEN_STEP, arg=filled).json_value()
        if "end" in step:
            expect(page.get_by_role("dialog", name="Konec hry")).to_be_visible()
            return moves
        assert "cell" in step, f"one click filled more than one cell: {step}"
        cell = step["cell"]
        if step["hand"] == "joker":
            page.get_by_role("button", name="Použít teď").click()
            page.get_by_role("button", name="Hodnota 7", exact=True).click()
            moves.append({"type": "joker", "choice": "now", "value": 7, "cell": cell})
        else:
            moves.append({"type": "place", "cell": cell})
        page.locator(f'.mp-cell[data-cell="{cell}"]').click()
        filled = step["filled"] + 1
    raise AssertionError("the game did not end")


def start_offline_game(page: Page) -> None:
    """Offline (after one visit): reload and start a local easy game dealt from seed 5."""
    page.goto("/#/matematicky-poker?seed=5")
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()
    page.get_by_role("button", name="Start", exact=True).click()
    # The engine may still be loading from the precache: the first view can take a while.
    expect(page.locator(".mp-local")).to_be_visible(timeout=30_000)


def full_game_through_the_game_screen(page: Page) -> None:
    start_offline_game(page)
    hand = page.locator(".mp-hand-value[data-hand]")
    expect(hand).not_to_have_attribute("data-hand", "", timeout=30_000)
    moves = play_through_the_screen(page)
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Hra běžela jen v tomto prohlížeči a nikam se nezapsala.")
    # The same deal and moves in CPython's table give the same board and total.
    final = python_views(5, {"game": "matematicky-poker", "mode": "easy"}, moves)[-1]
    assert final["over"]
    assert end.locator(".mp-end-total").get_attribute("data-total") == str(final["score"]["total"])


def local_game_survives_a_reload(page: Page) -> None:
    start_offline_game(page)
    hand = page.locator(".mp-hand-value[data-hand]")
    cells = page.locator(".mp-cell")
    moves: list[dict[str, Any]] = [{"type": "start"}]
    while len(moves) < 5:  # a few cards, each on the first empty cell
        expect(hand).not_to_have_attribute("data-hand", "", timeout=30_000)
        filled = page.locator(".mp-cell.filled").count()
        cell = int(page.locator(".mp-cell:not(.filled)").first.get_attribute("data-cell") or -1)
        if hand.get_attribute("data-hand") == "joker":
            page.get_by_role("button", name="Použít teď").click()
            page.get_by_role("button", name="Hodnota 7", exact=True).click()
            moves.append({"type": "joker", "choice": "now", "value": 7, "cell": cell})
        else:
            moves.append({"type": "place", "cell": cell})
        page.locator(f'.mp-cell[data-cell="{cell}"]').click()
        expect(page.locator(".mp-cell.filled")).to_have_count(filled + 1)
    expect(hand).not_to_have_attribute("data-hand", "")
    board, held = cells.all_inner_texts(), hand.get_attribute("data-hand")

    page.reload()  # still offline: the engine rebuilds the table from the game's snapshot
    expect(page.locator(".mp-local")).to_be_visible(timeout=30_000)
    expect(page.locator(".mp-cell.filled")).to_have_count(len(moves) - 1, timeout=30_000)
    expect(hand).to_have_attribute("data-hand", held or "", timeout=30_000)
    assert cells.all_inner_texts() == board

    moves += play_through_the_screen(page)[1:]  # seq numbers go on after the reload
    end = page.get_by_role("dialog", name="Konec hry")
    expect(end).to_contain_text("Hra běžela jen v tomto prohlížeči a nikam se nezapsala.")
    final = python_views(5, {"game": "matematicky-poker", "mode": "easy"}, moves)[-1]
    assert final["over"]
    assert end.locator(".mp-end-total").get_attribute("data-total") == str(final["score"]["total"])
    # Over: nothing is left to resume.
    assert page.evaluate("localStorage.getItem('klubovna.mp.local')") is None


# Locus Poker and Mathesso after an offline reload (issue #34, item 7): each game opened
# and reloaded with the network off starts from the precache and the engine's snapshot and
# takes a move. (Kostkový poker and Žolíky s kameny have theirs: test_kp_offline.py,
# test_zk_computer.py.)

ENGINE = 40_000  # ms: a loaded machine's slowest engine start seen, with room


def offline_reload(page: Page, path: str) -> None:
    """`path` opened and reloaded with the network off: a real navigation, so a new engine
    starts from the precache and its snapshot."""
    page.goto(path)
    page.reload()
    expect(page.get_by_role("banner").get_by_text("Bez připojení", exact=True)).to_be_visible()


INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def locus_poker_takes_a_move(page: Page) -> None:
    offline_reload(page, "/#/locus-poker?seed=19&pace=0")
    page.locator(".lp-opponent").first.click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    cards = page.locator(".lp-board .lp-card")
    expect(cards, "Locus Poker's board offline").to_have_count(30, timeout=ENGINE)
    expect(page.locator(".lp-player").nth(1)).to_contain_text("Pepík")
    expect(page.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")
    free = page.locator(".lp-board .lp-card.free")
    before = free.count()
    free.first.click()
    page.locator(".lp-play-up").click()
    # The person's card and, with no pause, Pepík's answer.
    expect(free, "Locus Poker: the person's card and Pepík's").to_have_count(before - 2)
    expect(page.locator(".lp-status")).to_have_text("Jste na tahu: vyberte volnou kartu.")


def mathesso_turns_a_card(page: Page) -> None:
    """(The page has the Mathesso player and instant pace installed: init scripts.)"""
    offline_reload(page, "/#/mathesso?seed=7")
    page.get_by_placeholder("Hráč 1").fill("Ema")
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".ma-card"), "Mathesso's cards offline").to_have_count(60, timeout=ENGINE)
    expect(page.locator(".ma-players")).to_contain_text("Kotě (počítač)")
    ready(page)
    expect(page.locator(".ma-status")).to_have_text("Ema, jsi na tahu! Otoč kartičku.")
    index = page.locator(".ma-card:not(.up)").first.get_attribute("data-index")
    card = page.locator(f".ma-card[data-index='{index}']")
    card.click()
    expect(card, "Mathesso: the turned card").to_have_class(re.compile(r"\bup\b"))
    expect(page.locator(".ma-status")).to_contain_text("otoč druhou kartičku")

"""The engine worker in a real page: Pyodide loads from the app's own origin with a progress
bar in the header, and the worker gives exactly what the server's Python gives."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page, Request, expect

from klubovna.games.matematicky_poker import score_board
from klubovna.games.matematicky_poker.state import shuffled_deck
from tests.server.live import LiveServer
from tests.web.conftest import (
    DOWNLOAD_SEEN_MS,
    DOWNLOADING,
    ENGINE_READY,
    HOOK,
    ConsoleWatch,
    HeldWasm,
    held_engine,
    wait_for_snapshot,
)
from tests.web.shots import four_looks

SERVICE_WORKER = True
"""The app's service worker runs in these tests' contexts (tests/web/conftest.py blocks it
elsewhere): they are about the engine's first start, the snapshot it keeps, offline play."""

# The page's real client functions (web/src/worker/client.ts), exposed only when a test sets
# `__klubovnaTest` before the app starts; each call goes through the worker like the UI's.
# Matematický poker's functions for the browser through the worker (client.ts engineCall, its
# BROWSER table): score_board's (lines, total) comes as a list.
SCORE = ("((cells, table) => "
         "window.__klubovna.engineCall('matematicky-poker', 'score_board', cells, table))")
DECK = "(seed => window.__klubovna.engineCall('matematicky-poker', 'shuffled_deck', seed))"
# Every aria-valuenow the header's progress bar shows, in order, and its label.
WATCH_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.querySelector('[role=progressbar]');
  if (bar) {
    const now = Number(bar.getAttribute('aria-valuenow'));
    if (window.__progress.at(-1) !== now) window.__progress.push(now);
    window.__barLabel = bar.getAttribute('aria-label');
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""
PRELOAD_MS = 180_000
"""The idle preload waits for the service worker, which first precaches ~21 MB: beside a busy
loop on both cores that took over 20 s. A bound, not a wait: the test goes on once the
engine is ready."""


def boards() -> list[list[int | None]]:
    rng = random.Random(2024)
    full: list[list[int | None]] = [[rng.randint(1, 13) for _ in range(25)] for _ in range(6)]
    partial = [[rng.choice([None, *range(1, 14)]) for _ in range(25)] for _ in range(4)]
    fixed: list[list[int | None]] = [
        [7, 7, 7, 7, 2] + [None] * 20,
        [1, 1, 1, 1, 1] + [None] * 20,
        [None] * 25,
        [1, 2, 3, 4, 5, 13, 12, 11, 10, 9, 7, 7, 7, 6, 6, 4, 4, 8, 8, 8, 1, 10, 11, 12, 13],
    ]
    return fixed + full + partial


def test_engine_loads_and_matches_python(page: Page, app_server: LiveServer) -> None:
    outside: list[str] = []

    def only_our_origin(request: Request) -> None:
        if not request.url.startswith(app_server.http):
            outside.append(request.url)

    page.on("request", only_our_origin)
    page.context.on("request", only_our_origin)
    page.add_init_script(HOOK + WATCH_PROGRESS)
    page.goto("/")
    # The idle preload starts the engine: a labelled progress bar (the page's observer notes
    # every value it shows), gone once it is ready.
    page.wait_for_function(ENGINE_READY, timeout=PRELOAD_MS)
    expect(page.get_by_role("progressbar")).to_have_count(0)
    assert page.evaluate("window.__barLabel") == "Načítám herní jádro…"
    seen: list[int] = page.evaluate("window.__progress")
    assert seen == sorted(seen) and seen[-1] >= 90, seen
    assert len(page.evaluate("performance.getEntriesByName('klubovna:engine-load')")) == 1

    cases: list[dict[str, Any]] = [
        {"cells": cells, "table": table}
        for cells in boards() for table in ("adjacent", "school", "matematico")
    ]
    got = page.evaluate(f"cases => Promise.all(cases.map(c => {SCORE}(c.cells, c.table)))", cases)
    for case, answer in zip(cases, got, strict=True):
        lines, total = score_board(case["cells"], case["table"])
        assert answer == [lines, total], case

    seeds = [0, 1, 7, 123456789, 2**32 + 5, 2**53 - 1]
    decks = page.evaluate(f"seeds => Promise.all(seeds.map(s => {DECK}(s)))", seeds)
    assert decks == [list(shuffled_deck(seed)) for seed in seeds]

    # A bad board is an error from Python, answered without breaking the worker.
    message = page.evaluate(f"{SCORE}([1, 2], 'adjacent').then(() => 'ok', e => e.message)")
    assert "25 cells" in message
    assert page.evaluate(f"{DECK}(3)") == list(shuffled_deck(3))
    # Only the functions the game offers answer; any other name is refused by name.
    refused = page.evaluate("window.__klubovna.engineCall('matematicky-poker', 'fresh_deck')"
                            ".then(() => 'ok', e => e.message)")
    assert "matematicky-poker offers the browser no function 'fresh_deck'" in refused, refused
    assert "Traceback" not in refused

    # Hard mode: the worker keeps the deadline on its own clock and, when a number is not
    # placed in time, sends the forfeit by itself (no message from the page asked for it).
    forfeit = page.evaluate(HARD_MODE_FORFEIT)
    assert forfeit["kind"] == "local"
    assert forfeit["view"]["forfeited"] == 1 and forfeit["view"]["hand"] is not None
    assert any(e["type"] == "forfeited" for e in forfeit["events"])
    assert 3000 <= forfeit["after"] < 9000, forfeit["after"]
    assert outside == []


# How the latest engine start went: from the worker's memory snapshot or the ordinary way.
STARTED_FROM_SNAPSHOT = (
    "performance.getEntriesByName('klubovna:engine-load').at(-1)?.detail?.snapshot"
)
# Which snapshot: "cache" (the worker's own), "build" (the build's) or "fresh" (none).
STARTED_FROM = "performance.getEntriesByName('klubovna:engine-load').at(-1)?.detail?.start"
SPOIL_SNAPSHOTS = """async () => {
  const cache = await caches.open('klubovna-engine-snapshot');
  for (const key of await cache.keys()) await cache.put(key, new Response(new Uint8Array(4096)));
}"""


HARD_MODE_FORFEIT = """
async () => {
  const table = await window.__klubovna.openLocalTable(
    {game: "matematicky-poker", mode: "hard", seconds: 3, seed: 11});
  const inbox = [];
  table.listen((message) => inbox.push(message));
  let started = null;
  table.act({type: "start"});
  for (;;) {
    const view = inbox.find((m) => m.t === "view" && m.ack === undefined && m.view.forfeited > 0);
    if (view) {
      table.close();
      return {kind: table.kind, view: view.view, events: view.events, after: Date.now() - started};
    }
    if (started === null && inbox.some((m) => m.ack === 1)) started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
"""


# Every change of the header's loading bar: its value and the stage it says it loads.
WATCH_STAGES = """
window.__stages = [];
new MutationObserver(() => {
  const bar = document.querySelector('[role=progressbar]');
  const text = document.querySelector('.engine-stage');
  if (!bar || !text) return;
  const seen = {now: Number(bar.getAttribute('aria-valuenow')), text: text.textContent,
                said: bar.getAttribute('aria-valuetext')};
  const last = window.__stages.at(-1);
  if (!last || last.now !== seen.now || last.text !== seen.text) window.__stages.push(seen);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_engine_says_what_it_loads_and_restarts_from_its_snapshot(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch
) -> None:
    """A first start's loading bar (its looks while the runtime's wasm is held back), then
    the starts after it: from the snapshot it kept, and the ordinary way when that snapshot
    is spoilt. One context: each step needs the one before it. The service worker is
    blocked: the snapshot is the engine worker's own Cache Storage, and the worker's 21 MB
    precache asserted nothing here (test_engine_loads_and_matches_python has it)."""
    with held_engine(browser, app_server, console,
                     viewport={"width": 1100, "height": 900}) as (page, wasm):
        restarts_from_its_snapshot(page, wasm)
    assert console.errors == [], console.errors


def restarts_from_its_snapshot(page: Page, wasm: HeldWasm) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.add_init_script(HOOK + WATCH_STAGES)
    page.goto("/#/matematicky-poker/tabulka")  # the manual table needs the engine at once
    # The bar and its words while the runtime downloads (the wasm held back a moment).
    stage = page.locator(".engine-stage")
    expect(stage).to_have_text(DOWNLOADING, timeout=DOWNLOAD_SEEN_MS)
    page.wait_for_function("() => document.querySelector('.engine-stage')?.textContent"
                           "?.match(/ [1-9]\\d*,\\d z /)")  # the standard library is in
    four_looks(page, "mp-engine-loading")
    wasm.release()
    # As long as a cold start may take on a loaded machine (engine_snapshot's bound).
    page.wait_for_function(ENGINE_READY, timeout=120_000)
    expect(page.get_by_role("progressbar")).to_have_count(0)
    stages: list[dict[str, Any]] = page.evaluate("window.__stages")
    values = [stage["now"] for stage in stages]
    assert values == sorted(values), stages
    texts = [stage["text"] for stage in stages]
    # The runtime's download counted in bytes, then Python's start, then the game's modules.
    downloads = [text for text in texts if text.startswith("Načítám Python… ")]
    assert len(downloads) >= 3 and all(text.endswith(" MB") for text in downloads), texts
    assert DOWNLOADING.fullmatch(downloads[-1]), downloads
    order = ["Načítám Python…", "Spouštím Python…", "Načítám pravidla hry…"]
    firsts = [next(i for i, text in enumerate(texts) if text.startswith(name)) for name in order]
    assert firsts == sorted(firsts), texts
    # More than a couple of steps: real progress, not a jump to 70 % and a wait.
    assert len(set(values)) >= 5, values
    assert all(s["said"] == f"{s['text']} {s['now']} %" for s in stages), stages
    # A first visit starts from the build's snapshot (web/build/snapshot.ts) and keeps it.
    assert page.evaluate(STARTED_FROM) == "build", warnings
    wait_for_snapshot(page, 10_000)

    # The next start is from the engine's own snapshot, and says it in English when asked to.
    page.evaluate("localStorage.setItem('klubovna.lang', 'en')")
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=60_000)
    assert page.evaluate(STARTED_FROM) == "cache", warnings
    stages = page.evaluate("window.__stages")
    values = [stage["now"] for stage in stages]
    assert values == sorted(values), stages
    english = {"Loading Python…", "Starting Python…", "Loading the game rules…"}
    assert stages and all(any(s["text"].startswith(e) for e in english) for s in stages), stages
    assert page.evaluate(f"{DECK}(42)") == list(shuffled_deck(42))
    board = [3, 3, 3, 9, 9] * 5
    lines, total = score_board(board, "matematico")
    got = page.evaluate(f"b => {SCORE}(b, 'matematico')", board)
    assert got == [lines, total]

    # A spoilt snapshot is dropped and the engine starts the ordinary way (and makes a new one).
    page.evaluate(SPOIL_SNAPSHOTS)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=30_000)
    assert page.evaluate(STARTED_FROM_SNAPSHOT) is False
    assert page.evaluate(f"{DECK}(42)") == list(shuffled_deck(42))
    wait_for_snapshot(page, 10_000)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=30_000)
    assert page.evaluate(STARTED_FROM_SNAPSHOT) is True, warnings




"""The engine starts loading when a game's setup opens (issue #34, items 6 and 7): while the
person reads the setup, not only once they press start, in every game (the Setup calls
worker/client.ts preloadEngine). The service worker is blocked, as in a browser that cannot
install it (the page-wide idle preload waits for it for ever there), and the runtime's wasm
is held, so what the header shows is seen before anything is pressed (no timing)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer
from tests.web.conftest import DOWNLOAD_SEEN_MS, TESTS_DIR, ConsoleWatch, HeldWasm, held_engine

DOWNLOADING = re.compile(r"^Načítám Python… \d+,\d z \d+,\d MB")


GAMES = [
    ("/#/matematicky-poker", "Start"),
    ("/#/kostkovy-poker", "Start"),
    ("/#/zoliky-s-kameny", "Začít hru"),
    ("/#/locus-poker", "Začít hru"),
    ("/#/mathesso", "Začít hru"),
]
"""Each game's setup and the name of its start button."""


def test_every_games_setup_loads_the_engine_before_start(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch
) -> None:
    """The games one after another in one browser, each setup a page load of its own (a new
    engine, its wasm held anew): a context each cost ~1 CPU-s more and started the engine
    cold, where here all but the first start from the snapshot the engine keeps."""
    with held_engine(browser, app_server, console) as (page, wasm):
        for number, (path, start) in enumerate(GAMES):
            if number:
                wasm = HeldWasm(page.context)  # the newest route takes the next wasm request
                page.goto(f"/{TESTS_DIR}/blank.html")  # a real page load, not a hash change
            page.goto(path)
            expect(page.get_by_role("button", name=start, exact=True),
                   f"{path}: its start").to_be_visible()
            bar = page.get_by_role("banner").get_by_role("progressbar")
            expect(bar, f"{path}: downloading before start").to_have_attribute(
                "aria-valuetext", DOWNLOADING, timeout=DOWNLOAD_SEEN_MS)
            wasm.release()
            # Ready, still before start.
            expect(bar, f"{path}: the engine ready").to_have_count(0, timeout=60_000)
            expect(page.get_by_role("button", name=start, exact=True),
                   f"{path}: still not started").to_be_visible()
    assert console.errors == [], console.errors

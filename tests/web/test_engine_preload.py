"""The engine starts loading when a game's setup opens (issue #34, items 6 and 7): while the
person reads the setup, not only once they press start, in every game (the Setup calls
worker/client.ts preloadEngine). The service worker is blocked, as in a browser that cannot
install it (the page-wide idle preload waits for it for ever there), and the runtime's wasm
is held, so what the header shows is seen before anything is pressed (no timing)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer
from tests.web.conftest import ConsoleWatch, held_engine

DOWNLOADING = re.compile(r"^Načítám Python… \d+,\d z \d+,\d MB")


@pytest.mark.parametrize(("path", "start"), [
    ("/#/matematicky-poker", "Start"),
    ("/#/kostkovy-poker", "Start"),
    ("/#/zoliky-s-kameny", "Začít hru"),
    ("/#/locus-poker", "Začít hru"),
    ("/#/mathesso", "Začít hru"),
])
def test_a_games_setup_loads_the_engine_before_start(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch, path: str, start: str
) -> None:
    with held_engine(browser, app_server, console) as (page, wasm):
        page.goto(path)
        expect(page.get_by_role("button", name=start, exact=True)).to_be_visible()
        bar = page.get_by_role("banner").get_by_role("progressbar")
        expect(bar).to_have_attribute("aria-valuetext", DOWNLOADING, timeout=20_000)
        wasm.release()
        expect(bar).to_have_count(0, timeout=60_000)  # ready, still before start
        expect(page.get_by_role("button", name=start, exact=True)).to_be_visible()
    assert console.errors == [], console.errors

"""Browser tests: Playwright for Python driving Debian's Chromium (/usr/bin/chromium,
headless, no sandbox, background networking off) against a real server with the built app."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    sync_playwright,
)

from tests.server.live import ROOT, LiveServer, free_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions",
]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "var" / "screenshots"


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real server, serving web/dist (built by `make test` before the suite)."""
    assert (ROOT / "web" / "dist" / "index.html").exists(), "run `make test` (it builds web/)"
    # Every browser is 127.0.0.1: the per-address limit on joining lobbies is lifted.
    live = LiveServer(tmp_path_factory.mktemp("web-data"), free_port(), allow_seed=True,
                      env={"KLUBOVNA_RATE_JOINS": "10000"})
    live.start()
    yield live
    live.stop()


# Module scope: the sync API keeps an event loop running in this thread while it lives, and
# the suite's workers (pytest-xdist) may run a server test module using asyncio.run() after
# a browser one; each browser module starts Chromium afresh (well under a second).
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


# What t() (web/src/i18n/index.ts) logs for a key no loaded catalogue has.
MISSING_MESSAGE = "missing message: "


class ConsoleWatch:
    """Console errors, uncaught page errors and missing catalogue keys of one context; a test
    fails on any."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []
        """Not failures, but what a failing assertion may want to show."""

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error" or message.text.startswith(MISSING_MESSAGE):
            self.errors.append(f"console: {message.text}")
        elif message.type == "warning":
            self.warnings.append(message.text)

    def page_error(self, error: Exception) -> None:
        self.errors.append(f"page error: {error}")

    def watch(self, page: Page) -> None:
        page.on("console", self.console)
        page.on("pageerror", self.page_error)


@pytest.fixture
def console() -> ConsoleWatch:
    return ConsoleWatch()


@pytest.fixture
def context(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch
) -> Iterator[BrowserContext]:
    """A fresh profile (storage, service workers) per test, pointed at the live server."""
    ctx = browser.new_context(base_url=app_server.http, viewport={"width": 1100, "height": 900})
    ctx.on("page", console.watch)
    yield ctx
    ctx.close()
    assert console.errors == [], console.errors


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def people_on(
    browser: Browser, server: LiveServer, console: ConsoleWatch,
    viewport: tuple[int, int] = (1100, 900),
) -> Iterator[Callable[[], Page]]:
    """Each call a page in a fresh context of its own on `server` (own storage, as another
    person's browser), watched for console errors and missing catalogue keys like
    `context`; the contexts close at the end."""
    made: list[BrowserContext] = []

    def person() -> Page:
        ctx = browser.new_context(base_url=server.http,
                                  viewport={"width": viewport[0], "height": viewport[1]})
        ctx.on("page", console.watch)
        made.append(ctx)
        return ctx.new_page()

    yield person
    for ctx in made:
        ctx.close()
    assert console.errors == [], console.errors


@pytest.fixture
def people(
    browser: Browser, app_server: LiveServer, console: ConsoleWatch
) -> Iterator[Callable[[], Page]]:
    """More people at once (duel, group): each call a page in a browser of its own."""
    yield from people_on(browser, app_server, console)


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot under var/screenshots/ (for people to look at; not asserted)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def axe_violations(page: Page) -> list[str]:
    """Serious and critical axe-core violations of the page as it is now, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in result if v.get("impact") in ("serious", "critical")
    ]


HOOK = "window.__klubovnaTest = true;"
"""Before the app starts: the newest table session is `window.__klubovna.table` (its view
and its act, net/session.ts), for tests that play a whole online game through the page."""
VIEW = "window.__klubovna.table.view()"

Chooser = Callable[[list[dict[str, Any]], int], dict[str, Any]]
"""The move for page `mover` given every page's view now (a player may remember what all
the pages showed)."""


def play_until_over(pages: list[Page], choose: Chooser, moves_max: int,
                    skip: str | None = None) -> list[dict[str, Any]]:
    """Play a running online game to its end through each page's own table session (the
    test hook, HOOK): whichever page's view offers actions sends `choose`'s move, as its
    screen would, and waits for its view to change (the server's answer). While nobody
    may move, every page presses the control `skip` selects, if it shows (a wait a person
    may cut short). Returns the views at the end; fails after `moves_max` moves."""
    for _ in range(moves_max):
        texts = [page.evaluate(f"JSON.stringify({VIEW})") for page in pages]
        views: list[dict[str, Any]] = [json.loads(text) for text in texts]
        if all(view["over"] for view in views):
            return views
        mover = next((i for i, view in enumerate(views) if view["actions"]), None)
        if mover is None:  # the answer to the last move is on its way, or shown a while
            for waiting in pages if skip else ():
                waiting.evaluate("selector => document.querySelector(selector)?.click()", skip)
            pages[0].wait_for_timeout(20)
            continue
        page = pages[mover]
        page.evaluate("action => window.__klubovna.table.act(action)", choose(views, mover))
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before",
                               arg=texts[mover])
    raise AssertionError(f"the game did not end in {moves_max} moves")

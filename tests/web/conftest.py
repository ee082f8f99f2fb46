"""Browser tests: Playwright for Python driving Debian's Chromium (/usr/bin/chromium,
headless, no sandbox, background networking off) against a real server with the built app."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from tests.server.live import ROOT, LiveServer, free_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions",
]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "var" / "screenshots"
SHOTS_WANTED = os.environ.get("KLUBOVNA_SHOTS") == "1"
"""Screenshots are for people to look at, never asserted: `make shots` saves them
(KLUBOVNA_SHOTS=1); `make test` leaves them out, as they cost ~N CPU-s
(docs/decisions/0149-screenshots-on-request.md)."""

EXPECT_TIMEOUT_MS = 15_000
"""How long an `expect` waits before it fails (Playwright's default: 5 s). The suite keeps
both cores of a 2-core machine busy, and a page that loads its engine meanwhile has shown
the answer only after 5 s; a passing test waits no longer for it."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

DOWNLOADING = re.compile(r"^Načítám Python… \d+,\d z \d+,\d MB$")
"""What the engine's words say while the runtime downloads, counted byte by byte."""
DOWNLOAD_SEEN_MS = 120_000
"""How long a page may take to show the runtime's first downloaded bytes while its wasm is
held (HeldWasm): beside a busy loop on both cores the third start in one browser showed
none for over 20 s. A bound, not a wait: a passing test goes on at the first bytes."""


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real server, serving a copy of web/dist (built by `make test` before the suite)
    beside which the tests keep files of their own (TESTS_DIR)."""
    assert (ROOT / "web" / "dist" / "index.html").exists(), "run `make test` (it builds web/)"
    web = tmp_path_factory.mktemp("web") / "dist"
    shutil.copytree(ROOT / "web" / "dist", web)
    (web / TESTS_DIR).mkdir()
    (web / TESTS_DIR / "blank.html").write_text(
        "<!doctype html><title>tests</title><link rel=icon href=\"data:,\">")
    # Every browser is 127.0.0.1: the per-address limit on joining lobbies is lifted.
    live = LiveServer(tmp_path_factory.mktemp("web-data"), free_port(), allow_seed=True,
                      env={"KLUBOVNA_RATE_JOINS": "10000", "KLUBOVNA_WEB_DIST": str(web)})
    live.start()
    yield live
    live.stop()


# One Playwright driver and one Chromium per test worker, for all its browser modules (each
# test has contexts of its own): starting them took 4-5 s a module on a loaded machine. The
# sync API's event loop is set aside while other modules run (tests/conftest.py).
@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
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
        # With the page's stack: a rare error in a long test is found from one failed run.
        self.errors.append(f"page error: {error}\n{getattr(error, 'stack', None) or ''}".rstrip())

    def watch(self, page: Page) -> None:
        page.on("console", self.console)
        page.on("pageerror", self.page_error)


@pytest.fixture
def console() -> ConsoleWatch:
    return ConsoleWatch()


# ------------------------------------------------------------------ the engine
# Every test's context is a new person's browser (its storage empty: Profiles). Its engine
# starts from the snapshot the build ships (/py/engine-<key>.bin): a warm copy put into each
# context's Cache Storage (what the suite did before the build shipped one) saved at most
# ~0.3 CPU-s a context that starts the engine and cost ~1 CPU-s every context that does not
# (docs/decisions/0147-suite-cpu-budget.md).

SNAPSHOTS = "klubovna-engine-snapshot"
"""The Cache Storage the engine worker keeps its snapshot in (web/src/worker)."""
ENGINE_LOADED = "performance.getEntriesByName('klubovna:engine-load').length > 0"
TESTS_DIR = "__tests"
"""The tests' own files in app_server's copy of the build: a blank page of the app's
origin."""

WHOLE_SNAPSHOT = """async (name) => {
  // A snapshot listed is not yet one that reads whole: only its body says (a reload while
  // the worker still wrote it found none, under load).
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    const found = await cache.match(request);
    const body = found && (await found.arrayBuffer());
    if (body && body.byteLength > 100_000) return [request, body];
  }
  return null;
}"""
"""The worker's snapshot in the cache `name` as [request, bytes] once it reads whole, else
null."""

SNAPSHOT_SAVED = f"async () => (await ({WHOLE_SNAPSHOT})({json.dumps(SNAPSHOTS)})) !== null"
"""True once the worker's snapshot reads whole: for wait_for_snapshot (an async predicate
given to page.wait_for_function returns a promise, which counts as true at once)."""


class HeldWasm:
    """Holds the engine runtime's wasm requests of a context until `release`; later ones
    pass at once. (Unrouting instead, with requests still held, has let Playwright handle
    a held request itself: "Route is already handled" on continuing it.)"""

    PATTERN = "**/pyodide/pyodide.asm.wasm"

    def __init__(self, context: BrowserContext) -> None:
        self.held: list[Route] = []
        self.released = False
        context.route(self.PATTERN, self._hold)

    def _hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


@contextmanager
def held_engine(browser: Browser, server: LiveServer, console: ConsoleWatch,
                **options: Any) -> Iterator[tuple[Page, HeldWasm]]:
    """A page in a fresh profile whose engine runtime is held (HeldWasm) until released;
    no service worker, so the page's own requests can be held. Closed after."""
    context = browser.new_context(base_url=server.http, service_workers="block", **options)
    context.on("page", console.watch)
    wasm = HeldWasm(context)
    try:
        yield context.new_page(), wasm
    finally:
        context.close()


def wait_for_snapshot(page: Page, timeout_ms: int) -> None:
    """Wait until the engine worker's snapshot in `page`'s Cache Storage reads whole."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(SNAPSHOT_SAVED):
        assert time.monotonic() < deadline, "the engine snapshot was not saved"
        page.wait_for_timeout(100)


DESKTOP = (1100, 900)
"""The viewport of a test's browser unless it says otherwise."""

# ------------------------------------------------------------------ profiles
# A fresh browser context per person cost ~0.25 CPU-s to make and close, and its first
# page load (~0.6 CPU-s) and engine start (~1.1 CPU-s) more than in a context kept warm:
# a new context has an empty HTTP cache and a renderer process of its own, so it fetched,
# parsed and compiled the app and the engine's 10 MB of wasm again. The worker keeps its
# contexts instead and gives each test an emptied one
# (docs/decisions/0163-kept-browser-profiles.md).

SPOILING_CLOCK = ("install", "pause_at", "resume", "run_for", "fast_forward", "set_fixed_time",
                  "set_system_time")
SPOILING_CONTEXT = ("expose_binding", "expose_function", "set_extra_http_headers",
                    "set_geolocation", "route_from_har", "route_web_socket", "add_cookies",
                    "close")
"""What a test may do to a profile that cannot be undone: a profile used so is closed
after the test, never given to another (an installed clock cannot be uninstalled)."""

STORAGE_LEFT = """async () => localStorage.length + (await indexedDB.databases()).length
  + (await caches.keys()).length
  + (navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 0)"""
"""What a kept profile still stores for the app's origin: 0 once emptied."""


ProfileKey = tuple[str, bool, tuple[int, int]]
"""A kept profile's origin, engine preload and viewport: what a test may take it for."""


@dataclass
class Lent:
    """A context while a test has it: the profile it is kept as (None: a fresh context,
    closed after), how to undo what the test added, whether it did what cannot be undone."""

    key: ProfileKey | None = None
    undo: list[Callable[[], Any]] = field(default_factory=list)
    spoiled: bool = False


class Profiles:
    """A test worker's browser profiles, kept between tests so that a new person's browser
    has a warm renderer and HTTP cache, yet nothing stored: each test takes emptied ones
    (`take`) and gives them back (`give_back`), which closes its pages, undoes its routes,
    init scripts, listeners, permissions and offline switch, and clears the origin's
    storage (local storage, IndexedDB, Cache Storage, cookies, service workers), checked
    empty. A kept profile keeps one page of the origin open (`TESTS_DIR`'s blank page) so
    its renderer process lives on. A profile with a service worker, options of its own or
    something done that cannot be undone (SPOILING_*) is a fresh context, closed after."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.free: dict[ProfileKey, list[BrowserContext]] = {}
        self.lent: dict[int, Lent] = {}
        """By id(context): the contexts a test has, each with what giving it back undoes."""

    def take(self, base_url: str, workers: str, preload: bool,
             viewport: tuple[int, int] = DESKTOP, **options: Any) -> BrowserContext:
        key = (base_url, preload, viewport) if workers == "block" and not options else None
        kept = self.free.get(key, []) if key else []
        ctx = kept.pop() if kept else self._new(base_url, workers, preload, viewport, options)
        self.lent[id(ctx)].key = key
        return ctx

    def give_back(self, ctx: BrowserContext) -> None:
        lent = self.lent[id(ctx)]
        if lent.key is None or lent.spoiled:
            del self.lent[id(ctx)]
            ctx.close()
            return
        keeper, *pages = ctx.pages
        for page in pages:
            page.close()
        for undo in reversed(lent.undo):
            undo()
        lent.undo.clear()
        ctx.clear_permissions()
        ctx.set_offline(False)
        cdp = ctx.new_cdp_session(keeper)
        cdp.send("Storage.clearDataForOrigin", {"origin": lent.key[0], "storageTypes": "all"})
        cdp.detach()
        left = keeper.evaluate(STORAGE_LEFT) + len(ctx.cookies())
        assert left == 0, f"a kept profile still stores {left} things after being emptied"
        self.free.setdefault(lent.key, []).append(ctx)

    def close(self) -> None:
        for kept in self.free.values():
            for ctx in kept:
                ctx.close()
        self.free.clear()
        self.lent.clear()

    def _new(self, base_url: str, workers: str, preload: bool, viewport: tuple[int, int],
             options: dict[str, Any]) -> BrowserContext:
        ctx = self.browser.new_context(**{
            "viewport": {"width": viewport[0], "height": viewport[1]}, **options,
            "base_url": base_url, "service_workers": workers})
        if not preload:
            ctx.add_init_script(SAVE_DATA)
        ctx.new_page().goto(f"/{TESTS_DIR}/blank.html")
        self.lent[id(ctx)] = Lent()
        self._watch(ctx, self.lent[id(ctx)])
        return ctx

    @staticmethod
    def _watch(ctx: BrowserContext, lent: Lent) -> None:
        """Record how to undo what a test adds to `ctx`, and mark it spoiled by the rest."""

        def added(method: Callable[..., Any]) -> Callable[..., Any]:
            def call(*args: Any, **kwargs: Any) -> Any:
                made = method(*args, **kwargs)
                lent.undo.append(lambda: made.__exit__(None, None, None))
                return made
            return call

        def listened(event: str, handler: Callable[..., Any]) -> None:
            original_on(event, handler)
            lent.undo.append(lambda: ctx.remove_listener(event, handler))

        def spoiling(method: Callable[..., Any]) -> Callable[..., Any]:
            def call(*args: Any, **kwargs: Any) -> Any:
                lent.spoiled = True
                return method(*args, **kwargs)
            return call

        original_on = ctx.on
        # Instance attributes over the methods: page.context and page.clock are these
        # same objects, so a test's page reaches them too.
        ctx.add_init_script = added(ctx.add_init_script)  # type: ignore[method-assign]
        ctx.route = added(ctx.route)  # type: ignore[method-assign]
        ctx.on = listened  # type: ignore[method-assign,assignment]
        target: object
        for target, names in ((ctx.clock, SPOILING_CLOCK), (ctx, SPOILING_CONTEXT)):
            for name in names:
                setattr(target, name, spoiling(getattr(target, name)))


def service_workers(request: pytest.FixtureRequest) -> str:
    """"block" unless the module says `SERVICE_WORKER = True` (the offline and engine tests).
    A fresh context's service worker precaches the whole app (21 MB, the engine's runtime
    too) and then preloads the engine: 3-4 s of CPU a context on this machine, which tests
    of online play, forms and pages paid for nothing (docs/decisions/0147-suite-cpu-budget.md)."""
    return "allow" if getattr(request.module, "SERVICE_WORKER", False) else "block"


SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"
"""Before the app starts: this browser asks to save data, so a game's setup does not load
the engine while the person reads it (preloadEngine, web/src/worker/client.ts); a page that
needs the engine still starts it."""


def engine_preload(request: pytest.FixtureRequest) -> bool:
    """False where the module says `ENGINE_PRELOAD = False`: its games are played on the
    server, and the preload started an engine at every page load of a setup for nothing
    (~1.7 CPU-s; docs/decisions/0150-consecutive-checks-share-a-browser.md)."""
    return bool(getattr(request.module, "ENGINE_PRELOAD", True))


@pytest.fixture(scope="session")
def profiles(browser: Browser) -> Iterator[Profiles]:
    """The worker's kept browser profiles (Profiles)."""
    kept = Profiles(browser)
    yield kept
    kept.close()


@pytest.fixture
def context(
    request: pytest.FixtureRequest, profiles: Profiles, app_server: LiveServer,
    console: ConsoleWatch
) -> Iterator[BrowserContext]:
    """A new person's browser profile (empty storage, no service worker unless the module
    asks), pointed at the live server."""
    ctx = profiles.take(app_server.http, service_workers(request), engine_preload(request))
    ctx.on("page", console.watch)
    yield ctx
    profiles.give_back(ctx)
    assert console.errors == [], console.errors


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed browser test's report says what each of its pages showed (address and
    accessibility tree): a flake seen once on a busy machine leaves its evidence."""
    report = yield
    context = getattr(item, "funcargs", {}).get("context")
    if report.when == "call" and report.failed and isinstance(context, BrowserContext):
        for index, shown in enumerate(p for p in context.pages if TESTS_DIR not in p.url):
            try:
                tree = shown.locator("body").aria_snapshot(timeout=5_000)
            except Exception as error:  # (the page or browser is gone)
                tree = f"(no snapshot: {error})"
            report.sections.append((f"page {index}: {shown.url}", tree[:6_000]))
    return report


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """The context's page."""
    return context.new_page()


def people_on(
    profiles: Profiles, server: LiveServer, console: ConsoleWatch,
    viewport: tuple[int, int] = DESKTOP, workers: str = "block", preload: bool = True,
    host: str = "127.0.0.1",
) -> Iterator[Callable[..., Page]]:
    """Each call a page in a new person's browser profile on `server` (own storage, as
    another person's browser; its service worker as `workers` says; without `preload`,
    asking to save data: SAVE_DATA), watched for console errors and missing catalogue keys
    like `context`; the profiles are given back at the end. A call's keywords are the
    context's own (a phone's viewport and user agent); `host` names the server (localhost
    for WebAuthn)."""
    taken: list[BrowserContext] = []

    def person(**options: Any) -> Page:
        size = options.pop("viewport", {"width": viewport[0], "height": viewport[1]})
        ctx = profiles.take(f"http://{host}:{server.port}", workers, preload,
                            (size["width"], size["height"]), **options)
        ctx.on("page", console.watch)
        taken.append(ctx)
        return ctx.new_page()

    yield person
    for ctx in taken:
        profiles.give_back(ctx)
    assert console.errors == [], console.errors


@pytest.fixture
def people(
    request: pytest.FixtureRequest, profiles: Profiles, app_server: LiveServer,
    console: ConsoleWatch,
) -> Iterator[Callable[[], Page]]:
    """More people at once (duel, group): each call a page in a browser of its own."""
    yield from people_on(profiles, app_server, console, workers=service_workers(request),
                         preload=engine_preload(request))


def screenshot(page: Page, name: str) -> Path | None:
    """Save a screenshot under var/screenshots/ (for people to look at; not asserted) when
    they are wanted (SHOTS_WANTED)."""
    if not SHOTS_WANTED:
        return None
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def axe_violations(page: Page) -> list[str]:
    """Serious and critical axe-core violations of the page as it is now, one line each.
    axe-core is added to a document once (a second copy cost ~0.07 CPU-s to parse)."""
    if page.evaluate("typeof window.axe === 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in result if v.get("impact") in ("serious", "critical")
    ]


def stop_page_clock(page: Page, ahead_ms: int = 100) -> None:
    """Stop the page's installed clock `ahead_ms` past its now; it moves only when the test
    says (`run_for`, `fast_forward`). Playwright for Python reads a number given to
    `pause_at` as Unix time in seconds: passing the page's milliseconds (as three tests did)
    jumped its clock some 56,000 years ahead, and every deadline on the page expired. The
    clock runs meanwhile: on a busy machine it may be past the moment read before the pause
    reaches it ("Cannot fast-forward to the past"); then the page's now is read again."""
    while True:
        try:
            page.clock.pause_at((page.evaluate("Date.now()") + ahead_ms) / 1000)
            return
        except PlaywrightError as error:
            if "to the past" not in str(error):
                raise


HOOK = "window.__klubovnaTest = true;"
"""Before the app starts: the newest table session is `window.__klubovna.table` (its view
and its act, net/session.ts), for tests that play a whole online game through the page."""
ENGINE_READY = "window.__klubovna.engineState().phase === 'ready'"
"""With HOOK: the page's engine has started."""
VIEW = "window.__klubovna?.table?.view()"
"""The newest table session's view; undefined until the page has one (just after a reload a
waiting predicate runs before the app made its session, and must not throw: a predicate
that throws fails `wait_for_function` at once)."""

WAIT_MAX_MS = 60_000
"""play_until_over: how long all pages may show no move before the test fails (waits
counted, not the clock: a busy machine only makes it slower)."""

Chooser = Callable[[list[dict[str, Any]], int], dict[str, Any]]
"""The move for page `mover` given every page's view now (a player may remember what all
the pages showed)."""


def play_until_over(pages: list[Page], choose: Chooser, moves_max: int,
                    skip: str | None = None) -> list[dict[str, Any]]:
    """Play a running online game to its end through each page's own table session (the
    test hook, HOOK): whichever page's view offers actions sends `choose`'s move, as its
    screen would, and waits for its view to change (the server's answer). While nobody
    may move, every page presses the control `skip` selects, if it shows (a wait a person
    may cut short). Returns the views at the end; fails after `moves_max` moves, or when
    nobody may move for WAIT_MAX_MS (only moves count: a view may change for other reasons
    than the answer to the move, and the loop then waits a turn for the answer)."""
    moves = waited_ms = 0
    while True:
        texts = [page.evaluate(f"JSON.stringify({VIEW})") for page in pages]
        views: list[dict[str, Any]] = [json.loads(text) for text in texts]
        if all(view["over"] for view in views):
            return views
        mover = next((i for i, view in enumerate(views) if view["actions"]), None)
        if mover is None:  # the answer to the last move is on its way, or shown a while
            for waiting in pages if skip else ():
                waiting.evaluate("selector => document.querySelector(selector)?.click()", skip)
            pages[0].wait_for_timeout(20)
            waited_ms += 20
            assert waited_ms < WAIT_MAX_MS, f"nobody could move after {moves} moves"
            continue
        assert moves < moves_max, f"the game did not end in {moves_max} moves"
        moves += 1
        page = pages[mover]
        page.evaluate("action => window.__klubovna.table.act(action)", choose(views, mover))
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before",
                               arg=texts[mover])

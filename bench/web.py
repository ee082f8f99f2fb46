"""Web figures for `make bench`: what a first visit downloads before Pyodide, how fast a
local (offline) game is playable with a warm cache in headless Chromium, and for each of the
five games its cold first game (a fresh profile) and its offline reload, against 4 s and 2 s
(issue #34). Figures only.

Run from anywhere: `.venv/bin/python bench/web.py [--runs N] [--game-runs N] [--games-only]`
(needs `npm run build` in web/ and Debian's /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("KLUBOVNA_WEB_DIST") or ROOT / "web" / "dist")  # what the server serves
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
FIRST_VISIT_GOAL_KB = 150
PLAYABLE_GOAL_S = 3.0

# ------------------------------------------------------------------ (a) first-visit bytes

# Static imports of a built ES module: `import{x}from"./a.js"`, `import"./b.js"`,
# `export{y}from"./c.js"`; never `import("./lazy.js")`.
STATIC_IMPORT = re.compile(
    r"""(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.(?:js|mjs|css))["']"""
)


class EntryParser(HTMLParser):
    """The scripts, module preloads and stylesheets index.html loads."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and a.get("src"):
            self.files.append(str(a["src"]))
        elif tag == "link" and a.get("rel") in ("stylesheet", "modulepreload") and a.get("href"):
            self.files.append(str(a["href"]))


def local_file(url: str, base: Path = DIST) -> Path | None:
    if "://" in url:
        return None
    return (DIST / url.lstrip("/")) if url.startswith("/") else (base / url).resolve()


def first_visit_files() -> list[Path]:
    """index.html's entry files and everything they import statically, in load order."""
    parser = EntryParser()
    parser.feed((DIST / "index.html").read_text())
    todo = [p for url in parser.files if (p := local_file(url)) is not None]
    seen: list[Path] = []
    while todo:
        path = todo.pop(0)
        if path in seen or not path.exists():
            continue
        seen.append(path)
        if path.suffix in (".js", ".mjs"):
            for url in STATIC_IMPORT.findall(path.read_text()):
                found = local_file(url, path.parent)
                if found is not None:
                    todo.append(found)
    return seen


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def first_visit() -> dict[str, Any]:
    files = first_visit_files()
    sizes = {str(p.relative_to(DIST)): gzip_size(p) for p in files}
    return {"files": sizes, "total_kb": sum(sizes.values()) / 1024}


# ------------------------------------------------------------------ (b, c) warm local game

SW_CONTROLS = "navigator.serviceWorker.controller !== null"
ENGINE_LOADED = "performance.getEntriesByName('klubovna:engine-load').length > 0"
SNAPSHOT_SAVED = """async () => {
  const cache = await caches.open("klubovna-engine-snapshot");
  return (await cache.keys()).length > 0;
}"""
# The engine's load time in the page (ms) and whether it started from its memory snapshot.
ENGINE_MS = """
() => {
  const load = performance.getEntriesByName("klubovna:engine-load").at(-1);
  return load ? [load.duration, load.detail?.snapshot === true] : [0, false];
}
"""


# Notes the moment (ms since navigation) the game screen first shows a number in hand.
HAND_WATCH = """
new MutationObserver((_, observer) => {
  const hand = document.querySelector('.mp-hand-value')?.dataset.hand ?? '';
  if (/^\\d+$/.test(hand)) { window.__handAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def play_through_ui(page: Any) -> float:
    """Click Start on the game screen; the ms from navigation to a number in hand."""
    page.get_by_role("button", name="Start", exact=True).click()
    page.wait_for_function("window.__handAt !== undefined", timeout=60_000)
    return float(page.evaluate("window.__handAt"))


def warm_local_game(runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.server.live import LiveServer, free_port

    with tempfile.TemporaryDirectory() as data:
        server = LiveServer(Path(data), free_port())
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context = browser.new_context(base_url=server.http)
                context.add_init_script(HAND_WATCH)
                page = context.new_page()
                page.goto("/")
                page.wait_for_function(SW_CONTROLS, timeout=60_000)
                page.wait_for_function(ENGINE_LOADED, timeout=60_000)
                page.wait_for_function(SNAPSHOT_SAVED, timeout=60_000)
                first_engine = page.evaluate(ENGINE_MS)[0] / 1000
                context.set_offline(True)
                totals, engines, snapshots = [], [], 0
                for _ in range(runs):
                    page.goto("/#/matematicky-poker?seed=5")  # seed 5 deals a number first
                    # the previous run's unfinished game would be resumed: each run starts anew
                    page.evaluate("localStorage.removeItem('klubovna.mp.local')")
                    page.reload()  # a real navigation, also when only the hash changed
                    total = play_through_ui(page)
                    engine, snapshot = page.evaluate(ENGINE_MS)
                    totals.append(total / 1000)
                    engines.append(engine / 1000)
                    snapshots += bool(snapshot)
                browser.close()
        finally:
            server.stop()
    return {"totals": totals, "engines": engines, "snapshots": snapshots,
            "first_engine": first_engine}


# ------------------------------------------------------------------ (d) every game: cold, offline

COLD_GOAL_S = 4.0
OFFLINE_GOAL_S = 2.0

# Per game: its page (a known deal), its start button, when the person can act (a JS
# expression: the first playable position) and one move of theirs (a JS function, awaited in
# the page) after which it is their turn again or soon: a game in progress, saved.
GAMES: tuple[tuple[str, str, str, str, str], ...] = (
    ("Matematický poker", "/#/matematicky-poker?seed=5", "Start",
     "/^\\d+$/.test(document.querySelector('.mp-hand-value')?.dataset.hand ?? '')",
     "async () => document.querySelector('.mp-cell:not(.filled)').click()"),
    ("Kostkový poker", "/#/kostkovy-poker?seed=14", "Start",
     "document.querySelector('.kp-pick:enabled, .kp-act:enabled') !== null",
     """async () => {
       const bet = document.querySelector('.kp-act.call:enabled, .kp-act.check:enabled');
       if (bet) return bet.click();
       document.querySelector('.kp-pick:enabled').click();
       await until(() => document.querySelector('.kp-keep-submit:enabled'));
       document.querySelector('.kp-keep-submit').click();
     }"""),
    ("Žolíky s kameny", "/#/zoliky-s-kameny?seed=1", "Začít hru",
     "document.querySelector('.zk-rack .zk-tile') !== null",
     """async () => [...document.querySelectorAll('button')]
          .find((b) => /^Dobrat/.test(b.textContent.trim()) && !b.disabled).click()"""),
    ("Locus Poker", "/#/locus-poker?seed=19&pace=0", "Začít hru",
     "document.querySelector('.lp-board .lp-card.free') !== null",
     """async () => {
       document.querySelector('.lp-board .lp-card.free').click();
       await until(() => document.querySelector('.lp-play-up'));
       document.querySelector('.lp-play-up').click();
     }"""),
    ("Mathesso", "/#/mathesso?seed=7", "Začít hru",
     "document.querySelector('.ma-play[data-ready=\"true\"] .ma-card') !== null",
     """async () => {
       document.querySelector('.ma-hurry')?.click();
       await until(() => document.querySelector('.ma-play[data-ready="true"]'));
       document.querySelector('.ma-card:not([aria-disabled])').click();
     }"""),
)

# Notes the moment (ms since navigation) `window.__playable()` first holds; `until` waits
# for a condition in the page (the moves above).
PLAYABLE_WATCH = """
new MutationObserver((_, observer) => {
  if (window.__playable && window.__playable()) {
    window.__playableAt = performance.now(); observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
window.until = (test) => new Promise((done) => {
  const look = () => (test() ? done(null) : setTimeout(look, 5));
  look();
});
"""

# The longest log of a local game kept in this tab (localStorage or sessionStorage).
SAVED_LOG = """() => {
  let most = 0;
  for (const area of [localStorage, sessionStorage]) {
    for (let i = 0; i < area.length; i++) {
      try {
        const saved = JSON.parse(area.getItem(area.key(i)));
        most = Math.max(most, JSON.parse(saved.snapshot).log.length);
      } catch { /* not a saved table */ }
    }
  }
  return most;
}"""


def first_playable(page: Any, button: str | None) -> float:
    """Click the start button as soon as it shows (none: a resumed game); seconds from
    navigation to playable."""
    if button is not None:
        page.get_by_role("button", name=button, exact=True).click()
    page.wait_for_function("window.__playableAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__playableAt")) / 1000


KINDS = ("cold", "offline", "resume")


def every_game(runs: int, only: str | None = None) -> dict[str, dict[str, list[float]]]:
    """Per game, `runs` times each: the cold first game (a fresh profile, the server up: from
    navigation to the first playable position), the offline reload (one visit cached the
    app and the engine's snapshot, the network cut, the game's page reloaded: to playable)
    and the offline resume (as the offline reload, then a game started, one move made and
    the page reloaded in the middle of it: from that navigation until the saved game is
    playable again)."""
    from playwright.sync_api import sync_playwright

    from tests.server.live import LiveServer, free_port

    games = [game for game in GAMES if only is None or only.lower() in game[0].lower()]
    found: dict[str, dict[str, list[float]]] = {name: {kind: [] for kind in KINDS}
                                                 for name, *_ in games}
    with tempfile.TemporaryDirectory() as data:
        server = LiveServer(Path(data), free_port(), allow_seed=True)
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for _ in range(runs):
                    for name, path, button, playable, move in games:
                        for kind in KINDS:
                            context = browser.new_context(base_url=server.http)
                            context.add_init_script(
                                f"window.__playable = () => {playable};\n{PLAYABLE_WATCH}")
                            page = context.new_page()
                            if kind != "cold":
                                page.goto("/")
                                page.wait_for_function(SW_CONTROLS, timeout=60_000)
                                page.wait_for_function(ENGINE_LOADED, timeout=60_000)
                                page.wait_for_function(SNAPSHOT_SAVED, timeout=60_000)
                                context.set_offline(True)
                                page.goto(path)
                                page.reload()  # a real navigation, also when only the hash changed
                            else:
                                page.goto(path)
                            took = first_playable(page, button)
                            if kind == "resume":
                                before = page.evaluate(SAVED_LOG)
                                page.evaluate(move)
                                page.wait_for_function(f"({SAVED_LOG})() > {before}",
                                                       timeout=60_000)
                                page.reload()
                                took = first_playable(page, None)
                            found[name][kind].append(took)
                            context.close()
                browser.close()
        finally:
            server.stop()
    return found


def print_games(runs: int, only: str | None = None) -> None:
    games = every_game(runs, only)
    print(f"  every game, navigation -> first playable position (median of {runs};"
          f" cold: a fresh profile, goal <= {COLD_GOAL_S:.0f} s; offline reload of a new"
          f" game and resume of one in progress: goal <= {OFFLINE_GOAL_S:.0f} s)")
    goals = {"cold": COLD_GOAL_S, "offline": OFFLINE_GOAL_S, "resume": OFFLINE_GOAL_S}
    for name, times in games.items():
        line = f"    {name:<18}"
        for kind in KINDS:
            median = statistics.median(times[kind])
            line += f" {kind} {median:5.2f} s {'ok' if median <= goals[kind] else 'OVER':<4}"
        runs_text = " | ".join(", ".join(f"{t:.2f}" for t in times[kind]) for kind in KINDS)
        print(f"{line} (runs: {runs_text})")
    load = os.getloadavg()[0]
    print(f"  (machine: {os.cpu_count()} CPUs, load average {load:.1f} after the games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="warm-cache navigations to time")
    parser.add_argument("--game-runs", type=int, default=3,
                        help="cold first games and offline reloads to time, per game")
    parser.add_argument("--games-only", action="store_true",
                        help="only every game's cold first game, offline reload and resume")
    parser.add_argument("--game", help="only the games whose name contains this")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        print("web/dist is not built: run `npm run build` in web/ first.")
        return
    print("Web app")
    if args.games_only:
        print_games(args.game_runs, args.game)
        return
    first = first_visit()
    print(f"  first visit, JS + CSS before Pyodide (gzip): {first['total_kb']:.1f} KB"
          f"  (goal <= {FIRST_VISIT_GOAL_KB} KB)")
    for name, size in first["files"].items():
        print(f"    {name:<44} {size / 1024:7.1f} KB")
    if not Path(CHROMIUM).exists():
        print(f"  warm-cache local game: skipped, {CHROMIUM} is missing (apt-get install chromium)")
        return
    warm = warm_local_game(args.runs)
    total = statistics.median(warm["totals"])
    engine = statistics.median(warm["engines"])
    share = statistics.median(e / t for e, t in zip(warm["engines"], warm["totals"], strict=True))
    print(f"  warm cache, offline: navigation -> local game with a number in hand"
          f" (median of {args.runs}): {total:.2f} s  (goal <= {PLAYABLE_GOAL_S} s)")
    print(f"    each run: {', '.join(f'{t:.2f}' for t in warm['totals'])} s")
    print(f"  of which Pyodide + klubovna load in the worker: {engine:.2f} s"
          f" (median share {100 * share:.0f} %)")
    print(f"    {warm['snapshots']} of {args.runs} runs started from the worker's interpreter"
          f" snapshot; the first visit's start (no snapshot yet) took {warm['first_engine']:.2f} s")
    load = os.getloadavg()[0]
    print(f"  (machine: {os.cpu_count()} CPUs, load average {load:.1f} while measuring)")
    print_games(args.game_runs, args.game)


if __name__ == "__main__":
    main()

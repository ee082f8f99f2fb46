"""Helpers of the Mathesso browser tests (no tests of their own): the four looks of a
screen as a family sees it (a tablet 1024x768 and a phone 390x844, light and dark), and a
person at a Mathesso table: it turns cards by
clicking them, as a child would, and remembers what it saw turned over on the screen (a
MutationObserver records every turned card's name), so a game ends in a sensible number
of turns, and skips the wait for the computer's turns where the screen offers it. It
never reads what the screen does not show. The turns run inside the page
(one call per game rather than several per click), waiting for the table's answer after
each click."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import SHOTS, SHOTS_WANTED

LOOKS = (("tablet", {"width": 1024, "height": 768}), ("phone", {"width": 390, "height": 844}))


def family_looks(page: Page, name: str, full_page: bool = False,
                 looks: tuple[str, ...] = ("tablet-light", "tablet-dark", "phone-light",
                                           "phone-dark")) -> list[Path]:
    """`name`-{tablet,phone}-{light,dark}.png of the page as it is now, without motion
    (saved under var/screenshots/ for people to look at; not asserted); the viewport,
    colour scheme and motion are put back afterwards. Nothing unless wanted (SHOTS_WANTED)."""
    if not SHOTS_WANTED:
        return []
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    paths = []
    page.emulate_media(reduced_motion="reduce")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for look, viewport in LOOKS:
            if f"{look}-{scheme}" not in looks:
                continue
            page.set_viewport_size(viewport)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
            path = SHOTS / f"{name}-{look}-{scheme}.png"
            page.screenshot(path=str(path), full_page=full_page)
            paths.append(path)
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if size:
        page.set_viewport_size(size)
    return paths

# What is cramped on a screen: controls of the game smaller than a finger (44 px), and a
# page wider than the window (cards out of sight to the side).
CRAMPED = """() => {
  const controls = '.ma-game button, .ma-game .ma-pill, .ma-game .ma-card';
  const small = [...document.querySelectorAll(controls)]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.textContent.trim().slice(0, 24), e.getBoundingClientRect()])
    .filter(([, box]) => box.width < 44 || box.height < 44)
    .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`);
  const wide = document.documentElement.scrollWidth > innerWidth ? ['wider than the window'] : [];
  return [...small, ...wide];
}"""


TABLETS = ((1024, 768), (768, 1024))


def cramped(page: Page, sizes: tuple[tuple[int, int], ...] = TABLETS) -> list[str]:
    """What is cramped at each tablet size (see CRAMPED); the viewport is put back."""
    size = page.viewport_size
    found = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
        found += [f"{width}x{height}: {what}" for what in page.evaluate(CRAMPED)]
    if size:
        page.set_viewport_size(size)
    return found

# Every card's coloured side in words as it shows, by its place (its label after ": "), and
# the player itself.
PLAYER = """
window.__maSeen = {};
new MutationObserver(() => {
  for (const card of document.querySelectorAll('.ma-card')) {
    const label = card.querySelector('.ma-sr')?.textContent || '';
    const at = label.indexOf(': ');
    if (at > 0) window.__maSeen[card.dataset.index] = label.slice(at + 2);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });

const until = (test, ms = 30000) => new Promise((done, fail) => {
  const start = Date.now();
  const look = () => {
    const found = test();
    if (found) return done(found);
    if (Date.now() - start > ms) return fail(new Error('waited in vain'));
    setTimeout(look, 5);
  };
  look();
});
const shown = () => document.querySelector('.ma-play')?.dataset.shown;
/** The end or this device's turn, if either is there; else skips the wait for the
 *  computer's turns ("Přeskočit čekání") when offered, as a person in a hurry would. */
const turnOrEnd = () => {
  const found = document.querySelector('.ma-end, .ma-play[data-ready="true"]');
  if (!found) document.querySelector('.ma-hurry')?.click();
  return found;
};
window.__maReady = () => until(() => turnOrEnd() && document.querySelector(
  '.ma-play[data-ready="true"]')).then(() => null);

/** Click the card at `index`; wait for the table's answer; its face in words. */
window.__maTurn = async (index) => {
  const before = shown();
  document.querySelector(`.ma-card[data-index='${index}']`).click();
  await until(() => document.querySelector('.ma-end') || shown() !== before);
  return window.__maSeen[index] || '';
};

/** One turn: a pair remembered, else an unknown card and its remembered match, else
 *  another unknown card. */
window.__maPlayTurn = async () => {
  const seen = window.__maSeen;
  const down = [...document.querySelectorAll('.ma-card:not([aria-disabled])')]
    .map((card) => card.dataset.index);
  const byFace = {};
  for (const i of down) if (seen[i]) (byFace[seen[i]] ??= []).push(i);
  const pair = Object.values(byFace).find((cards) => cards.length >= 2);
  if (pair) {
    await window.__maTurn(pair[0]);
    return window.__maTurn(pair[1]);
  }
  const unknown = down.filter((i) => !seen[i]);
  const first = unknown[0] ?? down[0];
  const face = await window.__maTurn(first);
  const match = (byFace[face] ?? []).find((i) => i !== first);
  const rest = unknown.filter((i) => i !== first);
  return window.__maTurn(match ?? rest[0] ?? down.find((i) => i !== first));
};

/** A turn if this page may play one within `ms`: "end", "played" or "waiting". */
window.__maTryTurn = async (ms) => {
  try {
    await until(turnOrEnd, ms);
  } catch {
    return 'waiting';
  }
  if (document.querySelector('.ma-end')) return 'end';
  await window.__maPlayTurn();
  return 'played';
};

/** Every turn of this device's people until the end screen; the turns played. */
window.__maPlayToEnd = async (most) => {
  for (let turns = 0; turns < most; turns++) {
    await until(turnOrEnd);
    if (document.querySelector('.ma-end')) return turns;
    await window.__maPlayTurn();
  }
  throw new Error('the game did not end');
};
"""
PLAYABLE = ".ma-card:not([aria-disabled])"


def remember(page: Page) -> None:
    """Install the player before the page's own scripts run (once per page)."""
    page.add_init_script(PLAYER)


def ready(page: Page) -> None:
    """Wait until this device's person may act (skipping the wait for a computer's turns,
    as a person may: a person's own cards stay turned for a while at every pace)."""
    page.evaluate("() => window.__maReady()")


def turn_card(page: Page, index: int) -> str:
    """Click the card at `index` and wait for the table's answer; its face in words."""
    face: str = page.evaluate("(i) => window.__maTurn(String(i))", index)
    return face


def unknown_card(page: Page) -> int:
    """A card this device may turn whose face it has not seen."""
    index: str = page.evaluate("""() => [...document.querySelectorAll(
        '.ma-card:not([aria-disabled])')].map((c) => c.dataset.index)
        .find((i) => !window.__maSeen[i])""")
    return int(index)


# Whether this browser has kept the table as it is on screen (net/local.ts saves its
# snapshot just after each change, in the background).
SAVED = """() => {
  const saved = JSON.parse(localStorage.getItem('klubovna.ma.local') || 'null');
  const log = saved ? JSON.parse(saved.snapshot).log : [];
  const shown = Number(document.querySelector('.ma-play')?.dataset.shown ?? -1);
  return log.length > 0 && log[log.length - 1].version >= shown;
}"""


def saved(page: Page) -> None:
    """Wait until the game on screen is kept in this browser (before a reload)."""
    page.wait_for_function(SAVED, timeout=10_000)


def play_turn(page: Page) -> None:
    page.evaluate("() => window.__maPlayTurn()")


def try_turn(page: Page, ms: int = 300) -> str:
    """A turn if this page may play one within `ms`: "end", "played" or "waiting"."""
    state: str = page.evaluate("(ms) => window.__maTryTurn(ms)", ms)
    return state


def play_to_end(page: Page, turns: int = 400) -> int:
    """Play every turn of this device's people until the end screen; the turns played."""
    played: int = page.evaluate("(most) => window.__maPlayToEnd(most)", turns)
    expect(page.locator(".ma-end")).to_be_visible()
    return played

"""The replay of a Mathesso game (issue 17, item 4): Ema plays Atto (22 cards) against Kotě
in the browser's engine worker, then opens "Záznam hry" on the end screen and steps through
it with the keys, the buttons and the slider. Each frame shows what Ema's seat saw at that
step: the cards of the turn running or just finished turned over, the rest black side up,
nothing remembered from earlier turns. Ema's own turns in the replay are the cards she
clicked, and every face it shows that the table showed her is the same."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import SHOTS, SHOTS_WANTED, axe_violations
from tests.web.test_helpers import ENGINE
from tests.web.test_ma_helpers import play_to_end, remember

INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})
# Ema's turns as she played them: the two cards clicked in each (the player's __maTurn
# is test_ma_helpers.PLAYER's, installed before this).
CLICKS = """
window.__maClicks = [];
const turn = window.__maTurn;
window.__maTurn = (index) => {
  const turns = window.__maClicks;
  if (!turns.length || turns[turns.length - 1].length === 2) turns.push([]);
  turns[turns.length - 1].push(Number(index));
  return turn(index);
};
"""
# The frame on show: its status lines and its cards (place, label, pair/miss, coloured).
FRAME = """(stepper) => ({
  status: stepper.querySelector('.ma-status')?.textContent ?? '',
  last: stepper.querySelector('.ma-last')?.textContent ?? '',
  over: stepper.querySelector('.ma-end') !== null,
  ritual: stepper.querySelector('.ma-ritual')?.textContent ?? '',
  buttons: [...stepper.querySelectorAll('.replay-frame button')].map((b) => b.textContent),
  slots: stepper.querySelectorAll('.ma-slot').length,
  tiles: [...stepper.querySelectorAll('.ma-tile')].map((tile) => ({
    index: Number(tile.dataset.index),
    label: tile.getAttribute('aria-label'),
    up: tile.classList.contains('up'),
    mark: ['pair', 'miss'].find((mark) => tile.classList.contains(mark)) ?? null,
    coloured: tile.querySelector('svg[data-group]') !== null,
  })),
})"""
# Every frame after the start, stepped with the ArrowRight key on the stepper (its key
# handler, as a key press reaches it), read once each frame is on show: one round trip
# rather than three per frame (the real key presses stay below: Home, ArrowRight).
FRAMES = f"""async (stepper, total) => {{
  const read = {FRAME};
  const frames = [];
  for (let n = 1; n <= total; n++) {{
    stepper.dispatchEvent(new KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}}));
    const start = Date.now();
    while (stepper.dataset.step !== String(n)) {{
      if (Date.now() - start > 10000) throw new Error(`frame ${{n}} never showed`);
      await new Promise((done) => setTimeout(done, 0));
    }}
    frames.push(read(stepper));
  }}
  return frames;
}}"""
SIZES = (("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800}))


def frame(stepper: Locator, step: int) -> dict[str, Any]:
    expect(stepper).to_have_attribute("data-step", str(step))
    shown: dict[str, Any] = stepper.evaluate(FRAME)
    return shown


def looks(page: Page, stepper: Locator, name: str) -> None:
    """The stepper at phone and desktop width, light and dark, fits the width (saved under
    var/screenshots/ when wanted)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.emulate_media(reduced_motion="reduce")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for look, viewport in SIZES:
            page.set_viewport_size(viewport)
            if SHOTS_WANTED:
                stepper.screenshot(path=str(SHOTS / f"{name}-{look}-{scheme}.png"),
                                   style="header.top { visibility: hidden; }")
            # The page lays itself out at the new width, and fits it (else this times out).
            page.wait_for_function("document.documentElement.scrollWidth <= innerWidth")
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if size:
        page.set_viewport_size(size)


def test_the_replay_of_a_game_against_the_computer(page: Page) -> None:
    remember(page)
    page.add_init_script(CLICKS)
    page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    page.goto("/#/mathesso?seed=4")
    page.locator(".ma-variant", has_text="Atto").click()
    page.get_by_placeholder("Hráč 1").fill("Ema")
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".ma-card")).to_have_count(22, timeout=ENGINE)
    play_to_end(page)
    clicks: list[list[int]] = page.evaluate("window.__maClicks")
    seen: dict[str, str] = page.evaluate("window.__maSeen")

    page.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    step = stepper.locator(".replay-step")
    expect(step).to_have_text(re.compile(r"^Začátek hry: tah 0 z \d+$"))
    total = int(step.inner_text().rsplit(" ", 1)[1])
    start = frame(stepper, 0)
    assert start["status"] == "Stůl je připravený." and len(start["tiles"]) == 22
    assert not any(tile["coloured"] for tile in start["tiles"])

    # Every frame from the keys: at most the two cards of one turn turned over, a face
    # only on them, each face the one the table showed, and the pairs only ever taken.
    stepper.focus()
    frames = [start, *stepper.evaluate(FRAMES, total)]
    assert len(frames) == total + 1
    # After the start the order ritual (nothing in it to press), gone with the first card.
    assert frames[1]["status"].startswith("Na tahu: ") and "Pořadí:" in frames[1]["ritual"]
    assert not frames[2]["ritual"] and not any(shown["buttons"] for shown in frames)
    for shown in frames[1:-1]:
        up = [tile for tile in shown["tiles"] if tile["up"]]
        assert len(up) <= 2 and all(tile["coloured"] == tile["up"] for tile in shown["tiles"])
        for tile in up:  # (the computer's turns may have gone by unseen: Ema hurried)
            face = tile["label"].split(": ", 1)[1]
            assert face == seen.get(str(tile["index"]), face), tile
    slots = [shown["slots"] for shown in frames[:-1]]
    assert slots == sorted(slots) and slots[-1] == 20  # (the last pair lies turned)
    assert frames[-1]["over"] and not frames[-2]["over"]
    assert stepper.locator(".ma-end-headline").inner_text() == \
        page.locator(".ma-end-headline").first.inner_text()

    # Ema's turns as the replay shows them: her first card alone, then both marked.
    turns = []
    for before, after in zip(frames, frames[1:], strict=False):
        first = [tile["index"] for tile in before["tiles"] if tile["up"] and not tile["mark"]]
        if before["status"] == "Na tahu: Ema" and len(first) == 1:
            both = {tile["index"] for tile in after["tiles"] if tile["mark"]}
            assert after["last"].startswith("Ema: ") and first[0] in both, after
            turns.append([first[0], *(both - {first[0]})])
    assert turns == clicks and len(turns) >= 3, (turns, clicks)
    assert all(str(card) in seen for turn in turns for card in turn)

    # A miss of Ema's in the middle: both cards turned, marked; the move after the next
    # one (the computer's first card) shows them black side up again, unless it took one.
    miss = next(n for n in range(total // 3, total)
                if frames[n]["last"] == "Ema: tentokrát to pár nebyl.")
    page.keyboard.press("Home")
    expect(step).to_have_text(f"Začátek hry: tah 0 z {total}")
    stepper.get_by_role("slider", name="Tah").fill(str(miss - 2))
    for _ in range(2):
        stepper.get_by_role("button", name="Další tah").click()
    assert frame(stepper, miss) == frames[miss]
    missed = [tile["index"] for tile in frames[miss]["tiles"] if tile["mark"] == "miss"]
    assert len(missed) == 2
    expect(stepper.locator(".ma-tile.up")).to_have_count(2)
    looks(page, stepper, "ma-replay")
    # The list says the miss's two moves: the first card, then the second and no pair.
    stepper.locator(".replay-list summary").click()
    said = stepper.locator(".replay-move").evaluate_all("(all) => all.map((b) => b.textContent)")
    faces = {tile["index"]: tile["label"].split(": ", 1)[1] for tile in frames[miss]["tiles"]
             if tile["mark"]}
    [first] = [tile["index"] for tile in frames[miss - 1]["tiles"] if tile["up"]]
    [second] = set(faces) - {first}
    assert said[miss - 2] == f"ty: otočená kartička: {faces[first]}", said[miss - 2]
    assert said[miss - 1] == f"ty: druhá kartička: {faces[second]} – pár to nebyl", said[miss - 1]
    # The others by the names the table showed (as its frames do), not "hráč 2".
    assert {text.split(": ")[0] for text in said} == {"ty", "Kotě (počítač)"}, said
    stepper.locator(".replay-list summary").click()
    page.keyboard.press("ArrowRight")
    after = frame(stepper, miss + 1)
    again = [tile for tile in after["tiles"] if tile["index"] in missed and tile["up"]]
    assert len(again) <= 1 and all(not tile["mark"] for tile in again), after
    assert after["status"] != "Na tahu: Ema"
    stepper.get_by_role("button", name="Předchozí tah").click()
    assert frame(stepper, miss) == frames[miss]
    stepper.get_by_role("button", name="Na konec").click()
    assert frame(stepper, total) == frames[-1]
    expect(stepper.get_by_role("button", name="Další tah")).to_be_disabled()
    assert page.get_by_role("button", name="Sdílet záznam").count() == 0  # local: no link
    assert axe_violations(page) == []

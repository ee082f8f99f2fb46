"""Locus Poker's replay: a game on 6×5 against the first opponent in the engine worker
(seed 19, the person's moves sent through the test hook: the first free card, every third
one face down), then "Záznam hry" on its end screen. The stepper starts at the deal, steps
with its buttons and the keyboard, and a middle frame is the position the person saw then,
as the end's move list says it was: the chips of the moves so far and none later, the
totals so far, the last move and whose turn it was; the frame is read-only (no card to
press, no play buttons). The last frame is the end."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import HOOK, SHOTS, SHOTS_WANTED, VIEW, axe_violations, play_until_over
from tests.web.shots import LOOKS

HAND = {None: "Nic", "pair": "Pár", "two_pairs": "Dva páry", "three_of_a_kind": "Trojice",
        "straight": "Postupka", "flush": "Barva", "full_house": "Full house",
        "four_of_a_kind": "Čtyři stejné", "straight_flush": "Postupka v barvě"}
KINDS = "(cards) => cards.map((c) => c.className.match(/free|taken|dead/)[0])"


def first_free(views: list[dict[str, Any]], mover: int) -> dict[str, Any]:
    view = views[mover]
    cell = view["chips"].index(None)
    mine = sum(move["seat"] == view["seat"] for move in view["moves"])
    return {"type": "play", "cell": cell, "face": "down" if mine % 3 == 2 else "up"}


def expected_frame(end: dict[str, Any], played: int) -> dict[str, Any]:
    """The position after the first `played` moves of the end view's move list."""
    kinds = ["free"] * len(end["cards"])
    totals = [0, 0]
    for move in end["moves"][:played]:
        kinds[move["cell"]] = "dead" if move["face"] == "down" else "taken"
        totals[move["seat"]] += move["score"]
    return {"kinds": kinds, "totals": totals}


# the replay box's top just under the sticky header
UNDER_HEADER = """(box) => window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY
  - document.querySelector("header.top").offsetHeight - 8)"""


def shots(page: Page, name: str) -> None:
    """The screen with the end screen's replay box (the stepper and its frame) at its top,
    in the four looks (tests/web/shots.py): `name`-{desktop,phone}-{light,dark}.png, when
    wanted (SHOTS_WANTED)."""
    if not SHOTS_WANTED:
        return
    box = page.locator(".replay-box")
    size = page.viewport_size
    page.emulate_media(reduced_motion="reduce")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for look, viewport in LOOKS:
            page.set_viewport_size(viewport)
            box.evaluate(UNDER_HEADER)
            page.screenshot(path=str(SHOTS / f"{name}-{look}-{scheme}.png"))
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if size:
        page.set_viewport_size(size)


def test_the_replay_of_a_game_against_the_computer(page: Page) -> None:
    page.add_init_script(HOOK)
    page.goto("/#/locus-poker?seed=19&pace=0")
    page.locator(".lp-opponent").first.click()
    page.locator(".lp-pill", has_text="6 × 5").click()
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".lp-board .lp-card")).to_have_count(30, timeout=60_000)
    page.wait_for_function(f"{VIEW}?.started === true")
    [end] = play_until_over([page], first_free, 40)
    headline = page.locator(".lp-end-headline")
    expect(headline).to_be_visible()
    me = end["seat"]
    moves = end["moves"]
    assert len(moves) == 30

    page.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    frame = stepper.locator(".lp-replay")
    step = stepper.locator(".replay-step")
    # the log: the start, then the 30 plays (step n + 1 shows the position after n plays)
    expect(step).to_have_text("Začátek hry: tah 0 z 31")
    expect(frame.locator(".lp-replay-status")).to_have_text("Karty jsou rozložené.")
    expect(frame.locator(".lp-last")).to_have_text("Zatím nikdo nehrál.")
    cards = frame.locator(".lp-card")
    expect(cards).to_have_count(30)
    assert set(cards.evaluate_all(KINDS)) == {"free"}
    expect(page.locator(".lp-main > .lp-board")).to_be_hidden()  # the replay takes its place
    # read-only: the cards are pictures, nothing plays or previews
    assert frame.locator("button").count() == 0
    assert frame.locator(".lp-play, .lp-preview").count() == 0

    stepper.get_by_role("button", name="Další tah").click()
    expect(step).to_have_text("Tah 1 z 31")
    stepper.get_by_role("button", name="Další tah").click()
    expect(step).to_have_text("Tah 2 z 31")
    expect(frame.locator(".lp-card.free")).to_have_count(29)
    # the keyboard on the stepper, to the middle: step 17 is the position after 16 plays
    stepper.focus()
    for number in range(3, 18):
        page.keyboard.press("ArrowRight")
        expect(step).to_have_text(f"Tah {number} z 31")
    played = 16
    want = expected_frame(end, played)
    assert cards.evaluate_all(KINDS) == want["kinds"]  # no chip of a later move
    totals = frame.locator(".lp-total").evaluate_all("(t) => t.map((e) => Number(e.dataset.total))")
    assert totals == want["totals"] and totals != end["totals"]
    last = moves[played - 1]
    name = "Vy" if last["seat"] == me else "Pepík"  # (the end screen's names)
    expect(frame.locator(".lp-last")).to_have_text(
        f"Poslední tah – {name}: {HAND[last['name']]}, {last['hand']} + bonus {last['bonus']}")
    expect(frame.locator(".lp-card.last")).to_have_attribute("data-cell", str(last["cell"]))
    mover = moves[played]["seat"]
    expect(frame.locator(".lp-player.turn")).to_have_attribute("data-seat", str(mover))
    expect(frame.locator(".lp-replay-status")).to_have_text(
        "Na tahu jste vy." if mover == me else "Na tahu je Pepík.")
    expect(frame.locator(".lp-player.me")).to_have_attribute("data-seat", str(me))
    shots(page, "lp-replay")
    assert axe_violations(page) == []

    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text("Tah 16 z 31")
    assert cards.evaluate_all(KINDS) == expected_frame(end, 15)["kinds"]
    page.keyboard.press("End")
    expect(step).to_have_text("Tah 31 z 31")
    expect(stepper.get_by_role("button", name="Další tah")).to_be_disabled()
    # the last frame is the end: the end screen's headline (its names), every chip
    expect(frame.locator(".lp-replay-status")).to_have_text(headline.inner_text())
    assert cards.evaluate_all(KINDS) == expected_frame(end, 30)["kinds"]
    assert "free" not in cards.evaluate_all(KINDS)
    page.keyboard.press("Home")
    expect(step).to_have_text(re.compile("^Začátek hry"))
    stepper.get_by_role("button", name="Na konec").click()
    stepper.get_by_role("button", name="Předchozí tah").click()
    expect(step).to_have_text("Tah 30 z 31")
    expect(frame.locator(".lp-card.free")).to_have_count(1)
    assert page.get_by_role("button", name="Sdílet záznam").count() == 0  # local: no link

    # The list says each play: where, which side up, and what it scored.
    stepper.locator(".replay-list summary").click()
    said = stepper.locator(".replay-move").evaluate_all("(all) => all.map((b) => b.textContent)")
    side = {"up": "nahoru", "down": "dolů"}

    def words(move: dict[str, Any]) -> str:
        who = "ty" if move["seat"] == me else "Pepík"
        row, col = divmod(move["cell"], end["cols"])
        return (f"{who}: řádek {row + 1}, sloupec {col + 1}, lícem {side[move['face']]}: "
                f"{HAND[move['name']]}, {move['hand']} + bonus {move['bonus']}")

    assert said[1:] == [words(move) for move in moves]

"""Kostkový poker's replay (issue 17 item 4): a solo game against the computer in the engine
worker, ended by agreement after its first hand, then stepped through in the page's
"Záznam hry" with the keyboard: every frame is the one CPython's own replay of the same
seed and moves gives, the hand's end shows the dice it revealed, the last frame the
ranking the live end shows."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from klubovna.tables.local import LocalHost
from tests.web.conftest import axe_violations
from tests.web.shots import four_looks
from tests.web.test_kp_mended import start_solo
from tests.web.test_kp_offline import call_or_check, next_step

SEED = 14
REQUEST = {"game": "kostkovy-poker", "seats": 2, "chips": 10, "seconds": None,
           "robots": {"1": "klidny"}}


def python_replay(moves: list[dict[str, Any]]) -> dict[str, Any]:
    host = LocalHost()
    host.create("t", json.dumps(REQUEST), SEED, "k")
    for seq, move in enumerate(moves, 1):
        host.handle("t", json.dumps({"t": "act", "seq": seq, "action": move}), 0)
    replay: dict[str, Any] = json.loads(host.replay("t", 0))
    return replay


def keep_first_die(page: Page, moves: list[dict[str, Any]]) -> None:
    page.locator(".kp-pick").first.click()
    page.locator(".kp-keep-submit:enabled").click()
    moves.append({"type": "keep", "dice": [0]})
    expect(page.locator(".kp-pick")).to_have_count(0)


def test_a_solo_game_replays_frame_by_frame(page: Page) -> None:
    start_solo(page, SEED, bots=1)
    moves: list[dict[str, Any]] = [{"type": "start"}]
    page.get_by_role("button", name="Ukončit hru po tomto kole").click()
    moves.append({"type": "stop", "agree": True})
    while (step := next_step(page)) != "end":
        if step == "showdown":
            page.locator(".kp-go-on .primary").click()
        elif step == "keep":
            keep_first_die(page, moves)
        else:
            call_or_check(page, moves)
    live = page.locator(".kp-end .kp-ranking tbody tr").evaluate_all(
        "rows => rows.map((r) => r.dataset.seat)")
    expected = python_replay(moves)
    frames = expected["frames"]
    total = len(frames) - 1

    page.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    label = stepper.locator(".replay-step")
    expect(label).to_have_text(f"Začátek hry: tah 0 z {total}")
    expect(stepper.locator(".kp-replay .mp-info")).to_have_text("Stůl je připravený.")
    stepper.focus()
    revealed = False
    for number in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(label).to_have_text(f"Tah {number} z {total}")
        frame = stepper.locator(".kp-replay")
        expect(frame).to_have_attribute("data-hand", str(frames[number]["hand"]))
        ended = frames[number]["last_hand"] != frames[number - 1]["last_hand"]
        if ended and frames[number]["last_hand"]["hands"]:  # a showdown: the dice shown
            opponent = frame.locator(".kp-seat[data-seat='1'] .kp-seat-dice")
            shown = next(h for h in frames[number]["last_hand"]["hands"] if h["seat"] == 1)
            expect(opponent).to_have_attribute(
                "aria-label", re.compile(f": {', '.join(map(str, shown['kept']))}$"))
            revealed = True
    assert revealed, "the first hand ended in a showdown"
    ranking = stepper.locator(".kp-end .kp-ranking tbody tr")
    assert ranking.evaluate_all("rows => rows.map((r) => r.dataset.seat)") == live
    page.keyboard.press("Home")
    expect(label).to_have_text(f"Začátek hry: tah 0 z {total}")
    page.keyboard.press("End")
    expect(label).to_have_text(f"Tah {total} z {total}")
    four_looks(page, "kp-replay", full_page=True)
    assert axe_violations(page) == []

    # The list says what each of the person's moves was (the computer's are not in a replay).
    stepper.locator(".replay-list summary").click()
    said = stepper.locator(".replay-move").evaluate_all("(all) => all.map((b) => b.textContent)")
    words = {"start": "ty", "stop": "ty: souhlasíš s koncem hry", "keep": "ty: kostky vybrané",
             "call": "ty: dorovnáváš", "check": "ty: čekáš"}
    assert [text for text, move in zip(said, expected["moves"], strict=True)
            if move["seat"] == 0] == [words[move["type"]] for move in moves]
    assert {text for text, move in zip(said, expected["moves"], strict=True)
            if move["seat"] == 1} == {"Klidný"}  # (the table's name for it, as its frames say)

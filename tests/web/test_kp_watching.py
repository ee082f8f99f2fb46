"""Kostkový poker after the person goes bust (issue #34, item 8): while the computer players
play on, the screen offers "Rovnou na výsledky" at once (their game is already played out by
the engine: the results come at once) and the pace of watching them beside it, not only
"Došly ti žetony" and "Přeskočit čekání" hand after hand."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from klubovna.tables.local import LocalHost
from tests.web.conftest import HOOK, VIEW
from tests.web.shots import four_looks

SEED = 8
"""Keeping four dice and raising, the person is out in the first hands; the three computer
players then play to the ninth hand."""
REQUEST = {"game": "kostkovy-poker", "seats": 4, "chips": 10, "seconds": None,
           "robots": {"1": "klidny", "2": "chytry", "3": "klidny"}}


def spender(view: dict[str, Any]) -> dict[str, Any]:
    """The person's move: keep as many dice as the chips pay for (up to four), then raise,
    bet, call or check, the first of them offered."""
    if "keep" in view["actions"]:
        return {"type": "keep", "dice": list(range(min(4, max(1, view["players"][0]["chips"]))))}
    return {"type": next(a for a in ("raise", "bet", "call", "check") if a in view["actions"])}


def python_game() -> dict[str, Any]:
    """The person's last view in CPython's LocalHost, the same seed and moves: the person out,
    the game over (played out by the computer players at once)."""
    host = LocalHost()
    host.create("t", json.dumps(REQUEST), SEED, "k")
    view = json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))[-1]["view"]
    seq = 0
    while view["players"][0]["out"] is None:
        seq += 1
        action = {"type": "start"} if "start" in view["actions"] else spender(view)
        message = {"t": "act", "seq": seq, "action": action}
        view = json.loads(host.handle("t", json.dumps(message), 0))[-1]["view"]
    return view


def test_out_of_chips_the_results_come_at_once(page: Page) -> None:
    final = python_game()
    assert final["game_over"] and final["hand"] > 3
    page.add_init_script(HOOK)
    page.goto(f"/#/kostkovy-poker?seed={SEED}")
    page.get_by_label("Žetonů pro každého na začátku (10 až 100)").fill("10")
    page.get_by_role("button", name="Start", exact=True).click()
    page.locator(".kp-pick").first.wait_for(timeout=60_000)

    # Spend until out, at the normal pace; the last hand's showdown waits for the person.
    for _ in range(200):
        page.wait_for_selector(".kp-pick:enabled, .kp-act:enabled, .kp-showdown", timeout=30_000)
        if page.locator(".kp-showdown").count():
            if page.evaluate(f"{VIEW}.players[0].out") is not None:
                break
            page.locator(".kp-go-on .primary").click()
            continue
        view = page.evaluate(VIEW)
        move = spender(view)
        if move["type"] == "keep":
            for die in move["dice"]:
                page.locator(".kp-pick").nth(die).click()
            page.locator(".kp-keep-submit:enabled").click()
            expect(page.locator(".kp-pick")).to_have_count(0)
        else:
            page.locator(f".kp-act.{move['type']}:enabled").first.click()
    else:
        raise AssertionError("the person never went out")

    # Watching: the results offered at once, and the pace beside them.
    page.locator(".kp-go-on .primary").click()
    watching = page.locator(".kp-watching")
    expect(watching).to_contain_text("Došly ti žetony. Počítače hrají dál")
    expect(page.locator(".kp-end")).to_have_count(0)
    pace = watching.get_by_role("group", name="Tempo soupeřů")
    expect(pace.get_by_role("radio", name="Běžné")).to_be_checked()
    pace.get_by_role("radio", name="Rychlé").check()
    assert page.evaluate("JSON.parse(localStorage.getItem('klubovna.kp.prefs')).pace") == "fast"
    four_looks(page, "kp-watching")
    page.get_by_role("button", name="Rovnou na výsledky").click()

    end = page.locator(".kp-end")
    expect(end).to_be_visible()
    expect(page.locator(".kp-showdown")).to_have_count(0)
    expect(page.locator(".kp-watching")).to_have_count(0)
    assert page.evaluate(f"{VIEW}.hand") == final["hand"]
    four_looks(page, "kp-watching-end", full_page=True)

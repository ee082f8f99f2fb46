"""The replay of a round of Žolíky s kameny against the computer (Těžká), seed 29: the
person's moves are Těžká's too, chosen here from the page's own view and sent through its
table session (the test hook), so the round ends in a few dozen moves. At the end "Záznam
hry" opens the stepper (the end itself checked first: the scores, no change of level):
its buttons and keys step, and a middle frame is the person's view
then (their rack as it was, the table as it was, the computer's rack only as a count),
the last one the end with every rack."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from playwright.sync_api import Page, expect

from klubovna.bots.zoliky_s_kameny import TEZKA
from tests.web.conftest import HOOK, VIEW, axe_violations
from tests.web.shots import four_looks

SEED = 29
COLOURS = ("červená", "modrá", "oranžová", "černá")


def name(tile: Any) -> str:
    """A view's tile as the page names it ("červená 7", "žolík")."""
    return "žolík" if tile == "J" else f"{COLOURS[tile[0]]} {tile[1]}"


def tiles(page: Page, where: str) -> list[str | None]:
    return page.locator(f"{where} .zk-tile").evaluate_all("(all) => all.map((t) => t.ariaLabel)")


def test_a_round_against_the_computer_then_its_replay(page: Page) -> None:
    page.add_init_script(HOOK)
    page.goto(f"/#/zoliky-s-kameny?seed={SEED}")
    page.locator(".zk-mode", has_text="Proti počítači").click()
    page.locator(".zk-pill", has_text="Těžká").click()
    page.get_by_role("button", name="Začít hru").click()
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(14, timeout=60_000)

    # The person's turns: what Těžká would do from their view (the computer answers itself).
    rng = random.Random(SEED)
    seen: list[dict[str, Any]] = []  # the person's views, each when it was their turn
    chosen: list[str] = []  # the types of the person's actions
    for _ in range(80):
        text = page.evaluate(f"JSON.stringify({VIEW})")
        view = json.loads(text)
        if view["over"]:
            break
        if not view["actions"]:  # the computer's answer is on its way
            page.wait_for_function(f"() => {VIEW}.actions.length > 0 || {VIEW}.over")
            continue
        seen.append(view)
        action = TEZKA.choose(view, [], rng)
        chosen.append(action["type"])
        page.evaluate("action => window.__klubovna.table.act(action)", action)
        page.wait_for_function(f"before => JSON.stringify({VIEW}) !== before", arg=text)
    end = page.locator(".zk-game > .zk-layout .zk-end")
    expect(end.get_by_role("heading", name="Konec kola")).to_be_visible()
    assert len(seen) > 4
    # The end of the round: both racks scored, the winner the loser's rack; the level is
    # no longer the person's to change.
    rows = end.locator(".zk-end-table tbody tr")
    expect(rows).to_have_count(2)
    scores = [int(text) for text in rows.locator("td.num:last-child").all_inner_texts()]
    assert sum(scores) == 0 and max(scores) > 0, scores
    expect(page.get_by_role("button", name="Změnit obtížnost")).to_have_count(0)
    four_looks(page, "zk-computer-end", full_page=True)
    assert axe_violations(page) == []

    end.get_by_role("button", name="Záznam hry").click()
    stepper = page.get_by_role("region", name="Přehrávání záznamu")
    label = stepper.locator(".replay-step")
    expect(label).to_contain_text("Začátek hry: tah 0 z ")
    total = int((label.text_content() or "").rsplit(" ", 1)[1])
    frame = stepper.locator(".zk-replay")
    expect(frame.locator(".zk-rack .zk-tile")).to_have_count(0)  # nothing dealt yet

    # Buttons and keys step; the deal is the first move.
    stepper.get_by_role("button", name="Další tah").click()
    expect(label).to_have_text(f"Tah 1 z {total}")
    expect(frame.locator(".zk-status")).to_contain_text("Kameny jsou rozdané.")
    expect(frame.locator(".zk-rack .zk-tile")).to_have_count(14)
    stepper.get_by_role("button", name="Na konec").click()
    expect(label).to_have_text(f"Tah {total} z {total}")
    expect(frame.get_by_role("heading", name="Konec kola")).to_be_visible()
    expect(frame.locator(".zk-end-table tbody tr")).to_have_count(2)  # every rack at the end
    stepper.press("Home")
    expect(label).to_contain_text("Začátek hry")
    stepper.press("ArrowRight")
    expect(label).to_have_text(f"Tah 1 z {total}")
    stepper.press("End")
    stepper.press("ArrowLeft")
    expect(label).to_have_text(f"Tah {total - 1} z {total}")

    # A middle frame: the person's view at one of their turns in the middle, as it was then.
    turn = len(seen) // 2
    middle = seen[turn]
    # The list says who made each move and what it did.
    said = stepper.locator(".replay-move").evaluate_all("(all) => all.map((b) => b.textContent)")
    words = {"play": r"kameny na stůl \(\d+\)", "draw": "dobrání kamene", "pass": "pas"}
    mine = [text for text in said if text.startswith("ty: ")]
    assert mine[0] == "ty: rozdání kamenů", said
    for text, kind in zip(mine[1:], chosen, strict=True):
        assert re.fullmatch(f"ty: {words[kind]}", text), (text, kind)
    assert all(re.fullmatch(f"Počítač \\(Těžká\\): ({'|'.join(words.values())})", text)
               for text in said if not text.startswith("ty: ")), said
    own = [index + 1 for index, text in enumerate(said) if text.startswith("ty: ")]
    at = own[turn + 1] - 1  # (the person's first move was the start) the frame before their move
    stepper.press("Home")
    for _ in range(at):
        stepper.press("ArrowRight")
    expect(label).to_have_text(f"Tah {at} z {total}")
    expect(frame.locator(".zk-status")).to_contain_text("Jste na tahu.")
    assert sorted(tiles(page, ".zk-replay .zk-rack")) == sorted(map(name, middle["rack"]))
    table = [name(tile) for tiles_ in middle["table"] for tile in tiles_]
    assert tiles(page, ".zk-replay .zk-table") == table
    expect(frame.locator(".mp-info")).to_have_text(f"Kolo 1 · v zásobě {middle['pool']}")
    expect(frame.locator(".zk-player").nth(1)).to_contain_text(
        f"Kamenů: {middle['players'][1]['tiles']}")
    # The person's rack only (the computer's is a count), no end table, nothing that acts.
    expect(frame.locator(".zk-rack")).to_have_count(1)
    expect(frame.locator(".zk-end")).to_have_count(0)
    expect(frame.locator("button")).to_have_count(0)
    four_looks(page, "zk-replay", full_page=True)
    assert axe_violations(page) == []

    # "Nové kolo" deals round 2 against the same computer player (the kit's next game of a series).
    end.get_by_role("button", name="Nové kolo").click()
    info = page.locator(".zk-game > .zk-head .mp-info")
    expect(info).to_contain_text("Kolo 2", timeout=60_000)
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
    expect(page.locator(".zk-level-side")).to_contain_text("Obtížnost: Těžká")

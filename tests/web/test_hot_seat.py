"""Hot seat in the browser: two people and a computer player at one Kostkový poker table in
the engine worker, through the page's real HotSeatTable. The screen shows one seat at a time;
when the turn passes to the other person it is handed over, and nothing of that seat is
shown before its player reveals it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import HOOK, axe_violations
from tests.web.shots import four_looks

REQUEST = {"game": "kostkovy-poker", "seats": 3, "chips": 10, "seed": 4,
           "robots": {"2": "klidny"}}

# Plays the whole game on the page: the seat on screen acts (start, keep its first die,
# check or call) until it may not; at a hand-over the page checks what it was shown, then
# reveals. Returns what happened, for the assertions.
PLAY_JS = """
async (request) => {
  const table = await window.__klubovna.openHotSeat(request);
  const shown = [];   // [seat on screen, the view's seat] of every view the page got
  const handOvers = [];
  let latest = null;
  table.listen((message) => {
    if (message.t !== "view") return;
    shown.push([table.handOver().seat, message.view.seat]);
    latest = message.view;
  });
  table.onHandOver((state) => { if (state.next !== null) handOvers.push({...state}); });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  let seq = 0;
  for (let step = 0; step < 3000; step++) {
    await settle();
    const state = table.handOver();
    if (state.next !== null) {
      table.reveal();  // (the seat on screen changes only here: see `shown`)
      continue;
    }
    if (latest === null) continue;
    if (latest.game_over) break;
    const actions = latest.actions;
    if (actions.length === 0) continue;
    const action = !latest.started ? {type: "start"}
      : actions.includes("keep") ? {type: "keep", dice: [0]}
      : {type: actions.includes("check") ? "check" : "call"};
    table.act(action);
    seq++;
  }
  return {over: latest.game_over, shown, handOvers, moves: seq, people: table.people};
}
"""


# A few moves, then the tab "reloads": the table is rebuilt from the snapshot the first
# seat kept, and the game goes on from where it was, each seat with its own seq.
RESUME_JS = """
async (request) => {
  let saved = null;
  const save = (snapshot) => { saved = snapshot; };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
  const playSome = async (table, moves) => {
    let latest = null;
    table.listen((message) => { if (message.t === "view") latest = message.view; });
    let acks = 0;
    table.listen((message) => { if (message.ack !== undefined) acks++; });
    for (let step = 0; step < 3000 && acks < moves; step++) {
      await settle();
      if (table.handOver().next !== null) { table.reveal(); continue; }
      if (latest === null) continue;
      if (latest.game_over) break;
      const actions = latest.actions;
      if (actions.length === 0) continue;
      const action = !latest.started ? {type: "start"}
        : actions.includes("keep") ? {type: "keep", dice: [0]}
        : {type: actions.includes("check") ? "check" : "call"};
      latest = null;  // the next view answers this action
      table.act(action);
    }
    await settle();
    return {acks, over: latest !== null && latest.game_over === true};
  };
  const first = await window.__klubovna.openHotSeat(request, save);
  const before = await playSome(first, 6);
  await settle();
  first.close();
  const snapshot = saved;
  const again = window.__klubovna.resumeHotSeat(snapshot, () => {});
  const after = await playSome(again, 10000);
  return {before, after, people: again.people, saved: snapshot !== null};
}
"""


def test_two_people_share_a_device_and_a_game_goes_on_after_a_reload(page: Page) -> None:
    """Two whole games through the table session on one page (one page load and engine
    start for both): the first played straight through, the second closed after six moves
    and resumed. Then, in the same page (its own test paid a page load and an engine
    start), a third game through the setup and the screen: play_through_the_page."""
    page.add_init_script(HOOK)
    page.goto("/")
    page.wait_for_function(
        "!!(window.__klubovna && window.__klubovna.openHotSeat && window.__klubovna.resumeHotSeat)")
    out: dict[str, Any] = page.evaluate(PLAY_JS, REQUEST)
    assert out["over"] is True and out["people"] == [0, 1]
    # every view shown was the view of the seat on screen (which changes only at a reveal:
    # nothing of the next seat shows before its player reveals it)
    assert out["shown"] and all(screen == seat for screen, seat in out["shown"])
    # the screen passed between the two people, both ways
    assert {h["next"] for h in out["handOvers"]} == {0, 1}
    assert {seat for _, seat in out["shown"]} == {0, 1}

    resumed: dict[str, Any] = page.evaluate(RESUME_JS, REQUEST)
    assert resumed["saved"] and resumed["before"]["acks"] == 6 and not resumed["before"]["over"]
    assert resumed["people"] == [0, 1]
    assert resumed["after"]["over"] is True and resumed["after"]["acks"] > 0

    play_through_the_page(page)


SHOWN = """() => [['.hand-over', 'hand-over'], ['.kp-end', 'end'], ['.kp-showdown', 'showdown'],
                 ['.kp-pick', 'keep']].find(([selector]) => document.querySelector(selector))?.[1]
                 ?? 'bet'"""
"""What the page shows the person now, the first of these that is there."""


def play_through_the_page(page: Page) -> None:
    """The setup's "people at this device": two people and Klidný play the whole game on the
    page. Every hand-over screen names the next player and renders nothing of the board (no
    die of anyone's); a reload in the middle goes on with the same hand-over."""
    page.goto("/#/kostkovy-poker?seed=4")
    page.get_by_role("radiogroup", name="Počet lidí").get_by_role("radio", name="2").check()
    bots = page.get_by_role("radiogroup", name="Počet soupeřů")
    bots.get_by_role("radio", name="1").check()
    expect(page.locator(".kp-bot")).to_have_count(1)
    page.get_by_label("Žetonů pro každého na začátku (10 až 100)").fill("10")
    page.get_by_role("button", name="Start", exact=True).click()
    page.locator(".kp-pick, .hand-over").first.wait_for(timeout=30_000)
    expect(page.locator(".kp-seat")).to_have_count(3)
    expect(page.locator(".kp-seat").filter(has_text="Hráč 2")).to_have_count(1)
    page.get_by_text("Nastavení", exact=True).click()
    page.get_by_role("radio", name="Bez čekání").check()

    players: set[str] = set()
    hand_overs = 0
    reloaded = False
    for _ in range(400):
        page.wait_for_selector(
            ".hand-over, .kp-pick, .kp-act:enabled, .kp-showdown, .kp-end", timeout=30_000
        )
        shown = page.evaluate(SHOWN)  # (one round trip, not a count per kind)
        if shown == "hand-over":
            screen = page.locator(".hand-over")
            title = screen.get_by_role("heading").inner_text()
            assert title.startswith("Na tahu: Hráč "), title
            players.add(title)
            # nothing of the board: no die, no seat, no table dice
            assert page.locator(".kp-die, .kp-seat, .kp-felt, .kp-pick").count() == 0
            expect(screen.get_by_role("button", name="Ukázat")).to_be_focused()
            hand_overs += 1
            if hand_overs == 1:
                four_looks(page, "kp-hot-seat-hand-over")
                assert axe_violations(page) == []
            if hand_overs == 3 and not reloaded:
                reloaded = True
                page.reload()
                page.locator(".kp-pick, .kp-act:enabled, .hand-over").first.wait_for(
                    timeout=30_000)
                continue
            screen.get_by_role("button", name="Ukázat").click()
            expect(page.locator(".hand-over")).to_have_count(0)
            if hand_overs == 1:
                page.locator(".kp-felt").wait_for()
                four_looks(page, "kp-hot-seat-table", full_page=True)
            continue
        if shown == "end":
            break
        if shown == "showdown":
            skip = page.get_by_role("button", name="Rovnou na výsledky")
            (skip if skip.count() else page.locator(".kp-go-on .primary")).click()
        elif shown == "keep":
            page.locator(".kp-pick").first.click()
            page.locator(".kp-keep-submit").click()
            expect(page.locator(".kp-pick")).to_have_count(0)
        else:
            page.locator(".kp-act.call:enabled, .kp-act.check:enabled").first.click()
    else:
        raise AssertionError("the game did not end")
    assert players == {"Na tahu: Hráč 1", "Na tahu: Hráč 2"}
    assert reloaded
    expect(page.locator(".kp-ranking tbody tr")).to_have_count(3)
    expect(page.locator(".kp-end").get_by_role("button", name="Hrát znovu")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('klubovna.kp.local')") is None

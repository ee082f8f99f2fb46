"""Hot seat in the browser: two people and a computer player at one Kostkový poker table in
the engine worker, through the page's real HotSeatTable. The screen shows one seat at a time;
when the turn passes to the other person it is handed over, and nothing of that seat is
shown before its player reveals it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

HOOK = "window.__klubovnaTest = true;"  # exposes the real client functions (see client.ts)
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


def test_two_people_share_a_device_with_a_computer_player(page: Page) -> None:
    page.add_init_script(HOOK)
    page.goto("/")
    page.wait_for_function("!!(window.__klubovna && window.__klubovna.openHotSeat)")
    out: dict[str, Any] = page.evaluate(PLAY_JS, REQUEST)
    assert out["over"] is True and out["people"] == [0, 1]
    # every view shown was the view of the seat on screen (which changes only at a reveal:
    # nothing of the next seat shows before its player reveals it)
    assert out["shown"] and all(screen == seat for screen, seat in out["shown"])
    # the screen passed between the two people, both ways
    assert {h["next"] for h in out["handOvers"]} == {0, 1}
    assert {seat for _, seat in out["shown"]} == {0, 1}


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


def test_a_hot_seat_game_goes_on_after_a_reload(page: Page) -> None:
    page.add_init_script(HOOK)
    page.goto("/")
    page.wait_for_function("!!(window.__klubovna && window.__klubovna.resumeHotSeat)")
    out: dict[str, Any] = page.evaluate(RESUME_JS, REQUEST)
    assert out["saved"] and out["before"]["acks"] == 6 and not out["before"]["over"]
    assert out["people"] == [0, 1]
    assert out["after"]["over"] is True and out["after"]["acks"] > 0

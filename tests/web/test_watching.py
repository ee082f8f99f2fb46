"""Watching a table in the app (issue #37 part 4; decision 0159; docs/api.md "Watching a
table"). Alena opens a public Žolíky s kameny room, Bob joins, and once they play Cyril finds
it on the home page's "Právě se hraje" and opens its watch page: live, both players' tile
counts and the pool, nobody's rack and no "Vy". Both players' rooms say 1 watches, everybody
may copy the link for watchers, only the host has the switch. A draw shows on Cyril's page;
the host turns watching off and Cyril's page says nobody may watch now, then on again and
"Zkusit znovu" brings the game back.

Then every game's read-only view of one who watches (seat null), fed to the watch page by a
stand-in socket with the engine's own views of no seat: a position in play, the next one,
and the end; never a seat's own part or a "you", and the end shown."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

from klubovna.tables.registry import REGISTRY
from tests.web.conftest import axe_violations
from tests.web.shots import four_looks

ENGINE_PRELOAD = False  # played on the server only

LETTER = "A-Za-zÀ-ž"
YOU = re.compile(rf"(?<![{LETTER}])(Vy|Ty|Jste na tahu|Jsi na tahu|Tvoje|Vaše)(?![{LETTER}])")
"""Words for the one looking at a seat's screen ("Vy", "Jste na tahu", …), as whole words."""


def test_a_public_room_is_watched_from_the_home_page(people: Callable[[], Page]) -> None:
    ada, bob, cyril = people(), people(), people()
    ada.goto("/#/zoliky-s-kameny/online")
    ada.get_by_label("Přezdívka").fill("Alena")
    ada.get_by_role("checkbox", name="Veřejná místnost").check()
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    code = ada.locator(".lobby-code").get_attribute("data-code")
    link = ada.get_by_label("Odkaz na hru").input_value()
    bob.goto(link)
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Alena začne.")
    ada.get_by_role("button", name="Začít").click()
    for page in (ada, bob):
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
        # Nobody watches yet: the panel under the game says so, nothing over the game.
        expect(page.locator(".lobby-watch")).to_have_attribute("data-watchers", "0")
        expect(page.locator(".lobby-watching-note")).to_have_count(0)

    # Cyril finds the game being played on the home page and opens its watch page.
    cyril.goto("/")
    row = cyril.locator(f'.playing-room[data-code="{code}"]')
    expect(row).to_contain_text("Žolíky s kameny")
    expect(row).to_contain_text("Hostitel Alena")
    expect(row).to_contain_text("2 hráči")
    table = row.get_attribute("data-table")
    assert table
    assert axe_violations(cyril) == []
    four_looks(cyril, "watch-playing-now", full_page=True)
    row.get_by_role("link", name=re.compile(r"^Sledovat hru hráče Alena")).click()
    expect(cyril).to_have_url(re.compile(rf"#/sledovat/{table}$"))
    expect(cyril.get_by_role("heading", name="Sledování: Žolíky s kameny")).to_be_visible()
    expect(cyril.locator(".watch-state")).to_have_text("Sleduješ živě")
    players = cyril.locator(".watch-frame .zk-player")
    expect(players).to_have_text([re.compile("Alena.*Kamenů: 14"),  # their nicknames
                                  re.compile("Bob.*Kamenů: 14")])
    expect(cyril.locator(".watch-frame .mp-info")).to_contain_text("v zásobě 78")
    # Nothing of a seat's own: no rack, no "Vy", nothing to press in the game.
    frame = cyril.locator(".watch-frame")
    expect(frame.locator(".zk-rack-area, .zk-player.me")).to_have_count(0)
    expect(frame.get_by_role("button")).to_have_count(0)
    expect(frame).not_to_contain_text(YOU)

    # The players see that one watches: over the game and in the panel under it.
    for page in (ada, bob):
        expect(page.locator(".lobby-watching-note")).to_have_text("1 divák")
        expect(page.locator(".lobby-watch")).to_have_attribute("data-watchers", "1")
        expect(page.get_by_role("button", name="Zkopírovat odkaz pro diváky")).to_be_visible()
    switch = ada.get_by_role("switch", name="Povolit sledování")
    expect(switch).to_be_checked()
    expect(bob.get_by_role("switch")).to_have_count(0)  # only the host decides
    ada.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ada.get_by_role("button", name="Zkopírovat odkaz pro diváky").click()
    expect(ada.locator(".lobby-watch .lobby-copied")).to_have_text(
        "Odkaz pro diváky je zkopírovaný.")
    copied = ada.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"/#/sledovat/{table}"), copied
    assert copied.startswith("http://"), copied

    # A move shows on the watch page, with what it did.
    ada.get_by_role("button", name="Dobrat kámen").click()
    expect(players).to_have_text([re.compile("Kamenů: 15"), re.compile("Kamenů: 14")])
    expect(cyril.locator(".watch-frame .mp-info")).to_contain_text("v zásobě 77")
    expect(cyril.locator(".watch-frame .zk-last")).to_contain_text("Alena: dobrání kamene")
    expect(frame.locator(".zk-rack-area")).to_have_count(0)
    assert axe_violations(cyril) == []
    four_looks(cyril, "watch-live", full_page=True)
    ada.locator(".lobby-watch").scroll_into_view_if_needed()
    assert axe_violations(ada) == []
    four_looks(ada, "watch-room-controls", full_page=True)

    # The host stops watching: the watcher is told, the rooms say it is off.
    switch.uncheck()
    expect(cyril.locator(".watch-state")).to_have_attribute("data-state", "not_watchable")
    expect(cyril.get_by_role("heading", name="Tuhle hru teď sledovat nejde")).to_be_visible()
    expect(cyril.locator(".watch-state")).to_contain_text("Hostitel místnosti sledování nepovolil")
    for page in (ada, bob):
        expect(page.locator(".lobby-watch")).to_have_attribute("data-watchable", "false")
        expect(page.locator(".lobby-watch")).to_have_attribute("data-watchers", "0")
        expect(page.locator(".lobby-watching-note")).to_have_count(0)
        expect(page.get_by_role("button", name="Zkopírovat odkaz pro diváky")).to_have_count(0)
    expect(bob.locator(".lobby-watch")).to_contain_text("Sledování povoluje hostitel místnosti.")
    expect(cyril.locator(".watch-frame")).to_have_count(0)  # no stale position
    four_looks(cyril, "watch-refused", full_page=True)

    # And lets people watch again: "Zkusit znovu" brings the game back.
    switch.check()
    expect(bob.locator(".lobby-watch")).to_have_attribute("data-watchable", "true")
    cyril.get_by_role("button", name="Zkusit znovu").click()
    expect(cyril.locator(".watch-state")).to_have_text("Sleduješ živě")
    expect(players).to_have_text([re.compile("Kamenů: 15"), re.compile("Kamenů: 14")])
    expect(ada.locator(".lobby-watching-note")).to_have_text("1 divák")


# ------------------------------------------------------------ every game's view of no seat

NOW = 1_700_000_000_000
CONFIGS: dict[str, dict[str, Any]] = {
    "matematicky-poker": {"variant": "duel", "seats": 2, "seconds": None},
    "kostkovy-poker": {"seats": 3, "chips": 10},
    "zoliky-s-kameny": {"seats": 2},
    "locus-poker": {"grid": "6x6"},
    "mathesso": {"seats": 2},
}
"""A room's game of each (Matematický poker's duel: a solo table is never watched)."""
NAMES = {"matematicky-poker": "Matematický poker", "kostkovy-poker": "Kostkový poker",
         "zoliky-s-kameny": "Žolíky s kameny", "locus-poker": "Locus Poker",
         "mathesso": "Mathesso"}
ENDS = {"matematicky-poker": ".lobby-mini", "kostkovy-poker": ".kp-end",
        "zoliky-s-kameny": ".zk-end", "locus-poker": ".lp-replay.over", "mathesso": ".ma-end"}
"""What each game's read-only view shows at the end."""
OWN = (".me, .mine, .you, .zk-rack-area, .kp-me, .kp-my-dice, .mp-board, .mp-replay-hand, "
       ".lp-preview-card, .lp-peek")
"""A seat's own part in any game's frame (its rack, dice, board, hand, a "you" row)."""


def spectator_views(engine: str) -> list[dict[str, Any]]:
    """The views of no seat after every step of one game played by random legal moves."""
    game = REGISTRY[engine].game
    rng = random.Random(5)
    state, now, views = game.new(CONFIGS[engine], 7), NOW, []
    for _ in range(5000):
        if game.result(state) is not None:
            break
        legal = {seat: game.legal(state, seat) for seat in range(game.seats(state))}
        seats = [seat for seat, actions in legal.items() if actions]
        if not seats:
            now = max(now, game.next_deadline(state) or now)
            state, _ = game.advance(state, now)
        else:
            seat = rng.choice(seats)
            state, _ = game.apply(state, seat, rng.choice(legal[seat]), now)
            now += 100
        views.append(game.view(state, None))
    assert views[-1]["over"], engine
    return views


class StandIn:
    """The watch socket's server: the first view at the watch frame, the others when told."""

    def __init__(self, page: Page) -> None:
        self.socket: WebSocketRoute | None = None
        self.first: dict[str, Any] = {}
        page.route_web_socket(re.compile(r"/ws/tables/"), self.open)

    def open(self, socket: WebSocketRoute) -> None:
        self.socket = socket

        def heard(frame: str | bytes) -> None:
            if json.loads(frame).get("t") == "watch":
                socket.send(json.dumps(self.first))

        socket.on_message(heard)

    def send(self, version: int, view: dict[str, Any]) -> None:
        assert self.socket is not None
        self.socket.send(json.dumps(message(version, view)))


def message(version: int, view: dict[str, Any]) -> dict[str, Any]:
    return {"t": "view", "version": version, "after": version, "now": NOW, "view": view,
            "events": []}


def test_every_game_shows_one_who_watches_its_public_part(page: Page) -> None:
    stand_in = StandIn(page)
    for engine, name in NAMES.items():
        views = spectator_views(engine)
        middle = len(views) // 2
        stand_in.first = message(middle, views[middle - 1])
        page.goto(f"/#/sledovat/{engine}-table")
        expect(page.get_by_role("heading", name=f"Sledování: {name}")).to_be_visible()
        expect(page.locator(".watch-state")).to_have_text("Sleduješ živě")
        frame = page.locator(".watch-frame")
        expect(frame).to_have_attribute("data-version", str(middle))
        stand_in.send(middle + 1, views[middle])  # the next step: drawn after the one before
        expect(frame).to_have_attribute("data-version", str(middle + 1))
        expect(frame.locator(OWN)).to_have_count(0)
        expect(frame).not_to_contain_text(YOU)
        if engine in ("matematicky-poker", "kostkovy-poker", "locus-poker"):
            four_looks(page, f"watch-{engine}", full_page=True)
        stand_in.send(len(views), views[-1])
        expect(page.locator(".watch-state")).to_have_attribute("data-state", "over")
        expect(page.locator(".watch-state")).to_have_text("Hra skončila. Takhle dopadla:")
        expect(frame.locator(ENDS[engine]).first).to_be_visible()
        expect(frame.locator(OWN.replace(".mp-board, ", ""))).to_have_count(0)
        expect(frame).not_to_contain_text(YOU)
        assert axe_violations(page) == [], engine
        if engine == "matematicky-poker":
            four_looks(page, "watch-matematicky-poker-over", full_page=True)
    four_looks(page, "watch-over", full_page=True)

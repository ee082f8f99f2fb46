"""Mathesso online in two browsers: Ada opens a room for two (Femto), Bob joins by the
invitation link, Ada starts; the order ritual, then each turn shows in both browsers alike
(the card one of them turns over shows its coloured side in the other's page too, and only
then), and the two friends play on, turn by turn, both tables alike. Then the game goes on
to its end through each page's own table session (the test hook; the moves of a player with
perfect recall of what both pages showed), both pages show the same end, and the game is in
Ada's profile.

Femto, not Pico: its 32 cards are scored the same way as Pico's 60 (points, not pairs
counted as in Atto), every state asserted here comes as well, and the game to its end
costs half the moves and renders (decision in /tmp/h28/dec-makp.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import HOOK, VIEW, play_until_over
from tests.web.test_ma_helpers import family_looks, remember, try_turn, turn_card, unknown_card
from tests.web.test_profile import create_profile

MOVES_MAX = 2_000
"""Far more actions than a Femto game of two players with perfect recall takes."""


def recall_move(view: dict[str, Any], memory: dict[int, str]) -> dict[str, Any]:
    """The move of a player who remembers every face it was shown: a known pair, else an
    unknown card, then the first card's known partner, else another unknown card."""
    if "turn" not in view["actions"]:
        return {"type": "pass"}  # an extra turn kept for later (a Sheldon)
    down = [c["id"] for c in view["cards"] if c["state"] == "down"]
    unknown = [i for i in down if i not in memory]
    if not view["up"]:
        known: dict[str, list[int]] = {}
        for i in down:
            if i in memory:
                known.setdefault(memory[i], []).append(i)
        pair = next((ids for ids in known.values() if len(ids) >= 2), None)
        return {"type": "turn", "card": pair[0] if pair else (unknown or down)[0]}
    first = view["up"][0]
    partner = [i for i in down if i != first and memory.get(i) == memory.get(first)]
    rest = [i for i in (unknown or down) if i != first] or [i for i in down if i != first]
    return {"type": "turn", "card": (partner or rest)[0]}


def remember_faces(view: dict[str, Any], memory: dict[int, str]) -> None:
    shown = [c for c in view["cards"] if c["face"] is not None and c["state"] != "gone"]
    shown += (view["last"] or {}).get("cards", [])
    for card in shown:
        memory[card["id"]] = json.dumps(card["face"], sort_keys=True)


def recall_player() -> Callable[[list[dict[str, Any]], int], dict[str, Any]]:
    """A player with perfect recall of every face any page showed when it was asked."""
    memory: dict[int, str] = {}

    def choose(views: list[dict[str, Any]], mover: int) -> dict[str, Any]:
        for view in views:
            remember_faces(view, memory)
        return recall_move(views[mover], memory)

    return choose


INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def test_two_friends_play_femto_online(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        remember(page)
        page.add_init_script(HOOK)
        # (the other's turns at the "Hned" pace: a setting of each device)
        page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    create_profile(ada, "Ada")
    ada.goto("/#/mathesso/online")
    expect(ada.get_by_role("heading", name="Mathesso online")).to_be_visible()
    ada.get_by_role("radiogroup", name="Varianta").get_by_role("radio", name="Femto").check()
    ada.get_by_role("button", name="Založit místnost").click()
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "alone")
    link = ada.get_by_label("Odkaz na hru").input_value()
    code = ada.locator(".lobby-code").get_attribute("data-code")
    assert code and link.endswith(f"#/mathesso/hra/{code}")

    bob.goto(link)
    bob.get_by_label("Přezdívka").fill("Bob")
    bob.get_by_role("button", name="Připojit se").click()
    expect(bob.locator(".lobby-state")).to_have_text("Čeká se, až Ada začne.")
    expect(ada.locator(".lobby-state")).to_have_attribute("data-state", "ready")
    ada.get_by_role("button", name="Začít").click()

    for page in (ada, bob):
        expect(page.locator(".ma-card")).to_have_count(32)
        expect(page.locator(".ma-ritual")).to_contain_text("Kdo začne?")
    # Whoever the ritual put first turns a card; the other sees the same face, at once.
    first, other = (ada, bob) if ada.locator(".ma-play[data-ready='true']").count() else (bob, ada)
    expect(first.locator(".ma-play[data-ready='true']")).to_have_count(1)
    expect(other.locator(".ma-status")).to_contain_text("Na tahu:")
    index = unknown_card(first)
    expect(other.locator(".ma-card.up")).to_have_count(0)
    face = turn_card(first, index)
    seen = other.locator(f".ma-card[data-index='{index}']")
    expect(seen).to_have_class(re.compile(r"\bup\b"))
    expect(seen.locator(".ma-sr")).to_have_text(re.compile(re.escape(face) + "$"))
    family_looks(other, "ma-online", looks=("tablet-light", "phone-dark"))
    first.get_by_role("button", name="Stačí jedna").click()

    # A few turns more, each friend on their own turns: both tables stay the same.
    played = 0
    while played < 8:
        for page in (other, first):
            played += try_turn(page, 5000) == "played"
    # (each round of the loop ended with `first`'s turn: `other` is on turn)
    expect(other.locator(".ma-play[data-ready='true']")).to_have_count(1)
    expect(first.locator(".ma-play[data-ready='true']")).to_have_count(0)
    scores = first.locator(".ma-player-score").all_inner_texts()
    expect(other.locator(".ma-player-score")).to_have_text(scores)
    slots = first.locator(".ma-slot").count()
    expect(other.locator(".ma-slot")).to_have_count(slots)

    result = play_until_over([ada, bob], recall_player(), MOVES_MAX, skip=".ma-hurry")[0]["result"]
    for page in (ada, bob):
        expect(page.locator(".ma-end-list > li")).to_have_count(2)
    winners = [row["seat"] for row in result["standings"] if row["place"] == 1]
    ada_seat = ada.evaluate(VIEW)["seat"]
    if len(winners) == 1:  # each page says it in its own words
        ada_won = winners[0] == ada_seat
        expect(ada.locator(".ma-end-headline")).to_have_text(
            "Vyhráváš!" if ada_won else "Vyhrává Bob!")
        expect(bob.locator(".ma-end-headline")).to_have_text(
            "Vyhrává Ada!" if ada_won else "Vyhráváš!")
    family_looks(bob, "ma-online-end", looks=("tablet-light",))

    ada.goto("/#/profil")
    card = ada.locator('.stats-card[data-game="mathesso"]')
    won = 1 if winners == [ada_seat] else 0
    expect(card.locator('.stat[data-stat="games"] dd')).to_have_text(f"1 (vyhráno {won})")

"""Mathesso online in two browsers: Ada opens a room for two (Pico), Bob joins by the
invitation link, Ada starts; the order ritual, then each turn shows in both browsers alike
(the card one of them turns over shows its coloured side in the other's page too, and only
then), and the two friends play on, turn by turn, both tables alike (a whole game against
the computer is test_ma_computer.py's)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.test_ma_helpers import family_looks, remember, try_turn, turn_card, unknown_card

INSTANT = json.dumps({"sound": False, "ruler": True, "pace": "instant"})


def test_two_friends_play_pico_online(people: Callable[[], Page]) -> None:
    ada, bob = people(), people()
    for page in (ada, bob):
        remember(page)
        # (the other's turns at the "Hned" pace: a setting of each device)
        page.add_init_script(f"localStorage.setItem('klubovna.ma.prefs', {json.dumps(INSTANT)})")
    ada.goto("/#/mathesso/online")
    expect(ada.get_by_role("heading", name="Mathesso online")).to_be_visible()
    ada.get_by_label("Přezdívka").fill("Ada")
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
        expect(page.locator(".ma-card")).to_have_count(60)
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

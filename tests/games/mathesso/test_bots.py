"""Mathesso's computer players: never an illegal action over whole games, perfect recall
never misses a pair it has seen, the careful ones weigh one card against two, and memory
keeps what its level keeps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from klubovna.bots import Action, Bot
from klubovna.bots.mathesso import BOTS, KOTE, LISKA, SLON, SOVA, ZAJIC
from klubovna.bots.mathesso.memory import face_of, remembered
from klubovna.core import Event, Json, Rng, View
from klubovna.games.mathesso import ENGINE, State, matches
from klubovna.tables.registry import default_bot
from tests.bots.mathesso import CHILD, play_game
from tests.games.mathesso.helpers import cjv_cards, place, started, turn


def test_the_levels_on_offer() -> None:
    assert list(BOTS) == ["kote", "zajic", "liska", "sova", "slon"]
    assert default_bot("mathesso") is KOTE


class NeverMisses:
    """Slon, checked at every move: with nothing up and two matching cards on the table
    among all it has witnessed, it turns one of them; with one up whose partner it has
    seen, it turns the partner."""

    name = "checked-slon"

    def __init__(self) -> None:
        self.checked = 0

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        action = SLON.choose(view, witnessed, rng)
        on_table = {c["id"] for c in view["cards"] if c["state"] != "gone"}
        seen = {p: f for p, f in remembered(witnessed, 0, 1000, None, 0).items()
                if p in on_table}
        if view["up"]:
            first = view["up"][0]
            partners = {p for p, f in seen.items() if p != first and matches(f, seen[first])}
            if partners:
                assert action["card"] in partners
                self.checked += 1
        elif not view["choosing"]:
            pairs = {p for p, f in seen.items() for q, g in seen.items()
                     if p != q and matches(f, g)}
            if pairs:
                assert action["card"] in pairs
                self.checked += 1
        return action


@pytest.mark.parametrize(("names", "config"), [
    (("kote", "slon"), {"variant": "atto"}),
    (("zajic", "liska", "sova"), {"variant": "femto", "faktorial": True}),
    (("slon", "sova"), {"variant": "pico", "cjv": True}),
    (("kote", "zajic", "liska", "sova", "slon", "kote"), {"variant": "atto"}),
    (("slon",), {"variant": "pico"}),
])
def test_bots_never_break_the_rules(names: tuple[str, ...], config: dict[str, Json]) -> None:
    """Whole games (play_game checks every action against `legal`), Slon checked for never
    missing a seen pair."""
    for seed in range(2):
        checked = NeverMisses()
        players: list[Bot] = [checked if n == "slon" else BOTS[n] for n in names]
        state = play_game(players, seed, config)
        assert state.over
        if "slon" in names:
            assert checked.checked > 0


def test_a_child_beats_the_friendliest_level_in_atto_half_the_time_or_more() -> None:
    """A young child (CHILD: a card sticks with 50 %, four at most) against Kotě, 25 Atto
    layouts each played with both seatings (bench/mathesso.py: 70 % of 400 games)."""
    wins = 0
    for seed in range(100, 125):
        for seats in ((CHILD, KOTE), (KOTE, CHILD)):
            result = ENGINE.result(play_game(seats, seed, {"variant": "atto"}))
            assert result is not None
            points = result["points"]
            wins += points[seats.index(CHILD)] > points[seats.index(KOTE)]  # (no draws)
    assert wins >= 25, wins


def test_games_with_sheldons_end() -> None:
    """Pico with CJV: Sheldons happen between Slon and Sova, and their extra turns (taken
    or kept) never stall a game (play_game checks every action against `legal`)."""
    sheldons = 0
    for seed in range(4):
        state = play_game([SLON, SOVA], seed, {"variant": "pico", "cjv": True})
        result = ENGINE.result(state)
        assert result is not None
        sheldons += sum(row["sheldons"] for row in result["standings"])
    assert sheldons > 0


def test_an_extra_turn_taken_at_once_or_kept() -> None:
    """After a Sheldon early on, with no pair known: the careless take the extra turn at
    once, the careful keep it for when they know a pair."""
    state = started({"variant": "pico", "cjv": True, "seats": 2})
    cjv = cjv_cards(state)
    state, _ = turn(state, cjv["12"][0], cjv["21"][0])
    state, _ = turn(state, 0)
    state, events = turn(state, cjv["73"][0], cjv["37"][0])
    seat = state.current
    assert state.choosing and seat is not None
    view = ENGINE.view(state, seat)
    assert KOTE.choose(view, events, Rng(1)) == ZAJIC.choose(view, events, Rng(1)) == {
        "type": "extra"}
    for careful in (LISKA, SOVA, SLON):
        assert careful.choose(view, [], Rng(1)) == {"type": "pass"}
    a, b = place(state, "prime", 7), place(state, "prime", 7, skip=(place(state, "prime", 7),))
    seen: list[Event] = [{"type": "turned", "seat": 1 - seat, "card": p, "face": _face(state, p)}
                         for p in (a, b)]
    assert SLON.choose(view, seen, Rng(1)) == {"type": "extra"}


# ---------------------------------------------------------------- one card or two


def at_first_card(exposed: int, seed: int = 3) -> tuple[State, list[Event], int]:
    """Atto, two seats, the seat on turn has turned one card over; it has witnessed one
    card of `exposed` other pairs (their partners still face down somewhere)."""
    state, _ = ENGINE.apply(ENGINE.new({"variant": "atto", "seats": 2}, seed), 0,
                            {"type": "start"}, 0)
    state = replace(state, layout=tuple(range(22)))  # pair i at places 2i and 2i + 1
    seat = state.current
    assert seat is not None
    state, _ = ENGINE.apply(state, seat, {"type": "turn", "card": 0}, 0)
    witnessed: list[Event] = [{"type": "turned", "seat": 1 - seat, "card": 2 * i,
                               "face": _face(state, 2 * i)} for i in range(1, 1 + exposed)]
    return state, witnessed, seat


def _face(state: State, place: int) -> dict[str, Any]:
    return state.cards[state.layout[place]].face.to_json()


def test_a_careful_player_stops_when_a_second_card_would_help_the_next_player() -> None:
    state, witnessed, seat = at_first_card(exposed=9)
    view = ENGINE.view(state, seat)
    for careful in (LISKA, SOVA, SLON):
        assert careful.choose(view, witnessed, Rng(1)) == {"type": "stop"}
    for careless in (KOTE, ZAJIC):
        action = careless.choose(view, witnessed, Rng(1))
        assert action["type"] == "turn" and action["card"] not in (0,)


def test_a_careful_player_turns_a_second_card_when_little_is_known() -> None:
    state, witnessed, seat = at_first_card(exposed=0)
    action = SLON.choose(ENGINE.view(state, seat), witnessed, Rng(1))
    assert action["type"] == "turn" and action["card"] != 0


def test_a_known_partner_is_taken() -> None:
    state, witnessed, seat = at_first_card(exposed=3)
    witnessed.append({"type": "turned", "seat": 1 - seat, "card": 1, "face": _face(state, 1)})
    assert SLON.choose(ENGINE.view(state, seat), witnessed, Rng(1)) == {
        "type": "turn", "card": 1}


# ---------------------------------------------------------------- memory


def test_memory_keeps_the_most_recent_up_to_its_capacity() -> None:
    state, _, _ = at_first_card(exposed=0)
    events: list[Event] = [{"type": "turned", "seat": 0, "card": p, "face": _face(state, p)}
                           for p in (5, 7, 9, 5)]
    assert list(remembered(events, 0, 1000, None, 0)) == [7, 9, 5]
    assert list(remembered(events, 0, 1000, 2, 0)) == [9, 5]
    assert remembered(events, 0, 0, None, 0) == {}
    every = [{"type": "turned", "seat": 0, "card": p, "face": _face(state, p)}
             for p in range(22)]
    kept = [len(remembered(every, seat, 300, None, 0)) for seat in range(20)]
    assert min(kept) > 0 and max(kept) < 22  # a forgetful child keeps some, never all
    assert 0.2 < sum(kept) / (20 * 22) < 0.4  # about its 30 %
    assert face_of(events[0]["face"]) == state.cards[state.layout[5]].face

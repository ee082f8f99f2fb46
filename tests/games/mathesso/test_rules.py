"""Mathesso's rules: the order ritual, turning one or two cards, matches, one turn each,
Sheldon extra turns, the end and its result, and what a view shows and hides."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from klubovna.games.mathesso import ENGINE
from klubovna.games.mathesso.rules import new
from tests.games.mathesso.helpers import NOW, act, cjv_cards, place, refused, started, turn

# ---------------------------------------------------------------- the order ritual


def ranked(rounds: list[list[dict[str, Any]]], seats: list[int]) -> list[int]:
    """The order the recorded rounds give, read as the rules say: lower first, ties draw
    again in the next round recorded for them."""
    queue = iter(rounds)

    def rank(group: list[int]) -> list[int]:
        if len(group) == 1:
            return group
        draws = next(queue)
        assert [d["seat"] for d in draws] == group, "a round draws exactly the tied seats"
        out: list[int] = []
        for value in sorted({d["face"]["value"] for d in draws}):
            out += rank([d["seat"] for d in draws if d["face"]["value"] == value])
        return out

    order = rank(seats)
    assert next(queue, None) is None, "no round beyond the ties"
    return order


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_the_ritual_orders_the_seats_by_their_one_cards(seats: int) -> None:
    ties = 0
    for seed in range(25):
        state, events = act(new({"variant": "atto", "seats": seats}, seed), 0,
                            {"type": "start"})
        rounds = events[0]["ritual"]
        assert events[0]["order"] == list(state.order) == ranked(rounds, list(range(seats)))
        ties += len(rounds) > 1
        for draws in rounds:
            places = [d["card"] for d in draws]
            assert len(set(places)) == len(places)
            assert all(state.cards[state.layout[p]].black == "1" for p in places)
        assert events[-1] == {"type": "turn", "seat": state.order[0]}
        assert state.current == state.order[0]
        view = ENGINE.view(state, 0)
        assert view["ritual"] == rounds  # for the animation, until play begins
        assert all(card["state"] == "down" for card in view["cards"])  # the cards went back
    assert ties, "some of these games tie and draw again"


def test_alone_there_is_no_ritual() -> None:
    state, events = act(new({"variant": "atto", "seats": 1}, 3), 0, {"type": "start"})
    assert state.order == (0,) and events[0]["ritual"] == [] and state.current == 0


def test_the_ritual_is_shown_until_the_first_card_of_play() -> None:
    state = started({"variant": "atto", "seats": 2})
    seat = state.current
    assert ENGINE.view(state, 1)["ritual"] is not None
    state, _ = act(state, seat, {"type": "turn", "card": 0})
    assert ENGINE.view(state, 1)["ritual"] is None
    state, _ = act(state, seat, {"type": "stop"})
    assert ENGINE.view(state, 1)["ritual"] is None


def test_only_seat_0_starts_and_only_once() -> None:
    state = new({"variant": "atto", "seats": 2}, 1)
    assert refused(state, 1, {"type": "start"}) == "not_your_turn"
    assert refused(state, 0, {"type": "turn", "card": 0}) == "not_started"
    state, _ = act(state, 0, {"type": "start"})
    assert refused(state, 0, {"type": "start"}) == "already_started"


# ---------------------------------------------------------------- turns


def test_a_match_takes_the_pair_and_the_turn_passes() -> None:
    state = started({"variant": "atto", "seats": 2})
    first, second = state.order
    a = place(state, "prime", 5)
    b = place(state, "prime", 5, skip=(a,))
    state, events = turn(state, a, b)
    assert state.pairs[first] == ((a, b),)
    assert [e["type"] for e in events] == ["turned", "turned", "took", "turn"]
    assert events[2]["pair"] == {"group": "prime", "value": 5}
    assert state.current == second  # one turn each, a match or not
    view = ENGINE.view(state, second)
    assert [view["cards"][p]["state"] for p in (a, b)] == ["gone", "gone"]
    assert view["cards"][a]["by"] == first and view["players"][first]["points"] == 1
    assert view["remaining"] == 20


def test_no_match_turns_both_back() -> None:
    state = started({"variant": "atto", "seats": 2})
    first, second = state.order
    two_three = place(state, "multiplication", 6, black="2")
    one_six = place(state, "multiplication", 6, black="1")  # 6 too, but other colours
    state, events = turn(state, two_three, one_six)
    assert state.pairs == ((), ()) and state.current == second
    assert events[2] == {"type": "back", "seat": first, "cards": [two_three, one_six]}
    view = ENGINE.view(state, second)
    assert view["last"] == {"seat": first, "took": False, "cards": [
        {"id": two_three, "face": view["last"]["cards"][0]["face"]},
        {"id": one_six, "face": view["last"]["cards"][1]["face"]}]}
    assert view["last"]["cards"][0]["face"]["colours"] == [2, 3]
    assert all(view["cards"][p]["face"] is None for p in (two_three, one_six))


def test_one_card_then_stop() -> None:
    state = started({"variant": "atto", "seats": 2})
    first, second = state.order
    state, _ = act(state, first, {"type": "turn", "card": 4})
    view = ENGINE.view(state, second)
    assert view["up"] == [4] and view["cards"][4]["state"] == "up"
    assert view["cards"][4]["face"] is not None and view["last"] is None
    assert ENGINE.view(state, first)["actions"] == ["stop", "turn"]
    assert refused(state, first, {"type": "turn", "card": 4}) == "card_up"
    state, events = act(state, first, {"type": "stop"})
    assert events == [{"type": "back", "seat": first, "cards": [4]},
                      {"type": "turn", "seat": second}]
    assert ENGINE.view(state, first)["last"]["cards"][0]["id"] == 4
    # the next turn's first card hides the last turn's reveals again
    state, _ = act(state, second, {"type": "turn", "card": 5})
    assert ENGINE.view(state, first)["last"] is None


def test_refusals_on_a_turn() -> None:
    state = started({"variant": "atto", "seats": 2})
    first, second = state.order
    assert refused(state, second, {"type": "turn", "card": 0}) == "not_your_turn"
    assert refused(state, first, {"type": "turn", "card": 22}) == "no_such_card"
    assert refused(state, first, {"type": "stop"}) == "nothing_up"
    assert refused(state, first, {"type": "extra"}) == "no_extra"
    assert refused(state, first, {"type": "turn", "card": "3"}) == "bad_action"
    a = place(state, "prime", 2)
    state, _ = turn(state, a, place(state, "prime", 2, skip=(a,)))
    state, _ = turn(state, 0)
    assert refused(state, first, {"type": "turn", "card": a}) == "card_taken"


def test_the_game_ends_when_every_card_is_taken() -> None:
    state = started({"variant": "atto", "seats": 2})
    first, second = state.order
    cards = state.cards
    partners: dict[int, int] = {}
    for p in range(len(state.layout)):
        if p not in partners:
            q = next(q for q in range(p + 1, len(state.layout)) if q not in partners
                     and cards[state.layout[q]].face == cards[state.layout[p]].face)
            partners[p], partners[q] = q, p
    firsts = sorted(p for p, q in partners.items() if p < q)
    events: list[dict[str, Any]] = []
    for p in firsts:
        assert ENGINE.result(state) is None
        state, events = turn(state, p, partners[p])
    assert state.over and events[-1]["type"] == "over"
    assert ENGINE.legal(state, first) == ENGINE.legal(state, second) == []
    result = ENGINE.result(state)
    assert result is not None and result["scored"] is False  # Atto counts pairs
    assert result["points"][first] == 6 and result["points"][second] == 5
    assert result["standings"][0] == {"seat": first, "place": 1, "points": 6, "pairs": 6,
                                      "sheldons": 0}
    [winner, loser] = ENGINE.outcomes(result)[first], ENGINE.outcomes(result)[second]
    assert (winner.outcome, loser.outcome, loser.place) == ("win", "loss", 2)
    assert refused(state, first, {"type": "turn", "card": 0}) == "game_over"


def test_equal_points_are_a_draw() -> None:
    """Femto, two seats: the first split of the pairs (in catalogue order) that gives both
    the same points shares first place. (Atto's 11 pairs never split evenly.)"""
    state = started({"variant": "femto", "seats": 2})
    pairs = [(p, p + 1) for p in range(0, 32, 2)]  # catalogue order: pair by pair
    for mask in range(1, 2**len(pairs)):
        split = (tuple(p for i, p in enumerate(pairs) if mask >> i & 1),
                 tuple(p for i, p in enumerate(pairs) if not mask >> i & 1))
        result = ENGINE.result(replace(state, pairs=split))
        if result is not None and result["points"][0] == result["points"][1]:
            break
    assert result is not None
    assert [row["place"] for row in result["standings"]] == [1, 1]
    assert [o.outcome for o in ENGINE.outcomes(result)] == ["draw", "draw"]
    assert result["points"][0] == sum(line["total"] for line in result["explained"][0])


def test_points_with_zeros_and_the_same_number() -> None:
    """Nano's zero pair 0/21 doubles the player's 21s: Fibonacci 21 + 3·7 = (2 + 2) × 2,
    doubled: 16."""
    state = started({"variant": "nano", "seats": 1})
    fib = place(state, "fibonacci", 21)
    mult = place(state, "multiplication", 21, black="3")
    three_seven = place(state, "multiplication", 21, black="7")
    zero = place(state, "zero", 21)
    for a, b in [(fib, place(state, "fibonacci", 21, skip=(fib,))), (mult, three_seven),
                 (zero, place(state, "zero", 21, skip=(zero,)))]:
        state, _ = turn(state, a, b)
    view = ENGINE.view(state, 0)
    assert view["players"][0]["points"] == 16
    assert [p["group"] for p in view["players"][0]["pairs"]] == [
        "fibonacci", "multiplication", "zero"]
    assert view["players"][0]["pairs"][2]["faces"][0]["shows"] == "0"


# ---------------------------------------------------------------- Sheldon extra turns


def test_a_sheldon_gives_an_extra_turn_taken_when_the_player_likes() -> None:
    state = started({"variant": "pico", "cjv": True, "seats": 2})
    first, second = state.order
    cjv = cjv_cards(state)
    state, events = turn(state, cjv["12"][0], cjv["21"][0])  # one CJV pair: no Sheldon
    assert events[2]["pair"] == {"group": "cjv", "value": 12} and state.current == second
    state, _ = turn(state, 0)
    state, events = turn(state, cjv["73"][0], cjv["37"][0])  # the second: a Sheldon
    assert {"type": "sheldon", "seat": first, "extras": 1} in events
    assert events[-1] == {"type": "choose", "seat": first}
    assert state.current == first and state.choosing
    assert ENGINE.legal(state, first) == [{"type": "extra"}, {"type": "pass"}]
    assert refused(state, first, {"type": "turn", "card": 0}) == "choose_extra"
    assert refused(state, second, {"type": "pass"}) == "not_your_turn"
    kept, _ = act(state, first, {"type": "pass"})  # kept for later
    assert kept.current == second and kept.extras[first] == 1 and not kept.choosing
    kept, _ = turn(kept, 0)
    kept, events = turn(kept, 1)  # after its next turn it is asked again
    assert kept.choosing and kept.current == first
    state, events = act(state, first, {"type": "extra"})  # taken at once
    assert events == [{"type": "extra", "seat": first, "extras": 0},
                      {"type": "turn", "seat": first}]
    state, _ = turn(state, 0)
    assert state.current == second and not state.choosing  # no extra left
    view = ENGINE.view(state, second)
    assert view["players"][first]["points"] == 12 and view["players"][first]["extras"] == 0


def test_two_cards_showing_the_same_cjv_number_are_no_pair() -> None:
    state = started({"variant": "pico", "cjv": True, "seats": 1})
    cjv = cjv_cards(state)
    state, events = turn(state, *cjv["12"])
    assert events[2]["type"] == "back" and state.pairs == ((),)


# ---------------------------------------------------------------- views and replay


def test_a_face_down_card_shows_only_its_black_side() -> None:
    state = started({"variant": "standart", "cjv": True, "faktorial": True, "seats": 3})
    view = ENGINE.view(state, 2)
    assert {card["state"] for card in view["cards"]} == {"down"}
    assert all(set(card) == {"id", "black", "state", "face", "by"} and card["face"] is None
               for card in view["cards"])
    assert {card["black"] for card in view["cards"]} >= {"!", "1", "12", "21", "37", "73"}
    flat = repr({k: v for k, v in view.items() if k != "ritual"})
    assert "shows" not in flat and "background" not in flat


def test_text_form_and_replay() -> None:
    state = new({"variant": "femto", "faktorial": True, "seats": 3}, 9)
    log = [{"kind": "act", "seat": 0, "action": {"type": "start"}, "now": NOW}]
    state, _ = act(state, 0, {"type": "start"})
    for card in (0, 1, 2):
        seat = state.current
        action = {"type": "turn", "card": card}
        state, _ = act(state, seat, action)
        log.append({"kind": "act", "seat": seat, "action": action, "now": NOW})
    assert ENGINE.from_text(ENGINE.to_text(state)) == state
    assert ENGINE.replay({"variant": "femto", "faktorial": True, "seats": 3}, 9, log) == state

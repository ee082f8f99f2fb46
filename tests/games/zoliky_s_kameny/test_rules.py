"""Every rule of a round of Žolíky s kameny, one case each: the deal, the turn judged as a
whole (the initial meld, rearranging, what a set is), drawing and passing, both ends of a
round with their scores, leaving, the alternating starter, views and the text form."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.games.zoliky_s_kameny import ENGINE, State
from klubovna.games.zoliky_s_kameny.rules import apply, check_play, legal, new, result
from klubovna.games.zoliky_s_kameny.tiles import full_bag
from klubovna.tables.lobby import Lobby
from tests.games.zoliky_s_kameny.helpers import J, group, js, play, position, run, t

NOW = 1_700_000_000_000


def refused(state: State, seat: int, action: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action, NOW)
    return error.value


def all_tiles(state: State) -> Counter[int]:
    return Counter([*state.pool, *(x for s in state.table for x in s),
                    *(x for seat in state.seats for x in seat.rack)])


# --- the deal and the starter -------------------------------------------------------


def test_the_deal_gives_fourteen_each_from_the_106_tiles() -> None:
    state, events = apply(new({"seats": 4}, 7), 2, {"type": "start"}, NOW)
    assert [len(seat.rack) for seat in state.seats] == [14] * 4
    assert len(state.pool) == 106 - 56
    assert all_tiles(state) == Counter(full_bag())
    dealt = [e for e in events if e["type"] == "dealt"]
    assert [e["to"] for e in dealt] == [[0], [1], [2], [3]]
    assert refused(state, 0, {"type": "start"}).code == "already_started"


def test_nothing_before_the_start() -> None:
    assert refused(new({}, 1), 0, {"type": "draw"}).code == "not_started"


@pytest.mark.parametrize(("seats", "round_", "starter"), [(2, 1, 0), (2, 2, 1), (2, 3, 0),
                                                          (3, 5, 1)])
def test_the_starter_moves_one_seat_every_round(seats: int, round_: int, starter: int) -> None:
    state, _ = apply(new({"seats": seats, "round": round_}, 3), 0, {"type": "start"}, NOW)
    assert state.turn == starter
    assert ENGINE.view(state, 0)["turn"] == [starter]


def test_a_room_plays_its_next_round_with_the_other_starter() -> None:
    lobby = Lobby.open("ABCDEF", "zoliky-s-kameny", "duel", "Ada", "hash-a", NOW)
    lobby.join("Bob", "hash-b", NOW + 1)
    first = lobby.start(0, NOW + 2)
    assert first == {"seats": 2, "round": 1}
    lobby.finish(NOW + 3)
    assert lobby.again(0, NOW + 4) is None  # both must agree
    second = lobby.again(1, NOW + 5)
    assert second == {"seats": 2, "round": 2}
    assert new(second, 1).turn == 1
    assert lobby.policy.idle_ms == 7 * 24 * 3600 * 1000


# --- drawing and passing ------------------------------------------------------------


def test_drawing_takes_the_next_tile_and_ends_the_turn() -> None:
    state = position([[t(0, 1)], [t(1, 1)]], pool=[t(2, 9), t(3, 3)])
    after, events = apply(state, 0, {"type": "draw"}, NOW)
    assert after.seats[0].rack == (t(0, 1), t(2, 9)) and after.pool == (t(3, 3),)
    assert after.turn == 1
    drawn = [e for e in events if e["type"] == "drawn"]
    assert drawn == [{"type": "drawn", "seat": 0, "tile": [2, 9], "to": [0]}]
    assert refused(after, 0, {"type": "draw"}).code == "not_your_turn"


def test_pass_only_on_an_empty_pool_and_draw_only_from_a_full_one() -> None:
    assert refused(position([[t(0, 1)], [t(1, 1)]], pool=[t(2, 2)]), 0,
                   {"type": "pass"}).code == "pool_not_empty"
    assert refused(position([[t(0, 1)], [t(1, 1)]]), 0, {"type": "draw"}).code == "pool_empty"
    assert legal(position([[t(0, 1)], [t(1, 1)]]), 0) == [{"type": "pass"}]


# --- the initial meld ---------------------------------------------------------------


def test_an_initial_meld_of_30_from_the_rack_beside_the_untouched_table() -> None:
    table = [run(3, 1, 3)]
    state = position([[*run(0, 9, 11), t(1, 1)], [t(2, 2)]], table=table, pool=[t(2, 5)],
                     melded=[False, True])
    after, events = apply(state, 0, play(run(3, 1, 3), run(0, 9, 11)), NOW)
    assert after.seats[0].rack == (t(1, 1),) and after.seats[0].melded
    assert after.table == (run(3, 1, 3), run(0, 9, 11))
    assert events[0]["meld"] is True and events[0]["laid"] == [[0, 9], [0, 10], [0, 11]]


def test_an_initial_meld_below_30_is_refused() -> None:
    state = position([[*run(0, 8, 10), t(1, 1)], [t(2, 2)]], pool=[t(2, 5)], melded=[False] * 2)
    error = refused(state, 0, play(run(0, 8, 10)))
    assert (error.code, error.message) == (
        "meld_too_low", "Your initial meld is worth 27; it needs at least 30.")


def test_a_joker_counts_the_tile_it_stands_for_in_the_initial_meld() -> None:
    state = position([[t(0, 12), t(0, 13), J, t(1, 1)], [t(2, 2)]], pool=[t(2, 5)],
                     melded=[False] * 2)
    after, _ = apply(state, 0, play([J, t(0, 12), t(0, 13)]), NOW)
    assert after.table == ((J, t(0, 12), t(0, 13)),)  # 11 12 13: 36


def test_the_initial_meld_leaves_the_table_alone() -> None:
    table = [run(3, 1, 3)]
    state = position([[*run(0, 9, 11), t(3, 4)], [t(2, 2)]], table=table, pool=[t(2, 5)],
                     melded=[False, True])
    assert refused(state, 0, play(run(3, 1, 4), run(0, 9, 11))).code == "meld_touches_table"
    assert refused(state, 0, play(run(0, 9, 11))).code == "tile_removed"


def test_a_page_asks_whether_its_edited_table_could_be_confirmed() -> None:
    """check_play: the whole turn judged from JSON tiles as a page holds them (the initial
    meld's 30 included, and what it is worth so far), the same judgement as the play."""
    table, rack = [js(run(3, 1, 3))], js([*run(0, 8, 10), t(1, 1)])
    assert check_play(table, rack, False, [*table, js(run(0, 8, 10))]) == {
        "code": "meld_too_low", "message": "Your initial meld is worth 27; it needs at least 30.",
        "meld": 27}
    assert check_play(table, rack, False, [js(run(3, 1, 3)), js(run(0, 8, 10))])["meld"] == 27
    assert check_play(table, rack, True, [*table, js(run(0, 8, 10))]) == {"code": None}
    assert check_play(table, rack, False, [js(run(3, 1, 4))])["code"] == "not_your_tiles"
    assert check_play(table, rack, True, table)["code"] == "nothing_played"
    assert check_play(table, rack, True, [*table, js(run(0, 8, 9))])["code"] == "set_too_short"
    assert check_play(table, [[9, 9]], True, table)["code"] == "not_a_tile"


# --- rearranging after the meld -----------------------------------------------------


def test_a_melded_player_rearranges_the_whole_table() -> None:
    # 1-6 of colour 0 split into 1-3 and 4-6; a rack 4 joins two table 4s in a group.
    table = [run(0, 1, 6), group(4, 1, 2, 3)]
    state = position([[t(0, 4), t(1, 7)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    new_table = [run(0, 1, 3), run(0, 4, 6), group(4, 0, 1, 2, 3)]
    after, events = apply(state, 0, play(*new_table), NOW)
    assert after.table == tuple(new_table)
    assert after.seats[0].rack == (t(1, 7),) and events[0]["laid"] == [[0, 4]]


def test_a_play_must_add_a_tile_of_ones_own() -> None:
    table = [run(0, 1, 6)]
    state = position([[t(0, 9)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    assert refused(state, 0, play(run(0, 1, 3), run(0, 4, 6))).code == "nothing_played"


def test_table_tiles_never_go_back_to_a_rack() -> None:
    table = [(J, t(0, 2), t(0, 3)), group(5, 1, 2, 3)]
    state = position([[t(0, 1), t(0, 9)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    error = refused(state, 0, play(run(0, 1, 3), group(5, 1, 2, 3)))  # the joker kept
    assert (error.code, error.message) == (
        "tile_removed", "the joker from the table is missing from the new table: tiles "
        "never go back to a rack.")
    # The joker may move to another set instead.
    after, _ = apply(state, 0, play(run(0, 1, 3), (*group(5, 1, 2, 3), J)), NOW)
    assert after.seats[0].rack == (t(0, 9),)


def test_tiles_from_nowhere_are_refused() -> None:
    state = position([[t(0, 9)], [t(2, 2)]], table=[run(0, 1, 3)], pool=[t(2, 5)])
    error = refused(state, 0, play(run(0, 1, 4)))
    assert error.code == "not_your_tiles" and "[0, 4]" in error.message


@pytest.mark.parametrize(("bad", "code"), [
    ((t(0, 4), t(0, 5)), "set_too_short"),
    ((*group(4, 0, 1, 2, 3), J), "group_too_big"),
    ((t(0, 4), t(1, 4), t(0, 4)), "group_colour_twice"),
    ((t(0, 4), t(0, 5), t(0, 5), t(0, 6)), "run_number_twice"),
    ((t(0, 4), t(0, 5), t(0, 7)), "run_gap"),
    ((t(0, 12), t(0, 13), t(0, 1)), "run_wraps"),
    ((*run(0, 1, 13), J), "run_too_long"),
    ((t(0, 4), t(1, 5), t(2, 6)), "not_a_set"),
])
def test_each_wrong_set_has_its_code_and_says_which_set(bad: tuple[int, ...], code: str) -> None:
    rack = [*bad, t(3, 3)]
    state = position([rack, [t(2, 2)]], table=[group(9, 0, 1, 2)], pool=[t(2, 5)])
    error = refused(state, 0, play(group(9, 0, 1, 2), bad))
    assert error.code == code
    assert error.message.startswith("Set 2 (")


def test_junk_tiles_are_not_tiles() -> None:
    state = position([[t(0, 9)], [t(2, 2)]], table=[run(0, 1, 3)], pool=[t(2, 5)])
    action = {"type": "play", "table": [[[0, 1], [0, 2], [0, 3], [4, 9]]]}
    assert refused(state, 0, action).code == "not_a_tile"
    assert refused(state, 0, {"type": "play", "table": "x"}).code == "bad_action"


# --- the two ends of a round --------------------------------------------------------


def test_emptying_the_rack_wins_the_sum_of_the_other_rack() -> None:
    state = position([[t(0, 4)], [t(2, 2), J, t(1, 13)]], table=[run(0, 1, 3)], pool=[t(2, 5)])
    after, events = apply(state, 0, play(run(0, 1, 4)), NOW)
    over = result(after)
    assert over is not None and events[-1]["type"] == "over"
    assert (over["reason"], over["winner"], over["scores"]) == ("out", 0, [45, -45])
    assert over["racks"] == [[], [[1, 13], [2, 2], "J"]]
    assert all(not legal(after, seat) for seat in (0, 1))
    assert ENGINE.view(after, 0)["result"] == over  # both racks shown at the end


def test_two_passes_on_an_empty_pool_give_the_lower_rack_the_difference() -> None:
    state = position([[t(0, 4), t(1, 1)], [t(2, 9)]], table=[run(0, 1, 3)])
    state, _ = apply(state, 0, {"type": "pass"}, NOW)
    assert result(state) is None and state.passes == 1
    state, _ = apply(state, 1, {"type": "pass"}, NOW)
    over = result(state)
    assert over is not None
    assert (over["reason"], over["winner"], over["scores"]) == ("blocked", 0, [4, -4])


def test_equal_racks_after_two_passes_are_a_draw() -> None:
    state = position([[t(0, 5)], [t(2, 5)]], table=[run(0, 1, 3)])
    state, _ = apply(state, 0, {"type": "pass"}, NOW)
    state, _ = apply(state, 1, {"type": "pass"}, NOW)
    over = result(state)
    assert over is not None and (over["winner"], over["scores"]) == (None, [0, 0])
    assert [o.outcome for o in ENGINE.outcomes(over)] == ["draw", "draw"]


def test_a_play_between_passes_breaks_the_row() -> None:
    state = position([[t(0, 4), t(1, 1)], [t(2, 9)]], table=[run(0, 1, 3)], turn=1)
    state, _ = apply(state, 1, {"type": "pass"}, NOW)
    state, _ = apply(state, 0, play(run(0, 1, 4)), NOW)
    assert state.passes == 0 and result(state) is None
    state, _ = apply(state, 1, {"type": "pass"}, NOW)
    assert result(state) is None


def test_a_leaver_ends_the_round_and_loses() -> None:
    state, _ = apply(new({}, 2), 0, {"type": "start"}, NOW)
    state, _ = ENGINE.leave(state, 0, NOW)
    over = result(state)
    assert over is not None and (over["reason"], over["winner"]) == ("left", 1)
    assert [o.outcome for o in ENGINE.outcomes(over)] == ["loss", "win"]


# --- views and text -----------------------------------------------------------------


VIEW_KEYS = {"game", "seat", "over", "turn", "deadline", "started", "round", "starter",
             "table", "rack", "melded", "meld_min", "pool", "passes", "players", "actions",
             "result"}
"""Every key of a view: a new one (a possible leak) fails this test until looked at."""


def test_a_view_shows_its_own_rack_and_only_counts_of_the_rest() -> None:
    state, _ = apply(new({"seats": 3}, 11), 0, {"type": "start"}, NOW)
    shown = ENGINE.view(state, 1)
    assert set(shown) == VIEW_KEYS
    assert shown["rack"] == js(state.seats[1].rack) and shown["pool"] == 64
    assert [set(p) for p in shown["players"]] == [{"seat", "tiles", "melded", "laid",
                                                   "left"}] * 3
    assert [p["tiles"] for p in shown["players"]] == [14, 14, 14]


def test_the_text_form_round_trips_mid_round() -> None:
    state, _ = apply(new({"seats": 3, "round": 4}, 21), 0, {"type": "start"}, NOW)
    state, _ = apply(state, state.turn, {"type": "draw"}, NOW)
    assert ENGINE.from_text(ENGINE.to_text(state)) == state

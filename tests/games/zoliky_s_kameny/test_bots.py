"""The computer players of Žolíky s kameny: never an illegal turn over whole rounds of
every pairing, and each level's way of playing in clear-cut positions."""

from __future__ import annotations

from typing import Any

from klubovna.bots import Bot
from klubovna.bots.zoliky_s_kameny import BOTS, LEHKA, STREDNI, TEZKA
from klubovna.bots.zoliky_s_kameny.endgame import unseen
from klubovna.core import Rng
from klubovna.games.zoliky_s_kameny import ENGINE, State
from klubovna.tables.registry import default_bot
from tests.games.zoliky_s_kameny.helpers import J, group, js, position, run, t

NOW = 1_700_000_000_000


def choice(bot: Bot, state: State, seat: int = 0) -> dict[str, Any]:
    return bot.choose(ENGINE.view(state, seat), (), Rng(1))


def test_the_bots_on_offer() -> None:
    assert list(BOTS) == ["lehka", "stredni", "tezka"]
    assert default_bot("zoliky-s-kameny") is LEHKA


def test_bots_never_propose_an_illegal_turn() -> None:
    """Whole rounds from their deals, each level in either seat against another (apply
    refuses an illegal turn with IllegalAction, which would fail the test). The issue's
    2,000 games are bench/zoliky.py's (--games), not a test's: some seconds a round."""
    for seed, players in enumerate([(LEHKA, STREDNI), (STREDNI, TEZKA), (TEZKA, LEHKA)]):
        state, _ = ENGINE.apply(ENGINE.new({}, seed), 0, {"type": "start"}, NOW)
        for _ in range(300):
            if state.over:
                break
            seat = state.turn
            action = players[seat].choose(ENGINE.view(state, seat), (), Rng(seat))
            state, _ = ENGINE.apply(state, seat, action, NOW)
        assert state.over


def test_lehka_lays_rack_sets_and_leaves_the_table_alone() -> None:
    table = [run(0, 1, 3)]
    state = position([[t(0, 4), *group(9, 1, 2, 3)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    action = choice(LEHKA, state)
    assert action["table"] == [js(run(0, 1, 3)), js(group(9, 1, 2, 3))]


def test_stredni_also_extends_the_tables_sets() -> None:
    table = [run(0, 1, 3)]
    state = position([[t(0, 4), *group(9, 1, 2, 3)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    action = choice(STREDNI, state)
    assert action["table"] == [js(run(0, 1, 4)), js(group(9, 1, 2, 3))]


def test_only_tezka_rearranges_the_table() -> None:
    table = [run(0, 1, 7)]
    state = position([[t(1, 4), t(2, 4)], [t(2, 2)]], table=table, pool=[t(2, 5)])
    assert choice(LEHKA, state) == choice(STREDNI, state) == {"type": "draw"}
    action = choice(TEZKA, state)
    assert sorted(action["table"]) == sorted([js(run(0, 1, 3)), js(run(0, 5, 7)),
                                              js(group(4, 0, 1, 2))])


def test_tezka_holds_a_joker_back_unless_the_round_is_near_its_end() -> None:
    table = [run(0, 1, 3)]
    racks = [[t(0, 4), J, t(3, 9)], [t(2, 2)] * 1 + [t(2, 3), t(2, 5), t(2, 7), t(2, 9),
                                                    t(2, 11)]]
    state = position(racks, table=table, pool=[t(2, 5)])
    assert choice(TEZKA, state)["table"] == [js(run(0, 1, 4))]
    near_end = position([racks[0], racks[1][:5]], table=table, pool=[t(2, 5)])
    assert choice(TEZKA, near_end)["table"] == [js((*run(0, 1, 4), J))]


def test_tezka_does_not_open_the_table_to_a_player_about_to_go_out() -> None:
    """Laying a red and a blue run on an empty table would leave most single tiles a place
    (one splits a run, ends one, or makes a group with the runs' spare tiles); a tile alone
    never goes onto an empty table. With the other player one tile from going out Těžká
    draws instead; with five tiles to go it lays the runs (its yellow 2 has no place)."""
    rack = [*run(0, 1, 13), *run(1, 4, 13), t(2, 2)]
    close = position([rack, [t(3, 2)]], pool=[t(2, 5)], melded=[True, True])
    assert choice(TEZKA, close) == {"type": "draw"}
    far = position([rack, [t(3, n) for n in (2, 4, 6, 8, 10)]], pool=[t(2, 5)],
                   melded=[True, True])
    assert sorted(choice(TEZKA, far)["table"]) == sorted([js(run(0, 1, 13)), js(run(1, 4, 13))])


def test_the_endgame_reckons_the_other_rack_from_the_unseen_tiles() -> None:
    state = position([[t(0, 4), J], [t(2, 2)]], table=[run(0, 1, 3)], pool=[t(2, 5)])
    hidden = unseen(ENGINE.view(state, 0))
    assert len(hidden) == 106 - 3 - 2
    assert hidden.count("J") == 1 and hidden.count([0, 4]) == 1 and hidden.count([2, 2]) == 2

"""Properties over whole rounds: the 106 tiles are conserved across pool, racks and table
at every step of random legal play, and players who always take the search's best move
(the hint) play whole rounds to their end with every move accepted."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.games.zoliky_s_kameny import ENGINE, State, best_initial_meld, best_move
from klubovna.games.zoliky_s_kameny.tiles import full_bag
from tests.contract.play import play

NOW = 1_700_000_000_000


def every_tile(state: State) -> Counter[int]:
    return Counter([*state.pool, *(x for s in state.table for x in s),
                    *(x for seat in state.seats for x in seat.rack)])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_tiles_are_conserved(data: st.DataObject) -> None:
    bag = Counter(full_bag())
    for state, _ in play(ENGINE, data).states:
        assert every_tile(state) == bag


def hint(view: dict[str, Any]) -> dict[str, Any]:
    """The best move for a seat's view: the most tiles, else draw or pass."""
    if view["melded"]:
        amount, sets = best_move(view["table"], view["rack"], "tiles")
    else:
        amount, meld = best_initial_meld(view["rack"], "tiles")
        sets = [*view["table"], *meld]
    if amount:
        return {"type": "play", "table": sets}
    return {"type": "draw"} if view["pool"] else {"type": "pass"}


def test_best_moves_play_whole_rounds() -> None:
    for seed in (1, 2):
        state, _ = ENGINE.apply(ENGINE.new({}, seed), 0, {"type": "start"}, NOW)
        for _ in range(200):
            if ENGINE.result(state) is not None:
                break
            seat = state.turn
            state, _ = ENGINE.apply(state, seat, hint(ENGINE.view(state, seat)), NOW)
        result = ENGINE.result(state)
        assert result is not None and result["reason"] in ("out", "blocked")
        assert every_tile(state) == Counter(full_bag())

"""Properties over whole games of random legal play: every chip is placed by the end (each
seat half the cards), the totals only grow and are the sum of the moves' scores, and every
move scored what the preview before it said, with the cards it said would make the hand."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.games.locus_poker import ENGINE, State
from tests.contract.play import play


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_games_end_with_every_chip_placed_and_totals_only_grow(data: st.DataObject) -> None:
    trace = play(ENGINE, data, steps=60)
    states: list[State] = [state for state, _ in trace.states]
    final = states[-1]
    assert final.over and len(final.moves) == len(final.cards)
    assert all(chip is not None for chip in final.chips())
    assert [sum(m.seat == s for m in final.moves) for s in (0, 1)] == [len(final.cards) // 2] * 2
    for before, after in zip(states, states[1:], strict=False):
        assert all(b <= a for b, a in zip(before.totals(), after.totals(), strict=True))
        if len(after.moves) > len(before.moves):
            move = after.moves[-1]
            shown = ENGINE.view(before, move.seat)["preview"][move.cell]
            face = "down" if move.down else "up"
            assert (shown[face]["hand"], shown[face]["bonus"]) == (move.hand, move.bonus)
            assert shown[face]["cells"] == ENGINE.view(after, 0)["last"]["cells"]
    assert final.totals() == [sum(m.hand + m.bonus for m in final.moves if m.seat == s)
                              for s in (0, 1)]

"""Properties of Kostkový poker under random legal play (hypothesis).

Chips are conserved at every step of every hand, the text form round-trips, seed + log
replays exactly, and no view or event ever shows another seat's dice before the showdown,
a folded hand, or a roll still to come.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.games.kostkovy_poker import ENGINE, GRACE_MS, Seat, State, replay, to_move
from klubovna.tables.table import events_for

from . import PLAYER_KEYS, VIEW_KEYS

NOW = 1_700_000_000_000
MAX_STEPS = 150

PROPERTY_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

seeds = st.integers(min_value=0, max_value=2**63 - 1)
configs = st.fixed_dictionaries(
    {
        "seats": st.integers(2, 6),
        "chips": st.integers(10, 30),
        "seconds": st.one_of(st.none(), st.integers(3, 20)),
    }
)


def scrambled(seat: Seat, revealed: bool) -> Seat:
    """Another seat's hidden part changed: every rolled die, which dice it kept and, while
    the counts are still secret, how many."""
    kept = seat.kept
    if kept is not None:
        kept = tuple(sorted((i + 1) % 5 for i in kept))
        if not revealed:
            kept = kept[:-1] if len(kept) > 1 else (0, 1)
    return replace(seat, rolled=tuple(d % 6 + 1 for d in seat.rolled), kept=kept)


def check_views(state: State) -> None:
    """Each seat's view is JSON, has exactly the known keys, and does not change when
    everything it may not know is changed: the other seats' dice and choices, the generator."""
    revealed = state.phase == "betting"
    for seat in range(len(state.seats)):
        shown = ENGINE.view(state, seat)
        assert set(shown) == VIEW_KEYS
        assert all(set(player) == PLAYER_KEYS for player in shown["players"])
        json.dumps(shown)
        others = tuple(
            s if i == seat else scrambled(s, revealed) for i, s in enumerate(state.seats)
        )
        rigged = replace(state, seats=others, rng=state.rng ^ 0x5DEECE66D)
        assert ENGINE.view(rigged, seat) == shown, f"seat {seat} sees hidden dice"
        assert shown["dice"] == list(state.seats[seat].rolled)
        # The pots while betting hold the whole pot; each can be won by a seat still in.
        assert bool(shown["pots"]) == (revealed and shown["pot"] > 0)
        assert sum(pot["amount"] for pot in shown["pots"]) == (shown["pot"] if revealed else 0)
        for pot in shown["pots"]:
            assert pot["eligible"] and all(state.seats[i].live for i in pot["eligible"])


def check_events(before: State, events: list[Any]) -> None:
    """Private events go to their seat only; a showdown shows only hands that did not fold."""
    json.dumps(events)
    for event in events:
        if event["type"] in ("rolled", "kept"):
            assert event["to"] == [event["seat"]]
        else:
            assert "to" not in event
    for seat in range(len(before.seats)):
        for event in events_for(events, seat):
            if event["type"] in ("rolled", "kept"):
                assert event["seat"] == seat
    for event in events:
        if event["type"] == "hand":
            break  # the clock may have played on into later hands: only this hand is known
        if event["type"] == "showdown":
            assert all(not before.seats[hand["seat"]].folded for hand in event["hands"])


def check_invariants(state: State, config: dict[str, Any]) -> None:
    assert sum(seat.chips for seat in state.seats) + state.pot == config["seats"] * config["chips"]
    assert all(seat.chips >= 0 and seat.put_in >= 0 for seat in state.seats)
    if state.phase == "betting":
        assert state.turn is not None and state.seats[state.turn].to_act
        assert len(state.table) in (2, 5) and state.raises <= 3
    assert State.from_text(state.to_text()) == state
    check_views(state)


@PROPERTY_SETTINGS
@given(seed=seeds, config=configs, data=st.data())
def test_random_play(seed: int, config: dict[str, Any], data: st.DataObject) -> None:
    state = ENGINE.new(config, seed)
    now = NOW
    log: list[dict[str, Any]] = []
    check_invariants(state, config)
    for _ in range(MAX_STEPS):
        if state.over:
            break
        if config["seconds"] is not None and data.draw(st.integers(0, 9), label="wait") == 0:
            # Time passes, sometimes past several deadlines; sometimes only a tick is logged.
            now += data.draw(st.integers(0, 3 * (config["seconds"] * 1000 + GRACE_MS)))
            if data.draw(st.booleans(), label="tick"):
                before = state
                state, events = ENGINE.advance(state, now)
                log.append({"kind": "tick", "now": now})
                check_events(before, events)
                check_invariants(state, config)
                continue
        before, _ = ENGINE.advance(state, now)
        movers = to_move(before)
        if not movers:
            continue  # everything left was settled by the clock
        seat = movers[data.draw(st.integers(0, len(movers) - 1), label="seat")]
        actions = ENGINE.legal(before, seat)
        assert actions, "a seat to move always has a legal action"
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        if data.draw(st.integers(0, 30), label="stop") == 0 and before.started:
            action = {"type": "stop", "agree": data.draw(st.booleans(), label="agree")}
        state, events = ENGINE.apply(state, seat, action, now)
        log.append({"kind": "act", "seat": seat, "action": action, "now": now})
        check_events(before, events)
        check_invariants(state, config)
    assert replay(config, seed, log) == state
    final = ENGINE.result(state)
    if state.over:
        assert final is not None and sum(row["chips"] for row in final["standings"]) == (
            config["seats"] * config["chips"]
        )
    else:
        assert final is None

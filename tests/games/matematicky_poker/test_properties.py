"""Properties of Matematický poker under random legal play (hypothesis).

No crash on any legal sequence, every game ends with 25 cells used, seed + log replays
exactly, the text form round-trips, and no view ever reveals an undrawn card.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.games.matematicky_poker import ENGINE, GRACE_MS, State, replay
from klubovna.games.matematicky_poker.state import JOKER
from tests.games.matematicky_poker import VIEW_KEYS

NOW = 1_700_000_000_000
MAX_ACTIONS = 60
"""A game uses 25 cells and at most two jokers can be kept: 28 actions at most, plus start."""

PROPERTY_SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


tables = st.sampled_from(["adjacent", "school", "matematico"])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def check_no_hidden_information(state: State) -> None:
    """The seat's view holds nothing about the cards still in the deck."""
    player = state.players[0]
    shown = ENGINE.view(state, 0)
    assert set(shown) == VIEW_KEYS
    undrawn = state.deck[player.position :]
    assert shown["cards_left"] == len(undrawn)

    # The view is exactly the same whatever the undrawn cards are: swap them all for
    # other cards (reversed order, every value moved by one) and compare.
    other = tuple(JOKER if card == 13 else card + 1 for card in reversed(undrawn))
    rigged = replace(state, deck=state.deck[: player.position] + other)
    assert ENGINE.view(rigged, 0) == shown

    # And the remaining order is nowhere in its JSON (it is longer than the board).
    text = json.dumps(shown)
    assert len(undrawn) > 25
    assert json.dumps(list(undrawn))[1:-1] not in text
    assert json.dumps(list(undrawn[:26]))[1:-1] not in text

    # Card values appear only on the board and as the number in hand.
    hand = shown["hand"]
    assert hand is None or hand in ({"kind": "joker"}, {"kind": "number", "value": player.hand})
    assert shown["board"] == list(player.board)


def check_text_round_trip(state: State) -> None:
    text = state.to_text()
    assert State.from_text(text) == state
    assert State.from_text(text).to_text() == text


def check_invariants(state: State) -> None:
    player = state.players[0]
    assert player.used <= 25
    assert player.kept_jokers + sum(player.from_joker) <= 2
    assert (player.hand is None) == (player.finished or not state.started)
    check_text_round_trip(state)
    check_no_hidden_information(state)


@PROPERTY_SETTINGS
@given(seed=seeds, table=tables, preview=st.booleans(), data=st.data())
def test_random_easy_game(seed: int, table: str, preview: bool, data: st.DataObject) -> None:
    config = {"mode": "easy", "table": table, "preview": preview}
    state = ENGINE.new(config, seed)
    log: list[dict[str, Any]] = []
    check_invariants(state)
    for _ in range(MAX_ACTIONS):
        if ENGINE.result(state) is not None:
            break
        actions = ENGINE.legal(state, 0)
        assert actions, "a game that is not over always has a legal action"
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        state, events = ENGINE.apply(state, 0, action, NOW)
        log.append({"kind": "act", "seat": 0, "action": action, "now": NOW})
        json.dumps(events)  # events are JSON-ready
        check_invariants(state)
    final = ENGINE.result(state)
    assert final is not None, "the game ended"
    assert final["filled"] == 25 and final["forfeited"] == 0 and final["complete"] is True
    assert None not in state.players[0].board
    assert replay(config, seed, log).to_text() == state.to_text()


@PROPERTY_SETTINGS
@given(
    seed=seeds,
    table=tables,
    seconds=st.integers(min_value=3, max_value=300),
    data=st.data(),
)
def test_random_hard_game_with_time_jumps(
    seed: int, table: str, seconds: int, data: st.DataObject
) -> None:
    config = {"mode": "hard", "seconds": seconds, "table": table}
    period = seconds * 1000 + GRACE_MS
    state = ENGINE.new(config, seed)
    now = NOW
    log: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if ENGINE.result(state) is not None:
            break
        # Time passes: often within the card's time, sometimes far past several expiries.
        now += data.draw(st.integers(0, 3 * period), label="pause")
        if data.draw(st.booleans(), label="tick first"):
            state, _ = ENGINE.advance(state, now)
            log.append({"kind": "tick", "now": now})
            check_invariants(state)
            deadline = ENGINE.next_deadline(state)
            assert deadline is None or deadline > now
            if ENGINE.result(state) is not None:
                break
        actions = ENGINE.legal(ENGINE.advance(state, now)[0], 0)
        if not actions:
            state, _ = ENGINE.advance(state, now)
            log.append({"kind": "tick", "now": now})
            break
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        state, _ = ENGINE.apply(state, 0, action, now)
        log.append({"kind": "act", "seat": 0, "action": action, "now": now})
        check_invariants(state)
    if ENGINE.result(state) is None:  # a last long pause lets every remaining card expire
        now += 10**9
        state, _ = ENGINE.advance(state, now)
        log.append({"kind": "tick", "now": now})
    final = ENGINE.result(state)
    assert final is not None
    player = state.players[0]
    assert player.used == 25
    assert final["filled"] + final["forfeited"] == 25
    assert final["complete"] is (final["forfeited"] == 0)
    assert ENGINE.next_deadline(state) is None
    check_invariants(state)
    assert replay(config, seed, log).to_text() == state.to_text()

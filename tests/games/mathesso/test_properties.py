"""Properties of whole random games of Mathesso (random legal actions, extra turns and
stops included, to the end): every card is taken exactly once, in matching pairs; no view
ever holds the coloured side of a card that has not been turned over in front of everyone;
seed + log replay the game exactly."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import Json, Rng
from klubovna.games.mathesso import ENGINE, matches

CONFIGS: list[dict[str, Json]] = [
    {"variant": "atto", "seats": 3},
    {"variant": "femto", "faktorial": True, "seats": 2},
    {"variant": "pico", "cjv": True, "seats": 2},
]
STEPS_MAX = 20_000


def faces_shown(view: dict[str, Any]) -> set[int]:
    """The places whose coloured side the view holds, wherever in it."""
    places = {c["id"] for c in view["cards"] if c["face"] is not None}
    places |= {c["id"] for c in (view["last"] or {"cards": []})["cards"]}
    places |= {d["card"] for draws in view["ritual"] or [] for d in draws}
    places |= {p for player in view["players"] for pair in player["pairs"]
               for p in pair["cards"]}
    return places


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: str(c["variant"]))
def test_random_games_to_the_end(config: dict[str, Json]) -> None:
    for seed in range(1 if config["variant"] == "pico" else 2):
        rng = Rng(seed)
        state = ENGINE.new(config, seed)
        log: list[dict[str, Any]] = []
        revealed: set[int] = set()
        for now in range(STEPS_MAX):
            if state.over:
                break
            seat = next(s for s in range(state.seats) if ENGINE.legal(state, s))
            legal = ENGINE.legal(state, seat)
            action = legal[rng.below(len(legal))]
            state, events = ENGINE.apply(state, seat, action, now)
            log.append({"kind": "act", "seat": seat, "action": action, "now": now})
            for event in events:
                if event["type"] == "turned":
                    revealed.add(event["card"])
                elif event["type"] == "started":
                    revealed |= {d["card"] for draws in event["ritual"] for d in draws}
            viewer = now % state.seats  # the views differ only in seat and actions
            assert faces_shown(ENGINE.view(state, viewer)) <= revealed
        assert state.over
        taken = [p for pairs in state.pairs for pair in pairs for p in pair]
        assert sorted(taken) == list(range(len(state.layout)))  # each exactly once
        cards = state.cards
        assert all(matches(cards[state.layout[a]].face, cards[state.layout[b]].face)
                   for pairs in state.pairs for a, b in pairs)
        assert ENGINE.replay(config, seed, log) == state

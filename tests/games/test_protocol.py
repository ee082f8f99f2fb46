"""The Game protocol as both engines implement it: the view envelope on every view, the text
form's round trip, `started`, the settings and seat range they declare, and `leave` (a seat
that leaves never makes a table hang)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klubovna.core import Game, IllegalAction
from klubovna.core.declarations import ENVELOPE, Setting, read_settings
from klubovna.core.engine import Engine
from klubovna.games.kostkovy_poker import ENGINE as KP
from klubovna.games.matematicky_poker import ENGINE as MP
from klubovna.tables.registry import get_game

CONFIGS: dict[str, list[dict[str, Any]]] = {
    MP.name: [
        {}, {"mode": "hard", "seconds": 5}, {"variant": "duel"},
        {"variant": "duel", "mode": "hard", "seconds": 3},
        {"variant": "group", "seats": 4}, {"variant": "group", "seats": 3, "dealer_plays": False},
        {"variant": "group", "seats": 3, "mode": "hard", "seconds": 4},
    ],
    KP.name: [{}, {"seats": 3, "chips": 10}, {"seats": 4, "chips": 10, "seconds": 3}],
}
STEPS = 3000
"""Enough for whole games of both (a solo board is ~30 steps; four seats with 10 chips each
have been seen to play 80 hands)."""


def legal_seats(game: Game[Any], state: Any) -> list[int]:
    return [seat for seat in range(game.seats(state)) if game.legal(state, seat)]


def check_envelope(game: Game[Any], state: Any) -> None:
    """Every seat's view has the envelope keys with their types, and `turn` names seats
    that may act (all of them, but for a group seat holding only a kept joker)."""
    seats = game.seats(state)
    acting = legal_seats(game, state)
    for seat in range(seats):
        view = game.view(state, seat)
        assert set(ENVELOPE) <= set(view)
        assert view["game"] == game.name
        assert view["seat"] == seat and isinstance(view["seat"], int)
        assert isinstance(view["over"], bool)
        turn = view["turn"]
        assert isinstance(turn, list) and turn == sorted(set(turn))
        assert all(isinstance(s, int) and not isinstance(s, bool) for s in turn)
        assert set(turn) <= set(acting)
        deadline = view["deadline"]
        assert deadline is None or (isinstance(deadline, int) and not isinstance(deadline, bool))
        json.dumps(view)
        if game.result(state) is not None:
            assert view["over"] and turn == []
    if getattr(state, "variant", None) != "group":
        assert game.view(state, 0)["turn"] == acting


def check_text(game: Game[Any], state: Any) -> None:
    text = game.to_text(state)
    assert "\n" not in text
    again = game.from_text(text)
    assert again == state and game.to_text(again) == text
    assert game.started(again) == game.started(state)


def play(game: Game[Any], state: Any, rng: random.Random, *, leaver: int | None = None) -> Any:
    """Random legal play (with time running past deadlines) checking every step; `leaver`
    leaves at a random step (0: before the start). Returns the final state, which must be
    over: random play has to reach the end."""
    now = 1_000
    leave_at = rng.randint(0, 60) if leaver is not None else -1
    gone = False
    for step in range(STEPS):
        check_envelope(game, state)
        check_text(game, state)
        if game.result(state) is not None:
            return state
        if step == leave_at:
            assert leaver is not None
            state, _ = game.leave(state, leaver, now)
            gone = True
        if gone:  # it is never waited for again
            assert all(leaver not in game.view(state, seat)["turn"]
                       for seat in range(game.seats(state)))
        if step == leave_at:
            continue
        acting = [s for s in legal_seats(game, state) if not (gone and s == leaver)]
        due = game.next_deadline(state)
        if not acting or (due is not None and rng.random() < 0.3):
            assert due is not None, "nobody may act and nothing is due: the table hangs"
            now = max(now, due)
            state, _ = game.advance(state, now)
            continue
        seat = rng.choice(acting)
        # A move is judged at its own moment: what expired by then has gone first.
        now += rng.randint(0, 2_000)
        state, _ = game.advance(state, now)
        options = game.legal(state, seat)
        if options:
            state, _ = game.apply(state, seat, rng.choice(options), now)
    raise AssertionError(f"not over after {STEPS} steps")


CASES = [(name, index) for name, configs in CONFIGS.items() for index in range(len(configs))]


@pytest.mark.parametrize(("name", "index"), CASES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_random_play_keeps_the_envelope_and_text_form(
    name: str, index: int, seed: int, choices: int
) -> None:
    game = get_game(name)
    play(game, game.new(CONFIGS[name][index], seed), random.Random(choices))


@pytest.mark.parametrize(("name", "index"), CASES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), choices=st.integers(0, 2**32))
def test_a_seat_that_leaves_never_makes_the_table_hang(
    name: str, index: int, seed: int, choices: int
) -> None:
    """Before the start or at any moment of play, one seat leaves: the others play on to
    the end (random play must reach it), and the leaver is never waited for again."""
    game = get_game(name)
    state = game.new(CONFIGS[name][index], seed)
    rng = random.Random(choices)
    leaver = rng.randrange(game.seats(state))
    state = play(game, state, rng, leaver=leaver)
    assert game.leave(state, leaver, 10**12) == (state, [])  # over: nothing changes


@pytest.mark.parametrize("game", [MP, KP], ids=lambda g: g.name)
def test_each_game_declares_its_settings_seats_and_leave_policy(game: Game[Any]) -> None:
    """The declared settings are what `new` reads: their defaults make a game, every
    declared name is accepted, and the seat range is what a table may have."""
    assert game.leaver == "fold"
    kinds = {"matematicky-poker": ["duel", "group"], "kostkovy-poker": ["table"]}
    assert [room.kind for room in game.rooms] == kinds[game.name]
    names = [s.name for s in game.settings]
    assert len(set(names)) == len(names)
    defaults = read_settings(game.settings, {})
    state = game.new(defaults, 1)
    assert not game.started(state)
    low, high = game.seat_range
    seats_config: dict[str, Any] = {"seats": low} if game is KP else {"variant": "solo"}
    assert game.seats(game.new(seats_config, 1)) == low
    big: dict[str, Any] = {"seats": high} if game is KP else {"variant": "group", "seats": high}
    assert game.seats(game.new(big, 1)) == high
    too_big = {**big, "seats": high + 1}
    with pytest.raises(IllegalAction) as refused:
        game.new(too_big, 1)
    assert refused.value.code == "bad_config"
    for setting in game.settings:
        assert setting.to_json()["name"] == setting.name


def test_kostkovy_poker_leaver_folds_out_and_the_other_takes_the_pot() -> None:
    state, _ = KP.apply(KP.new({"seats": 2}, 3), 0, {"type": "start"}, now=0)
    pot = state.pot
    state, events = KP.leave(state, 1, now=10)
    assert events[0] == {"type": "left", "seat": 1}
    assert {"type": "uncontested", "seat": 0, "won": pot} in events
    assert state.over and KP.result(state) is not None
    result = KP.result(state)
    assert result is not None and result["winner"] == 0
    # The one who left ranks after the one who stayed, whatever the chips.
    assert [row["seat"] for row in result["standings"]] == [0, 1]


def test_kostkovy_poker_leaver_in_turn_passes_the_turn_on() -> None:
    state, _ = KP.apply(KP.new({"seats": 3}, 5), 0, {"type": "start"}, now=0)
    for seat in range(3):
        state, _ = KP.apply(state, seat, {"type": "keep", "dice": [0]}, now=1)
    assert state.phase == "betting" and state.turn is not None
    leaving = state.turn
    state, _ = KP.leave(state, leaving, now=2)
    assert state.phase == "betting" and state.turn not in (None, leaving)
    assert KP.view(state, 0)["players"][leaving]["left"] is True
    with pytest.raises(IllegalAction) as refused:
        KP.apply(state, leaving, {"type": "stop", "agree": False}, now=3)
    assert refused.value.code == "out_of_game"


def test_matematicky_poker_duel_leaver_before_the_start_is_not_waited_for() -> None:
    state, events = MP.leave(MP.new({"variant": "duel"}, 4), 1, now=0)
    assert events == [{"type": "left", "seat": 1}] and not MP.started(state)
    state, _ = MP.apply(state, 0, {"type": "start"}, now=1)
    assert MP.view(state, 0)["turn"] == [0]


def test_the_engine_defaults_rooms_and_outcomes() -> None:
    """A game that declares no rooms is played by code nowhere, and one without outcomes
    records no per-seat results (an empty list, never an error)."""
    fields = {f.name: getattr(MP, f.name) for f in dataclasses.fields(MP)
              if f.name not in ("rooms", "outcomes")}
    bare = Engine(**fields)
    state = MP.new({}, 1)
    assert bare.outcomes({"total": 0}) == [] and bare.rooms == ()
    assert MP.same_own(state, state) == ()  # a solo view has no shared parts
    assert repr(KP) == "Engine('kostkovy-poker')"


def bounds(setting: Setting) -> tuple[list[Any], list[Any]]:
    """Values a setting declares legal (its ends, every choice) and values it refuses."""
    wrong: list[Any] = ["1", 1.5, [1]]
    if setting.kind == "int":
        ends = [setting.minimum, setting.maximum]
        legal = [end for end in ends if end is not None]
        return legal, wrong + [end + step for end, step in zip(ends, (-1, 1), strict=True)
                               if end is not None] + [True]
    if setting.kind == "bool":
        return [True, False], wrong + [1, "yes"]
    return list(setting.choices), wrong + ["nope", True]


BASE: dict[str, dict[str, dict[str, Any]]] = {
    # What each setting needs beside it: its condition (only_when) and the cross-checks
    # `new` makes that settings cannot say (hard mode names seconds, a group its seats).
    MP.name: {"seconds": {"mode": "hard"}, "mode": {"seconds": None},
              "seats": {"variant": "group"}, "dealer_plays": {"variant": "group", "seats": 3},
              "variant": {"seats": None}},
    KP.name: {},
}


@pytest.mark.parametrize("game", [MP, KP], ids=lambda g: g.name)
def test_new_accepts_exactly_what_the_settings_declare(game: Game[Any]) -> None:
    """The declarations are the one source: each setting's declared ends and choices make
    a game, one step outside them (or a wrong type) is bad_config."""
    for setting in game.settings:
        base = dict(BASE[game.name].get(setting.name, {}))
        legal, refused = bounds(setting)
        for value in legal:
            config = {**base, setting.name: value}
            if setting.name == "mode" and value == "hard":
                config["seconds"] = 30
            if setting.name == "variant" and value == "group":
                config["seats"] = 2
            config = {key: item for key, item in config.items() if item is not None}
            game.new(config, 1)
        for value in refused:
            with pytest.raises(IllegalAction) as caught:
                game.new({**base, setting.name: value}, 1)
            assert caught.value.code == "bad_config", (setting.name, value)


@pytest.mark.parametrize(("game", "config"), [(MP, {"variant": "duel"}), (KP, {"seats": 3})],
                         ids=["mp", "kp"])
def test_replay_of_a_log_with_a_leave_gives_the_live_state(
    game: Game[Any], config: dict[str, Any]
) -> None:
    live = game.new(config, 7)
    log: list[dict[str, Any]] = []
    rng = random.Random(3)
    for now in range(1, 40):
        if now == 9:
            live, _ = game.leave(live, 1, now)
            log.append({"kind": "leave", "seat": 1, "now": now})
            continue
        acting = legal_seats(game, live)
        if not acting:
            break
        seat = rng.choice(acting)
        action = rng.choice(game.legal(live, seat))
        live, _ = game.apply(live, seat, action, now)
        log.append({"kind": "act", "seat": seat, "action": action, "now": now})
    assert any(entry["kind"] == "leave" for entry in log)
    assert game.replay(config, 7, log) == live
    with pytest.raises(ValueError):
        game.replay(config, 7, [{"kind": "leave", "seat": 1}])

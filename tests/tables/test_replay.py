"""Replays (klubovna.tables.replay): every registered game, played to its end through a
table, replays frame by frame to the views its seats' clients held live."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from klubovna.core import IllegalAction
from klubovna.tables.registry import REGISTRY
from klubovna.tables.replay import replay
from tests.tables.replaying import play_out, sit
from tests.toy import nim

GAMES = sorted({*REGISTRY, nim.ENGINE.name})


@pytest.fixture(autouse=True)
def nim_registered() -> Iterator[None]:
    with nim.registered():
        yield


@pytest.mark.parametrize("name", GAMES)
def test_every_frame_is_the_view_the_seat_held(name: str) -> None:
    played = play_out(sit(name, 11), 11, thinks=False)  # any play to the end will do
    table = played.table
    for seat, live in played.views.items():
        shown = replay(table, seat)
        assert shown["t"] == "replay" and shown["game"] == name and shown["seat"] == seat
        assert len(shown["frames"]) == len(table.log) + 1 == len(shown["moves"]) + 1
        assert shown["frames"] == live  # the first (the hello's) to the last (the end)
        assert shown["frames"][-1]["over"] is True
        for move, logged in zip(shown["moves"], table.log, strict=True):
            assert (move["kind"], move["seat"], move["now"]) == (logged.kind, logged.seat,
                                                                  logged.now)
            mine = logged.kind == "act" and logged.seat == seat
            assert move["action"] == (logged.action if mine else None)
        json.dumps(shown)


@pytest.mark.parametrize(("config", "people"), [
    ({"mode": "hard", "seconds": 5}, 1),
    ({"variant": "group", "seats": 3, "mode": "hard", "seconds": 5}, 3),
])
def test_deadlines_and_public_updates(config: dict[str, object], people: int) -> None:
    """Matematický poker against the clock, alone and in a group where the other seats
    never move: ticks in the log, and the group's draws reach the idle seats as public
    updates, which their clients merge; the frames are those merged views."""
    # Every seat a person's (no computer player), so the group's other seats never move:
    # with computer players there they played, and no public update was ever sent.
    played = play_out(sit("matematicky-poker", 4, config, people), 4, idle=3, thinks=False)
    table = played.table
    assert any(entry.kind == "tick" for entry in table.log)
    assert (played.public_updates > 0) == (people > 1), played.public_updates
    for seat, live in played.views.items():
        assert replay(table, seat)["frames"] == live


def test_moves_of_others_are_hidden_and_own_are_shown() -> None:
    table = play_out(sit("kostkovy-poker", 3), 3).table
    kinds = {(move["seat"], move["action"] is None) for move in replay(table, 1)["moves"]
             if move["kind"] == "act"}
    assert kinds == {(0, True), (1, False)}


@pytest.mark.parametrize(("name", "config", "leaver", "people"), [
    ("nim", {"seats": 3}, 2, 1),              # folds out, the others play on
    ("kostkovy-poker", {"seats": 3}, 1, 2),   # folds out
    ("mathesso", {}, 1, 2),                   # a computer player takes the seat
])
def test_a_leave_replays_as_the_table_made_it(name: str, config: dict[str, object],
                                              leaver: int, people: int) -> None:
    """A seat that left mid-game: the replay steps the leave the table's way (the game's
    `leave`, or nothing where a computer player takes over), so every later frame still
    matches, the leaver's too. (The leaver is the second of two people: a table whose last
    person leaves ends there, abandoned.)"""
    played = sit(name, 5, config, people)
    played.act({"type": "start"})
    played.leave(leaver)
    table = play_out(played, 5).table
    assert [entry.kind for entry in table.log].count("leave") == 1
    for seat, live in played.views.items():
        assert replay(table, seat)["frames"] == live


def test_refused_before_the_end_and_for_no_seat() -> None:
    played = sit("nim", 2)
    played.act({"type": "start"})
    for seat in (0, 1):
        with pytest.raises(IllegalAction) as refused:
            replay(played.table, seat)
        assert refused.value.code == "not_over"
    table = play_out(played, 2).table
    for seat, code in ((None, "no_spectator"), (2, "bad_seat"), (-1, "bad_seat")):
        with pytest.raises(IllegalAction) as refused:
            replay(table, seat)
        assert refused.value.code == code


def test_too_long_a_game_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    from klubovna.tables import replay as module

    table = play_out(sit("nim", 2), 2).table
    monkeypatch.setattr(module, "MAX_MOVES", len(table.log) - 1)
    with pytest.raises(IllegalAction) as refused:
        replay(table, 0)
    assert refused.value.code == "too_long"
    monkeypatch.setattr(module, "MAX_MOVES", len(table.log))
    assert len(replay(table, 0)["moves"]) == len(table.log)

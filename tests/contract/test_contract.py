"""The contract every registered game keeps (issue 13 item 7), checked on random legal play.

Parametrised by the names in klubovna.tables.registry.REGISTRY, so a newly registered game
is covered with no edit here; the toy Nim (tests/toy/nim) is registered like a real game.
No game gets an allowance: each declares what the suite checks it against (its settings,
its refusal `codes`, its `hidden_variants`), the club's two as any new one.
"""

from __future__ import annotations

import ast
import inspect
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import strategies as st

from klubovna.core import Game, IllegalAction
from klubovna.core.declarations import ENVELOPE, PublicKind, RoomPolicy, SeatOutcome, read_settings
from klubovna.core.statistics import Played
from klubovna.tables.registry import REGISTRY, get_game
from tests.contract.play import NOW, Trace, configs, platform_set, play, refusal, replay
from tests.toy.nim import ENGINE as NIM

EXAMPLES = settings(
    max_examples=12, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)
"""Few examples, no shrinking: a failing test fails at once instead of shrinking for half
a minute, and a failure's whole trace is in its report anyway."""
GAMES = sorted({*REGISTRY, NIM.name})
"""The club's games and the toy Nim (registered while these tests run: conftest.py)."""


def views(game: Game[Any], state: Any) -> list[dict[str, Any]]:
    return [game.view(state, seat) for seat in range(game.seats(state))]


# --- play, replay, text form, envelope, hidden information ------------------------------
# One random game checks all of these (the costly part is playing it): each property still
# sees EXAMPLES games per game, the same ones, and a failure names the check that failed.


def check_ends_once(game: Game[Any], trace: Trace) -> None:
    """Views are JSON; a result comes exactly when the game is over, and then stays."""
    ended = False
    for state, _ in trace.states:
        for shown in views(game, state):
            json.dumps(shown)
        result = game.result(state)
        assert ended <= (result is not None), "a finished game came back to life"
        ended = result is not None
        if ended:
            json.dumps(result)
            assert all(not game.legal(state, seat) for seat in range(game.seats(state)))


def check_replay(game: Game[Any], trace: Trace, cut: int) -> None:
    """Seed + log replay to the very state and views, from the whole log and a prefix."""
    for upto in (cut, len(trace.log)):
        again = replay(game, trace.config, trace.seed, trace.log[:upto])
        state = trace.states[upto][0]
        assert again == state, f"replay of {upto} entries"
        assert views(game, again) == views(game, state), f"views after replay of {upto}"


def check_text_round_trips(game: Game[Any], trace: Trace) -> None:
    for state, _ in trace.states:
        text = game.to_text(state)
        assert isinstance(text, str) and "\n" not in text, "text form: one line"
        assert game.from_text(text) == state, "text form round trip"


def check_envelope(game: Game[Any], name: str, trace: Trace) -> None:
    """`over`: this seat's own game is over (at the end for all); `turn`: the seats the game
    waits for, a sorted list of public facts (the same in every view), each able to act."""
    for state, _ in trace.states:
        seats = game.seats(state)
        shown = views(game, state)
        for seat, each in enumerate(shown):
            assert set(ENVELOPE) <= set(each), f"missing {set(ENVELOPE) - set(each)}"
            assert (each["game"], each["seat"]) == (name, seat)
            assert type(each["over"]) is bool
            if game.result(state) is not None:
                assert each["over"], "the game is over but not for this seat"
            if each["over"]:
                assert not game.legal(state, seat), "a seat whose game is over can move"
            turn = each["turn"]
            assert turn == sorted(set(turn)) and all(type(s) is int for s in turn)
            assert all(0 <= s < seats and game.legal(state, s) for s in turn), turn
            assert turn == shown[0]["turn"], "whose turn it is differs from seat to seat"
            assert each["deadline"] is None or type(each["deadline"]) is int


# A game's `hidden_variants(state, seat, seed)` are states equal to `state` in all that
# `seat` may know and different in (some of) the rest: another seat's hand, cards or dice
# still to come; [] when the seat knows everything (Nim). Each variant must look the same
# to that seat, and the canary below makes sure the variants differ where it matters.


def leaks(game: Game[Any], trace: Trace, view: Any, seed: int) -> list[str]:
    """Where `view` shows a seat something it may not know: a hidden variant of a state
    that `view` tells apart from the state itself."""
    found = []
    for step, (state, _) in enumerate(trace.states):
        for seat in range(game.seats(state)):
            shown = view(state, seat)
            for other in game.hidden_variants(state, seat, seed + step):
                if view(other, seat) != shown:
                    found.append(f"step {step}, seat {seat}")
    return found


# One who watches (`view(state, None)`: a spectator of a room's table) knows less than any
# seat: its view must be the same for every seat's hidden variants, and hold nothing that is
# one seat's to do.


def watch_leaks(game: Game[Any], trace: Trace, view: Any, seed: int) -> list[str]:
    """Where `view(state, None)` shows one who watches something a seat may not know: a
    hidden variant of any seat that it tells apart from the state itself."""
    found = []
    for step, (state, _) in enumerate(trace.states):
        shown = view(state, None)
        for seat in range(game.seats(state)):
            for other in game.hidden_variants(state, seat, seed + step):
                if view(other, None) != shown:
                    found.append(f"step {step}, a variant of seat {seat}'s")
    return found


def nested(value: Any) -> Iterator[Any]:
    """`value` and every value inside it (a view's dicts and lists, all the way down)."""
    yield value
    children = value.values() if isinstance(value, dict) else value if isinstance(
        value, list) else ()
    for child in children:
        yield from nested(child)


def check_watch(game: Game[Any], name: str, trace: Trace) -> None:
    """The view of one who watches: JSON, the envelope with `seat` None, the same `turn` as
    every seat's, `over` once the game has ended, and nothing any seat may do (no
    `actions`, no legal action anywhere in it); a replay shows it the same."""
    for state, _ in trace.states:
        watched = game.view(state, None)
        json.dumps(watched)
        assert set(ENVELOPE) <= set(watched), f"missing {set(ENVELOPE) - set(watched)}"
        assert (watched["game"], watched["seat"]) == (name, None)
        assert watched["over"] is (game.result(state) is not None), "over: the game ended"
        assert watched["turn"] == game.view(state, 0)["turn"], "another turn than the seats'"
        assert watched["deadline"] is None or type(watched["deadline"]) is int
        assert not watched.get("actions"), "one who watches has actions"
        moves = [action for seat in range(game.seats(state)) for action in game.legal(state, seat)]
        assert not [value for value in nested(watched) if value in moves], "a legal action"
    again = replay(game, trace.config, trace.seed, trace.log)
    assert game.view(again, None) == game.view(trace.state, None), "watched after replay"


@pytest.mark.parametrize("name", GAMES)
@EXAMPLES
@given(data=st.data(), seed=st.integers(0, 2**63 - 1))
def test_random_play(name: str, data: st.DataObject, seed: int) -> None:
    """Random legal play never crashes, never gets stuck (nobody to move and nothing due
    while the game runs: `play` asserts it), ends once; it replays, its states round-trip
    through their text form, its views carry the envelope and hide what seats may not
    know; the view of one who watches hides what any seat may not know."""
    game = get_game(name)
    trace = play(game, data)
    check_ends_once(game, trace)
    check_replay(game, trace, data.draw(st.integers(0, len(trace.log)), label="prefix"))
    check_text_round_trips(game, trace)
    check_envelope(game, name, trace)
    assert leaks(game, trace, game.view, seed) == [], "views hide what seats may not know"
    check_watch(game, name, trace)
    assert watch_leaks(game, trace, game.view, seed) == [], "one who watches sees a secret"


@pytest.mark.parametrize("name", GAMES)
@settings(EXAMPLES, max_examples=5)
@given(data=st.data())
def test_the_hidden_check_catches_a_leak(name: str, data: st.DataObject) -> None:
    """The canary: a view that also shows the whole state must be caught wherever the game
    says something is hidden, so variants that hide nothing cannot pass for a proof (a
    seat's view, and the view of one who watches)."""
    game = get_game(name)
    trace = play(game, data, steps=20)
    hides = any(game.hidden_variants(state, seat, 1) for state, _ in trace.states
                for seat in range(game.seats(state)))
    leaky = lambda state, seat: {**game.view(state, seat), "leak": repr(state)}  # noqa: E731
    assert bool(leaks(game, trace, leaky, 1)) == hides
    assert bool(watch_leaks(game, trace, leaky, 1)) == hides, "one who watches"


# --- refusals ---------------------------------------------------------------------------


CORE = Path(inspect.getfile(IllegalAction)).parent
"""klubovna/core: its checks raise codes every game shares (bad_action, not_your_seat...)."""


def strings_in(folder: Path) -> tuple[set[str], set[str]]:
    """Every string constant in the folder's modules, and those that are the first argument
    of an `IllegalAction(...)` call (a code written where it is raised)."""
    constants: set[str] = set()
    raised: set[str] = set()
    for module in folder.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.Call) and getattr(
                    node.func, "id", getattr(node.func, "attr", None)) == "IllegalAction":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    raised.add(first.value)
    return constants, raised


@pytest.mark.parametrize("name", GAMES)
def test_codes_name_every_refusal_in_the_source(name: str) -> None:
    """`codes` holds every code the game's own modules raise by name, and no code that
    neither they nor klubovna.core's checks write anywhere (a stale or misspelt one). Random
    play (test_bad_actions) meets only some refusals; this reads them all."""
    game = get_game(name)
    assert isinstance(game.codes, frozenset) and all(type(c) is str for c in game.codes)
    assert "bad_config" in game.codes, "new refuses a bad config with bad_config"
    package = Path(inspect.getfile(inspect.getmodule(game.apply))).parent  # type: ignore[arg-type]
    constants, raised = strings_in(package)
    assert raised - game.codes == set(), "raised but not declared"
    assert game.codes - constants - strings_in(CORE)[0] == set(), "declared, never written"


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "cell", "value", "heap", "count", "dice", "choice", "x"])
        | st.text(max_size=4), inner, max_size=4),
    max_leaves=6,
)
"""Anything a client could send as an action."""


@st.composite
def spoiled(draw: st.DrawFn, action: dict[str, Any]) -> dict[str, Any]:
    """A legal action made wrong: a field of the wrong type, one missing, one too many."""
    kind = draw(st.sampled_from(["retype", "drop", "extra"]))
    if kind == "retype":
        key = draw(st.sampled_from(sorted(action)))
        value = draw(junk.filter(lambda v: type(v) is not type(action[key])))
        return {**action, key: value}
    if kind == "drop":
        key = draw(st.sampled_from(sorted(action)))
        return {k: v for k, v in action.items() if k != key}
    return {**action, "unexpected": draw(junk)}


@pytest.mark.parametrize("name", GAMES)
@EXAMPLES
@given(data=st.data())
def test_bad_actions(name: str, data: st.DataObject) -> None:
    """Junk, a spoiled legal action, a seat that is not one, another seat's move: each gets
    an IllegalAction with a code from the game's known set, the same code when sent again,
    and leaves the state as it was."""
    game = get_game(name)
    trace = play(game, data, steps=data.draw(st.integers(0, 40), label="steps"))
    state, now = trace.state, trace.now
    seats = game.seats(state)
    legal = {seat: game.legal(state, seat) for seat in range(seats)}
    tries: list[tuple[Any, Any]] = []
    for seat in range(seats):
        sent = data.draw(junk, label="junk")
        if sent not in legal[seat]:
            tries.append((seat, sent))
        if legal[seat]:
            tries.append((seat, data.draw(spoiled(data.draw(st.sampled_from(legal[seat]))))))
    movable = [action for actions in legal.values() for action in actions]
    for seat in range(seats):
        if not legal[seat] and movable and game.result(state) is None:
            tries.append((seat, data.draw(st.sampled_from(movable), label="not yours")))
    if movable:
        wrong_seat = data.draw(st.sampled_from([-1, seats, "0", None, True, 0.0, [0]]))
        tries.append((wrong_seat, movable[0]))
    known = game.codes
    for seat, action in tries:
        code = refusal(game, state, seat, action, now).code
        assert code in known, f"{code!r} for {action!r} from seat {seat!r}"
        assert refusal(game, state, seat, action, now).code == code, "the code is not stable"


# --- the declarations -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@EXAMPLES
@given(data=st.data())
def test_settings_round_trip(name: str, data: st.DataObject) -> None:
    """Read settings read back the same; each setting's wrong values and unknown keys are
    `bad_config`, from `read_settings` and from `new` alike."""
    game = get_game(name)
    declared = game.settings
    config = data.draw(configs(game), label="config")
    values = read_settings(declared, config)
    assert read_settings(declared, values) == values
    assert read_settings(declared, json.loads(json.dumps(values))) == values
    try:
        game.new(values, 1)
    except IllegalAction as refused:
        # What the platform sets, it sets together (a group and its seats); what a client
        # may send and the settings allow, the game must take.
        if not (refused.code == "bad_config" and platform_set(game, values)):
            raise
        reject()
    json.dumps([setting.to_json() for setting in declared])
    bad: list[dict[str, Any]] = [{**values, "no_such_setting": 1}]
    for setting in declared:
        if setting.kind == "int":
            wrong: list[Any] = [True, "3", 2.5]
            wrong += [setting.minimum - 1] if setting.minimum is not None else []
            wrong += [setting.maximum + 1] if setting.maximum is not None else []
        elif setting.kind == "bool":
            wrong = [1, "true"]
        else:
            wrong = ["no-such-choice", [], True]
        bad += [{**values, setting.name: value} for value in wrong]
    for config in bad:
        for refuse in (lambda c: read_settings(declared, c), lambda c: game.new(c, 1)):
            with pytest.raises(IllegalAction) as refused:
                refuse(config)
            assert refused.value.code == "bad_config", config


@pytest.mark.parametrize("name", GAMES)
@EXAMPLES
@given(data=st.data())
def test_declarations(name: str, data: st.DataObject) -> None:
    """Seat range, leave policy, rooms, public kinds, `started`, and the outcomes of every
    finished game, which its statistics card reads."""
    game = get_game(name)
    fewest, most = game.seat_range
    assert 1 <= fewest <= most
    assert game.leaver in ("robot", "fold", "end")
    names = {setting.name for setting in game.settings}
    for room in game.rooms:
        assert isinstance(room, RoomPolicy)
        assert 1 <= room.seats[0] <= room.seats[1] <= most
        assert set(room.settings) <= names and set(room.fixed) <= names
        assert room.robots is None or isinstance(room.robots, str)  # the room's own setting
    for public in game.public:  # played alone, with settings the game has and accepts
        assert isinstance(public, PublicKind) and public.kind in ("ranked", "daily")
        assert fewest == 1
        read_settings(game.settings, {**public.requires, **public.fixed})
    trace = play(game, data, steps=200)
    first = trace.states[0][0]
    assert fewest <= game.seats(first) <= most
    assert game.started(first) is False
    if game.rooms:  # a room's host starts its game (klubovna/server/realtime/lobbies.py)
        assert {"type": "start"} in game.legal(first, 0)
    result = game.result(trace.state)
    if result is not None:
        outcomes = game.outcomes(result)
        assert [o.seat for o in outcomes] == list(range(game.seats(trace.state)))
        assert all(isinstance(o, SeatOutcome) and o.place >= 1 for o in outcomes)
        assert min(o.place for o in outcomes) == 1
        assert all(o.outcome in ("win", "loss", "draw", None) for o in outcomes)
        json.dumps([o.to_json() for o in outcomes])
        kind = game.rooms[0].kind if game.rooms and game.seats(first) > 1 else "solo"
        for o in outcomes:
            card = game.statistics([Played(kind, o.place, o.outcome, o.score, o.figures)],
                                   date(2026, 12, 1))
            assert card["games"] == 1
            json.dumps(card)


@pytest.mark.parametrize("name", GAMES)
@EXAMPLES
@given(data=st.data())
def test_leaving_seats(name: str, data: st.DataObject) -> None:
    """A seat that leaves is out (its game ends, with "end"); leaves replay like moves; one
    who watches sees the game end when it ends."""
    game = get_game(name)
    trace = play(game, data, leaves=True)
    check_watch(game, name, trace)
    for i, entry in enumerate(trace.log):
        if entry["kind"] != "leave":
            continue
        after = trace.states[i + 1][0]
        assert not game.legal(after, entry["seat"]), "a seat that left still has moves"
        if game.leaver == "end":
            assert game.result(after) is not None
    assert replay(game, trace.config, trace.seed, trace.log) == trace.state


def test_every_game_is_covered() -> None:
    """The suite runs over the registry, Nim included, and new games need no edit."""
    assert {"matematicky-poker", "kostkovy-poker", "nim"} <= set(GAMES)
    assert NOW > 0

"""Random legal play of any registered game, drawn by hypothesis, recorded as a trace.

A seat with moves picks one of `legal(state, seat)`; time moves on in small steps and now
and then jumps past `next_deadline`, which is settled by a tick (`advance`), as a table
does. Every state reached is kept with the log that led to it, so each property of the
contract suite is checked at every step.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from klubovna.core import Game, IllegalAction
from klubovna.core.declarations import Setting

NOW = 1_700_000_000_000
MAX_STEPS = 80
"""Enough for whole games of Nim and several hands or cards of the others; the property is
"ends or stays bounded": a game that has not ended after this many steps still had a move
or a deadline at every one."""
SPAN = 6
"""A setting's whole numbers are drawn from its minimum to minimum + SPAN (a 50-seat group
is no better test than a 6-seat one, and far slower)."""

Entry = dict[str, Any]


@dataclass
class Trace:
    """A played game: its config and seed, the log, and every state with the time it was
    reached (states[0] is the new game at NOW, states[i + 1] follows log[i])."""

    game: Game[Any]
    config: dict[str, Any]
    seed: int
    log: list[Entry] = field(default_factory=list)
    states: list[tuple[Any, int]] = field(default_factory=list)

    @property
    def state(self) -> Any:
        return self.states[-1][0]

    @property
    def now(self) -> int:
        return self.states[-1][1]


def setting_values(setting: Setting) -> st.SearchStrategy[Any]:
    if setting.kind == "int":
        low = setting.minimum if setting.minimum is not None else 0
        high = low + SPAN if setting.maximum is None else min(setting.maximum, low + SPAN)
        values: st.SearchStrategy[Any] = st.integers(low, high)
    elif setting.kind == "bool":
        values = st.booleans()
    else:
        values = st.sampled_from(setting.choices)
    if setting.optional:
        values = st.none() | values
    if not setting.public and setting.kind == "int":
        values = st.just(setting.default)  # what only the platform sets stays as it does
    return values


@st.composite
def configs(draw: st.DrawFn, game: Game[Any]) -> dict[str, Any]:
    """A config the game's settings allow: each setting drawn in its range (or left out, for
    the default), those that do not apply (`only_when`) left out."""
    config: dict[str, Any] = {}
    for setting in game.settings:
        if setting.applies(config) and (setting.required or draw(st.booleans())):
            config[setting.name] = draw(setting_values(setting))
        elif setting.applies(config):
            config[setting.name] = setting.default  # later only_when conditions read it
    return {k: v for k, v in config.items() if v is not None}


seeds = st.integers(0, 2**63 - 1)


def platform_set(game: Game[Any], config: Mapping[str, Any]) -> bool:
    """Whether `config` sets a setting only the platform sets (not `public`) to other than
    its default."""
    return any(not setting.public and config.get(setting.name, setting.default)
               != setting.default for setting in game.settings)


def play(
    game: Game[Any], data: st.DataObject, *, leaves: bool = False, steps: int = MAX_STEPS
) -> Trace:
    """One random game; with `leaves`, seats now and then leave (`game.leave`, logged as
    {"kind": "leave", "seat", "now"}; not where a computer player takes a leaver's seat,
    as the table does that and the game never hears of it). Once every seat has left the
    trace ends: the table is abandoned then, and no game has to move on for nobody (a
    Matematický poker duel both leave before its start has no move and no deadline)."""
    config = data.draw(configs(game), label="config")
    seed = data.draw(seeds, label="seed")
    try:
        first = game.new(config, seed)
    except IllegalAction as refused:
        if refused.code == "bad_config" and platform_set(game, config):
            reject()  # what the platform sets, it sets together (a group and its seats)
        raise  # what a client may send and the settings allow, the game must take
    trace = Trace(game, config, seed, states=[(first, NOW)])
    left: set[int] = set()
    for _ in range(steps):
        state, now = trace.state, trace.now
        if game.result(state) is not None or len(left) == game.seats(state):
            break
        now += data.draw(st.integers(0, 400), label="wait")
        deadline = game.next_deadline(state)
        # Each seat's moves, asked once a step: `legal` is the costly call of most games.
        legal = {seat: game.legal(state, seat) for seat in range(game.seats(state))}
        seats = [seat for seat, actions in legal.items() if actions]
        jump = deadline is not None and (not seats or data.draw(st.integers(0, 5)) == 0)
        if jump:
            assert deadline is not None
            now = max(now, deadline + data.draw(st.integers(0, 2_000), label="late"))
        if deadline is not None and now >= deadline:
            entry: Entry = {"kind": "tick", "now": now}
            state, _ = game.advance(state, now)
            trace.log.append(entry)
            trace.states.append((state, now))
            continue
        assert seats, f"stuck: nobody can move and nothing is due in {state!r}"
        if leaves and game.leaver != "robot" and data.draw(st.integers(0, 15), label="leave?") == 0:
            seat = data.draw(st.integers(0, game.seats(state) - 1), label="leaver")
            state, _ = game.leave(state, seat, now)
            trace.log.append({"kind": "leave", "seat": seat, "now": now})
            left.add(seat)
        else:
            # An index, not sampled_from: a new sampled_from of dicts every step costs
            # hypothesis more than the game's move (it checks and labels every element).
            seat = seats[data.draw(st.integers(0, len(seats) - 1), label="seat #")]
            actions = legal[seat]
            action = actions[data.draw(st.integers(0, len(actions) - 1), label="action #")]
            state, _ = game.apply(state, seat, action, now)
            trace.log.append({"kind": "act", "seat": seat, "action": action, "now": now})
        trace.states.append((state, now))
    return trace


def replay(game: Game[Any], config: Mapping[str, Any], seed: int, log: list[Entry]) -> Any:
    """The state after `log` on a new game: what a table rebuilds after a restart."""
    state = game.new(config, seed)
    for entry in log:
        if entry["kind"] == "act":
            state, _ = game.apply(state, entry["seat"], entry["action"], entry["now"])
        elif entry["kind"] == "leave":
            state, _ = game.leave(state, entry["seat"], entry["now"])
        else:
            state, _ = game.advance(state, entry["now"])
    return state


def refusal(game: Game[Any], state: Any, seat: Any, action: Any, now: int) -> IllegalAction:
    """The IllegalAction `apply` raises; fails if it accepts the action, raises anything
    else, or changes the state it was given."""
    before = copy.deepcopy(state)
    try:
        game.apply(state, seat, action, now)
    except IllegalAction as error:
        assert state == before, "a refused action changed the state"
        return error
    raise AssertionError(f"accepted {action!r} from seat {seat!r}")

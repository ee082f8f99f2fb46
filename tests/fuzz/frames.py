"""Hypothesis strategies for what a broken or hostile client sends: binary frames, broken
JSON, deep nesting, huge frames, wrong types, unknown kinds, wrong seqs and keys, random
JSON; and game actions bent out of shape (a legal move with a field changed, dropped or
added)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from klubovna.tables.protocol import MAX_MESSAGE_BYTES, MAX_SEQ

Frame = str | bytes

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**64), 2**64),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from([0, -1, 1, 13, 24, 25, 99, MAX_SEQ, MAX_SEQ + 1, "", "0", "leave"]),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["t", "seq", "action", "key", "since", "agree", "type", "cell",
                         "value", "choice", ""]) | st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


def nested(depth: int, brackets: str) -> str:
    if brackets == "[":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


BROKEN_JSON = ['{', '{"t":', 'nul', '[1,2', '{"t":"act","seq":1,"action":{}', "\x00", "'t'",
               '{"t":"ping",}', "NaN", '{"t": "ping"} {"t": "ping"}', "\ufeff{}"]
SHAPES: list[Any] = [
    {}, [], "hello", 5, None, True, {"t": 5}, {"t": "nope"}, {"t": "ACT"}, {"t": None},
    {"t": "act"}, {"t": "act", "seq": 1}, {"t": "act", "action": {}},
    {"t": "act", "seq": "1", "action": {}}, {"t": "act", "seq": 1.5, "action": {}},
    {"t": "act", "seq": True, "action": {}}, {"t": "act", "seq": 0, "action": {}},
    {"t": "act", "seq": -3, "action": {}}, {"t": "act", "seq": MAX_SEQ + 1, "action": {}},
    {"t": "act", "seq": 2**64, "action": {}}, {"t": "act", "seq": 1, "action": []},
    {"t": "act", "seq": 1, "action": "draw"}, {"t": "act", "seq": 1, "action": {}, "x": 1},
    {"t": "hello"}, {"t": "hello", "key": 5}, {"t": "hello", "key": ""},
    {"t": "hello", "key": "k", "since": -1}, {"t": "hello", "key": "k", "since": "1"},
    {"t": "hello", "key": "k", "seq": 1, "x": None}, {"t": "ping", "seq": 0},
    {"t": "ping", "seq": "1"}, {"t": "ping", "now": 1}, {"t": "again", "agree": "yes"},
    {"t": "start", "seq": 1}, {"t": "leave", "now": 1}, {"t": "pong", "now": 1},
    {"t": "view"},
]
"""Messages of the wrong shape (a few are right on a lobby's socket only: start, leave)."""

junk_frames: st.SearchStrategy[Frame] = st.one_of(
    st.binary(max_size=32),
    st.sampled_from(BROKEN_JSON),
    st.text(max_size=20).filter(lambda text: not _is_json(text)),
    st.tuples(st.integers(17, 200), st.sampled_from("[{")).map(lambda d: nested(*d)),
    st.just(nested(2000, "[")),  # deeper than the parser's stack, within 4 KiB
    st.integers(1, 3).map(lambda n: json.dumps({"t": "ping", "pad": "x" * (
        MAX_MESSAGE_BYTES * n)})),
    st.sampled_from(SHAPES).map(json.dumps),
    json_values.map(json.dumps),
)
"""Frames no client should send: some are no message (answered with an error), a few
may happen to be one (answered as such)."""


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Bend:
    """How to bend a legal move: a field's value changed, a field dropped, one added, or
    another type. Drawn whatever the move (the same draws for every move, so a run's draws
    do not hang on the server's answers: hypothesis replays them)."""

    how: str
    pick: int
    value: Any
    key: str
    kind: str

    def __call__(self, move: dict[str, Any]) -> dict[str, Any]:
        action, keys = dict(move), sorted(move)
        if self.how == "change" and keys:
            action[keys[self.pick % len(keys)]] = self.value
        elif self.how == "drop" and keys:
            del action[keys[self.pick % len(keys)]]
        elif self.how == "type":
            action["type"] = self.kind
        else:
            action[self.key] = self.value
        return action


bends = st.builds(
    Bend, st.sampled_from(["change", "drop", "add", "type"]), st.integers(0, 2**16),
    json_values, st.text(max_size=6),
    st.sampled_from(["leave", "start", "", "DRAW", "tick"]) | st.text(max_size=8))

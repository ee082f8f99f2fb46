"""Protocol fuzzing: any message, however odd, is answered and never corrupts the table."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from klubovna.tables import Table, hash_key
from klubovna.tables.registry import get_game

KEY = "k"
T0 = 1_700_000_000_000

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["start", "draw", "place", "joker", "kept_joker", "fly"])},
    optional={"cell": json_values | st.integers(-3, 27), "value": json_values | st.integers(-1, 15),
              "choice": st.sampled_from(["keep", "now", "later"]) | json_values},
)
messages = json_values | st.fixed_dictionaries(
    {"t": st.sampled_from(["act", "hello", "ping", "nope"]) | json_values},
    optional={"seq": st.integers(-2, 40) | json_values, "action": actions | json_values,
              "key": st.just(KEY) | json_values, "since": json_values},
)


@settings(max_examples=300, deadline=None)
@given(st.lists(messages, max_size=25), st.sampled_from(["easy", "hard"]))
def test_any_message_is_answered_and_only_valid_actions_change_the_table(
    stream: list[Any], mode: str
) -> None:
    config = {"mode": mode, "seconds": 5} if mode == "hard" else {}
    table = Table("f", get_game("matematicky-poker"), config, 3, [hash_key(KEY)])
    now = T0
    for message in stream:
        now += 700
        before_state, before_version = table.state, table.version
        step = table.handle(0, message, now)
        outbox = table.commit(step, now)
        assert outbox, "every message gets an answer"
        if step.entry is None:
            assert table.state is before_state and table.version == before_version
        else:
            assert table.version == before_version + 1
            assert outbox[0][1]["ack"] == message["seq"]
        for _, reply in outbox:
            assert reply["t"] in {"view", "error", "pong"}
            if reply["t"] == "error":
                assert isinstance(reply["code"], str) and reply["message"]
    copy = Table.restore("f", table.game, config, 3, table.key_hashes, table.log)
    assert copy.state == table.state

"""The Table: message protocol, resent actions, ticks, two-phase commit, restore."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klubovna.tables import Table, hash_key, parse_client_message
from klubovna.tables.protocol import Act, Hello, Ping, ProtocolError
from klubovna.tables.registry import get_game
from klubovna.tables.table import events_for, split_events

ENGINE = get_game("matematicky-poker")
KEY = "secret-key"
T0 = 1_700_000_000_000


def make_table(**config: Any) -> Table:
    return Table("t1", ENGINE, config, seed=7, key_hashes=[hash_key(KEY)])


def act(table: Table, seq: int, action: dict[str, Any], now: int = T0) -> list[Any]:
    step = table.handle(0, {"t": "act", "seq": seq, "action": action}, now)
    return table.commit(step, now)


def keep_jokers(table: Table, seq: int, now: int = T0) -> int:
    while table.game.view(table.state, 0)["hand"]["kind"] == "joker":
        seq += 1
        act(table, seq, {"type": "joker", "choice": "keep"}, now)
    return seq


def test_parse_client_messages() -> None:
    assert parse_client_message({"t": "ping"}) == Ping()
    assert parse_client_message({"t": "ping", "seq": 7}) == Ping(7)
    assert parse_client_message({"t": "hello", "key": "k", "since": 3}) == Hello("k", 3)
    assert parse_client_message({"t": "act", "seq": 2, "action": {}}) == Act(2, {})
    for bad in [None, [], {"t": 1}, {"t": "act", "seq": True, "action": {}},
                {"t": "hello", "key": ""}, {"t": "hello", "key": "k", "since": -1},
                {"t": "ping", "x": 1}, {"t": "ping", "seq": 0}, {"t": "ping", "seq": "1"},
                {"t": "act", "seq": 2**53, "action": {}}]:
        with pytest.raises(ProtocolError) as error:
            parse_client_message(bad)
        assert error.value.code == "bad_message"


def test_a_ping_is_answered_with_its_seq() -> None:
    table = make_table()
    assert table.handle(0, {"t": "ping"}, T0).replies == [(0, {"t": "pong", "now": T0})]
    step = table.handle(0, {"t": "ping", "seq": 4}, T0)
    assert step.replies == [(0, {"t": "pong", "seq": 4, "now": T0})] and step.entry is None


def test_keys_are_hashed_and_checked() -> None:
    table = make_table()
    assert KEY not in table.key_hashes[0]
    assert table.seat_for_key(KEY) == 0
    assert table.seat_for_key("other") is None


def test_an_action_is_committed_only_after_commit() -> None:
    table = make_table()
    step = table.handle(0, {"t": "act", "seq": 1, "action": {"type": "start"}}, T0)
    assert step.entry is not None and step.entry.version == 1
    assert table.version == 0 and not table.game.view(table.state, 0)["started"]
    outbox = table.commit(step, T0)
    assert table.version == 1 and table.game.view(table.state, 0)["started"]
    [(seat, message)] = outbox
    assert seat == 0 and message["t"] == "view" and message["ack"] == 1
    assert message["version"] == 1 and message["now"] == T0
    assert [event["type"] for event in message["events"]][-1] == "drawn"


def test_resent_and_illegal_actions_change_nothing() -> None:
    table = make_table()
    act(table, 1, {"type": "start"})
    seq = keep_jokers(table, 1)
    act(table, seq + 1, {"type": "place", "cell": 4})
    version, state = table.version, table.state
    step = table.handle(0, {"t": "act", "seq": seq + 1, "action": {"type": "place", "cell": 5}}, T0)
    assert step.entry is None
    [(_, reply)] = table.commit(step, T0)
    assert reply["t"] == "view" and reply["ack"] == seq + 1 and reply["version"] == version
    assert table.state is state
    [(_, error)] = act(table, seq + 2, {"type": "place", "cell": 4})
    assert error == {"t": "error", "seq": seq + 2, "code": "cell_taken",
                     "message": error["message"]}
    assert table.version == version
    [(_, error)] = table.commit(table.handle(0, {"t": "nope"}, T0), T0)
    assert error["code"] == "bad_message" and table.version == version


def test_hello_checks_the_key_and_sends_missed_events() -> None:
    table = make_table()
    act(table, 1, {"type": "start"})
    seq = keep_jokers(table, 1)
    act(table, seq + 1, {"type": "place", "cell": 0})
    [(_, wrong)] = table.commit(table.handle(0, {"t": "hello", "key": "x"}, T0), T0)
    assert wrong["code"] == "bad_key"
    [(_, view)] = table.commit(table.handle(0, {"t": "hello", "key": KEY, "since": 0}, T0), T0)
    types = [event["type"] for event in view["events"]]
    assert types.count("drawn") == table.game.view(table.state, 0)["kept_jokers"] + 2
    assert "placed" in types and view["version"] == table.version


def test_tick_only_when_a_deadline_is_due() -> None:
    table = make_table(mode="hard", seconds=5)
    assert table.tick(T0).entry is None  # not started: no deadline
    act(table, 1, {"type": "start"})
    deadline = table.next_deadline()
    assert deadline is not None and deadline == T0 + 5000 + 1500 + 1
    assert table.tick(deadline - 1).entry is None
    step = table.tick(deadline)
    assert step.entry is not None and step.entry.kind == "tick"
    table.commit(step, deadline)
    view = table.game.view(table.state, 0)
    assert view["forfeited"] + view["kept_jokers"] == 1


def test_restore_replays_the_log_exactly() -> None:
    table = make_table(mode="hard", seconds=5)
    act(table, 1, {"type": "start"})
    now, seq = T0, 1
    for cell in range(10):
        now += 1000
        seq = keep_jokers(table, seq, now)
        seq += 1
        act(table, seq, {"type": "place", "cell": cell}, now)
    step = table.tick(now + 10_000)
    table.commit(step, now + 10_000)
    copy = Table.restore("t1", ENGINE, table.config, 7, table.key_hashes, list(table.log))
    assert copy.state == table.state
    assert copy.version == table.version and copy.last_seq == table.last_seq
    assert copy.event_log == table.event_log


EVENTS = st.lists(st.fixed_dictionaries(
    {"type": st.sampled_from(["dealt", "drawn", "placed"]), "n": st.integers(0, 9)},
    optional={"to": st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True)},
), max_size=12)


@given(EVENTS)
def test_split_events_gives_every_seat_what_events_for_gives_it(events: list[Any]) -> None:
    split = split_events(events, 6)
    assert [events_for(events, seat) for seat in range(6)] == split

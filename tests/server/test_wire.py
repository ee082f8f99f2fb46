"""The fan-out encoder: the same JSON as json.dumps, with shared view parts encoded once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from klubovna.core import SharedView
from klubovna.server.realtime import wire
from klubovna.server.realtime.hub import Hub, LiveTable
from klubovna.server.realtime.wire import Encoder
from klubovna.server.storage.store import Store
from klubovna.tables import Table
from klubovna.tables.registry import get_game

GROUP = {"mode": "easy", "variant": "group", "seats": 50, "dealer_plays": False}


def group_table() -> Table:
    table = Table("t", get_game("matematicky-poker"), GROUP, 7, ["h"] * 50)
    table.commit(table.act_for(0, {"type": "start"}, 1_000), 1_000)
    return table


def draw(table: Table, now: int) -> list[tuple[int, dict[str, Any]]]:
    return table.commit(table.act_for(0, {"type": "draw"}, now), now)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every value the encoder's json.dumps sees."""
    seen: list[Any] = []
    encode = wire._dumps

    def counting(value: Any) -> str:
        seen.append(value)
        return encode(value)

    monkeypatch.setattr(wire, "_dumps", counting)
    return seen


@pytest.mark.parametrize("message", [
    {"t": "pong", "now": 5},
    {"t": "error", "seq": None, "code": "bad", "message": "Žluťoučký \"kůň\"\n\u2028"},
    {"t": "view", "version": 3, "after": 2, "now": 9, "ack": 4, "events": [{"type": "x"}],
     "view": {"a": [1, None, True], "b": {"c": 1.5}, "d": False, "e": "ř"}},
    {"t": "view", "version": 1, "after": 0, "now": 9, "events": [],
     "view": SharedView({"a": 1, "b": [2]}, {}, {"c": {"d": None}})},
    {"view": SharedView({}, {}), "t": "view"},
    {"view": SharedView({}, {"a": "x"}, {}), "events": []},
])
def test_same_json_as_json_dumps(message: dict[str, Any]) -> None:
    text = Encoder().message(message)
    assert json.loads(text) == message
    assert text == wire.dumps(message) or isinstance(message.get("view"), SharedView)


def test_group_views_round_trip_over_many_fan_outs() -> None:
    table, encoder = group_table(), Encoder()
    for step in range(12):
        outbox = draw(table, 2_000 + step)
        encoder = encoder.next()
        assert len(outbox) == 50
        for _, message in outbox:
            assert json.loads(encoder.message(message)) == message


def test_a_draw_encodes_the_public_part_and_events_once_and_unchanged_players_not_again(
    counted: list[Any],
) -> None:
    table = group_table()
    encoder = Encoder()
    for _, message in draw(table, 2_000):
        encoder.message(message)
    public = table.game.view(table.state, 1).public  # type: ignore[attr-defined]
    assert sum(value is public["seats"] for value in counted) == 1
    assert sum(value is public["ranking"] for value in counted) == 1
    # The next draw changes no player's own part (nobody placed): the 49 players get one
    # public update, encoded once, and no own part is encoded again.
    counted.clear()
    encoder = encoder.next()
    outbox = draw(table, 2_001)
    texts = {encoder.message(message) for _, message in outbox}
    updates = [message for _, message in outbox if message.get("public")]
    assert len(updates) == 49 and all(message is updates[0] for message in updates)
    assert len(texts) == 2  # the update, and the dealer's own view (the cards dealt)
    public = updates[0]["view"].public
    # Nobody's board changed and a seat's entry says what it handled, not its queue: the
    # very seats and ranking of the draw before, not encoded again.
    assert not any(value is public["seats"] or value is public["ranking"] for value in counted)
    own = [part for seat in range(1, 50)
           for part in table.game.view(table.state, seat).own]  # type: ignore[attr-defined]
    assert not any(value is part for value in counted for part in own)
    # Its events are all public (nobody's hand changed): one list for all, encoded once.
    events = table.event_log[-1]
    assert all(message["events"] is events for _, message in outbox)
    assert events and sum(value is events for value in counted) == 1


class Null:
    async def send_text(self, data: str) -> None:
        pass

    def send_now(self, data: str) -> bool:
        return True


def test_a_fan_out_with_nothing_to_send_keeps_the_texts(
    counted: list[Any], sqlite_store: Store
) -> None:
    """The hub settles a tick before every action, mostly with nothing due: that empty
    fan-out must not forget the texts the next one uses again."""
    hub, table = Hub(sqlite_store), group_table()
    live = LiveTable(table, connections={seat: {Null()} for seat in range(50)})

    async def run() -> None:
        await hub.send_all(live, draw(table, 2_000))
        await hub.send_all(live, [])
        counted.clear()
        await hub.send_all(live, draw(table, 2_001))

    asyncio.run(run())
    public = table.game.view(table.state, 1).public  # type: ignore[attr-defined]
    assert counted and not any(value is public["ranking"] for value in counted)

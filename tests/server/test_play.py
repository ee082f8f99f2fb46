"""Whole games through the real server: HTTP to create, the socket to play."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from typing import Any

import httpx

from klubovna.games.matematicky_poker import GRACE_MS
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from tests.games.matematicky_poker import VIEW_KEYS
from tests.server.live import LiveServer, hold_number, next_move, play_out


def test_full_easy_game(server: LiveServer) -> None:
    table_id, key = server.create(mode="easy")
    with server.socket(table_id) as client:
        first = client.hello(key)
        assert first["t"] == "view" and first["version"] == 0
        assert first["view"]["hand"] is None and not first["view"]["started"]
        view = play_out(client, first["view"])
    assert view["over"] and view["forfeited"] == 0
    assert all(value is not None for value in view["board"])
    assert view["deadline"] is None
    # The HTTP view agrees with the socket and nothing was lost.
    got = httpx.get(f"{server.http}/api/tables/{table_id}",
                    headers={"Authorization": f"Bearer {key}"}).json()
    assert got["view"]["board"] == view["board"]
    assert got["view"]["score"] == view["score"]
    assert got["version"] >= 25


def test_full_hard_game(server: LiveServer) -> None:
    table_id, key = server.create(mode="hard", seconds=30, table="matematico")
    with server.socket(table_id) as client:
        client.hello(key)
        started = client.act({"type": "start"})
        view = started["view"]
        assert view["mode"] == "hard" and view["seconds"] == 30
        # The deadline is absolute server time: drawn now + 30 s (the grace is not shown).
        assert 29_000 <= view["deadline"] - started["now"] <= 30_000
        view = play_out(client, view)
    assert view["over"] and view["forfeited"] == 0 and view["deadline"] is None
    assert all(value is not None for value in view["board"])


def test_forfeit_at_the_deadline(server: LiveServer) -> None:
    table_id, key = server.create(mode="hard", seconds=3)
    with server.socket(table_id) as client:
        client.hello(key)
        started = client.act({"type": "start"})["view"]
        # Nothing sent: the server's sweeper forfeits the number once its clock is past the
        # 3 s and the 1.5 s grace (skipped to, not waited for).
        expires = started["deadline"] + GRACE_MS + 1
        server.skip_to(expires)
        while True:
            message = client.recv(timeout=10)
            if message["t"] == "view" and (
                message["view"]["forfeited"] or message["view"]["kept_jokers"]
            ):
                break
        assert message["now"] >= expires  # not a moment before its time
        view = message["view"]
        kinds = [event["type"] for event in message["events"]]
        if started["hand"]["kind"] == "number":
            assert view["forfeited"] == 1 and "forfeited" in kinds
        else:  # an undecided joker is kept, never lost
            assert view["kept_jokers"] == 1 and view["forfeited"] == 0
        assert view["hand"] is not None and view["deadline"] > started["deadline"]
        assert all(value is None for value in view["board"])


def test_resent_action_is_answered_not_applied_twice(server: LiveServer) -> None:
    table_id, key = server.create()
    with server.socket(table_id) as client:
        client.hello(key)
        hold_number(client, client.act({"type": "start"})["view"])
        placed = client.act({"type": "place", "cell": 12})
        assert placed["view"]["board"][12] is not None
        version = placed["version"]
        # The same seq again, as a client would after a lost acknowledgement.
        client.send({"t": "act", "seq": client.seq, "action": {"type": "place", "cell": 13}})
        again = client.reply_to(client.seq)
        assert again["t"] == "view" and again["version"] == version
        assert again["view"]["board"] == placed["view"]["board"]
        assert again["view"]["board"][13] is None


def test_reconnect_gets_missed_events(server: LiveServer) -> None:
    table_id, key = server.create()
    with server.socket(table_id) as client:
        client.hello(key)
        hold_number(client, client.act({"type": "start"})["view"])
        seen = client.act({"type": "place", "cell": 0})
        hold_number(client, seen["view"])
        hold_number(client, client.act({"type": "place", "cell": 1})["view"])
        last = client.act({"type": "place", "cell": 2})
    with server.socket(table_id) as client:
        resumed = client.hello(key, since=seen["version"])
        assert resumed["version"] == last["version"]
        placed = [event["cell"] for event in resumed["events"] if event["type"] == "placed"]
        assert placed == [1, 2]


def test_a_hello_since_a_version_the_table_never_had_is_a_fresh_start(
        server: LiveServer) -> None:
    """(Found by tests/fuzz: it was answered `after` 5 for `version` 0, events after a
    version ahead of the view.)"""
    table_id, key = server.create()
    with server.socket(table_id) as client:
        client.hello(key)
        started = client.act({"type": "start"})
    with server.socket(table_id) as client:
        fresh = client.hello(key, since=started["version"] + 5)
        assert fresh["after"] == fresh["version"] == started["version"]
        assert fresh["events"] == []



def test_nothing_undrawn_reaches_the_client(server: LiveServer) -> None:
    """Every message only shows cards already drawn, in the order of the stored deck."""
    table_id, key = server.create(mode="hard", seconds=60)
    received: list[dict[str, Any]] = []
    with server.socket(table_id) as client:
        received.append(client.hello(key))
        received.append(client.act({"type": "start"}))
        view = received[-1]["view"]
        while (move := next_move(view)) is not None:
            client.seq += 1
            client.send({"t": "act", "seq": client.seq, "action": move})
            received.append(client.recv())
            view = received[-1]["view"]
        client.send({"t": "act", "seq": client.seq + 1, "action": {"type": "place", "cell": 0}})
        received.append(client.recv())  # an error after the end
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        (seed,) = db.execute("SELECT seed FROM tables WHERE id = ?", (table_id,)).fetchone()
    deck = shuffled_deck(seed)
    drawn: list[int] = []
    for message in received:
        text = json.dumps(message)
        assert "deck" not in text and "seed" not in text and str(seed) not in text
        if message["t"] != "view":
            continue
        assert set(message["view"]) == VIEW_KEYS
        for event in message["events"]:
            if event["type"] == "drawn":
                card = event["card"]
                drawn.append(card["value"] if card["kind"] == "number" else JOKER)
        position = len(deck) - message["view"]["cards_left"]
        assert drawn == list(deck[:position])  # exactly the drawn prefix, never more
        hand = message["view"]["hand"]
        if hand is not None:
            assert (hand.get("value") or JOKER) == deck[position - 1]
        shown = [v for v, joker in zip(message["view"]["board"], message["view"]["jokers"],
                                       strict=True) if v is not None and not joker]
        assert not Counter(shown) - Counter(deck[:position])

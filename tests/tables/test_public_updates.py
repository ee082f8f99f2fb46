"""Public updates (docs/api.md): a seat whose own view parts a step left unchanged gets the
step's public part only. Merged into the view the seat holds, it must give exactly the
view the seat would have been sent in full, whatever the players do."""

from __future__ import annotations

import random
from typing import Any

import pytest

from klubovna.core import SharedView
from klubovna.tables import Table
from klubovna.tables.registry import get_game

ENGINE = get_game("matematicky-poker")
T0 = 1_700_000_000_000
SEATS = 6


def deliver(clients: list[Client], outbox: list[tuple[int, dict[str, Any]]]) -> None:
    for seat, message in outbox:
        clients[seat].receive(message)


def check_same_own(before: Any, after: Any) -> None:
    """The game's shortcut (Table.commit skips the views it vouches for): when it says a
    seat's own parts stayed, they are equal to those of the view before."""
    same = ENGINE.same_own(before, after)
    for seat in range(SEATS):
        if seat in same:
            old, new = ENGINE.view(before, seat), ENGINE.view(after, seat)
            assert isinstance(old, SharedView) and isinstance(new, SharedView)
            assert old.own == new.own, f"seat {seat}"


class Client:
    """What one seat's browser holds: the last full view, public updates merged in."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.version = 0
        self.updates = 0

    def receive(self, message: dict[str, Any]) -> None:
        if message["t"] != "view":
            return
        assert message["after"] == self.version or self.view is None
        if message.get("public"):
            assert self.view is not None, "a public update before any full view"
            assert set(message["view"]) <= set(self.view)
            self.view = {**self.view, **message["view"]}
            self.updates += 1
        else:
            self.view = dict(message["view"])
        self.version = message["version"]


@pytest.mark.parametrize("seconds", [None, 20])
@pytest.mark.parametrize("dealer_plays", [False, True])
def test_merged_public_updates_equal_the_full_views(dealer_plays: bool,
                                                    seconds: int | None) -> None:
    config = {"variant": "group", "seats": SEATS, "dealer_plays": dealer_plays,
              "mode": "hard" if seconds else "easy", **({"seconds": seconds} if seconds else {})}
    updates = 0
    for seed in range(6):
        rng = random.Random(seed)
        table = Table("t", ENGINE, config, seed, ["h"] * SEATS)
        clients = [Client() for _ in range(SEATS)]
        now = T0

        deliver(clients, table.commit(table.act_for(0, {"type": "start"}, now), now))
        for _ in range(300):
            if table.over:
                break
            now += rng.choice([300, 2_000, 9_000])
            deliver(clients, table.commit(table.tick(now), now))
            seat = 0 if rng.random() < 0.3 else rng.randrange(SEATS)
            actions = [a for a in table.game.legal(table.state, seat) if a["type"] != "end"]
            if actions:
                before = table.state
                deliver(clients, table.commit(table.act_for(seat, rng.choice(actions), now), now))
                check_same_own(before, table.state)
            if rng.random() < 0.5:
                deliver(clients, table.flush(now))
            for each, client in enumerate(clients):
                if table.sent[each] == table.version:
                    full = table.game.view(table.state, each)
                    assert client.view == dict(full), f"seed {seed}, seat {each}"
        updates += sum(client.updates for client in clients)
    assert updates > 50  # the updates did happen (and were checked)


def test_a_seat_behind_or_acknowledged_gets_a_full_view() -> None:
    table = Table("t", ENGINE, {"variant": "group", "seats": 3, "dealer_plays": False}, 1,
                  ["h"] * 3)
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    table.commit(table.act_for(0, {"type": "draw"}, T0), T0)  # first views: full
    outbox = dict(table.commit(table.act_for(0, {"type": "draw"}, T0), T0))
    assert outbox[1].get("public") and outbox[1] is outbox[2]
    view = outbox[1]["view"]
    assert isinstance(view, SharedView) and view.parts == (view.public,)
    # The dealer's own part (the cards dealt) changed: a full view, with the seat's fields.
    assert "public" not in outbox[0] and outbox[0]["view"]["dealt"]
    # A seat that missed a version gets everything in full.
    table.sent[2] -= 1
    outbox = dict(table.commit(table.act_for(0, {"type": "draw"}, T0), T0))
    assert outbox[1].get("public") and "public" not in outbox[2]
    assert outbox[2]["after"] == table.version - 2 and "board" in outbox[2]["view"]


def test_a_new_connection_counts_as_sent_so_the_next_draw_is_the_public_update() -> None:
    """A table rebuilt from its log (a restart) knows no seat's own view parts: the views
    its people get on connecting (Table.welcome) count, so the next draw reaches them as
    the one public update, not as a full view each."""
    config = {"variant": "group", "seats": 3, "dealer_plays": False}
    first = Table("t", ENGINE, config, 1, ["h"] * 3)
    first.commit(first.act_for(0, {"type": "start"}, T0), T0)
    for _ in range(2):
        first.commit(first.act_for(0, {"type": "draw"}, T0), T0)
    table = Table.restore(first.id, first.game, first.config, first.seed, first.key_hashes,
                          first.log)
    clients = [Client() for _ in range(3)]
    for seat, client in enumerate(clients):
        client.receive(table.welcome(seat, T0, since=None))
    outbox = dict(table.commit(table.act_for(0, {"type": "draw"}, T0), T0))
    assert outbox[1].get("public") and outbox[1] is outbox[2]
    assert outbox[1]["after"] == table.version - 1 == first.version
    deliver(clients, list(outbox.items()))
    for seat, client in enumerate(clients):
        assert client.view == dict(table.game.view(table.state, seat))
    # A stale seat's other connections are behind: a new one of its is not counted.
    table.sent[2] -= 1
    table.stale.add(2)
    table.welcome(2, T0)
    assert table.sent[2] == table.version - 1

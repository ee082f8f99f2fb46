"""A room whose other person left during the round (issue #34, item 9): the round is over,
but a duel of one has no next round, so the lobby offers none (`can_go_again` false in what
the members see) and `again` is refused with a clear code; the one who stayed may leave."""

from __future__ import annotations

import pytest

from klubovna.core import IllegalAction
from klubovna.tables.lobby import Lobby

T0 = 1_700_000_000_000
ZK = "zoliky-s-kameny"


def left_mid_round() -> Lobby:
    room = Lobby.open("ABCDEF", ZK, "duel", "Alena", "h0", T0)
    room.join("Bob", "h1", T0)
    room.start(0, T0 + 1)
    room.leave(1, T0 + 2)  # Bob leaves: the engine ends the round, the table finishes
    room.finish(T0 + 3)
    return room


def test_a_room_of_one_offers_no_next_round() -> None:
    room = left_mid_round()
    assert room.public()["can_go_again"] is False
    with pytest.raises(IllegalAction) as error:
        room.again(0, T0 + 4)
    assert error.value.code == "waiting_for_opponent"
    assert room.leave(0, T0 + 5) is None  # the one who stayed still leaves cleanly


def test_a_room_of_two_offers_it() -> None:
    room = Lobby.open("ABCDEF", ZK, "duel", "Alena", "h0", T0)
    room.join("Bob", "h1", T0)
    room.start(0, T0 + 1)
    room.finish(T0 + 2)
    assert room.public()["can_go_again"] is True

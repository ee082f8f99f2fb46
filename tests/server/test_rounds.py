"""A room's next round over real sockets (RoomPolicy.next_round): a Kostkový poker table
("host") plays twice with the same people and computer player, each round its own table,
log and result, both counted in the seated profile."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from tests.server.live import LiveServer
from tests.server.lobby_client import new_profile, post_join, post_lobby, seat_of, stats_of
from tests.server.test_kp_table import Person, play_to_the_end


def next_round(person: Person, round_: int) -> None:
    """Wait until `person` sees round `round_` playing and its table's first view."""
    for _ in range(200):
        lobby, view = person.lobby, person.view
        if (lobby is not None and lobby["round"] == round_ and lobby["status"] == "playing"
                and view is not None and not view["game_over"]):
            return
        person.take(person.recv())
    raise AssertionError(f"no round {round_}: {person.lobby}")


def error_of(person: Person) -> dict[str, Any]:
    while True:
        message = person.recv()
        if message["t"] == "error":
            return message
        person.take(message)


def test_the_host_starts_a_second_round_and_both_count(server: LiveServer) -> None:
    _, ada_key = new_profile(server)
    _, bob_key = new_profile(server)
    host = seat_of(post_lobby(server, ada_key, game="kostkovy-poker", kind="table",
                              seats=3, chips=10, robots="klidny"))
    guest = seat_of(post_join(server, host.code, bob_key))
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as a_conn, \
            connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as b_conn:
        ada, bob = Person(a_conn, host.key), Person(b_conn, guest.key)
        a_conn.send(json.dumps({"t": "start"}))
        play_to_the_end(ada, bob)
        assert ada.lobby is not None
        assert (ada.lobby["status"], ada.lobby["outcome"]) == ("closed", "finished")
        assert (ada.lobby["round"], ada.lobby["next_round"]) == (1, "host")
        assert ada.lobby["can_go_again"]
        first = ada.view
        b_conn.send(json.dumps({"t": "again"}))
        assert error_of(bob)["code"] == "not_host"  # a table's host starts it alone
        a_conn.send(json.dumps({"t": "again"}))
        next_round(ada, 2)
        next_round(bob, 2)
        assert ada.view is not None and first is not None
        assert ada.view["hand"] == 1 and ada.view is not first  # a fresh table
        assert [p["out"] for p in ada.view["players"]] == [None, None, None]
        people = {p["nickname"]: p["table_seat"] for p in ada.lobby["players"]}
        assert len(people) == 2 and sorted(people.values()) == [0, 1]
        play_to_the_end(ada, bob)
        assert ada.lobby["round"] == 2 and ada.lobby["outcome"] == "finished"
    for key in (ada_key, bob_key):
        assert stats_of(server, key, "kostkovy-poker")["games"] == 2

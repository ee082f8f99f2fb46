"""Mathesso at a real table: a Pico game against Slon through the browser's host
(klubovna.tables.local, the same Table the server runs) to its end, replayed exactly; and
a person who leaves a running table is taken over by the first computer player, who
remembers what the seat saw; a room of two friends and a computer player; computer
players alone refused on a device."""

from __future__ import annotations

import json
from typing import Any

from klubovna.bots.mathesso import KOTE, SOVA
from klubovna.tables import Table, hash_key
from klubovna.tables.lobby import Lobby
from klubovna.tables.local import LocalHost
from klubovna.tables.pipeline import run
from klubovna.tables.registry import get_game

T0 = 1_700_000_000_000


def first_down(view: dict[str, Any]) -> dict[str, Any]:
    """A person who turns the first face-down card, and the next, every turn."""
    if view["choosing"]:
        return {"type": "extra"}
    card = next(c["id"] for c in view["cards"] if c["state"] == "down")
    return {"type": "turn", "card": card}


def test_a_pico_game_against_slon_in_the_browsers_host() -> None:
    host = LocalHost()
    request = json.dumps({"game": "mathesso", "seats": 2, "variant": "pico",
                          "robots": {"1": "slon"}})
    assert json.loads(host.create("t", request, 7, "k"))["t"] == "created"
    [hello] = json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))
    view: dict[str, Any] = hello["view"]
    seq = 0
    while not view["over"] and seq < 400:
        seq += 1
        action = {"type": "start"} if not view["started"] else first_down(view)
        out = json.loads(host.handle("t", json.dumps(
            {"t": "act", "seq": seq, "action": action}), 1000 * seq))
        assert out and all(m["t"] == "view" for m in out), out
        view = out[-1]["view"]
        if not view["over"]:
            assert view["turn"] == [0], "Slon has moved before the person is asked"
    assert view["over"] and view["remaining"] == 0
    result = view["result"]
    assert sum(row["pairs"] for row in result["standings"]) == 30
    assert result["points"] == [p["points"] for p in view["players"]]
    again = LocalHost()
    assert json.loads(again.restore(host.export("t")))["t"] == "created"
    assert again.tables["t"].state == host.tables["t"].state


def test_computer_players_alone_are_refused_on_a_device() -> None:
    """Nobody would start their game nor see its end
    (docs/decisions/0024-no-computer-only-local-table.md): refused at once, with a code the setup
    words; one person with five computer players is a game."""
    host = LocalHost()
    alone = {"game": "mathesso", "seats": 2, "variant": "atto",
             "robots": {"0": "kote", "1": "slon"}}
    refused = json.loads(host.create("t", json.dumps(alone), 7, "k"))
    assert (refused["t"], refused["code"]) == ("error", "no_person"), refused
    assert host.tables == {}
    five = {**alone, "seats": 6, "robots": {str(seat): "kote" for seat in range(1, 6)}}
    created = json.loads(host.create("t", json.dumps(five), 7, "k"))
    assert created == {"t": "created", "table": "t", "people": [0]}


def test_a_leaver_is_taken_over_by_kote() -> None:
    game = get_game("mathesso")
    table = Table("t", game, {"seats": 2, "variant": "atto"}, 5,
                  [hash_key("a"), hash_key("b")])
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    seat = table.state.current
    table.commit(table.act_for(seat, {"type": "turn", "card": 0}, T0), T0)
    table.commit(table.act_for(seat, {"type": "stop"}, T0), T0)
    other = table.state.current
    step = table.leave(other, T0 + 1)
    run(table, T0 + 1, lambda now: step)
    assert table.robots[other] is KOTE and table.closed == {other}
    assert table.log[-1].seat == other and table.log[-1].kind == "act"  # it moved
    assert [e["type"] for e in table.witnessed[other]][:2] == ["started", "turn"]
    again = Table.restore(table.id, game, table.config, table.seed, table.key_hashes,
                          list(table.log))
    assert again.state == table.state and again.witnessed == table.witnessed


def test_two_friends_and_a_computer_player_in_a_room() -> None:
    """A room of three seats for Nano with CJV: two people join, Sova takes the third seat,
    and the table it starts plays the room's settings (the server does the same)."""
    room = Lobby.open("ABCDEF", "mathesso", "table", "Ada", "h0", T0,
                      settings={"seats": 3, "variant": "nano", "cjv": True,
                                "computer": "sova"})
    room.join("Bob", "h1", T0)
    config = room.start(0, T0)
    assert config == {"seats": 3, "variant": "nano", "cjv": True, "faktorial": False,
                      "robots": {"2": "sova"}}
    table = Table("t", get_game("mathesso"), config, 3, room.key_hashes())
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    run(table, T0, lambda now: table.robot_step(now))
    assert table.robots == {2: SOVA} and len(table.state.layout) == 86 + 16
    assert table.state.current in (0, 1)  # Sova moved if it was first, and waits now

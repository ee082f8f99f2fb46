"""The next round of a finished room (RoomPolicy.next_round): "host" (a Kostkový poker
table, a Matematický poker group), "all" (a Matematický poker duel), "none"."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.core.declarations import RoomPolicy
from klubovna.tables import lobby
from klubovna.tables.lobby import NOBODY, Lobby

T0 = 1_700_000_000_000
MP, KP = "matematicky-poker", "kostkovy-poker"


def refused(code: str, call: Any, *args: Any) -> None:
    with pytest.raises(IllegalAction) as error:
        call(*args)
    assert error.value.code == code, error.value.message


def finished(room: Lobby, *people: str) -> Lobby:
    """`room` with `people` joined, its first table played to the end."""
    for index, name in enumerate(people, start=1):
        room.join(name, f"h{index}", T0)
    room.start(0, T0 + 1)
    room.finish(T0 + 2)
    return room


def duel() -> Lobby:
    return finished(Lobby.open("ABCDEF", MP, "duel", "Ada", "h0", T0), "Bob")


def kp_table(seats: int = 4) -> Lobby:
    return finished(Lobby.open("ABCDEF", KP, "table", "Ada", "h0", T0,
                               settings={"seats": seats}), "Bob")


def test_the_games_declare_their_next_rounds() -> None:
    from klubovna.tables.registry import entry
    policies = {(game, p.kind): p.next_round
                for game in (MP, KP) for p in entry(game).game.rooms}
    assert policies == {(MP, "duel"): "all", (MP, "group"): "host", (KP, "table"): "host"}
    assert RoomPolicy("x", (1, 2), ()).next_round == "none"


def test_host_policy_the_host_alone_starts_the_next_round() -> None:
    room = kp_table()
    assert room.can_go_again and room.public()["next_round"] == "host"
    refused("not_host", room.again, 1, T0 + 3)
    config = room.again(0, T0 + 3)
    assert config is not None
    # the same people and the same computer players in the empty seats
    assert config["robots"] == {"2": "klidny", "3": "klidny"}
    assert room.key_hashes() == ["h0", "h1", NOBODY, NOBODY]
    assert (room.status, room.outcome, room.round) == ("playing", None, 2)
    assert not room.can_go_again
    refused("not_over", room.again, 0, T0 + 4)  # while the second round runs


def test_a_person_who_left_is_not_seated_again() -> None:
    room = Lobby.open("ABCDEF", KP, "table", "Ada", "h0", T0, settings={"seats": 3})
    room.join("Bob", "h1", T0)
    room.join("Cyril", "h2", T0)
    room.start(0, T0 + 1)
    room.leave(1, T0 + 2)  # Bob leaves the running table
    room.finish(T0 + 3)
    config = room.again(0, T0 + 4)
    assert config is not None and config["robots"] == {"2": "klidny"}
    assert [m.nickname for m in room.members] == ["Ada", "Cyril"]
    assert room.key_hashes() == ["h0", "h2", NOBODY]
    assert room.seat_for_key_hash("h1") is None and room.duel_recorded
    assert room.table_seat(2) == 1  # Cyril's lobby seat stays, the table's seats close up


def test_all_policy_starts_when_everybody_agrees_and_agreement_can_be_taken_back() -> None:
    room = duel()
    assert room.again(1, T0 + 3) is None
    assert [p["agreed"] for p in room.public()["players"]] == [False, True]
    assert room.again(1, T0 + 4, agree=False) is None
    assert room.agreed == []
    assert room.again(0, T0 + 5) is None
    config = room.again(1, T0 + 6)
    assert config == {"mode": "easy", "table": "adjacent", "variant": "duel", "seats": 2}
    assert room.round == 2 and room.agreed == [] and room.status == "playing"
    room.finish(T0 + 7)
    assert room.again(0, T0 + 8) is None and room.again(1, T0 + 9) is not None
    assert room.round == 3


def test_a_group_leaver_between_rounds_is_not_dealt_in_again() -> None:
    room = finished(Lobby.open("ABCDEF", MP, "group", "Dealer", "h0", T0), "Bob", "Cyril")
    assert room.leave(2, T0 + 3) is None
    assert room.member(2) is not None and room.member(2).gone  # type: ignore[union-attr]
    config = room.again(0, T0 + 4)
    assert config is not None and config["seats"] == 2


def test_all_policy_the_last_one_who_had_not_agreed_leaving_starts_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A room of three where all must agree (no game has one yet: a Kostkový poker
    table declared so for the test)."""
    trio = RoomPolicy("trio", seats=(2, 3), settings=("chips",), next_round="all")
    monkeypatch.setattr(lobby, "room_policy", lambda game, kind: trio)
    room = finished(Lobby.open("ABCDEF", KP, "trio", "Ada", "h0", T0), "Bob", "Cyril")
    assert room.again(0, T0 + 3) is None and room.again(2, T0 + 3) is None
    config = room.leave(1, T0 + 4)  # Bob goes instead: the two who stay both agreed
    assert config is not None and config["seats"] == 2
    assert [m.nickname for m in room.members] == ["Ada", "Cyril"] and room.round == 2


def test_all_policy_the_last_agreement_missing_is_a_leaver() -> None:
    room = Lobby.open("ABCDEF", MP, "duel", "Ada", "h0", T0)
    room.join("Bob", "h1", T0)
    room.start(0, T0 + 1)
    room.finish(T0 + 2)
    room.again(0, T0 + 3)
    # Bob leaves instead of agreeing: a duel of one cannot start, the leave stands
    assert room.leave(1, T0 + 4) is None
    assert room.can_go_again and room.status == "closed"
    before = room.to_json()
    refused("waiting_for_opponent", room.again, 0, T0 + 5)
    assert room.to_json() == before  # a refusal changes nothing
    refused("left_game", room.again, 1, T0 + 5)


def test_no_next_round_before_the_end_or_after_another_close() -> None:
    room = Lobby.open("ABCDEF", MP, "duel", "Ada", "h0", T0)
    refused("not_over", room.again, 0, T0)
    room.join("Bob", "h1", T0)
    room.start(0, T0 + 1)
    refused("not_over", room.again, 0, T0 + 2)
    room.leave(0, T0 + 2)
    room.leave(1, T0 + 3)
    assert room.outcome == "abandoned"
    refused("lobby_closed", room.again, 0, T0 + 4)


def test_rounds_and_agreements_are_stored() -> None:
    room = duel()
    room.again(1, T0 + 3)
    assert Lobby.from_json(room.to_json()) == room
    old = {k: v for k, v in room.to_json().items() if k not in ("round", "agreed")}
    assert Lobby.from_json(old).round == 1  # stored before next rounds


def test_the_again_message() -> None:
    from klubovna.tables.protocol import Again, ProtocolError, parse_client_message
    assert parse_client_message({"t": "again"}, lobby=True) == Again(True)
    assert parse_client_message({"t": "again", "agree": False}, lobby=True) == Again(False)
    for bad in ({"t": "again", "agree": 1}, {"t": "again", "seat": 0}):
        with pytest.raises(ProtocolError):
            parse_client_message(bad, lobby=True)
    with pytest.raises(ProtocolError):  # a table's own socket has no rounds
        parse_client_message({"t": "again"})


def first_players(game: str, series: int, rounds: int = 4) -> list[int]:
    """Who begins each of a two-person room's first `rounds` rounds, each round's table
    dealt from a seed of its own (as the server draws one per table)."""
    from klubovna.tables.registry import get_game
    engine = get_game(game)
    room = Lobby.open("ABCDEF", game, "duel", "Ada", "h0", T0, series=series)
    room.join("Bob", "h1", T0)
    config: dict[str, Any] | None = room.start(0, T0 + 1)
    firsts = []
    for round_ in range(1, rounds + 1):
        assert config is not None and config.get("round") == round_
        firsts.append(engine.new(config, seed=series * 31 + round_ * 7919).turn)
        room.finish(T0 + 2 * round_)
        room.again(0, T0 + 2 * round_ + 1)
        config = room.again(1, T0 + 2 * round_ + 1)
    return firsts


@pytest.mark.parametrize("series", [1, 2, 3, 4, 5, 6])
def test_a_locus_poker_rooms_first_player_alternates_from_round_one(series: int) -> None:
    firsts = first_players("locus-poker", series)
    assert firsts in ([0, 1, 0, 1], [1, 0, 1, 0])


def test_a_locus_poker_rooms_first_round_is_either_seats() -> None:
    assert {first_players("locus-poker", series, rounds=1)[0] for series in range(8)} == {0, 1}


def test_zoliky_s_kameny_rooms_begin_with_seat_0_then_alternate() -> None:
    assert first_players("zoliky-s-kameny", 5) == [0, 1, 0, 1]


def test_the_series_is_stored_and_older_rooms_have_none() -> None:
    room = Lobby.open("ABCDEF", "locus-poker", "duel", "Ada", "h0", T0, series=77)
    room.join("Bob", "h1", T0)
    assert room.start(0, T0 + 1)["series"] == 77
    assert Lobby.from_json(room.to_json()) == room
    old = Lobby.from_json({k: v for k, v in room.to_json().items() if k != "series"})
    assert old.series is None and "series" not in old.engine_config()

"""Lobbies (duel and group) and presence: joining, leaving, starting, expiry, takeover."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klubovna.core import IllegalAction
from klubovna.tables import Table, hash_key, lobby, presence
from klubovna.tables.lobby import Lobby
from klubovna.tables.presence import Presence
from klubovna.tables.registry import get_game

T0 = 1_700_000_000_000
MP = "matematicky-poker"
GROUP_MAX = 50
"""Matematický poker's group room holds 50 people, the dealer included."""
IDLE_EXPIRY_MS = 6 * 3600 * 1000
DEFAULTS = {"mode": "easy", "table": "adjacent"}


def group(dealer_plays: bool = True, **settings_: Any) -> Lobby:
    return Lobby.open("ABCDEF", MP, "group", "Dealer", "h0", T0,
                      settings={**settings_, "dealer_plays": dealer_plays})


def duel() -> Lobby:
    return Lobby.open("ABCDEF", MP, "duel", "Ada", "h0", T0)


def refused(code: str, call: Any, *args: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        call(*args)
    assert error.value.code == code, error.value.message
    assert error.value.message
    return error.value


# -- opening ---------------------------------------------------------------------------

def test_the_creator_takes_seat_zero() -> None:
    room = group()
    assert [(m.seat, m.nickname) for m in room.members] == [(0, "Dealer")]
    assert room.status == "waiting" and room.outcome is None and room.host_seat == 0
    assert room.public()["players"] == [{"seat": 0, "nickname": "Dealer", "host": True,
                                         "gone": False, "agreed": False, "profile": False}]


@pytest.mark.parametrize(("kind", "settings_"), [
    ("solo", {}), ("trio", {}), ("table", {}), ("duel", {"dealer_plays": False}),
    ("group", {"seats": 3}), ("duel", {"variant": "group"}), ("group", {"mode": "hard"}),
    ("group", {"seconds": 30}), ("group", {"mode": "hard", "seconds": 2}),
    ("duel", {"robots": "klidny"}), ("group", {"dealer_plays": "no"}),
])
def test_bad_lobbies_are_refused(kind: str, settings_: Any) -> None:
    refused("bad_config", lambda: Lobby.open("ABCDEF", MP, kind, "A", "h0", T0,
                                             settings=settings_))


@pytest.mark.parametrize("settings_", [
    {"seats": 7}, {"seats": 1}, {"chips": 5}, {"robots": "nobody"}, {"mode": "easy"},
])
def test_bad_tables_are_refused(settings_: Any) -> None:
    refused("bad_config", lambda: Lobby.open("ABCDEF", "kostkovy-poker", "table", "A", "h0",
                                             T0, settings=settings_))


def test_an_unknown_game_has_no_rooms() -> None:
    refused("unknown_game", lambda: Lobby.open("ABCDEF", "chess", "duel", "A", "h0", T0))


def test_a_table_reads_its_seats_and_robots_from_its_settings() -> None:
    room = Lobby.open("ABCDEF", "kostkovy-poker", "table", "A", "h0", T0,
                      settings={"seats": 3, "seconds": 30})
    assert room.limit == 3 and room.settings["robots"] == "klidny"  # the first bot
    assert room.shown_settings() == {"seats": 3, "chips": 20, "seconds": 30,
                                     "robots": "klidny"}
    room.join("B", "h1", T0)
    assert room.start(0, T0) == {"seats": 3, "chips": 20, "seconds": 30,
                                 "robots": {"2": "klidny"}}
    assert room.key_hashes() == ["h0", "h1", "-"]


# -- joining ---------------------------------------------------------------------------

def test_join_gives_new_seats_and_rejoin_the_same_one() -> None:
    room = group()
    assert room.join("Bob", "h1", T0 + 1) == 1
    assert room.join("Cyril", "h2", T0 + 2) == 2
    assert room.join("Bob again", "h1", T0 + 3) == 1
    assert room.join("Dealer", "h0", T0 + 3) == 0
    assert len(room.members) == 3 and room.member(1) is not None
    assert room.member(1).nickname == "Bob"  # type: ignore[union-attr]


def test_the_51st_person_is_refused() -> None:
    room = group()
    for i in range(1, GROUP_MAX):
        assert room.join(f"P{i}", f"h{i}", T0 + i) == i
    assert len(room.members) == GROUP_MAX == 50
    error = refused("lobby_full", room.join, "P51", "h51", T0 + 99)
    assert "50" in error.message
    assert room.join("P7", "h7", T0 + 100) == 7  # a rejoin still works when full


def test_a_duel_holds_two() -> None:
    room = duel()
    room.join("Bob", "h1", T0)
    refused("lobby_full", room.join, "Cyril", "h2", T0)


def test_join_after_the_start_is_refused_but_rejoin_works() -> None:
    room = group()
    room.join("Bob", "h1", T0)
    room.start(0, T0 + 1)
    refused("already_started", room.join, "Late", "h9", T0 + 2)
    assert room.join("Bob", "h1", T0 + 3) == 1


# -- leaving ---------------------------------------------------------------------------

def test_leaving_before_the_start_frees_the_place_and_seats_are_never_reused() -> None:
    room = duel()
    room.join("Bob", "h1", T0)
    room.leave(1, T0 + 1)
    assert [m.seat for m in room.members] == [0]
    assert room.join("Cyril", "h2", T0 + 2) == 2
    refused("lobby_full", room.join, "Bob", "h1", T0 + 3)
    refused("unknown_seat", room.leave, 1, T0 + 4)


def test_rejoin_after_leaving_before_the_start_gets_a_new_seat() -> None:
    room = group()
    room.join("Bob", "h1", T0)
    room.leave(1, T0)
    assert room.join("Bob", "h1", T0) == 2


def test_seats_map_to_dense_table_seats() -> None:
    room = group()
    for i in range(1, 5):
        room.join(f"P{i}", f"h{i}", T0)
    room.leave(2, T0)
    assert [room.table_seat(s) for s in (0, 1, 3, 4)] == [0, 1, 2, 3]
    assert room.key_hashes() == ["h0", "h1", "h3", "h4"]
    refused("unknown_seat", room.table_seat, 2)


def test_the_host_leaving_before_the_start_closes_the_lobby() -> None:
    room = group()
    room.join("Bob", "h1", T0)
    room.leave(0, T0)
    assert (room.status, room.outcome) == ("closed", "dealer_left")
    refused("lobby_closed", room.join, "Cyril", "h2", T0)
    refused("lobby_closed", room.start, 0, T0)
    room2 = duel()
    room2.leave(0, T0)
    assert (room2.status, room2.outcome) == ("closed", "host_left")


def test_the_dealer_leaving_ends_a_group_game() -> None:
    room = group()
    room.join("Bob", "h1", T0)
    room.start(0, T0)
    room.leave(0, T0 + 5)
    assert (room.status, room.outcome) == ("closed", "dealer_left")
    refused("lobby_closed", room.leave, 1, T0 + 6)


def test_a_player_leaving_a_group_game_is_marked_gone() -> None:
    room = group()
    room.join("Bob", "h1", T0)
    room.join("Cyril", "h2", T0)
    room.start(0, T0)
    room.leave(1, T0 + 1)
    assert room.status == "playing" and room.member(1).gone  # type: ignore[union-attr]
    assert room.key_hashes() == ["h0", "h1", "h2"]  # the table keeps its seats
    refused("unknown_seat", room.leave, 1, T0 + 2)
    refused("left_game", room.join, "Bob", "h1", T0 + 2)


def test_a_duel_left_after_the_start_records_no_win() -> None:
    room = duel()
    room.join("Bob", "h1", T0)
    room.start(0, T0)
    assert room.duel_recorded
    room.leave(1, T0 + 1)
    assert not room.duel_recorded and room.status == "playing"
    room.leave(0, T0 + 2)
    assert (room.status, room.outcome) == ("closed", "abandoned")


def test_a_duel_host_leaving_after_the_start_is_just_gone() -> None:
    room = duel()
    room.join("Bob", "h1", T0)
    room.start(0, T0)
    room.leave(0, T0 + 1)
    assert room.status == "playing" and not room.duel_recorded
    room.finish(T0 + 2)
    assert (room.status, room.outcome) == ("closed", "finished")


def test_leaving_an_unknown_seat() -> None:
    refused("unknown_seat", group().leave, 3, T0)


# -- starting --------------------------------------------------------------------------

def test_a_duel_does_not_start_without_the_opponent() -> None:
    room = duel()
    refused("waiting_for_opponent", room.start, 0, T0)
    room.join("Bob", "h1", T0)
    refused("not_host", room.start, 1, T0)
    assert room.start(0, T0) == {**DEFAULTS, "variant": "duel", "seats": 2}
    refused("already_started", room.start, 0, T0)


def test_only_the_dealer_starts_a_group() -> None:
    room = group(mode="hard", seconds=30)
    room.join("Bob", "h1", T0)
    refused("not_host", room.start, 1, T0)
    refused("unknown_seat", room.start, 7, T0)
    assert room.start(0, T0) == {"mode": "hard", "seconds": 30, "table": "adjacent",
                                 "variant": "group", "seats": 2, "dealer_plays": True}


def test_a_dealer_who_does_not_play_needs_a_player() -> None:
    room = group(dealer_plays=False)
    refused("no_players", room.start, 0, T0)
    room.join("Bob", "h1", T0)
    assert room.start(0, T0)["dealer_plays"] is False


def test_a_lone_playing_dealer_may_start() -> None:
    assert group().start(0, T0)["seats"] == 1


def test_finish_needs_a_started_game() -> None:
    room = group()
    refused("not_started", room.finish, T0)
    room.start(0, T0)
    room.finish(T0)
    refused("lobby_closed", room.finish, T0)


@pytest.mark.parametrize("kind", ["duel", "group"])
def test_the_start_config_builds_a_table(kind: str) -> None:
    """Only when the engine already knows duels and groups (added alongside this lobby)."""
    engine = get_game("matematicky-poker")
    room = Lobby.open("ABCDEF", MP, kind, "Host", hash_key("k0"), T0)
    room.join("Bob", hash_key("k1"), T0)
    config = room.start(0, T0)
    table = Table("t", engine, config, seed=1, key_hashes=room.key_hashes())
    assert table.seat_for_key("k1") == room.table_seat(1)


# -- expiry ----------------------------------------------------------------------------

def test_expiry_after_six_idle_hours_and_not_before() -> None:
    assert IDLE_EXPIRY_MS == 6 * 3600 * 1000
    room = group()
    assert not room.expired(T0 + IDLE_EXPIRY_MS - 1)
    assert room.expired(T0 + IDLE_EXPIRY_MS)
    room.join("Bob", "h1", T0 + 1000)
    assert not room.expired(T0 + IDLE_EXPIRY_MS)
    assert room.expired(T0 + 1000 + IDLE_EXPIRY_MS)
    room.start(0, T0 + 2000)
    room.touch(T0 + 5000)
    room.touch(T0)  # an old time never moves activity back
    assert not room.expired(T0 + 4999 + IDLE_EXPIRY_MS)
    assert room.expired(T0 + 5000 + IDLE_EXPIRY_MS)
    room.finish(T0 + 6000)
    assert not room.expired(T0 + 100 * IDLE_EXPIRY_MS)


# -- persistence -----------------------------------------------------------------------

def test_json_round_trip() -> None:
    room = group(dealer_plays=False, mode="easy")
    for i in range(1, 4):
        room.join(f"P{i}", f"h{i}", T0 + i)
    room.leave(2, T0 + 5)
    room.start(0, T0 + 6)
    room.leave(3, T0 + 7)
    data = json.loads(json.dumps(room.to_json()))
    back = Lobby.from_json(data)
    assert back == room and back.to_json() == data
    assert back.join("P1", "h1", T0 + 8) == 1
    refused("already_started", back.join, "New", "h9", T0 + 9)
    assert "h1" not in json.dumps(room.public())


def test_a_lobby_stored_before_it_named_its_game_loads() -> None:
    data = duel().to_json()
    del data["game"]
    assert Lobby.from_json(data, MP) == duel()
    with pytest.raises(ValueError):
        Lobby.from_json(data)


def test_from_json_rejects_foreign_data() -> None:
    data = duel().to_json()
    with pytest.raises(ValueError):
        Lobby.from_json({**data, "kind": "solo"})
    with pytest.raises(ValueError):
        Lobby.from_json({**data, "status": "odd"})


# -- invariants under random sequences -------------------------------------------------

operations = st.lists(
    st.one_of(
        st.tuples(st.just("join"), st.integers(0, 60)),
        st.tuples(st.just("leave"), st.integers(0, 60)),
        st.tuples(st.just("start"), st.integers(0, 3)),
        st.tuples(st.just("finish"), st.just(0)),
        st.tuples(st.just("again"), st.integers(0, 3)),
    ),
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["duel", "group"]), st.booleans(), operations)
def test_random_sequences_keep_the_invariants(kind: str, plays: bool, ops: Any) -> None:
    extra = {"dealer_plays": plays} if kind == "group" else {}
    room = Lobby.open("ABCDEF", MP, kind, "Host", "h0", T0, settings=extra)
    seats_ever: set[int] = {0}
    now = T0
    for name, arg in ops:
        now += 1
        before = room.to_json()
        started_before = room.status != "waiting"
        count_before = len(room.members)
        try:
            if name == "join":
                seat = room.join(f"P{arg}", f"h{arg}", now)
                assert room.seat_for_key_hash(f"h{arg}") == seat
                seats_ever.add(seat)
            elif name == "leave":
                room.leave(arg, now)
            elif name == "again":
                config = room.again(arg, now)
                if config is not None:
                    assert config["seats"] == len(room.members)
                    assert not any(m.gone for m in room.members)
            elif name == "start":
                config = room.start(arg, now)
                assert config["seats"] == len(room.members)
            else:
                room.finish(now)
        except IllegalAction as error:
            assert error.code in {"already_started", "lobby_full", "lobby_closed",
                                  "unknown_seat", "not_host", "waiting_for_opponent",
                                  "no_players", "left_game", "not_started", "not_over"}
            assert room.to_json() == before  # a refusal changes nothing
        seats = [m.seat for m in room.members]
        assert seats == sorted(set(seats))
        assert len(room.members) <= room.limit <= GROUP_MAX
        assert room.next_seat == max(seats_ever) + 1
        if started_before:
            assert len(room.members) <= count_before
        if room.status == "waiting":
            assert not any(m.gone for m in room.members)
        assert Lobby.from_json(json.loads(json.dumps(room.to_json()))) == room


# -- presence --------------------------------------------------------------------------

def test_a_second_connection_takes_the_seat_over() -> None:
    seen = Presence()
    assert seen.connect("a", 0, T0) == []
    assert seen.connect("b", 1, T0) == []
    assert seen.connect("a2", 0, T0 + 1) == [("a", {"t": "taken_over"})]
    assert seen.conn_of(0) == "a2" and seen.seat_of("a") is None
    assert seen.disconnect("a") is None  # the old socket closing frees nothing
    assert seen.connected_seats() == [0, 1]
    assert seen.public() == {"t": "presence", "seats": [0, 1]}
    assert seen.disconnect("a2") == 0
    assert seen.connected_seats() == [1]


def test_reconnecting_the_same_connection_is_harmless() -> None:
    seen = Presence()
    seen.connect("a", 0, T0)
    assert seen.connect("a", 0, T0 + 5) == []
    assert seen.dead(T0 + 10, 6) == []
    with pytest.raises(IllegalAction) as held:  # a bound connection keeps its seat
        seen.connect("a", 1, T0)
    assert held.value.code == "other_seat" and seen.seat_of("a") == 0


def test_heartbeats_and_dead_connections() -> None:
    seen = Presence()
    seen.connect("a", 0, T0)
    seen.connect("b", 1, T0)
    assert seen.seen("a", T0 + 20_000)
    assert not seen.seen("nobody", T0)
    assert seen.dead(T0 + 30_000, 30_000) == []
    assert seen.dead(T0 + 30_001, 30_000) == ["b"]
    assert seen.dead(T0 + 50_001, 30_000) == ["a", "b"]
    for conn in seen.dead(T0 + 50_001, 30_000):
        seen.disconnect(conn)
    assert seen.connected_seats() == []


PRESENCE_STEPS = st.lists(st.tuples(
    st.sampled_from(["connect", "seen", "disconnect", "dead"]),
    st.sampled_from(["a", "b", "c", "d"]), st.integers(0, 3), st.integers(0, 100)))


@given(PRESENCE_STEPS)
@settings(max_examples=300, deadline=None)
def test_dead_is_every_connection_silent_too_long_whatever_the_order(
        steps: list[tuple[str, str, int, int]]) -> None:
    """`dead` skips its scan while no connection can be silent too long yet: the answers are
    a plain scan's, also for clocks that go back (a reconnect stamped earlier)."""
    seen, last, seat_of = Presence(), dict[str, int](), dict[str, int]()
    for kind, conn, seat, now in steps:
        if kind == "connect":
            if conn in seat_of and seat_of[conn] != seat:
                continue
            for taken in seen.connect(conn, seat, now):
                last.pop(taken[0]), seat_of.pop(taken[0])
            last[conn], seat_of[conn] = now, seat
        elif kind == "seen":
            if seen.seen(conn, now):
                last[conn] = max(last[conn], now)
        elif kind == "disconnect":
            seen.disconnect(conn)
            last.pop(conn, None), seat_of.pop(conn, None)
        else:
            assert seen.dead(now, 30) == sorted(c for c, at in last.items() if now - at > 30)


def test_doctests() -> None:
    assert doctest.testmod(lobby).failed == 0
    assert doctest.testmod(presence).failed == 0


def test_a_profile_holds_one_seat_and_is_kept() -> None:
    lobby = Lobby.open("ABCDEF", MP, "group", "Ada", "hash-a", 0, profile="p1")
    with pytest.raises(IllegalAction) as error:
        lobby.join("Ada again", "hash-b", 1, profile="p1")
    assert error.value.code == "already_joined"
    assert lobby.join("Bob", "hash-c", 2, profile="p2") == 1
    assert lobby.join("Guest", "hash-d", 3) == 2
    restored = Lobby.from_json(lobby.to_json())
    assert [m.profile for m in restored.members] == ["p1", "p2", None]

"""GET /api/my/games ("Moje hry", issue #38) through a real server: every open room of the
profile, those waiting for the person first, turn-based and live; from the live table while
the server holds it and from the stored log after a restart; closed rooms, rooms left and
other people's rooms not listed; the errors every profile route answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from klubovna.tables.turns import DAY_MS
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.lobby_client import (
    Seat,
    assert_error,
    bearer,
    join_lobby,
    new_profile,
    post_lobby,
    seat_of,
    seated,
)
from tests.server.test_turn_based import turn_based_duel, visit

Game = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: a test restarts it."""
    yield from own_server(tmp_path_factory)


def my_games(server: LiveServer, key: str) -> list[Game]:
    answer = httpx.get(f"{server.http}/api/my/games", headers=bearer(key), timeout=10)
    assert answer.status_code == 200, answer.text
    games: list[Game] = answer.json()["games"]
    for game in games:
        assert set(game) == {"code", "game", "kind", "status", "days_per_move", "your_turn",
                             "deadline", "players", "link", "since"}, game
        assert game["link"] == f"/#/{game['game']}/hra/{game['code']}"
    return games


def waited_for(server: LiveServer, host: Seat) -> int:
    """The lobby seat the game waits for (the host looks, without moving)."""
    turn: list[int] = visit(server, host, play=False)["turn"]
    assert len(turn) == 1
    return turn[0]


def make_turn(server: LiveServer, host: Seat, guest: Seat, whose: int) -> None:
    """Let the game wait for `whose` (0: the host, 1: the guest): the other moves if needed."""
    if waited_for(server, host) != whose:
        visit(server, (host, guest)[1 - whose])
    assert waited_for(server, host) == whose


def test_the_list_yours_first_with_the_time_left(server: LiveServer) -> None:
    ada_name, ada = new_profile(server)
    bob_name, bob = new_profile(server)
    # The oldest room waits for Ada, the next for Bob; the newest waits for its start.
    mine = turn_based_duel(server, days=2, ada=ada, bob=bob)
    make_turn(server, *mine, whose=0)
    theirs = turn_based_duel(server, days=7, ada=ada, bob=bob)
    make_turn(server, *theirs, whose=1)
    waiting = seat_of(post_lobby(server, ada, game="locus-poker", kind="duel",
                                 days_per_move=3))

    games = my_games(server, ada)
    assert games[0]["code"] == mine[0].code  # (the oldest, but yours)
    assert {g["code"] for g in games[1:]} == {waiting.code, theirs[0].code}
    first = games[0]
    assert first["your_turn"] and first["status"] == "playing", first
    assert (first["game"], first["kind"], first["days_per_move"]) == ("locus-poker", "duel", 2)
    assert first["players"] == [ada_name, bob_name]
    assert first["deadline"] == first["since"] + 2 * DAY_MS
    for other in games[1:]:
        assert not other["your_turn"] and other["deadline"] is None, other
    by_code = {g["code"]: g for g in games}
    assert by_code[waiting.code]["status"] == "waiting"
    assert by_code[waiting.code]["players"] == [ada_name]
    assert by_code[theirs[0].code]["days_per_move"] == 7

    # Bob's list: the game that waits for him first, Ada's room for its start not his.
    bobs = my_games(server, bob)
    assert [g["code"] for g in bobs] == [theirs[0].code, mine[0].code]
    assert bobs[0]["your_turn"] and bobs[0]["deadline"] == bobs[0]["since"] + 7 * DAY_MS

    # After a restart no table is in memory: the same answer from the stored logs.
    server.kill()
    server.start()
    assert my_games(server, ada) == games
    assert my_games(server, bob) == bobs

    # Ada moves (opening the room from the list, as the app does): it waits for Bob now.
    visit(server, mine[0])
    games = my_games(server, ada)
    assert not any(g["your_turn"] for g in games), games
    bobs = my_games(server, bob)
    assert {g["code"] for g in bobs if g["your_turn"]} == {mine[0].code, theirs[0].code}
    # Of two waiting for him, the one whose time runs out first comes first.
    assert [g["code"] for g in bobs] == [mine[0].code, theirs[0].code]


def test_a_live_room_is_listed_without_a_deadline(server: LiveServer) -> None:
    _, ada = new_profile(server)
    _, bob = new_profile(server)
    host = seat_of(post_lobby(server, ada, game="locus-poker", kind="duel"))
    guest = join_lobby(server, host.code, key=bob)
    with seated(server, host) as a:
        a.send({"t": "start"})
        a.wait_lobby(lambda lobby: lobby["status"] == "playing")
    whose = waited_for(server, host)
    for seat, key in ((host, ada), (guest, bob)):
        (game,) = my_games(server, key)
        assert (game["code"], game["status"], game["days_per_move"]) == \
            (host.code, "playing", None)
        assert game["your_turn"] == (seat.seat == whose), game
        assert game["deadline"] is None


def test_closed_rooms_rooms_left_and_other_peoples_rooms_are_not_listed(
        server: LiveServer) -> None:
    _, ada = new_profile(server)
    _, bob = new_profile(server)
    _, cyril = new_profile(server)
    # A room whose host left before the start is closed.
    closed = seat_of(post_lobby(server, ada, game="locus-poker", kind="duel"))
    with seated(server, closed) as a:
        assert a.leave()["lobby"]["status"] == "closed"
    # A game Bob left: over for both (Locus Poker ends when one leaves).
    host = seat_of(post_lobby(server, ada, game="locus-poker", kind="duel", days_per_move=1))
    guest = join_lobby(server, host.code, key=bob)
    with seated(server, host) as a:
        a.send({"t": "start"})
        a.wait_lobby(lambda lobby: lobby["status"] == "playing")
    with seated(server, guest) as b:
        b.send({"t": "leave"})
        assert b.closed.wait(10)
    # Cyril's own room, which Ada is not in.
    seat_of(post_lobby(server, cyril, game="locus-poker", kind="duel", days_per_move=1))
    assert my_games(server, ada) == []
    assert my_games(server, bob) == []
    assert len(my_games(server, cyril)) == 1
    # A guest's seat (no profile) in Ada's room makes it no guest's and still only hers.
    open_room = seat_of(post_lobby(server, ada, game="locus-poker", kind="duel"))
    join_lobby(server, open_room.code, nickname="Host")
    assert [g["code"] for g in my_games(server, ada)] == [open_room.code]
    assert len(my_games(server, cyril)) == 1


def test_the_errors_of_every_profile_route(server: LiveServer) -> None:
    url = f"{server.http}/api/my/games"
    assert_error(httpx.get(url, timeout=10), 401, "missing_key")
    assert_error(httpx.get(url, headers={"Authorization": "Basic abc"}, timeout=10),
                 401, "missing_key")
    assert_error(httpx.get(url, headers=bearer("not-a-key"), timeout=10), 403, "bad_key")
    # A profile deleted: its key opens nothing any more.
    _, key = new_profile(server)
    assert httpx.delete(f"{server.http}/api/profiles/me", headers=bearer(key),
                        timeout=10).status_code == 204
    assert_error(httpx.get(url, headers=bearer(key), timeout=10), 403, "bad_key")

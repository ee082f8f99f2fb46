"""Duels through a real server: two people, two sockets (docs/api.md, "Lobbies: Duel and
group games"; docs/decisions/0090-mp-duel-and-group.md, "Duel drawing", "Multi-seat views").

Both play; the next number is drawn for both when both have handled theirs, and either may
draw earlier; no start without the opponent; nobody joins after the start; the winner by
score, then filled cells, else a draw; a player who leaves gives no recorded win; wins,
losses and draws in the profile statistics.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from klubovna.games.matematicky_poker import GRACE_MS
from klubovna.games.matematicky_poker.scoring import score_board
from klubovna.server.realtime.ws import QUIET_SECONDS
from tests.games.matematicky_poker import queue_of, waiting
from tests.server.live import LiveServer
from tests.server.lobby_client import (
    DECK,
    LobbyClient,
    Message,
    Seat,
    assert_error,
    check_final,
    choose_move,
    create_lobby,
    get_lobby,
    join_lobby,
    lobby_socket,
    new_profile,
    post_join,
    post_lobby,
    seated,
    stats_of,
)

Choose = Callable[[Message], Message | None]
Check = Callable[[Message, Message, Message], None]


# --- helpers -------------------------------------------------------------------------


def lockstep(clients: list[LobbyClient], choosers: list[Choose], check: Check | None = None,
             timeout: float = 90, server: LiveServer | None = None) -> None:
    """Let each client in turn make the move its chooser picks, until the whole game is over.
    After every move all clients must have seen its version before anybody moves again, so
    every `check(before, move, reply)` sees one change at a time. With no move to make (a
    hard-mode card running out), wait for the server's clock to change something: with
    `server`, its clock skips to the first card's expiry instead of being waited for, and
    over a recorded game's think time (`too_fast`)."""
    deadline = time.monotonic() + timeout
    while not all(client.view["game_over"] for client in clients):
        assert time.monotonic() < deadline, "the duel did not end"
        moved = False
        for client, choose in zip(clients, choosers, strict=True):
            before = client.view
            move = choose(before)
            if move is None:
                continue
            reply = client.act_patiently(move, server=server)
            assert reply["t"] == "view", (move, reply)
            for each in clients:
                each.wait_version(reply["version"])
            if check is not None:
                check(before, move, reply)
            moved = True
        if not moved:
            version = max(client.tracker.version for client in clients)
            due = [c.view["deadline"] for c in clients if c.view.get("deadline") is not None]
            if server is not None and due:
                server.skip_to(min(due) + GRACE_MS + 1)
            for client in clients:
                client.wait_version(version + 1, timeout=15)


def duel_drawing(before: Message, move: Message, reply: Message) -> None:
    """docs/decisions/0090-mp-duel-and-group.md, "Duel drawing": a card is drawn for both when no
    unfinished seat has anything left to handle (never earlier), or at once on `draw`."""
    after = reply["view"]
    dealt = [event for event in reply["events"] if event["type"] == "dealt"]
    unfinished = [seat for seat in after["seats"] if not seat["finished"]]
    if move["type"] == "draw":
        assert after["drawn"] == before["drawn"] + 1
        assert dealt == [{"type": "dealt", "drawn": after["drawn"]}]
        assert waiting(after) == waiting(before) + 1
    elif after["drawn"] > before["drawn"]:
        assert after["drawn"] == before["drawn"] + 1
        assert dealt == [{"type": "dealt", "drawn": after["drawn"]}]
        assert all(queue_of(after, seat) == 1 for seat in unfinished), after["seats"]
    else:
        assert dealt == []
    if not after["game_over"] and after["cards_left"] > 0:
        assert any(queue_of(after, seat) > 0 for seat in unfinished), after["seats"]


def winner_of(view: Message) -> int | None:
    """The duel's winner from a final view's boards: score, then filled cells, else None."""
    standing = {}
    for board in view["boards"]:
        standing[board["seat"]] = (score_board(board["board"], view["table"])[1],
                                   sum(value is not None for value in board["board"]))
    (first, a), (second, b) = sorted(standing.items())
    return None if a == b else first if a > b else second


@contextmanager
def started_duel(server: LiveServer, host_key: str | None = None, guest_key: str | None = None,
                 **settings: Any) -> Iterator[tuple[Seat, Seat, LobbyClient, LobbyClient]]:
    """A duel whose two players are connected and which the host has started."""
    host = create_lobby(server, "duel", host_key, **settings)
    guest = join_lobby(server, host.code, None if guest_key else "Host2", guest_key)
    assert guest.seat == 1
    with ExitStack() as stack:
        a = stack.enter_context(seated(server, host))
        b = stack.enter_context(seated(server, guest))
        a.send({"t": "start"})
        for client in (a, b):
            client.wait_lobby(lambda lobby: lobby["status"] == "playing")
            client.wait_version(1)
        yield host, guest, a, b


def leave_and_closed(client: LobbyClient) -> Message:
    """{"t": "leave"}: the lobby message comes back and the socket is closed with 1000."""
    lobby = client.leave()["lobby"]
    assert client.wait_closed() == 1000
    return dict(lobby)


# --- before the start ----------------------------------------------------------------


def test_the_lobby_before_the_start(server: LiveServer) -> None:
    host = create_lobby(server, "duel", nickname="Ada", table="school")
    info = get_lobby(server, host.code)
    assert info.status_code == 200, info.text
    assert info.json() == {"code": host.code, "game": "matematicky-poker", "kind": "duel",
                           "status": "waiting",
                           "settings": {"mode": "easy", "seconds": None, "table": "school"},
                           "dealer_plays": True, "players": 1, "limit": 2,
                           "days_per_move": None}
    with seated(server, host) as ada:
        lobby = ada.lobby
        assert lobby["code"] == host.code and lobby["kind"] == "duel"
        assert (lobby["status"], lobby["outcome"], lobby["limit"]) == ("waiting", None, 2)
        assert lobby["settings"] == {"mode": "easy", "seconds": None, "table": "school"}
        assert lobby["duel_recorded"] is True and lobby["you"] == 0
        assert lobby["players"] == [{"seat": 0, "nickname": "Ada", "host": True, "gone": False,
                                     "agreed": False, "profile": False, "connected": True,
                                     "table_seat": None, "rating": None}]
        assert (lobby["round"], lobby["next_round"], lobby["can_go_again"]) == (1, "all", False)
        # No game yet: no view, and no start without the opponent.
        assert "view" not in [m["t"] for m in ada.ping()]
        ada.send({"t": "start"})
        ada.error("waiting_for_opponent")
        assert ada.act({"type": "place", "cell": 0})["code"] == "not_started"

        # The code as a person types it: lower case, a dash, spaces.
        typed = f" {host.code[:3].lower()}-{host.code[3:].lower()} "
        bob = join_lobby(server, typed, "Bob")
        assert (bob.code, bob.seat) == (host.code, 1)
        ada.wait_lobby(lambda lobby: len(lobby["players"]) == 2)
        assert ada.lobby["players"][1] == {"seat": 1, "nickname": "Bob", "host": False,
                                           "gone": False, "agreed": False, "profile": False,
                                           "connected": False, "table_seat": None,
                                           "rating": None}
        assert_error(post_join(server, host.code, body={"nickname": "Cyril"}), 409, "lobby_full")
        assert get_lobby(server, host.code).json()["players"] == 2

        with seated(server, bob) as b:
            ada.wait_lobby(lambda lobby: lobby["players"][1]["connected"] is True)
            b.send({"t": "start"})
            b.error("not_host")
            assert "view" not in [m["t"] for m in b.ping()]  # the socket is fine, no game yet
            ada.send({"t": "start"})
            for client, seat in ((ada, 0), (b, 1)):
                lobby = client.wait_lobby(lambda lobby: lobby["status"] == "playing")
                assert [p["table_seat"] for p in lobby["players"]] == [0, 1]
                view = client.wait_version(1)["view"]
                assert view["variant"] == "duel" and view["seat"] == seat
                assert view["started"] is True and view["playing"] is True
                assert view["dealer"] is False and view["table"] == "school"
                assert view["drawn"] == 1 and view["cards_left"] == DECK - 1
                assert view["hand"] is not None and waiting(view) == 1
                assert [s["seat"] for s in view["seats"]] == [0, 1]
                assert view["boards"] is None and view["game_over"] is False
            assert ada.tracker.events("dealt") == [{"type": "dealt", "drawn": 1}]
            assert len(ada.tracker.events("drawn")) == len(b.tracker.events("drawn")) == 1
            assert_error(post_join(server, host.code, body={"nickname": "Dora"}), 409,
                         "already_started")
            ada.send({"t": "start"})
            ada.error("already_started")
            assert get_lobby(server, host.code).json()["status"] == "playing"


def test_heartbeats_are_answered_when_the_server_was_quiet(server: LiveServer) -> None:
    """A plain ping is answered only when the server has sent the socket nothing for
    QUIET_SECONDS (its messages show the link is alive); a ping with a seq always is."""
    host = create_lobby(server, "duel", nickname="Ada")
    with seated(server, host) as ada:
        ada.send({"t": "ping"})  # the lobby message has just come: no answer
        between = ada.ping()
        assert [m for m in between if m["t"] == "pong"] == []
        pong = ada.messages[-1]
        assert pong["t"] == "pong" and pong["seq"] == ada.pings
        time.sleep(QUIET_SECONDS + 0.3)
        start = len(ada.messages)
        ada.send({"t": "ping"})
        _, pong = ada.find(lambda m: m["t"] == "pong", start)
        assert set(pong) == {"t", "now"}
        ada.send({"t": "ping", "seq": 0})
        ada.error("bad_message")


def test_leaving_before_the_start(server: LiveServer) -> None:
    host = create_lobby(server, "duel", nickname="Ada")
    bob = join_lobby(server, host.code, "Bob")
    with seated(server, host) as ada:
        with seated(server, bob) as b:
            lobby = leave_and_closed(b)
            assert lobby["status"] == "waiting"
        # The seat is free again; seats are never reused.
        ada.wait_lobby(lambda lobby: [p["seat"] for p in lobby["players"]] == [0])
        ada.send({"t": "start"})
        ada.error("waiting_for_opponent")
        cyril = join_lobby(server, host.code, "Cyril")
        assert cyril.seat == 2
        with seated(server, cyril) as c:
            assert [p["seat"] for p in c.lobby["players"]] == [0, 2]
            # The host leaving closes the lobby.
            lobby = leave_and_closed(ada)
            assert (lobby["status"], lobby["outcome"]) == ("closed", "host_left")
            lobby = c.wait_lobby(lambda lobby: lobby["status"] == "closed")
            assert lobby["outcome"] == "host_left"
    assert_error(post_join(server, host.code, body={"nickname": "Dora"}), 409, "lobby_closed")


def test_bad_lobby_requests(server: LiveServer) -> None:
    # A duel has no dealer who only deals; a nickname is needed without a profile key.
    assert_error(post_lobby(server, kind="duel", nickname="Ada", dealer_plays=False), 422,
                 "bad_config")
    assert_error(post_lobby(server, kind="duel"), 422, "bad_nickname")
    assert_error(post_lobby(server, kind="duel", nickname="x"), 422, "bad_nickname")
    assert_error(post_lobby(server, kind="duel", nickname="Ada", mode="hard"), 422, "bad_config")
    assert_error(post_lobby(server, kind="duel", nickname="Ada", seconds=30), 422, "bad_config")
    host = create_lobby(server, "duel", nickname="Ada", mode="hard", seconds=30)
    assert get_lobby(server, host.code).json()["settings"] == {
        "mode": "hard", "seconds": 30, "table": "adjacent"}
    assert_error(post_join(server, host.code), 422, "bad_nickname")


# --- a whole duel --------------------------------------------------------------------


def test_a_full_duel(server: LiveServer) -> None:
    early_draws: list[int] = []

    def ada_moves(view: Message) -> Message | None:
        # Once, with a number in hand and the other still holding hers: draw earlier.
        if (not early_draws and view["drawn"] >= 4 and view["hand"] is not None
                and view["hand"]["kind"] == "number" and view["cards_left"] > 0
                and queue_of(view, view["seats"][1]) == 1):
            early_draws.append(view["drawn"])
            return {"type": "draw"}
        return choose_move(view)

    with started_duel(server, table="matematico") as (host, guest, a, b):
        lockstep([a, b], [ada_moves, choose_move], check=duel_drawing)
        assert early_draws, "the early draw never happened"
        finals = [a.view, b.view]
        check_final(finals)
        for client in (a, b):
            client.tracker.check_counters()
            view = client.view
            assert view["board"].count(None) == 0 and view["forfeited"] == 0
        # Every card was drawn for both: by the start, one early `draw`, the rest automatically
        # (nobody else sent a draw).
        assert a.tracker.events("dealt") == b.tracker.events("dealt")
        assert len(a.tracker.events("dealt")) == finals[0]["drawn"]
        winner = winner_of(finals[0])
        ranking = finals[0]["ranking"]
        if winner is None:
            assert (ranking[0]["score"], ranking[0]["filled"]) == (ranking[1]["score"],
                                                                  ranking[1]["filled"])
        else:
            assert ranking[0]["seat"] == winner
        for client in (a, b):
            lobby = client.wait_lobby(lambda lobby: lobby["status"] == "closed")
            assert lobby["outcome"] == "finished" and lobby["duel_recorded"] is True
        assert a.act({"type": "place", "cell": 0})["code"] == "game_over"
    assert_error(post_join(server, host.code, body={"nickname": "Dora"}), 409, "lobby_closed")
    # A closed lobby still answers a hello: the last lobby message and the final view.
    with seated(server, guest, view=True) as again:
        assert again.lobby["status"] == "closed"
        assert again.view == finals[1]


def test_a_duel_that_a_player_leaves(server: LiveServer) -> None:
    with started_duel(server) as (host, guest, a, b):
        for _ in range(3):
            for client in (a, b):
                move = choose_move(client.view)
                assert move is not None
                reply = client.act(move)
                assert reply["t"] == "view", reply
                a.wait_version(reply["version"])
                b.wait_version(reply["version"])
        version = a.tracker.version
        lobby = leave_and_closed(b)
        assert lobby["players"][1]["gone"] is True
        with lobby_socket(server, guest.code) as back:  # gone for good
            assert back.hello(guest.key)[0]["code"] == "left_game"
        lobby = a.wait_lobby(lambda lobby: lobby["players"][1]["gone"] is True)
        assert lobby["status"] == "playing" and lobby["duel_recorded"] is False
        view = a.wait_version(version + 1)["view"]
        assert view["seats"][1]["finished"] is True and view["game_over"] is False
        # Ada plays on alone; every card comes without her asking.
        lockstep([a], [choose_move], check=duel_drawing)
        final = a.view
        assert final["over"] and final["game_over"] and final["board"].count(None) == 0
        assert not [m for m in a.messages if m["t"] == "error"]
        a.tracker.check_counters()
        lobby = a.wait_lobby(lambda lobby: lobby["status"] == "closed")
        assert lobby["outcome"] == "finished" and lobby["duel_recorded"] is False
        assert lobby["players"][1]["gone"] is True


# --- statistics --------------------------------------------------------------------------


def test_duel_statistics(server: LiveServer) -> None:
    """A draw (both put the same cards on the same cells), a win (one lets a number expire:
    one cell less, so a score no higher and fewer cells) and a duel the other leaves (no
    win recorded)."""
    p_name, p_key = new_profile(server)
    q_name, q_key = new_profile(server)
    no_keep: Choose = lambda view: choose_move(view, keep_jokers=False)  # noqa: E731
    base = {"games": 0, "duels": {"won": 0, "lost": 0, "drawn": 0}}
    assert {k: stats_of(server, p_key)[k] for k in base} == base

    with started_duel(server, p_key, q_key) as (host, guest, a, b):
        # The profiles' nicknames, whatever nickname was sent.
        assert [p["nickname"] for p in a.lobby["players"]] == [p_name, q_name]
        assert_error(post_join(server, host.code, q_key), 409, "already_joined")
        _, r_key = new_profile(server)
        assert_error(post_join(server, host.code, r_key), 409, "already_started")
        lockstep([a, b], [no_keep, no_keep], check=duel_drawing, server=server)
        assert a.view["board"] == b.view["board"]
        assert winner_of(a.view) is None
        check_final([a.view, b.view])
    for key in (p_key, q_key):
        stats = stats_of(server, key)
        assert stats["games"] == 1 and stats["duels"] == {"won": 0, "lost": 0, "drawn": 1}
        # Rated (two profiles, nobody else): a draw between equals moves neither rating.
        assert {k: stats["rating"][k] for k in ("rating", "games", "provisional")} == {
            "rating": 1500, "games": 1, "provisional": True}

    skipped: list[int] = []

    def q_moves(view: Message) -> Message | None:
        # Let the first number after two placed cards expire (3 s + grace): its cell stays
        # empty for good. "After two", not "the third card": that one may be a joker, played.
        if (view["hand"] is not None and view["hand"]["kind"] == "number"
                and view["board"].count(None) <= 23 and view["forfeited"] == 0):
            skipped.append(view["hand"]["value"])
            return None
        return no_keep(view)

    with started_duel(server, p_key, q_key, mode="hard", seconds=3) as (_, _, a, b):
        ahead = server.skipped
        lockstep([a, b], [no_keep, q_moves], check=duel_drawing, server=server)
        assert server.skipped > ahead  # the expiry was skipped to, not waited for
        check_final([a.view, b.view])
        assert a.view["forfeited"] == 0 and b.view["forfeited"] == 1
        assert [e["value"] for e in b.tracker.events("forfeited")] == skipped[:1]
        assert a.tracker.events("forfeited") == []
        assert winner_of(a.view) == 0 and a.view["ranking"][0]["seat"] == 0
    p_stats, q_stats = stats_of(server, p_key), stats_of(server, q_key)
    assert p_stats["duels"] == {"won": 1, "lost": 0, "drawn": 1}
    assert q_stats["duels"] == {"won": 0, "lost": 1, "drawn": 1}
    assert p_stats["games"] == q_stats["games"] == 2
    won, lost = p_stats["rating"]["rating"], q_stats["rating"]["rating"]
    assert won > 1500 > lost

    with started_duel(server, p_key, q_key) as (_, _, a, b):
        # Ratings beside the names in the room.
        assert [p["rating"] for p in a.lobby["players"]] == [
            {"rating": won, "provisional": True}, {"rating": lost, "provisional": True}]
        move = no_keep(b.view)
        assert move is not None
        assert b.act_patiently(move, server=server)["t"] == "view"
        leave_and_closed(b)
        lockstep([a], [no_keep], server=server)
        assert a.view["game_over"] and a.view["board"].count(None) == 0
        assert a.wait_lobby(lambda lobby: lobby["status"] == "closed")["duel_recorded"] is False
    # The game counts, the duel does not.
    p_stats, q_stats = stats_of(server, p_key), stats_of(server, q_key)
    assert p_stats["duels"] == {"won": 1, "lost": 0, "drawn": 1}
    assert q_stats["duels"] == {"won": 0, "lost": 1, "drawn": 1}
    assert p_stats["games"] == q_stats["games"] == 3
    # Leaving never pays: the leaver ranks last, whatever the boards say.
    assert p_stats["rating"]["rating"] > won and q_stats["rating"]["rating"] < lost
    assert len(p_stats["rating"]["history"]) == 3


def test_a_profile_holds_one_seat(server: LiveServer) -> None:
    _, p_key = new_profile(server)
    _, q_key = new_profile(server)
    host = create_lobby(server, "group", p_key, nickname=None)
    assert_error(post_join(server, host.code, p_key), 409, "already_joined")
    join_lobby(server, host.code, key=q_key)
    assert_error(post_join(server, host.code, q_key), 409, "already_joined")

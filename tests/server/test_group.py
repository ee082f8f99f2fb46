"""Group games through a real server (docs/api.md, "Lobbies: Duel and group games";
docs/decisions/0090-mp-duel-and-group.md, "Group drawing", "Hard clock in duel/group", "Multi-seat
views/events").

Fifty people, each on its own socket, act as fast as the server lets them: easy mode with a
reconnect in the middle, hard mode with players slow enough to lose numbers. Then the
smaller cases: a reconnect replays exactly the missed events, a resent action comes back
without a gap, a second tab takes over, the dealer leaving ends the game, a server killed
mid-game comes back with every confirmed move, and bad messages on the lobby socket are
answered without closing it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from typing import Any

from websockets.exceptions import ConnectionClosed

from klubovna.games.matematicky_poker import GRACE_MS
from tests.games.matematicky_poker import waiting
from tests.server.live import START_SECONDS, LiveServer
from tests.server.lobby_client import (
    AsyncPlayer,
    LobbyClient,
    Message,
    Seat,
    Tracker,
    assert_error,
    check_final,
    choose_move,
    create_lobby,
    dealer_move,
    get_lobby,
    join_lobby,
    lobby_socket,
    post_join,
    run_players,
    seated,
)

FULL_MESSAGE = "A group holds at most 50 people, the dealer included; it is full."


def fill_group(server: LiveServer, people: int, **settings: Any) -> list[Seat]:
    """A group lobby with its dealer and `people - 1` who joined (lobby seat = join order)."""
    dealer = create_lobby(server, "group", nickname="Učitelka", **settings)
    seats = [dealer]
    for n in range(1, people):
        seats.append(join_lobby(server, dealer.code, f"Žák {n:02}"))
    assert [seat.seat for seat in seats] == list(range(people))
    return seats


def drawn_cards(tracker: Tracker) -> list[Message]:
    return [event["card"] for event in tracker.events("drawn")]


def as_card(value: int) -> Message:
    return {"kind": "joker"} if value == 0 else {"kind": "number", "value": value}


class Slow:
    """A player who lets the first `numbers` numbers in hand run out (hard mode), noting the
    deadline of every card it holds."""

    def __init__(self, numbers: int) -> None:
        self.numbers = numbers
        self.deadlines: list[tuple[int, int]] = []
        """(forfeited so far, deadline) of each card in hand, in order."""

    def __call__(self, view: Message) -> Message | None:
        if view["hand"] is not None and view["deadline"] is not None:
            noted = (view["forfeited"], view["deadline"])
            if not self.deadlines or self.deadlines[-1] != noted:
                self.deadlines.append(noted)
        hand = view["hand"]
        if (hand is not None and hand["kind"] == "number" and not view["over"]
                and view["forfeited"] < self.numbers):
            return None
        return choose_move(view)


# --- fifty people --------------------------------------------------------------------


def test_fifty_people_in_easy_mode_with_a_reconnect(server: LiveServer) -> None:
    seats = fill_group(server, 50)
    code = seats[0].code
    full = assert_error(post_join(server, code, body={"nickname": "Padesátý první"}), 409,
                        "lobby_full")
    assert full["message"] == FULL_MESSAGE
    info = get_lobby(server, code).json()
    assert (info["kind"], info["status"], info["players"], info["limit"]) == (
        "group", "waiting", 50, 50)

    players = [AsyncPlayer(server, seat, choose_move, name=f"seat {seat.seat}")
               for seat in seats]
    dealer, observer, returning = players[0], players[1], players[7]
    dealer.choose, dealer.start_with = dealer_move, 50

    def away_long_enough() -> bool:
        assert returning.dropped_at is not None
        view = observer.tracker.view
        assert view is not None
        others_done = all(s["finished"] for s in view["seats"] if s["seat"] != 7)
        return observer.tracker.version >= returning.dropped_at + 40 or others_done

    returning.drop_when = lambda tracker: (tracker.view is not None
                                           and tracker.view["board"].count(None) <= 17)
    returning.back_when = away_long_enough
    began = time.monotonic()
    run_players(players, timeout=180)
    took = time.monotonic() - began

    finals = [player.tracker.view for player in players]
    assert all(view is not None for view in finals)
    check_final([view for view in finals if view is not None])
    for player in players:
        assert player.refused == [], (player.name, player.refused)
        player.tracker.check_counters()
        view = player.tracker.view
        assert view is not None and view["board"].count(None) == 0 and view["forfeited"] == 0
    # One deck for all, taken in order: every player's cards are the start of the same list.
    longest = max((drawn_cards(p.tracker) for p in players), key=len)
    for player in players:
        cards = drawn_cards(player.tracker)
        assert cards == longest[: len(cards)], player.name

    # The reconnect: the catch-up holds every card dealt meanwhile, once (and the tracker
    # found no gap or repeat in the whole story: see check_counters above).
    assert returning.drops == 1 and returning.dropped_view is not None
    assert returning.dropped_at is not None
    catch_up = returning.hellos[-1]
    assert catch_up["version"] > returning.dropped_at
    dealt = [e["drawn"] for e in catch_up["events"] if e["type"] == "dealt"]
    assert dealt == list(range(returning.dropped_view["drawn"] + 1,
                               catch_up["view"]["drawn"] + 1))
    assert dealt, "nothing was dealt while away: the reconnect proved little"
    # Over 1000 versions behind: a fresh view instead of a long replay.
    with lobby_socket(server, code) as behind:
        _, fresh = behind.hello(seats[3].key, since=0, view=True)
        assert fresh is not None and fresh["version"] > 1000
        assert fresh["after"] == fresh["version"] and fresh["events"] == []
    with seated(server, seats[3], view=True) as late:
        # The room closes after the game's last step (the hub's listener, a task of its
        # own): a hello just after the end may come first and see it playing.
        late.wait_lobby(lambda lobby: lobby["status"] == "closed")
        assert late.lobby["outcome"] == "finished"
        assert all(p["table_seat"] == p["seat"] for p in late.lobby["players"])
        assert late.view == finals[3]
    print(f"50 people, easy: {took:.1f} s")


SECONDS = 300
"""Hard mode's time per card here: the longest, so that nobody loses a number on a busy
machine; the slow players' numbers run out because the test moves the server clock."""


def expire_held_numbers(server: LiveServer, players: list[AsyncPlayer],
                        slow: dict[int, Slow]) -> Callable[[], Coroutine[Any, Any, None]]:
    """A task beside the players: whenever every player is either done or a slow one
    holding a number it means to lose, the server clock skips past the latest of those
    numbers' deadlines (and the grace), and waits until the players have seen them go."""

    def still_to_lose() -> list[Message]:
        """The views of the slow players holding a number they mean to lose, or None while
        someone else still has a card to play."""
        holding = []
        for player in players[1:]:
            view = player.tracker.view
            if view is None:
                return []
            person = slow.get(player.seat.seat)
            hand = view["hand"]
            if (person is not None and view["forfeited"] < person.numbers
                    and hand is not None and hand["kind"] == "number"):
                holding.append(view)
            elif not view["over"]:
                return []  # someone plays on: their card must not run out
        return holding

    def forfeited() -> int:
        return sum(p.tracker.view["forfeited"] for p in players[1:] if p.tracker.view)

    async def run() -> None:
        while forfeited() < sum(person.numbers for person in slow.values()):
            await asyncio.sleep(0.05)  # polling what the players saw, not a deadline
            if holding := still_to_lose():
                before = forfeited()
                server.skip_to(max(view["deadline"] for view in holding) + GRACE_MS + 1)
                while forfeited() == before:
                    await asyncio.sleep(0.05)

    return run


def test_fifty_people_in_hard_mode_where_numbers_expire(server: LiveServer) -> None:
    """The dealer only deals (the 50 include the dealer); some players are slow and lose
    numbers; each card's clock starts when the player reaches it."""
    seats = fill_group(server, 50, mode="hard", seconds=SECONDS, dealer_plays=False)
    assert_error(post_join(server, seats[0].code, body={"nickname": "Navíc"}), 409, "lobby_full")
    slow = {3: Slow(1), 17: Slow(1), 26: Slow(2), 40: Slow(2)}
    # Each skip of the clock makes every socket silent past the heartbeat's timeout: the
    # server closes them (4408) and the players come back, as a sleeping phone would.
    players = [AsyncPlayer(server, seat, slow.get(seat.seat, choose_move), name=f"seat {seat.seat}",
                           reconnect_for=60.0) for seat in seats]
    dealer = players[0]
    dealer.choose, dealer.start_with = dealer_move, 50
    began = time.monotonic()
    run_players(players, timeout=240, also=expire_held_numbers(server, players, slow))
    took = time.monotonic() - began

    finals = [player.tracker.view for player in players]
    assert all(view is not None for view in finals)
    check_final([view for view in finals if view is not None])
    desk = finals[0]
    assert desk is not None
    assert desk["dealer"] is True and desk["playing"] is False and "board" not in desk
    assert [seat["seat"] for seat in desk["seats"]] == list(range(1, 50))
    assert len(desk["dealt"]) == desk["drawn"]
    deck = [as_card(value) for value in desk["dealt"]]
    dealer.tracker.check_counters()
    for player in players[1:]:
        seat = player.seat.seat
        lost = slow[seat].numbers if seat in slow else 0
        view = player.tracker.view
        assert view is not None
        assert player.refused == [], (player.name, player.refused)
        assert view["forfeited"] == lost, (seat, view["forfeited"])
        assert view["board"].count(None) == lost
        forfeits = player.tracker.events("forfeited")
        assert len(forfeits) == lost and all(1 <= e["value"] <= 13 for e in forfeits)
        # Behind or not, every player takes the dealt cards in their order.
        cards = drawn_cards(player.tracker)
        assert cards == deck[: len(cards)], seat
        player.tracker.check_counters()
        # The others see the cells lost: filled counts in the ranking.
        row = next(r for r in desk["ranking"] if r["seat"] == seat)
        assert row["filled"] == 25 - lost
    # A number that runs out is followed by the next queued one, reached at the expiry
    # moment (deadline + 1.5 s grace), however much later the server saw it: its deadline
    # is SECONDS after that moment.
    for seat, person in slow.items():
        chain = [(before, after) for before, after in zip(person.deadlines, person.deadlines[1:],
                                                         strict=False) if after[0] == before[0] + 1]
        assert len(chain) == person.numbers, (seat, person.deadlines)
        for (_, deadline), (_, following) in chain:
            assert following - deadline == SECONDS * 1000 + GRACE_MS, (seat, person.deadlines)
    print(f"50 people, hard {SECONDS} s (the clock moved): {took:.1f} s")


# --- reconnecting and taking over ---------------------------------------------------------


def acts(client: LobbyClient, action: Message, *others: LobbyClient) -> Message:
    """A confirmed action; every other socket has seen it before this returns."""
    reply = client.act(action)
    assert reply["t"] == "view", (action, reply)
    for other in others:
        other.wait_version(reply["version"])
    return reply


def place(client: LobbyClient, *others: LobbyClient) -> Message:
    move = choose_move(client.view)
    assert move is not None, client.view
    return acts(client, move, *others)


def test_a_reconnect_replays_exactly_the_missed_events(server: LiveServer) -> None:
    dealer, first, second = fill_group(server, 3)
    with seated(server, dealer) as d, seated(server, first) as p1:
        with seated(server, second) as p2:
            d.send({"t": "start"})
            for client in (d, p1, p2):
                view = client.wait_version(1)
                assert view["events"] == [] and view["view"]["drawn"] == 0  # the dealer draws
                assert view["view"]["hand"] is None
            acts(d, {"type": "draw"}, p1, p2)
            place(p2, d, p1)
            gone_at = p2.tracker.covered
        # p2 is away: three cards are dealt and the others play.
        d.wait_lobby(lambda lobby: lobby["players"][2]["connected"] is False)
        for _ in range(3):
            acts(d, {"type": "draw"}, p1)
        place(p1, d)
        place(p1, d)
        place(d, p1)
        now_at = d.tracker.version
        with lobby_socket(server, second.code) as back:
            back.tracker, back.seq = p2.tracker, p2.seq  # the same person, the same memory
            lobby, shown = back.hello(second.key, since=gone_at, view=True)
            assert lobby["lobby"]["players"][2]["connected"] is True
            assert shown is not None and shown["version"] == now_at
            hand = shown["view"]["hand"]
            assert hand is not None and waiting(shown["view"]) == 3
            # Exactly what happened after gone_at that this seat may see, once each.
            assert shown["events"] == [
                {"type": "dealt", "drawn": 2}, {"type": "drawn", "seat": 2, "card": hand},
                {"type": "dealt", "drawn": 3}, {"type": "dealt", "drawn": 4}]
            place(back, d, p1)
            assert back.tracker.problems == []
            back.tracker.check_counters()
            d.tracker.check_counters()


def test_a_resent_action_is_answered_without_a_gap(server: LiveServer) -> None:
    """A client that is not sure its action arrived (a reconnect) sends it again with the
    same seq: it gets the current view with the ack and nothing is applied twice
    (docs/decisions/0025-client-protocol.md, "Acknowledgements"); that view, like every view, has
    `after` = the version this connection was sent last, so the client sees no gap and no repeat
    (docs/api.md, the socket's view message)."""
    dealer, first, second = fill_group(server, 3)
    with seated(server, dealer) as d, seated(server, first) as p1, \
            seated(server, second) as p2:
        d.send({"t": "start"})
        p1.wait_version(1)
        p2.wait_version(1)
        for _ in range(3):
            acts(d, {"type": "draw"}, p1, p2)
        for _ in range(3):
            move = choose_move(p1.view)
            assert move is not None
            confirmed = p1.act(move)
            assert confirmed["t"] == "view", confirmed
            other = choose_move(p2.view)
            assert other is not None
            assert p2.act(other)["t"] == "view"  # nothing in it for p1: p1 gets it batched
            # At once, most often before that batch: the same action with the same seq again.
            # On a busy machine the batch may be sent first; either way the reply follows on
            # from the view before it on this connection.
            p1.send({"t": "act", "seq": p1.seq, "action": move})
            again = p1.reply_to(p1.seq)
            assert again["t"] == "view" and again["view"]["board"] == confirmed["view"]["board"]
            assert again["events"] == []
            assert p1.tracker.batches[-1].version == again["version"]  # the reply is the last
            seen = p1.tracker.batches[-2].version
            assert again["after"] == seen, (
                f"the reply to a resent action says after={again['after']} at version "
                f"{again['version']}, but this connection was sent version {seen} last")
        time.sleep(0.3)  # the batched views come too: still no gap, no repeat
        assert p1.tracker.problems == []


def test_a_second_tab_takes_over(server: LiveServer) -> None:
    dealer, first, _ = fill_group(server, 3)
    with seated(server, dealer) as d, seated(server, first) as tab1:
        d.send({"t": "start"})
        tab1.wait_version(1)
        acts(d, {"type": "draw"}, tab1)
        seen = tab1.tracker.covered
        with lobby_socket(server, first.code) as tab2:
            lobby, shown = tab2.hello(first.key, since=seen, view=True)
            assert lobby["lobby"]["you"] == 1
            assert lobby["lobby"]["players"][1]["connected"] is True
            assert shown is not None and shown["version"] == seen and shown["events"] == []
            assert shown["view"] == tab1.view
            # The first tab is told, and closed with 4001.
            assert tab1.wait_closed() == 4001
            assert tab1.messages[-1] == {"t": "taken_over"}
            assert tab1.tracker.taken_over
            # The second tab plays on; the dealer sees it.
            reply = place(tab2, d)
            handled = reply["events"]  # the number placed (or a joker kept: decks are random)
            assert handled and handled[0]["type"] in ("placed", "kept"), handled
            assert handled[0]["seat"] == 1
            # A third tab asking for everything (since 0) gets the seat's whole story.
            with lobby_socket(server, first.code) as tab3:
                _, story = tab3.hello(first.key, since=0, view=True)
                assert tab2.wait_closed() == 4001
                assert story is not None and story["version"] == reply["version"]
                card = tab1.tracker.events("drawn")[0]["card"]
                assert story["events"] == [{"type": "dealt", "drawn": 1},
                                           {"type": "drawn", "seat": 1, "card": card}, *handled]
                tab3.tracker.check_counters()
        d.wait_lobby(lambda lobby: lobby["players"][1]["connected"] is False)


def test_the_dealer_leaving_ends_the_game_for_everybody(server: LiveServer) -> None:
    seats = fill_group(server, 5)
    with seated(server, seats[0]) as d, seated(server, seats[1]) as p1, \
            seated(server, seats[2]) as p2, seated(server, seats[3]) as p3, \
            seated(server, seats[4]) as p4:
        players = [p1, p2, p3, p4]
        d.send({"t": "start"})
        for client in (d, *players):
            client.wait_version(1)
        for _ in range(3):
            acts(d, {"type": "draw"}, *players)
        for client in (d, *players):
            place(client, *[other for other in (d, *players) if other is not client])
        # A player leaves: gone for good, the others play on, the board stays.
        left_board = p4.view["board"]
        lobby = p4.leave()["lobby"]
        assert lobby["status"] == "playing" and lobby["players"][4]["gone"] is True
        assert p4.wait_closed() == 1000
        for client in (d, p1, p2, p3):
            client.wait_lobby(lambda lobby: lobby["players"][4]["gone"] is True)
        players = [p1, p2, p3]
        place(p1, d, p2, p3)
        before = p1.tracker.version
        # The dealer leaves: the game ends for everybody.
        lobby = d.leave()["lobby"]
        assert (lobby["status"], lobby["outcome"]) == ("closed", "dealer_left")
        assert d.wait_closed() == 1000
        finals = []
        for client in players:
            lobby = client.wait_lobby(lambda lobby: lobby["status"] == "closed")
            assert lobby["outcome"] == "dealer_left"
            final = client.wait_version(before + 1)
            assert {"type": "ended"} in final["events"]
            finals.append(final["view"])
        check_final(finals)
        # The ranking holds everybody who played: the dealer and the one who left too.
        assert sorted(row["seat"] for row in finals[0]["ranking"]) == [0, 1, 2, 3, 4]
        assert next(b for b in finals[0]["boards"] if b["seat"] == 4)["board"] == left_board
        assert p2.act({"type": "place", "cell": 24})["code"] == "game_over"
        for client in players:
            client.tracker.check_counters()
        with lobby_socket(server, seats[4].code) as back:
            assert back.hello(seats[4].key)[0]["code"] == "left_game"
    assert_error(post_join(server, seats[0].code, body={"nickname": "Pozdě"}), 409,
                 "lobby_closed")
    with seated(server, seats[2], view=True) as again:
        assert again.lobby["outcome"] == "dealer_left"
        assert again.view == finals[1]


# --- a server restart mid-game -------------------------------------------------------------


def test_a_server_restart_in_the_middle_of_a_group_game(restartable: LiveServer) -> None:
    server = restartable
    seats = fill_group(server, 8)
    # The people wait for the server to come back as long as a start may take (a loaded
    # machine has taken over 60 s), and the game's bound grows by as much.
    players = [AsyncPlayer(server, seat, choose_move, name=f"seat {seat.seat}",
                           reconnect_for=START_SECONDS) for seat in seats]
    dealer, observer = players[0], players[3]
    dealer.choose, dealer.start_with = dealer_move, 8
    restarted: list[float] = []

    async def kill_and_start() -> None:
        while observer.tracker.view is None or observer.tracker.view["drawn"] < 10:
            await asyncio.sleep(0.005)
        await asyncio.to_thread(server.kill)
        began = time.monotonic()
        await asyncio.to_thread(server.start)
        restarted.append(time.monotonic() - began)

    run_players(players, timeout=120 + START_SECONDS, also=kill_and_start)
    assert restarted
    seen_before = max(player.seen_before_drop[0][0] for player in players)
    finals = []
    for player in players:
        assert player.drops == 1, player.name
        assert player.refused == [], (player.name, player.refused)
        version, acked = player.seen_before_drop[0]
        resumed = player.hellos[-1]
        # Everything anybody was sent before the kill was stored: nothing goes back.
        assert resumed["version"] >= seen_before
        if acked is not None:
            board, now = acked["view"]["board"], resumed["view"]["board"]
            assert all(now[cell] == value for cell, value in enumerate(board)
                       if value is not None), (player.name, board, now)
            assert resumed["view"]["drawn"] >= acked["view"]["drawn"]
        player.tracker.check_counters()  # every event exactly once, across the restart
        view = player.tracker.view
        assert view is not None and view["board"].count(None) == 0
        finals.append(view)
    check_final(finals)
    with seated(server, seats[5], view=True) as late:
        assert (late.lobby["status"], late.lobby["outcome"]) == ("closed", "finished")
        assert [p["nickname"] for p in late.lobby["players"]] == [
            "Učitelka", *(f"Žák {n:02}" for n in range(1, 8))]
        assert late.view == finals[5]


# --- bad messages ----------------------------------------------------------------------------


def test_bad_messages_get_errors_and_keep_the_socket(server: LiveServer) -> None:
    with lobby_socket(server, "ZZZZZZ") as nowhere:
        with contextlib.suppress(ConnectionClosed):  # it may close before any hello
            nowhere.send({"t": "hello", "key": "x" * 43})
        nowhere.wait_for(lambda m: m["t"] == "error" and m["code"] == "unknown_lobby")
        assert nowhere.wait_closed() == 4404

    dealer, first = fill_group(server, 2)
    with lobby_socket(server, dealer.code) as d, seated(server, first) as p1:
        d.send({"t": "act", "seq": 1, "action": {"type": "start"}})
        d.error("hello_required", seq=1)
        assert d.hello("not-the-key")[0]["code"] == "bad_key"
        assert d.hello(dealer.key)[0]["lobby"]["you"] == 0  # the socket waited for it
        d.send("{broken")
        d.error("bad_json")
        d.send({"t": "shout"})
        d.error("bad_message")
        d.send({"t": "start", "extra": 1})
        d.error("bad_message")
        d.send("x" * 5000)
        d.error("message_too_large")
        d.send({"t": "act", "seq": 1, "action": {"type": "draw"}})
        d.error("not_started", seq=1)
        p1.send({"t": "start"})
        p1.error("not_host")
        d.send({"t": "start"})
        p1.wait_version(1)
        p1.send({"t": "act", "seq": 1, "action": {"type": "draw"}})
        p1.error("not_dealer", seq=1)
        p1.send({"t": "act", "seq": 2, "action": {"type": "place", "cell": 0}})
        p1.error("no_card", seq=2)
        p1.send({"t": "act", "seq": 3, "action": {"type": "place", "cell": 25}})
        p1.error("cell_out_of_range", seq=3)
        d.send({"t": "start"})
        d.error("already_started")
        for client in (d, p1):
            client.ping()
            assert not client.closed.is_set()
        assert d.act({"type": "draw"})["t"] == "view"  # seq 1 was refused: judged anew
        assert not d.tracker.problems and not p1.tracker.problems

    alone = create_lobby(server, "group", nickname="Jen rozdává", dealer_plays=False)
    with seated(server, alone) as lonely:
        lonely.send({"t": "start"})
        lonely.error("no_players")
        assert lonely.ping() is not None

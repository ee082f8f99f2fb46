"""Turn-based rooms through a real server (issue #38 part 1; docs/decisions/0162): the
host gives each move days (`days_per_move`); people move when they like, with no socket
kept open between moves, on the server's clock; one who lets the time run out leaves as the
game's leave policy says, even when nobody has the table open and the server was restarted
meanwhile. The clock is moved, never waited for."""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from klubovna.server.realtime import turns
from klubovna.server.storage import push as push_storage
from klubovna.tables.turns import DAY_MS
from tests.server.conftest import own_server
from tests.server.live import LiveServer
from tests.server.lobby_client import (
    Message,
    Seat,
    assert_error,
    join_lobby,
    new_profile,
    post_lobby,
    seat_of,
    seated,
)
from tests.server.test_push import Browser, PushService, person, service  # noqa: F401 (a fixture)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its clock moves by days; it sends Web Push to the
    tests' push service (plain HTTP on 127.0.0.1)."""
    yield from own_server(tmp_path_factory, env={
        "KLUBOVNA_PUSH_ALLOW_HTTP": "1", "KLUBOVNA_PUSH_HOSTS": "127.0.0.1"})


LP, ZK = "locus-poker", "zoliky-s-kameny"
MOVES: dict[str, Callable[[Message], Message]] = {
    # Locus Poker: a card face up on the first cell that can take one.
    LP: lambda view: {"type": "play", "face": "up", "cell": next(
        i for i, preview in enumerate(view["preview"]) if preview)},
    # Žolíky s kameny: draw a stone (always allowed).
    ZK: lambda view: {"type": "draw"},
}


def turn_based_duel(server: LiveServer, days: int, ada: str | None = None,
                    bob: str | None = None, game: str = LP) -> tuple[Seat, Seat]:
    """Two profiles (these keys, else new ones) in a duel of `game` with `days` per move,
    started by the host (Ada), who then closes the game."""
    ada = ada or new_profile(server)[1]
    bob = bob or new_profile(server)[1]
    host = seat_of(post_lobby(server, ada, game=game, kind="duel", days_per_move=days))
    guest = join_lobby(server, host.code, key=bob)
    with seated(server, host) as a:
        a.send({"t": "start"})
        lobby = a.wait_lobby(lambda lobby: lobby["status"] == "playing")
        assert lobby["days_per_move"] == days
    return host, guest


class Visit:
    """One visit to the game: a socket on the room, hello with the seat's key, the messages
    read as they come (a plain reader: these are Locus Poker's views)."""

    def __init__(self, conn: ClientConnection, key: str) -> None:
        self.conn, self.seq = conn, 0
        conn.send(json.dumps({"t": "hello", "key": key}))

    def next_view(self, match: Callable[[Message], bool] = lambda m: True) -> Message:
        while True:
            message: Message = json.loads(self.conn.recv(timeout=20))
            assert message["t"] != "error", message
            if message["t"] == "view" and match(message):
                return message

    def act(self, action: Message) -> Message:
        self.seq += 1
        self.conn.send(json.dumps({"t": "act", "seq": self.seq, "action": action}))
        return self.next_view(lambda m: m.get("ack") == self.seq)["view"]


@contextmanager
def visiting(server: LiveServer, seat: Seat) -> Iterator[Visit]:
    with connect(f"{server.ws}/ws/lobbies/{seat.code}", open_timeout=10, proxy=None) as conn:
        yield Visit(conn, seat.key)


def visit(server: LiveServer, seat: Seat, play: bool = True) -> Message:
    """Open the game, move when it is this seat's turn, and go: the view after the move (or
    as it is)."""
    with visiting(server, seat) as person:
        view = person.next_view()["view"]
        if play and not view["over"] and view["seat"] in view["turn"]:
            view = person.act(MOVES[view["game"]](view))
        return view


def lost(final: Message, seat: int) -> None:
    """The game ended because `seat` left, and it is last (Locus Poker's and Žolíky s
    kameny's leave policy, "end")."""
    result = final["result"]
    places = {each["seat"]: each["place"] for each in result["standings"]}
    assert result["reason"] == "left" and result["winner"] != seat, result
    assert places[seat] == max(places.values()) > min(places.values()), result


def result_of(server: LiveServer, seat: Seat) -> Message:
    """The finished game's view, as the seat's next visit shows it."""
    with visiting(server, seat) as person:
        return person.next_view(lambda m: m["view"]["over"])["view"]


def test_only_turn_based_kinds_and_one_to_fourteen_days(server: LiveServer) -> None:
    for game, kind, extra in (("kostkovy-poker", "table", {}),
                              ("matematicky-poker", "duel", {})):
        answer = post_lobby(server, None, game=game, kind=kind, nickname="Ada",
                            days_per_move=1, **extra)
        assert_error(answer, 422, "bad_config")
    for days in (0, 15, "2", 1.5):
        answer = post_lobby(server, None, game="locus-poker", kind="duel", nickname="Ada",
                            days_per_move=days)
        assert answer.status_code == 422, (days, answer.text)
    answer = post_lobby(server, None, game="locus-poker", kind="duel", nickname="Ada")
    assert answer.status_code == 201
    code = answer.json()["code"]
    lobby = httpx.get(f"{server.http}/api/lobbies/{code}", timeout=10).json()
    assert lobby["days_per_move"] is None  # a live room


@pytest.mark.parametrize("game", [LP, ZK])
def test_a_move_a_day_later_counts_and_a_late_player_loses(server: LiveServer,
                                                           game: str) -> None:
    host, guest = turn_based_duel(server, days=2, game=game)
    seats = {0: host, 1: guest}
    first = visit(server, host, play=False)
    assert first["started"] and len(first["turn"]) == 1, first
    # Whoever the game waits for moves a day later, with nobody else connected.
    mover = first["turn"][0]
    server.skip(DAY_MS)
    after = visit(server, seats[mover])
    assert not after["over"] and after["turn"] == [1 - mover], after
    # The other lets two days pass: the server's clock says they left, and they lost, with
    # nobody connected.
    server.skip(2 * DAY_MS + 1000)
    lost(result_of(server, seats[mover]), 1 - mover)


def test_the_time_runs_out_after_a_restart_too(server: LiveServer) -> None:
    host, guest = turn_based_duel(server, days=1)
    seats = {0: host, 1: guest}
    waited = visit(server, host, play=False)["turn"][0]
    server.kill()
    server.start()  # the table is in the database only now
    server.skip(DAY_MS + 1000)
    final = result_of(server, seats[1 - waited])
    result = final["result"]
    assert (result["reason"], result["left"], result["winner"]) == ("left", waited, 1 - waited)


@pytest.mark.parametrize("game", [ZK, LP])
def test_each_is_told_when_it_is_their_turn_reminded_and_told_the_result(
        server: LiveServer, service: PushService, game: str) -> None:  # noqa: F811 (fixture)
    """Two people with the app closed between moves: each is told when it is their turn
    (the push service decrypts it), reminded before their time runs out, and the one still
    playing is told the result."""
    _, ada, ada_phone = person(server, service)
    _, bob, bob_phone = person(server, service)
    host, guest = turn_based_duel(server, days=3, ada=ada, bob=bob, game=game)
    link = f"/#/{game}/hra/{host.code}"
    seats = {0: (host, ada_phone), 1: (guest, bob_phone)}
    first = visit(server, host, play=False)["turn"][0]
    one, one_phone = seats[first]
    other, other_phone = seats[1 - first]

    def told(phone: Browser, count: int) -> Message:
        """The newest of `count` messages to `phone`, decrypted."""
        return phone.decrypt(service.wait(phone.path, count)[-1].body)

    # The first to move moves (Ada saw the start: if it is hers, nobody was told then), and
    # the other, whose app is closed, is told it is their turn, with the room's link.
    visit(server, one)
    to_other = told(other_phone, 1)
    assert (to_other["title"], to_other["url"]) == ("Jsi na tahu", link), to_other
    assert re.fullmatch(r"Soupeř zahrál\. Na tah máš čas do \d+\. \d+\. \d+:\d\d\.",
                        to_other["body"]), to_other
    # A day later the other moves: now the first is told it is their turn.
    server.skip(DAY_MS)
    first_had = len(service.at(one_phone.path))
    visit(server, other)
    to_one = told(one_phone, first_had + 1)
    assert (to_one["title"], to_one["url"]) == ("Jsi na tahu", link), to_one
    # Six hours before the first one's time runs out they are reminded (nothing sooner).
    server.skip(3 * DAY_MS - 6 * 3600 * 1000 + 60_000)
    assert told(one_phone, first_had + 2)["title"] == "Brzy ti vyprší čas na tah"
    # They let it run out: the other is told the game is over (the one who left has a
    # message not yet looked at: one per game until they look).
    other_had = len(service.at(other_phone.path))
    server.skip(6 * 3600 * 1000)
    assert told(other_phone, other_had + 1) == {
        "title": "Hra skončila", "body": "Podívej se, jak dopadla.", "url": link}
    lost(result_of(server, other), first)
    assert len(service.at(one_phone.path)) == first_had + 2


@pytest.mark.parametrize("module", [turns, push_storage], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    """The reminder's time (moved before the quiet hours when they last until the time runs
    out) and the quiet hours' edges."""
    assert doctest.testmod(module).failed == 0


def test_a_public_turn_based_game_stays_on_the_playing_list_while_nobody_moves(
        server: LiveServer) -> None:
    """Idle for longer than a live room may be (the policy's week), within its days per
    move: still being played, so still listed (and gone once the game ends)."""
    _, ada = new_profile(server)
    _, bob = new_profile(server)
    answer = post_lobby(server, ada, game="locus-poker", kind="duel", days_per_move=14,
                        public=True)
    host = seat_of(answer)
    guest = join_lobby(server, host.code, key=bob)
    with visiting(server, host) as person:
        person.conn.send(json.dumps({"t": "start"}))
        waited = person.next_view()["view"]["turn"][0]
    server.skip(8 * DAY_MS)

    def playing() -> list[str]:
        rooms = httpx.get(f"{server.http}/api/lobbies",
                          params={"game": "locus-poker", "status": "playing"}, timeout=10)
        assert rooms.status_code == 200, rooms.text
        return [room["code"] for room in rooms.json()["lobbies"]]

    assert host.code in playing()
    # The waited-for player's time ran out (14 days), and the game ended: the clock goes
    # past that and not as far as the room's own end (15 idle days), as time flows. (Both
    # at once is test_room_series's case: the room's sweep settles its table first.)
    server.skip(6 * DAY_MS + 60 * 60 * 1000)
    assert result_of(server, guest if waited == 0 else host)["result"]["left"] == waited
    assert host.code not in playing()

"""Replays of finished server tables over real HTTP (docs/api.md, "Replays"): from a seat
key, from a share link's token, for a solo table and for a room's table, errors with their
stable codes."""

from __future__ import annotations

import gzip
import json

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from klubovna.server.features.replays import gzipped
from klubovna.tables.replay import replay
from tests.server.live import LiveServer, play_out
from tests.server.lobby_client import assert_error, bearer, post_join, post_lobby, seat_of
from tests.server.test_kp_table import Person, play_to_the_end
from tests.tables.replaying import play_out as play_table
from tests.tables.replaying import sit


def get_replay(server: LiveServer, table_id: str, key: str | None) -> httpx.Response:
    return httpx.get(f"{server.http}/api/tables/{table_id}/replay", headers=bearer(key),
                     timeout=10)


def shared(server: LiveServer, token: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/replays/{token}", timeout=10)


def test_a_solo_game_replays_from_its_key_and_its_share_link(server: LiveServer) -> None:
    table_id, key = server.create()
    with server.socket(table_id) as client:
        first = client.hello(key)
        assert_error(get_replay(server, table_id, key), 409, "not_over")
        end = play_out(client, first["view"])
    answer = get_replay(server, table_id, key)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert (data["t"], data["game"], data["seat"]) == ("replay", "matematicky-poker", 0)
    assert data["frames"][0] == first["view"] and data["frames"][-1] == end
    version = httpx.get(f"{server.http}/api/tables/{table_id}", headers=bearer(key)).json()
    assert len(data["frames"]) == len(data["moves"]) + 1 == version["version"] + 1
    assert all(move["seat"] == 0 and move["action"] for move in data["moves"])  # own moves
    token = data["share"]
    assert token.startswith(f"{table_id}.0.") and token == httpx.URL(f"/x/{token}").path[3:]
    assert answer.headers["content-encoding"] == "gzip"  # (httpx asks for it)
    plain = httpx.get(f"{server.http}/api/tables/{table_id}/replay",
                      headers={**bearer(key), "Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == data
    again = shared(server, token)
    assert again.status_code == 200 and again.json() == data  # the same, with no key
    # The link cannot be edited to another seat or table, nor made up.
    mac = token.rsplit(".", 1)[1]
    for forged in (f"{table_id}.1.{mac}", f"x{token}", token[:-1], "nothing", f"{table_id}.0."):
        assert_error(shared(server, forged), 404, "bad_token")


def test_refusals(server: LiveServer) -> None:
    table_id, key = server.create()
    assert_error(get_replay(server, "no-such-table", key), 404, "unknown_table")
    assert_error(get_replay(server, table_id, None), 401, "missing_key")
    assert_error(get_replay(server, table_id, "wrong"), 403, "bad_key")
    assert_error(get_replay(server, table_id, key), 409, "not_over")


def test_each_player_of_a_room_replays_their_own_seat(server: LiveServer) -> None:
    """A Kostkový poker room: the lobby message names its table, each member's key opens
    that seat's replay (other seats' actions hidden), a member who left mid-game too."""
    host = seat_of(post_lobby(server, game="kostkovy-poker", kind="table", nickname="Ada",
                              seats=3, chips=10, robots="klidny"))
    bob_seat = seat_of(post_join(server, host.code, body={"nickname": "Bob"}))
    with connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as a_conn, \
            connect(f"{server.ws}/ws/lobbies/{host.code}", proxy=None) as b_conn:
        ada, bob = Person(a_conn, host.key), Person(b_conn, bob_seat.key)
        a_conn.send(json.dumps({"t": "start"}))
        while not bob.move():  # Bob makes one move, then leaves
            if not ada.move():
                bob.take(bob.recv())
        b_conn.send(json.dumps({"t": "leave"}))
        while True:
            try:
                bob.take(bob.recv())
            except ConnectionClosed:
                break
        play_to_the_end(ada)
    assert ada.lobby is not None and ada.view is not None
    table_id = ada.lobby["table"]
    mine = get_replay(server, table_id, host.key).json()
    assert mine["seat"] == 0 and mine["frames"][-1] == ada.view
    theirs = get_replay(server, table_id, bob_seat.key).json()  # Bob left: still his
    assert theirs["seat"] == 1 and theirs["frames"][-1]["game_over"]
    for data, seat in ((mine, 0), (theirs, 1)):
        acts = [move for move in data["moves"] if move["kind"] == "act"]
        assert {move["seat"] for move in acts} == {0, 1, 2}
        assert {"seat": 1, "kind": "leave"}.items() <= next(
            move for move in data["moves"] if move["kind"] == "leave").items()
        assert all((move["action"] is None) == (move["seat"] != seat) for move in acts)
        assert shared(server, data["share"]).json() == data
    assert mine["share"] != theirs["share"]


def test_the_schema_has_both_addresses(server: LiveServer) -> None:
    schema = httpx.get(f"{server.http}/api/openapi.json").json()
    for path in ("/api/tables/{table_id}/replay", "/api/replays/{token}"):
        answers = schema["paths"][path]["get"]["responses"]
        assert {"200", "404", "409"} <= set(answers)
        assert answers["200"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Replay"}
    replay = schema["components"]["schemas"]["Replay"]
    assert {"game", "seat", "frames", "moves", "share"} <= set(replay["required"])


def test_the_gzipped_text_is_the_replay() -> None:
    """The server's replay, encoded frame by frame into gzip, reads back as the replay."""
    table = play_table(sit("locus-poker", 3), 3).table
    for seat in (0, 1):
        text = gzip.decompress(gzipped(table, seat, "token"))
        assert json.loads(text) == {**replay(table, seat), "share": "token"}

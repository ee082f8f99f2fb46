"""Public rooms and the open list (`GET /api/lobbies`): what it lists and when, over a
real server (docs/decisions/0159-open-rooms-and-watching.md)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import LiveServer
from tests.server.lobby_client import (
    Message,
    assert_error,
    create_lobby,
    join_lobby,
    new_profile,
    seated,
)

MP = "matematicky-poker"


def listed(server: LiveServer, codes: set[str], **query: Any) -> list[Message]:
    """The open list's rooms among `codes` (other tests share the server)."""
    response = httpx.get(f"{server.http}/api/lobbies", params=query, timeout=10)
    assert response.status_code == 200, response.text
    return [room for room in response.json()["lobbies"] if room["code"] in codes]


def test_the_open_list_shows_public_rooms_waiting_with_a_free_seat(server: LiveServer) -> None:
    nickname, key = new_profile(server)
    public = create_lobby(server, "duel", key, public=True, mode="easy")
    private = create_lobby(server, "group", key)
    codes = {public.code, private.code}
    [room] = listed(server, codes, game=MP)
    assert room == {"code": public.code, "game": MP, "kind": "duel",
                    "settings": room["settings"], "players": 1, "limit": 2,
                    "days_per_move": None, "table": None,
                    "host": {"nickname": nickname, "rating": None, "provisional": True}}
    assert room["settings"]["mode"] == "easy"
    assert listed(server, codes) == [room]  # every game's
    assert listed(server, codes, game="kostkovy-poker") == []
    assert listed(server, codes, game=MP, status="playing") == []

    guest = join_lobby(server, public.code, "Host2")  # full now: off the list
    assert listed(server, codes, game=MP) == []
    with seated(server, public) as host, seated(server, guest) as other:
        host.send({"t": "start"})
        lobby = other.wait_lobby(lambda lobby: lobby["status"] == "playing")
        assert lobby["public"] is True and lobby["watchable"] is True
        assert lobby["watchers"] == 0 and lobby["ratings"] is None
        assert [player["rating"] for player in lobby["players"]] == [None, None]  # unrated
        [playing] = listed(server, codes, game=MP, status="playing")
        assert playing["table"] == lobby["table"] and playing["players"] == 2
        host.send({"t": "watching", "on": False})
        other.wait_lobby(lambda lobby: lobby["watchable"] is False)
        [playing] = listed(server, codes, game=MP, status="playing")
        assert playing["table"] is None  # nobody may watch: no link to give
        other.send({"t": "watching", "on": True})  # only the host decides
        other.error("not_host")


def test_bad_open_list_requests(server: LiveServer) -> None:
    assert_error(httpx.get(f"{server.http}/api/lobbies", params={"game": "chess"}),
                 404, "unknown_game")
    response = httpx.get(f"{server.http}/api/lobbies", params={"status": "closed"})
    assert response.status_code == 422
    response = httpx.post(f"{server.http}/api/lobbies", json={
        "game": MP, "kind": "duel", "nickname": "Ann", "public": "yes"})
    assert response.status_code == 422

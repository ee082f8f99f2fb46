"""HTTP details over a real server: HEAD wherever GET works, 405 with `Allow`, and an
OpenAPI schema that states the limits the server really enforces."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from klubovna.games.kostkovy_poker import rules as kp_rules
from klubovna.games.kostkovy_poker import state as kp_state
from klubovna.games.matematicky_poker import rules as mp_rules
from klubovna.games.mathesso import state as ma_state
from klubovna.server.features import nicknames
from tests.server.live import LiveServer
from tests.server.test_recording import bearer, new_profile, server

__all__ = ["server"]  # that module's server: seeds allowed, high limits


@pytest.mark.parametrize("path", [
    "/", "/index.html", "/manifest.webmanifest", "/api/openapi.json", "/api/docs",
    "/api/leaderboard", "/api/daily", "/api/profiles/me", "/api/tables/nosuchtable",
    "/no/such/file.js",
])
def test_head_answers_like_get(server: LiveServer, path: str) -> None:
    get = httpx.get(f"{server.http}{path}")
    head = httpx.head(f"{server.http}{path}")
    assert head.status_code == get.status_code, (path, head.status_code, get.status_code)
    assert head.content == b""
    assert head.headers.get("content-type") == get.headers.get("content-type")
    if "content-length" in get.headers:
        assert head.headers["content-length"] == get.headers["content-length"]


def test_head_with_a_key(server: LiveServer) -> None:
    _, key = new_profile(server)
    get = httpx.get(f"{server.http}/api/profiles/me", headers=bearer(key))
    head = httpx.head(f"{server.http}/api/profiles/me", headers=bearer(key))
    assert (get.status_code, head.status_code) == (200, 200) and head.content == b""
    assert head.headers["content-length"] == get.headers["content-length"]


def test_head_on_an_asset(server: LiveServer) -> None:
    index = httpx.get(f"{server.http}/").text
    asset = index.split('src="', 1)[1].split('"', 1)[0]
    head = httpx.head(f"{server.http}{asset}")
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(httpx.get(f"{server.http}{asset}").content)


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("PUT", "/api/profiles/me", "DELETE, GET, HEAD, PATCH"),
    ("DELETE", "/api/profiles", "POST"),
    ("PATCH", "/api/tables", "POST"),
    ("GET", "/api/tables", "POST"),  # (not the static web app's 404: it takes every GET)
    ("PUT", "/api/lobbies", "GET, HEAD, POST"),
    ("GET", "/api/lobbies/ABCDEF/join", "POST"),
    ("POST", "/api/leaderboard", "GET, HEAD"),
    ("POST", "/api/openapi.json", "GET, HEAD"),
    ("POST", "/index.html", "GET, HEAD"),
])
def test_405_says_what_is_allowed(server: LiveServer, method: str, path: str,
                                  allow: str) -> None:
    response = httpx.request(method, f"{server.http}{path}")
    assert response.status_code == 405, response.text
    assert response.headers["allow"] == allow
    assert response.json()["code"] == "method_not_allowed"


def schema_of(server: LiveServer, name: str) -> dict[str, Any]:
    schema = httpx.get(f"{server.http}/api/openapi.json").json()
    found: dict[str, Any] = schema["components"]["schemas"][name]["properties"]
    return found


def branch(field: dict[str, Any], kind: str) -> dict[str, Any]:
    """A nullable field's schema for the non-null `kind`."""
    for option in field.get("anyOf", [field]):
        if option.get("type") == kind:
            return {**field, **option}
    raise AssertionError(field)


@pytest.mark.parametrize("model", ["CreateProfile", "UpdateProfile", "CreateLobby",
                                   "JoinLobby"])
def test_schema_states_the_nickname_limits(server: LiveServer, model: str) -> None:
    nickname = branch(schema_of(server, model)["nickname"], "string")
    assert (nickname["minLength"], nickname["maxLength"]) == (2, 24)
    assert (nicknames.MIN, nicknames.MAX) == (2, 24)


def test_schema_states_the_engines_limits(server: LiveServer) -> None:
    table = schema_of(server, "CreateTable")
    seconds = branch(table["seconds"], "integer")
    assert (seconds["minimum"], seconds["maximum"]) == (mp_rules.SECONDS_MIN,
                                                       mp_rules.SECONDS_MAX)
    assert set(schema_of(server, "CreateLobby")) == {"game", "kind", "nickname", "settings",
                                                     "free_chat", "public", "days_per_move"}
    lobby = schema_of(server, "RoomSettings")  # every game's room settings, declared
    seconds = branch(lobby["seconds"], "integer")
    for rules in (mp_rules, kp_rules):
        assert (seconds["minimum"], seconds["maximum"]) == (rules.SECONDS_MIN,
                                                           rules.SECONDS_MAX)
    seats, chips = branch(lobby["seats"], "integer"), branch(lobby["chips"], "integer")
    # Kostkový poker's tables and Mathesso's rooms both declare seats: the field takes
    # what either takes (each game still refuses what it does not: bad_config).
    assert (seats["minimum"], seats["maximum"]) == (min(kp_state.SEATS_MIN, ma_state.SEATS_MIN),
                                                   max(kp_state.SEATS_MAX, ma_state.SEATS_MAX))
    assert (chips["minimum"], chips["maximum"]) == (kp_state.CHIPS_MIN, kp_state.CHIPS_MAX)
    assert branch(lobby["robots"], "string")["enum"] == ["klidny", "chytry"]
    assert "kostkovy-poker table" in lobby["seats"]["description"]
    # PATCH /api/profiles/me refuses null (leave the field out): the schema says so.
    update = schema_of(server, "UpdateProfile")
    assert update["nickname"]["type"] == "string" and update["consent"]["type"] == "boolean"
    assert "anyOf" not in update["nickname"] and "anyOf" not in update["consent"]


def test_schema_limits_are_the_servers(server: LiveServer) -> None:
    """At the stated edges: 24 characters are taken, 25 refused with the usual code."""
    assert httpx.post(f"{server.http}/api/profiles",
                      json={"nickname": "Z" * 23 + "ž"}).status_code == 201
    too_long = httpx.post(f"{server.http}/api/profiles", json={"nickname": "Z" * 25})
    assert too_long.status_code == 422 and too_long.json()["code"] == "bad_nickname"


def test_schema_states_the_seed_limit_exactly(server: LiveServer) -> None:
    seed = branch(schema_of(server, "CreateTable")["seed"], "integer")
    assert seed["minimum"] == 0 and "maximum" not in seed
    assert seed["exclusiveMaximum"] == 2**63  # a float in the document, exactly 2**63
    made = [httpx.post(f"{server.http}/api/tables",
                       json={"game": "matematicky-poker", "seed": value}).status_code
            for value in (2**63 - 1, 2**63)]
    assert made[0] == 201 and made[1] == 422

"""Every setting of every registered game, sent as null or as a value of the wrong type, to
every call that takes settings (POST /api/tables and POST /api/lobbies): `invalid_request`
(422), never the default (issue #34, item 3). Null is a value only of an optional setting
(its "off": Kostkový poker's timer). A new game's settings are covered by the registry."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from klubovna.core.declarations import Setting
from klubovna.server.http.declared import room_declarations
from klubovna.tables.registry import REGISTRY
from tests.server.live import LiveServer
from tests.server.lobby_client import assert_error

TABLE_SETTINGS = [(name, setting) for name, entry in REGISTRY.items()
                  for setting in entry.game.settings if setting.public]
ROOM_SETTINGS = [(where.split(" ")[0], where.split(" ")[1], setting)
                 for where, setting in room_declarations()]
WRONG: dict[str, Any] = {"null": None, "object": {"x": 1}, "list": [1]}


def ids(value: Any) -> str:
    return value.name if isinstance(value, Setting) else str(value)


def post_table(server: LiveServer, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.http}/api/tables", json=body)


def post_room(server: LiveServer, game: str, kind: str, settings: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.http}/api/lobbies",
                      json={"game": game, "kind": kind, "nickname": "Ada", "settings": settings})


@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize(("game", "setting"), TABLE_SETTINGS, ids=ids)
def test_a_table_refuses_a_setting_of_the_wrong_type(
        server: LiveServer, game: str, setting: Setting, wrong: str) -> None:
    if wrong == "null" and setting.optional:
        pytest.skip("null is this setting's own value (off)")
    response = post_table(server, {"game": game, setting.name: WRONG[wrong]})
    body = assert_error(response, 422, "invalid_request")
    assert setting.name in body["message"]


@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize(("game", "kind", "setting"), ROOM_SETTINGS, ids=ids)
def test_a_room_refuses_a_setting_of_the_wrong_type(
        server: LiveServer, game: str, kind: str, setting: Setting, wrong: str) -> None:
    if wrong == "null" and setting.optional:
        pytest.skip("null is this setting's own value (off)")
    response = post_room(server, game, kind, {setting.name: WRONG[wrong]})
    body = assert_error(response, 422, "invalid_request")
    assert f"settings.{setting.name}" in body["message"]


def test_null_is_an_optional_settings_off(server: LiveServer) -> None:
    """Kostkový poker's timer sent as null is "no timer", as left out is; the same name in
    Matematický poker (seconds per card, not optional) refuses null."""
    optional = [(game, kind, s) for game, kind, s in ROOM_SETTINGS if s.optional]
    assert optional, "no game has an optional setting any more: test another way"
    for game, kind, setting in optional:
        response = post_room(server, game, kind, {setting.name: None})
        assert response.status_code == 201, response.text
        code = response.json()["code"]
        lobby = httpx.get(f"{server.http}/api/lobbies/{code}").json()
        assert lobby["settings"][setting.name] is None
    shared = {s.name for _, _, s in optional}
    refused = [(g, k, s) for g, k, s in ROOM_SETTINGS if s.name in shared and not s.optional]
    for game, kind, setting in refused:
        body = {"mode": "hard", setting.name: None} if setting.only_when else {setting.name: None}
        assert_error(post_room(server, game, kind, body), 422, "invalid_request")


def test_the_schema_says_which_settings_take_null(server: LiveServer) -> None:
    schema = httpx.get(f"{server.http}/api/openapi.json").json()["components"]["schemas"]
    fields = schema["RoomSettings"]["properties"]
    for _game, _kind, setting in ROOM_SETTINGS:
        takes_null = any(t.get("type") == "null" for t in fields[setting.name].get("anyOf", []))
        assert takes_null == any(s.optional for _, _, s in ROOM_SETTINGS
                                 if s.name == setting.name), setting.name

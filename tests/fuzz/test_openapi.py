"""schemathesis over the running server's OpenAPI schema: every operation, requests made
from the schema (and against it), answered without a 5xx and as the schema says (status,
content type, headers, body).

Half the time a path parameter names a real table, lobby or replay, and the Authorization
header carries a real key, so the cases get past 404 and 401 into the handlers.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import APIOperation, Case, CheckContext, GenerationMode, Response
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from websockets.sync.client import connect

from klubovna.server.features.tables import NOT_SETTINGS
from klubovna.tables.lobby import DEALER_PLAYS
from klubovna.tables.registry import REGISTRY
from tests.fuzz.target import Target, examples
from tests.server.live import Client, play_out

EXAMPLES = 20
"""Per operation and mode, in `make test`."""
@schemathesis.check
def negative_data_refused(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    """negative_data_rejection, with a body over the server's size limit refused as too
    large (413 `payload_too_large`) counted as refused: a string a little over its maxLength
    (1024 for a push endpoint) made of characters JSON escapes to 12 bytes is such a body."""
    if response.status_code == 413 and response.json().get("code") == "payload_too_large":
        return None
    return negative_data_rejection(ctx, response, case)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance, negative_data_refused]
"""Not `positive_data_acceptance`: a request the schema allows may still be refused by the
game's rules (422 `bad_config`: a Mathesso table of several seats, `bad_code`: a code with
an O), which the schema cannot state."""


@dataclass(frozen=True)
class Real:
    """Real things for the cases to name: a profile, a running and a finished solo table
    (seat keys), a lobby, a replay's share token."""

    profile: str
    running: tuple[str, str]
    finished: tuple[str, str]
    lobby: str
    share: str


def created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.fixture(scope="module")
def real(target: Target) -> Real:
    http = httpx.Client(base_url=target.http, timeout=10)
    profile = created(http.post("/api/profiles", json={"nickname": "Fuzz"}))["key"]
    running = created(http.post("/api/tables", json={"game": "matematicky-poker"}))
    finished = created(http.post("/api/tables", json={"game": "matematicky-poker"}))
    with connect(f"{target.ws}/ws/tables/{finished['table']}", open_timeout=10) as conn:
        client = Client(conn)
        play_out(client, client.hello(finished["key"])["view"])
    replay = http.get(f"/api/tables/{finished['table']}/replay",
                      headers={"Authorization": f"Bearer {finished['key']}"})
    assert replay.status_code == 200, replay.text
    lobby = created(http.post("/api/lobbies", json={
        "game": "matematicky-poker", "kind": "duel", "nickname": "Fuzz"}))["code"]
    return Real(profile, (running["table"], running["key"]),
                (finished["table"], finished["key"]), lobby, replay.json()["share"])


def fresh_profile(target: Target) -> str:
    """A profile of the case's own, for one a case may delete."""
    response = httpx.post(f"{target.http}/api/profiles",
                          json={"nickname": f"F{secrets.token_hex(4)}"}, timeout=10)
    return str(created(response)["key"])


def make_real(case: Case, choice: st.DataObject, target: Target, real: Real) -> None:
    """Some of the case's parameters made real (each drawn: keep the generated value, or
    put in a real one), so a case reaches past "no such table" and "no key": a real table,
    lobby or share token in the path, and the key that fits the case (the table's, else a
    profile's) or none in the Authorization header. What a negative case broke is kept."""
    negated = {where for where, info in (case.meta.components if case.meta else {}).items()
               if info.mode is GenerationMode.NEGATIVE}  # (left as made: it must be refused)
    keys = {real.running[0]: real.running[1], real.finished[0]: real.finished[1]}
    own = {"table_id": list(keys), "token": [real.share],
           "code": [real.lobby, f"{real.lobby[:3].lower()}-{real.lobby[3:]}"]}
    path = case.path_parameters if ParameterLocation.PATH not in negated else None
    for name in list(path or {}):
        if name in own and choice.draw(st.booleans(), label=f"real {name}"):
            case.path_parameters[name] = choice.draw(st.sampled_from(own[name]))
    if ParameterLocation.BODY not in negated and isinstance(case.body, dict) and choice.draw(
            st.booleans(), label="fitting body"):
        fit_body(case, choice)
    if ParameterLocation.HEADER in negated:
        return
    headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    how = choice.draw(st.sampled_from(["generated", "none", "fitting"]), label="key")
    if how == "none":
        case.headers = headers
    elif how == "fitting":
        key = keys.get((case.path_parameters or {}).get("table_id", ""))
        if key is None:  # a profile's: one of the case's own when it may delete it
            key = fresh_profile(target) if case.method == "DELETE" else real.profile
        case.headers = {**headers, "Authorization": f"Bearer {key}"}


NICKNAMES = ["Fuzz", "Žofie 2", "a_b-c.d", "Ondřej Čech"]


def fit_body(case: Case, choice: st.DataObject) -> None:
    """A new table's or lobby's body cut to what its game (and room) takes: the schema's
    fields are every game's at once, so a made body mostly names another game's setting;
    and a nickname the rules take."""
    body = case.body
    if "nickname" in body or case.path.startswith("/api/lobbies"):  # (free text: mostly refused)
        body = {**body, "nickname": choice.draw(st.sampled_from(NICKNAMES), label="nickname")}
    case.body = body
    if case.path == "/api/tables" and body.get("game") in REGISTRY:
        taken = {s.name for s in REGISTRY[body["game"]].game.settings} | set(NOT_SETTINGS)
        case.body = {k: v for k, v in body.items() if k in taken}
    elif case.path == "/api/lobbies":
        game = choice.draw(st.sampled_from([n for n, e in REGISTRY.items() if e.game.rooms]))
        room = choice.draw(st.sampled_from(REGISTRY[game].game.rooms))
        taken = set(room.settings) | {room.robots, DEALER_PLAYS if room.host_only_deals else ""}
        settings = body.get("settings") if isinstance(body.get("settings"), dict) else {}
        case.body = {**body, "game": game, "kind": room.kind,
                     "settings": {k: v for k, v in settings.items() if k in taken}}


ANNOTATIONS = {"title", "description", "examples"}


def any_string(schema: dict[str, Any]) -> bool:
    """The schema takes every string (and maybe null): nothing a header or path can carry
    breaks it."""
    if "anyOf" in schema:
        return all(any_string(s) or s == {"type": "null"} for s in schema["anyOf"])
    return schema.get("type") == "string" and set(schema) - ANNOTATIONS == {"type"}


def negatable(operation: APIOperation) -> bool:
    """Some request to it breaks the schema: it has a body, or a parameter that does not
    take any string. (The others only made hypothesis search ~0.7 s each for a case that
    cannot exist before giving up, half the negative run.)"""
    raw = operation.definition.raw
    return "requestBody" in raw or not all(
        any_string(parameter.get("schema", {})) for parameter in raw.get("parameters", []))


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation(target: Target, real: Real, mode: GenerationMode) -> None:
    """Each operation on its own (so each gets its examples): requests that fit the schema,
    and (negative) requests that do not, which must be refused with a 4xx."""
    api = schemathesis.openapi.from_url(f"{target.http}/api/openapi.json")
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 17
    if mode is GenerationMode.NEGATIVE:
        operations = [operation for operation in operations if negatable(operation)]
        assert len(operations) >= 10

    for operation in operations:

        @given(case=operation.as_strategy(mode), choice=st.data())
        @settings(max_examples=examples(EXAMPLES), derandomize=True, deadline=None,
                  database=None, suppress_health_check=list(HealthCheck))
        def run(case: Case, choice: st.DataObject) -> None:
            make_real(case, choice, target, real)
            case.call_and_validate(base_url=target.http, checks=CHECKS)

        try:
            run()
        except Unsatisfiable:  # no request of it can break the schema (a path of strings)
            assert mode is GenerationMode.NEGATIVE, operation.label
        except Exception as error:
            raise AssertionError(f"{operation.label} ({mode}): {error}") from error

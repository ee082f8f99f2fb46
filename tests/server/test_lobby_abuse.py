"""Lobbies against abuse and bad input (docs/api.md, "Lobbies: Duel and group games";
docs/decisions/0058-wrong-codes-rate-limited.md): join codes cannot be guessed quickly (a limit per
client address on looking up and joining codes), codes are normalised or refused, bodies are
validated, and the QR code is an SVG of the join link.
"""

from __future__ import annotations

import secrets
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.server.live import LiveServer, free_port
from tests.server.lobby_client import (
    ALPHABET,
    assert_error,
    bearer,
    create_lobby,
    get_lobby,
    join_lobby,
    lobby_socket,
    new_profile,
    post_join,
)

JOINS = 5
"""KLUBOVNA_RATE_JOINS of the rate-limited server."""


@pytest.fixture
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that allows JOINS look-ups and joins a minute per address."""
    live = LiveServer(tmp_path_factory.mktemp("strict"), free_port(),
                      env={"KLUBOVNA_RATE_JOINS": str(JOINS)})
    live.start()
    yield live
    live.stop()


def unknown_code(*known: str) -> str:
    """A well-formed code of no lobby."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        if code not in known:
            return code


# --- guessing codes ------------------------------------------------------------------------


def test_guessing_codes_is_rate_limited_per_address(strict_server: LiveServer) -> None:
    """Wrong codes (unknown or malformed, by any call or the socket) use up the address's
    allowance; then every code is refused until it refills. The right code never counts, so
    a class behind one address is not held up."""
    server = strict_server
    real = create_lobby(server, "group")  # creating counts as a new table, not as a code
    for n in range(2 * JOINS):
        assert get_lobby(server, real.code).status_code == 200
        join_lobby(server, real.code, f"Žák {n}")
    assert httpx.get(f"{server.http}/api/lobbies/{real.code}/qr.svg").status_code == 200
    # Wrong codes, in every way there is.
    assert_error(get_lobby(server, unknown_code(real.code)), 404, "unknown_lobby")
    assert_error(post_join(server, unknown_code(real.code), body={"nickname": "Host"}),
                 404, "unknown_lobby")
    assert_error(httpx.get(f"{server.http}/api/lobbies/{unknown_code(real.code)}/qr.svg"),
                 404, "unknown_lobby")
    assert_error(get_lobby(server, "ABCDE0"), 422, "bad_code")
    with lobby_socket(server, unknown_code(real.code)) as guess:
        guess.wait_for(lambda m: m["t"] == "error" and m["code"] == "unknown_lobby")
        assert guess.wait_closed() == 4404
    assert JOINS == 5
    # The allowance is used up: even the right code is refused now, in every way.
    limited = assert_error(get_lobby(server, real.code), 429, "rate_limited")
    assert any(char.isdigit() for char in limited["message"])  # says how long to wait
    assert_error(post_join(server, real.code, body={"nickname": "Host"}), 429, "rate_limited")
    assert_error(get_lobby(server, unknown_code(real.code)), 429, "rate_limited")
    with lobby_socket(server, real.code) as late:
        late.wait_for(lambda m: m["t"] == "error" and m["code"] == "rate_limited")
    # Another address has its own allowance.
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(transport=transport, timeout=10) as other:
        answer = other.get(f"{server.http}/api/lobbies/{real.code}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["players"] == 1 + 2 * JOINS
        joined = other.post(f"{server.http}/api/lobbies/{real.code}/join",
                            json={"nickname": "Odjinud"})
        assert joined.status_code == 201, joined.text


# --- codes -----------------------------------------------------------------------------------


BAD_CODES = ["ABC", "ABCDE0", "ABCDEO", "ABCDE1", "ABCDEI", "ABCDEL", "ABCDEFG", "ABC_DE",
             "ABC.DE", "ÁBCDEF", "ABC--", "------"]


@pytest.mark.parametrize("code", BAD_CODES)
def test_a_code_that_cannot_be_one_is_bad_code(server: LiveServer, code: str) -> None:
    path = f"{server.http}/api/lobbies/{quote(code)}"
    assert_error(httpx.get(path), 422, "bad_code")
    assert_error(httpx.post(f"{path}/join", json={"nickname": "Bob"}), 422, "bad_code")
    assert_error(httpx.get(f"{path}/qr.svg"), 422, "bad_code")


def test_an_unknown_code_is_unknown_lobby(server: LiveServer) -> None:
    code = unknown_code()
    path = f"{server.http}/api/lobbies/{code}"
    assert_error(httpx.get(path), 404, "unknown_lobby")
    assert_error(httpx.post(f"{path}/join", json={"nickname": "Bob"}), 404, "unknown_lobby")
    assert_error(httpx.get(f"{path}/qr.svg"), 404, "unknown_lobby")


def test_codes_as_people_type_them(server: LiveServer) -> None:
    real = create_lobby(server, "duel")
    for typed in (real.code.lower(), f"{real.code[:3]}-{real.code[3:]}",
                  f" {real.code[:3].lower()} {real.code[3:]} ", f"{real.code[:3]}–{real.code[3:]}"):
        answer = get_lobby(server, quote(typed))
        assert answer.status_code == 200, (typed, answer.text)
        assert answer.json()["code"] == real.code
    assert join_lobby(server, f"{real.code[:3].lower()}-{real.code[3:].lower()}", "Bob").seat == 1


# --- bodies ----------------------------------------------------------------------------------

GAME = {"game": "matematicky-poker"}


def lobby(kind: str, nickname: Any = "Ada", **settings: Any) -> dict[str, Any]:
    """A Matematický poker lobby body of `kind` (nickname None: none sent)."""
    body: dict[str, Any] = {**GAME, "kind": kind, "settings": settings}
    return body if nickname is None else {**body, "nickname": nickname}


BAD_LOBBIES: list[tuple[Any, int, set[str]]] = [
    ({}, 422, {"invalid_request"}),
    ({"game": "chess", "kind": "duel", "nickname": "Ada"}, 422, {"unknown_game"}),
    ({**GAME, "nickname": "Ada"}, 422, {"invalid_request"}),  # no kind
    (lobby("trio"), 422, {"bad_config"}),
    (lobby("solo"), 422, {"bad_config"}),
    (lobby("duel", mode="nightmare"), 422, {"invalid_request"}),
    (lobby("duel", mode="hard", seconds=2), 422, {"invalid_request"}),
    (lobby("duel", mode="hard", seconds="10"), 422, {"invalid_request"}),
    (lobby("duel", mode="hard"), 422, {"bad_config"}),
    (lobby("group", seconds=10), 422, {"bad_config"}),
    (lobby("group", table="poker"), 422, {"invalid_request"}),
    (lobby("group", dealer_plays="yes"), 422, {"invalid_request"}),
    (lobby("duel", dealer_plays=False), 422, {"bad_config"}),
    (lobby("duel", colour="red"), 422, {"invalid_request"}),
    (lobby("duel", seats=3), 422, {"bad_config"}),  # Kostkový poker's, not a duel's
    (lobby("duel", robots="klidny"), 422, {"bad_config"}),
    ({**lobby("duel"), "mode": "easy"}, 422, {"invalid_request"}),  # settings go in settings
    ({**lobby("duel"), "settings": [1]}, 422, {"invalid_request"}),
    # A lobby's deck is the server's own: no seed, no engine options from outside.
    ({**lobby("duel"), "seed": 5}, 422, {"invalid_request", "seed_not_allowed"}),
    (lobby("duel", seed=5), 422, {"invalid_request"}),
    (lobby("duel", preview=False), 422, {"invalid_request"}),
    (lobby("duel", variant="group"), 422, {"invalid_request"}),
    (lobby("group", seats=3), 422, {"bad_config"}),
    (lobby("duel", nickname=None), 422, {"bad_nickname"}),
    (lobby("duel", nickname="A"), 422, {"bad_nickname"}),
    (lobby("duel", nickname="a@b"), 422, {"bad_nickname"}),
    (lobby("duel", nickname="x" * 25), 422, {"bad_nickname"}),
    (lobby("duel", nickname=" A "), 422, {"bad_nickname"}),  # 1 after trimming
    (lobby("duel", nickname=12), 422, {"invalid_request"}),
    ([1, 2, 3], 422, {"invalid_request"}),
    ("duel", 422, {"invalid_request"}),
]


@pytest.mark.parametrize(("body", "status", "codes"), BAD_LOBBIES)
def test_bad_lobby_bodies(server: LiveServer, body: Any, status: int, codes: set[str]) -> None:
    answer = httpx.post(f"{server.http}/api/lobbies", json=body, timeout=10)
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] in codes, answer.text
    assert isinstance(answer.json()["message"], str) and answer.json()["message"]


BAD_JOINS: list[tuple[Any, int, str]] = [
    ({}, 422, "bad_nickname"),
    ({"nickname": "B"}, 422, "bad_nickname"),
    ({"nickname": "<b>"}, 422, "bad_nickname"),
    ({"nickname": 5}, 422, "invalid_request"),
    ({"nickname": "Bob", "seat": 3}, 422, "invalid_request"),
    ([1], 422, "invalid_request"),
]


@pytest.mark.parametrize(("body", "status", "code"), BAD_JOINS)
def test_bad_join_bodies(server: LiveServer, body: Any, status: int, code: str) -> None:
    real = create_lobby(server, "group")
    assert_error(post_join(server, real.code, body=body), status, code)
    assert get_lobby(server, real.code).json()["players"] == 1  # nobody joined


def test_malformed_and_oversized_bodies(server: LiveServer) -> None:
    headers = {"content-type": "application/json"}
    broken = b'{"game": "matematicky-poker", "kind": "du'
    assert_error(httpx.post(f"{server.http}/api/lobbies", content=broken, headers=headers),
                 400, "bad_json")
    real = create_lobby(server, "group")
    assert_error(httpx.post(f"{server.http}/api/lobbies/{real.code}/join", content=b'{"nick',
                            headers=headers), 400, "bad_json")
    huge = {**GAME, "kind": "group", "nickname": "Ada", "pad": "x" * 5000}
    assert_error(httpx.post(f"{server.http}/api/lobbies", json=huge), 413, "payload_too_large")


def test_keys_that_are_sent_must_be_valid(server: LiveServer) -> None:
    body = {**GAME, "kind": "duel"}
    assert_error(httpx.post(f"{server.http}/api/lobbies", json=body, headers=bearer("nope")),
                 403, "bad_key")
    assert_error(httpx.post(f"{server.http}/api/lobbies", json=body,
                            headers={"Authorization": "nope"}), 401, "missing_key")
    real = create_lobby(server, "group")
    assert_error(post_join(server, real.code, "nope"), 403, "bad_key")
    # With a valid key the nickname is the profile's (any nickname sent is ignored).
    _, key = new_profile(server)
    joined = post_join(server, real.code, key, {"nickname": "x"})
    assert joined.status_code == 201, joined.text


# --- the QR code -----------------------------------------------------------------------------


def test_the_qr_code_is_an_svg_of_the_join_link(server: LiveServer) -> None:
    real = create_lobby(server, "group")
    other = create_lobby(server, "duel")
    url = f"{server.http}/api/lobbies/{real.code}/qr.svg"
    answer = httpx.get(url)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(answer.content)
    assert root.tag in ("svg", "{http://www.w3.org/2000/svg}svg")
    assert len(answer.content) > 200
    # The same link, the same picture; the code as typed is normalised.
    assert httpx.get(url).content == answer.content
    typed = f"{server.http}/api/lobbies/{real.code[:3].lower()}-{real.code[3:].lower()}/qr.svg"
    assert httpx.get(typed).content == answer.content
    # Another lobby, or another origin (the link is absolute), another picture.
    assert httpx.get(f"{server.http}/api/lobbies/{other.code}/qr.svg").content != answer.content
    elsewhere = httpx.get(url, headers={"Host": f"localhost:{server.port}"})
    assert elsewhere.status_code == 200
    assert elsewhere.content != answer.content

"""Quick pairing over a real server (features/pairing.py): two people who do not know each
other wait, are paired, and their room starts itself once both are in."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.server.live import LiveServer
from tests.server.lobby_client import Message, Seat, assert_error, bearer, new_profile, seated

LP = {"game": "locus-poker", "kind": "duel", "settings": {"grid": "6x5"}}


def seek(server: LiveServer, key: str | None, **body: Any) -> httpx.Response:
    return httpx.post(f"{server.http}/api/pairing", json=body, headers=bearer(key), timeout=10)


def status(server: LiveServer, ticket: str) -> httpx.Response:
    return httpx.get(f"{server.http}/api/pairing/{ticket}", timeout=10)


def paired(server: LiveServer, ticket: str, timeout: float = 30) -> Message:
    """The ticket's answer once the matcher (every 0.5 s) paired it."""
    deadline = time.monotonic() + timeout
    while True:
        answer = status(server, ticket).json()
        if answer["status"] != "waiting" or time.monotonic() > deadline:
            return dict(answer)
        time.sleep(0.1)


def test_two_strangers_are_paired_and_their_game_starts(server: LiveServer) -> None:
    (a_name, a_key), (b_name, b_key) = new_profile(server), new_profile(server)
    first = seek(server, a_key, **LP)
    assert first.status_code == 201, first.text
    ticket = first.json()
    assert ticket["offer_computer_at"] - ticket["since"] == 45_000
    waiting = status(server, ticket["ticket"]).json()
    assert waiting["status"] == "waiting" and waiting["window"] >= 100
    assert waiting["since"] == ticket["since"] <= waiting["now"] < ticket["offer_computer_at"]
    second = seek(server, b_key, **LP).json()
    a, b = paired(server, ticket["ticket"]), paired(server, second["ticket"])
    assert a["status"] == b["status"] == "paired", (a, b)
    assert a["code"] == b["code"] and {a["seat"], b["seat"]} == {0, 1}
    assert a["link"] == f"/#/locus-poker/hra/{a['code']}"
    with seated(server, Seat(a["code"], a["key"], a["seat"], a["link"])) as one, \
            seated(server, Seat(b["code"], b["key"], b["seat"], b["link"])) as other:
        for client in (one, other):  # nobody presses start: the pair's room starts itself
            lobby = client.wait_lobby(lambda lobby: lobby["status"] == "playing")
        assert {p["nickname"] for p in lobby["players"]} == {a_name, b_name}
        assert lobby["settings"]["grid"] == "6x5" and lobby["public"] is False
    # The ticket keeps its answer a while, then nothing is pending for these two.
    assert status(server, ticket["ticket"]).json()["status"] == "paired"


def test_a_computer_player_chosen_for_no_seat_keeps_nobody_apart(server: LiveServer) -> None:
    (_, a_key), (_, b_key) = new_profile(server), new_profile(server)
    table = {"game": "kostkovy-poker", "kind": "table"}
    a = seek(server, a_key, **table, settings={"seats": 2, "robots": "klidny"}).json()
    b = seek(server, b_key, **table, settings={"seats": 2, "robots": "chytry"}).json()
    first, second = paired(server, a["ticket"]), paired(server, b["ticket"])
    assert first["status"] == second["status"] == "paired", (first, second)
    assert first["code"] == second["code"]


def test_different_settings_do_not_meet_and_a_wish_can_be_withdrawn(server: LiveServer) -> None:
    (_, a_key), (_, b_key) = new_profile(server), new_profile(server)
    a = seek(server, a_key, **LP).json()["ticket"]
    b = seek(server, b_key, **{**LP, "settings": {"grid": "6x6"}}).json()["ticket"]
    assert status(server, a).json()["status"] == "waiting"  # (never each other: test_pairing)
    for ticket in (a, b):
        assert httpx.delete(f"{server.http}/api/pairing/{ticket}").status_code == 204
        assert_error(status(server, ticket), 404, "unknown_ticket")
    assert_error(httpx.delete(f"{server.http}/api/pairing/{a}"), 404, "unknown_ticket")


def test_a_seeker_whose_app_stopped_asking_is_dropped(server: LiveServer) -> None:
    _, key = new_profile(server)
    ticket = seek(server, key, **LP).json()["ticket"]
    server.skip(21_000)  # past STALE_MS without a question: gone, whether or not the
    assert_error(status(server, ticket), 404, "unknown_ticket")  # matcher came round


def test_bad_pairing_requests(server: LiveServer) -> None:
    _, key = new_profile(server)
    assert_error(seek(server, None, **LP), 401, "missing_key")
    assert_error(seek(server, key, **{**LP, "game": "chess"}), 422, "unknown_game")
    assert_error(seek(server, key, game="matematicky-poker", kind="group"), 422,
                 "bad_pairing")
    assert_error(seek(server, key, game="kostkovy-poker", kind="table",
                      settings={"seats": 3}), 422, "bad_pairing")
    assert_error(seek(server, key, **{**LP, "settings": {"grid": "9x9"}}), 422, "invalid_request")

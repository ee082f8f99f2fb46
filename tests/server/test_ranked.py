"""Ranked games and the daily challenge through a real server: profiles required, no
preview, published with consent, the day's deck for everybody, one attempt a day."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from klubovna.games.matematicky_poker.state import shuffled_deck
from klubovna.server.calendar import prague_day
from klubovna.server.storage.secret import daily_seed
from tests.server.live import LiveServer, play_out
from tests.server.test_recording import (
    bearer,
    new_profile,
    new_table,
    play_slowly,
    post_table,
    query,
    result_of,
    server,
    stats_of,
)

__all__ = ["server"]  # this module's server: high limits, seeds allowed


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["message"]


def today() -> str:
    return prague_day(int(time.time() * 1000)).isoformat()


# --- ranked ----------------------------------------------------------------------------


def test_ranked_and_daily_need_a_profile(server: LiveServer) -> None:
    for kind in ("ranked", "daily"):
        assert_error(post_table(server, kind=kind), 401, "profile_required")
    assert_error(post_table(server, kind="daily", replay=True), 401, "profile_required")
    assert_error(post_table(server, "no-such-key", kind="ranked"), 403, "bad_key")


def test_configs_that_are_refused(server: LiveServer) -> None:
    profile_id, key = new_profile(server)
    for body in (
        {"kind": "ranked", "table": "school"},
        {"kind": "daily", "table": "matematico"},
        {"kind": "daily", "mode": "hard", "seconds": 30},
        {"kind": "daily", "seed": 5},
        {"kind": "ranked", "mode": "hard"},  # hard needs seconds, as ever
        {"kind": "solo", "replay": True},
        {"kind": "ranked", "replay": True},
    ):
        assert_error(post_table(server, key, **body), 422, "bad_config")
    for body in ({"kind": "duel"}, {"kind": "daily", "replay": 1}, {"preview": True},
                 {"min_think_ms": 0}):
        assert_error(post_table(server, key, **body), 422, "invalid_request")
    # Nothing was used up by the refusals: today's attempt is still there.
    assert query(server, "SELECT count(*) FROM daily_attempts WHERE profile_id = ?",
                 profile_id) == [(0,)]


def test_ranked_game(server: LiveServer) -> None:
    profile_id, profile_key = new_profile(server)
    httpx.patch(f"{server.http}/api/profiles/me", json={"consent": True},
                headers=bearer(profile_key))
    created = post_table(server, profile_key, kind="ranked", mode="hard", seconds=30)
    assert created.status_code == 201 and created.json()["recorded"] is True
    table_id, key = created.json()["table"], created.json()["key"]
    seen: list[dict[str, Any]] = []
    with server.socket(table_id) as client:
        seen.append(client.hello(key)["view"])
        final = play_slowly(client, seen[0], seen)
    got = httpx.get(f"{server.http}/api/tables/{table_id}", headers=bearer(key)).json()
    seen.append(got["view"])
    assert len(seen) >= 27 and final["over"]
    assert all(view["preview"] is None for view in seen)  # no preview in any view
    result = result_of(server, table_id)
    assert result is not None
    assert (result["profile_id"], result["kind"], result["mode"], result["seconds"],
            result["complete"], result["published"], result["score"]) == (
        profile_id, "ranked", "hard", 30, 1, 1, final["score"]["total"])
    assert stats_of(server, profile_key)["record_hard"] == final["score"]["total"]
    # Withdrawing consent takes it off the leaderboard.
    httpx.patch(f"{server.http}/api/profiles/me", json={"consent": False},
                headers=bearer(profile_key))
    assert result_of(server, table_id)["published"] == 0  # type: ignore[index]


# --- daily ----------------------------------------------------------------------------------


def test_daily_deck_is_the_same_for_everybody(server: LiveServer) -> None:
    firsts = []
    for _ in range(2):
        _, profile_key = new_profile(server)
        created = post_table(server, profile_key, kind="daily")
        assert created.status_code == 201 and created.json()["recorded"] is True
        table_id, key = created.json()["table"], created.json()["key"]
        with server.socket(table_id) as client:
            client.hello(key)
            started = client.act({"type": "start"})["view"]
        assert started["preview"] is None and started["mode"] == "easy"
        firsts.append((started["hand"], started["cards_left"]))
        ((seed, kind, daily_date, config),) = query(
            server, "SELECT seed, kind, daily_date, config FROM tables WHERE id = ?", table_id)
        secret = (server.data_dir / "secret.key").read_text().strip().encode()
        day = today()
        assert (seed, kind, daily_date) == (
            daily_seed(secret, prague_day(int(time.time() * 1000))), "daily", day)
        assert '"preview": false' in config and '"min_think_ms": 120' in config
        card = shuffled_deck(seed)[0]
        assert started["hand"] == ({"kind": "joker"} if card == 0
                                   else {"kind": "number", "value": card})
    assert firsts[0] == firsts[1]


def test_daily_attempt_race(server: LiveServer) -> None:
    """Two tabs start the day's challenge at once: one table, one already_played."""
    profile_id, profile_key = new_profile(server)
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: post_table(server, profile_key, kind="daily"),
                                range(2)))
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409)
    assert refused.json()["code"] == "already_played"
    assert query(server, "SELECT count(*) FROM daily_attempts WHERE profile_id = ?",
                 profile_id) == [(1,)]
    assert query(server, "SELECT count(*) FROM tables WHERE profile_id = ?",
                 profile_id) == [(1,)]
    assert_error(post_table(server, profile_key, kind="daily"), 409, "already_played")


def test_daily_attempt_then_replay(server: LiveServer) -> None:
    profile_id, profile_key = new_profile(server)
    assert_error(post_table(server, profile_key, kind="daily", replay=True), 409,
                 "not_played_yet")
    table_id, key = new_table(server, profile_key, kind="daily")
    # Not while the attempt is still being played: the replay would show what comes.
    assert_error(post_table(server, profile_key, kind="daily", replay=True), 409,
                 "not_played_yet")
    with server.socket(table_id) as client:
        final = play_slowly(client, client.hello(key)["view"])
    result = result_of(server, table_id)
    assert result is not None
    assert (result["kind"], result["daily_date"], result["complete"], result["published"]) == (
        "daily", today(), 1, 0)  # no consent given: not on the table of the day
    stats = stats_of(server, profile_key)
    assert stats["streak"] == {"current": 1, "best": 1, "last_day": today()}
    assert stats["completed"] == 1 and stats["best_score"] == final["score"]["total"]

    replay = post_table(server, profile_key, kind="daily", replay=True)
    assert replay.status_code == 201 and replay.json()["recorded"] is False
    replay_id, replay_key = replay.json()["table"], replay.json()["key"]
    assert query(server, "SELECT seed FROM tables WHERE id = ?", replay_id) == query(
        server, "SELECT seed FROM tables WHERE id = ?", table_id)
    assert query(server, "SELECT kind, profile_id FROM tables WHERE id = ?", replay_id) == [
        ("daily", None)]
    with server.socket(replay_id) as client:
        again = play_out(client, client.hello(replay_key)["view"])  # no pause needed
    assert again["over"] and again["preview"] is None
    assert result_of(server, replay_id) is None
    assert stats_of(server, profile_key)["games"] == 1
    # Replays are unlimited; the attempt stays used.
    assert post_table(server, profile_key, kind="daily", replay=True).status_code == 201
    assert_error(post_table(server, profile_key, kind="daily"), 409, "already_played")
    # Deleting the profile frees nothing for anybody else and leaves no attempt behind.
    assert httpx.delete(f"{server.http}/api/profiles/me",
                        headers=bearer(profile_key)).status_code == 204
    assert query(server, "SELECT count(*) FROM daily_attempts WHERE profile_id = ?",
                 profile_id) == [(0,)]


def test_daily_race_on_postgresql(worker_pg_server: LiveServer) -> None:
    """The attempt's primary key decides on PostgreSQL too (SQLite: the test above)."""
    live = worker_pg_server
    _, profile_key = new_profile(live)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: post_table(live, profile_key, kind="daily"),
                                range(4)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [201, 409, 409, 409], [a.text for a in answers]
    assert {a.json()["code"] for a in answers if a.status_code == 409} == {"already_played"}

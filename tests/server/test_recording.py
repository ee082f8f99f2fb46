"""Recorded games: the server writes a result when a profile's game ends; statistics are
derived from those results (docs/api.md, "which results count for what").

Live tests play whole games through a real server (its clock skipped ahead before every
placement: a recorded game refuses moves sooner than 120 ms after the draw, and the test
waits for none of it); the rules of counting,
streaks and publishing are also checked in-process against the Store.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from klubovna.core.rules import GRACE_MS
from klubovna.games.matematicky_poker.state import JOKER, shuffled_deck
from klubovna.server.storage.db import LobbyRow, ResultRow
from klubovna.server.storage.store import Recording, Store
from klubovna.tables import Lobby, LogEntry, hash_key
from tests.server.live import Client, LiveServer, free_port, next_move, play_out

THINK_MS = 130
"""How far the server clock is skipped before a placement on a recorded table (the server
wants 120 ms after the draw)."""
MP = "matematicky-poker"


# --- helpers, also used by test_ranked and test_profiles ------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module with limits high enough for many profiles and tables."""
    # (an empty KLUBOVNA_SECRET is none: the server makes its own secret.key)
    live = LiveServer(tmp_path_factory.mktemp("data"), free_port(), allow_seed=True, env={
        "KLUBOVNA_RATE_PROFILES": "1000", "KLUBOVNA_RATE_TABLES": "1000",
        "KLUBOVNA_SECRET": ""})
    live.start()
    yield live
    live.stop()


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_profile(server: LiveServer, nickname: str | None = None) -> tuple[str, str]:
    """A fresh profile: (id, key)."""
    response = httpx.post(f"{server.http}/api/profiles",
                          json={"nickname": nickname or f"P{secrets.token_hex(4)}"})
    assert response.status_code == 201, response.text
    return response.json()["id"], response.json()["key"]


def post_table(server: LiveServer, key: str | None = None, **body: Any) -> httpx.Response:
    return httpx.post(f"{server.http}/api/tables", json={"game": "matematicky-poker", **body},
                      headers=bearer(key) if key else {}, timeout=10)


def new_table(server: LiveServer, key: str | None = None, **body: Any) -> tuple[str, str]:
    response = post_table(server, key, **body)
    assert response.status_code == 201, response.text
    return response.json()["table"], response.json()["key"]


def stats_of(server: LiveServer, key: str, game: str = "matematicky-poker") -> dict[str, Any]:
    """One game's block of the profile's statistics."""
    response = httpx.get(f"{server.http}/api/profiles/me/stats", headers=bearer(key))
    assert response.status_code == 200, response.text
    stats: dict[str, Any] = response.json()[game]
    return stats


def is_placement(move: dict[str, Any]) -> bool:
    return move["type"] in ("place", "kept_joker") or move.get("choice") == "now"


def think(client: Client) -> None:
    """Let the minimum think time pass on the client's server clock (no real waiting)."""
    assert client.server is not None, "a client from LiveServer.socket"
    client.server.skip(THINK_MS)


def play_slowly(
    client: Client, view: dict[str, Any], seen: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Play a recorded game to its end, the think time passing before every placement;
    every view received goes to `seen`."""
    seen = [] if seen is None else seen
    if not view["started"]:
        view = client.act({"type": "start"})["view"]
        seen.append(view)
    while (move := next_move(view)) is not None:
        if is_placement(move):
            think(client)
        reply = client.act(move)
        assert reply["t"] == "view", reply
        view = reply["view"]
        seen.append(view)
    return view


def query(server: LiveServer, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        return db.execute(sql, args).fetchall()


def result_of(server: LiveServer, table_id: str) -> dict[str, Any] | None:
    with sqlite3.connect(server.data_dir / "klubovna.db") as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT * FROM results WHERE table_id = ?", (table_id,)).fetchone()
        return None if row is None else dict(row)


def number_first_seed() -> int:
    """A seed whose first card is a number (so it can be forfeited)."""
    seed = 1
    while shuffled_deck(seed)[0] == JOKER:
        seed += 1
    return seed


# --- live: whole games -------------------------------------------------------------------


def test_recorded_easy_game(server: LiveServer) -> None:
    profile_id, profile_key = new_profile(server)
    created = post_table(server, profile_key, mode="easy")
    assert created.status_code == 201 and created.json()["recorded"] is True
    table_id, key = created.json()["table"], created.json()["key"]
    (config,) = query(server, "SELECT config, kind, profile_id FROM tables WHERE id = ?", table_id)
    assert config[1:] == ("solo", profile_id) and '"min_think_ms": 120' in config[0]
    with server.socket(table_id) as client:
        client.hello(key)
        view = client.act({"type": "start"})["view"]
        while view["hand"]["kind"] == "joker":  # a number, to try a placement too soon
            view = client.act({"type": "joker", "choice": "keep"})["view"]
        assert view["preview"] is not None  # a recorded solo game keeps its preview
        hasty = client.act({"type": "place", "cell": 0})
        assert hasty["t"] == "error" and hasty["code"] == "too_fast", hasty
        think(client)
        placed = client.act({"type": "place", "cell": 0})  # the same move again: accepted
        assert placed["t"] == "view" and placed["view"]["board"][0] == view["hand"]["value"]
        final = play_slowly(client, placed["view"])
    assert final["over"] and None not in final["board"]
    total = final["score"]["total"]

    result = result_of(server, table_id)
    assert result is not None
    log = query(server, "SELECT version, now, action FROM table_log WHERE table_id = ? "
                        "ORDER BY version", table_id)
    assert result["started_at"] == log[0][1] and '"start"' in log[0][2]
    assert result["finished_at"] == log[-1][1]
    assert result["duration_ms"] == log[-1][1] - log[0][1] >= 24 * 120
    assert (result["kind"], result["mode"], result["seconds"], result["score"],
            result["filled"], result["complete"], result["published"], result["daily_date"]) == (
        "solo", "easy", None, total, 25, 1, 0, None)

    stats = stats_of(server, profile_key)
    assert stats == {
        "games": 1, "completed": 1, "best_score": total, "record_easy": total,
        "record_hard": None, "fastest_ms": result["duration_ms"],
        "streak": {"current": 0, "best": 0, "last_day": None},
        "duels": {"won": 0, "lost": 0, "drawn": 0},
        "rating": None,  # a solo game rates nobody
    }
    me = httpx.get(f"{server.http}/api/profiles/me", headers=bearer(profile_key)).json()
    assert me["stats"]["matematicky-poker"] == stats

    # The export holds the profile and the result; the reset zeroes the statistics only.
    export = httpx.get(f"{server.http}/api/profiles/me/export", headers=bearer(profile_key))
    assert export.status_code == 200
    assert export.headers["content-disposition"].startswith("attachment;")
    data = export.json()
    assert data["profile"]["id"] == profile_id and data["stats"]["matematicky-poker"] == stats
    assert [r["table"] for r in data["results"]] == [table_id]
    assert data["results"][0]["score"] == total
    assert [t["id"] for t in data["tables"]] == [table_id]
    assert "seed" not in export.text and "key_hash" not in export.text
    assert httpx.delete(f"{server.http}/api/profiles/me/stats",
                        headers=bearer(profile_key)).status_code == 204
    assert stats_of(server, profile_key)["games"] == 0
    assert stats_of(server, profile_key)["best_score"] is None
    assert result_of(server, table_id) is not None  # the result itself stays

    # Deleting the profile deletes its results; its tables record for nobody.
    assert httpx.delete(f"{server.http}/api/profiles/me",
                        headers=bearer(profile_key)).status_code == 204
    assert result_of(server, table_id) is None
    assert query(server, "SELECT profile_id FROM tables WHERE id = ?", table_id) == [(None,)]
    assert query(server, "SELECT count(*) FROM profiles WHERE id = ?", profile_id) == [(0,)]


def test_hard_game_with_a_forfeit(server: LiveServer) -> None:
    _, profile_key = new_profile(server)
    table_id, key = new_table(server, profile_key, mode="hard", seconds=3,
                              seed=number_first_seed())
    with server.socket(table_id) as client:
        client.hello(key)
        started = client.act({"type": "start"})["view"]
        # Nothing sent: the number is forfeited once its deadline and the grace are past.
        server.skip_to(started["deadline"] + GRACE_MS + 1)
        while True:
            message = client.recv(timeout=10)
            if message["t"] == "view" and message["view"]["forfeited"]:
                break
        final = play_slowly(client, message["view"])
    assert final["over"] and final["forfeited"] == 1 and final["board"].count(None) == 1
    total = final["score"]["total"]
    result = result_of(server, table_id)
    assert result is not None
    assert (result["mode"], result["seconds"], result["complete"], result["filled"]) == (
        "hard", 3, 0, 24)
    stats = stats_of(server, profile_key)
    assert (stats["games"], stats["completed"], stats["fastest_ms"]) == (1, 0, None)
    assert (stats["best_score"], stats["record_hard"], stats["record_easy"]) == (
        total, total, None)


def test_a_solo_game_left_counts_as_an_unfinished_game(server: LiveServer) -> None:
    """"Nová hra" during a recorded easy game sends `leave`: the game ends at once with its
    board as it is and counts like a hard-mode game left to its deadlines (a game, not a
    completed one); the table then refuses moves."""
    _, profile_key = new_profile(server)
    table_id, key = new_table(server, profile_key, mode="easy", seed=number_first_seed())
    with server.socket(table_id) as client:
        client.hello(key)
        view = client.act({"type": "start"})["view"]
        think(client)
        view = client.act({"type": "place", "cell": 0})["view"]
        left = client.act({"type": "leave"})
        assert left["t"] == "view" and left["view"]["over"] is True, left
        assert left["view"]["board"][0] == view["board"][0]
        after = client.act({"type": "draw"})
        assert after["t"] == "error" and after["code"] == "game_over", after
    result = result_of(server, table_id)
    assert result is not None
    assert (result["complete"], result["filled"], result["score"]) == (
        0, 1, left["view"]["score"]["total"])
    stats = stats_of(server, profile_key)
    assert (stats["games"], stats["completed"], stats["fastest_ms"]) == (1, 0, None)
    (status,) = query(server, "SELECT status FROM tables WHERE id = ?", table_id)
    assert status[0] == "over"


def test_anonymous_game_records_nothing(server: LiveServer) -> None:
    created = post_table(server)
    assert created.status_code == 201 and created.json()["recorded"] is False
    table_id, key = created.json()["table"], created.json()["key"]
    with server.socket(table_id) as client:
        view = play_out(client, client.hello(key)["view"])  # fast: no 120 ms rule here
    assert view["over"]
    assert query(server, "SELECT kind, profile_id, config FROM tables WHERE id = ?",
                 table_id) == [("solo", None, '{"mode": "easy", "table": "adjacent"}')]
    assert result_of(server, table_id) is None


def test_table_with_a_bad_profile_key(server: LiveServer) -> None:
    response = post_table(server, "not-a-profile-key")
    assert response.status_code == 403 and response.json()["code"] == "bad_key"
    response = httpx.post(f"{server.http}/api/tables", json={"game": "matematicky-poker"},
                          headers={"Authorization": "Basic abc"})
    assert response.status_code == 401 and response.json()["code"] == "missing_key"


def test_no_endpoint_takes_a_score(server: LiveServer) -> None:
    _, profile_key = new_profile(server)
    sneaky = post_table(server, profile_key, score=999)
    assert sneaky.status_code == 422 and sneaky.json()["code"] == "invalid_request"
    for path in ("/api/profiles/me/stats", "/api/profiles/me"):
        response = httpx.post(f"{server.http}{path}", json={"score": 999},
                              headers=bearer(profile_key))
        assert response.status_code == 405
    patched = httpx.patch(f"{server.http}/api/profiles/me", json={"best_score": 999},
                          headers=bearer(profile_key))
    assert patched.status_code == 422
    schema = httpx.get(f"{server.http}/api/openapi.json").json()
    bodies = [op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
              for item in schema["paths"].values() for op in item.values()
              if isinstance(op, dict) and "requestBody" in op]
    for ref in bodies:
        model = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert not {"score", "total", "result", "best_score"} & set(model["properties"])


# --- in-process: the Store and the counting rules ----------------------------------------


RESULT = {"total": 200, "lines": [0] * 12, "filled": 25, "forfeited": 0, "complete": True}


def profile(store: Store, consent: bool | None = None) -> str:
    profile_id = secrets.token_urlsafe(12)
    store.create_profile(profile_id, f"n{profile_id}"[:20], f"n{profile_id}"[:20].casefold(),
                         1, (profile_id, hash_key(profile_id), "test"))
    if consent is not None:
        store.update_profile(profile_id, consent=consent)
    return profile_id


def finish(store: Store, recording: Recording, result: dict[str, Any] = RESULT,
           config: dict[str, Any] | None = None, start: int = 1_000,
           end: int = 60_000) -> str:
    """A table that starts at `start` and ends with one placement at `end`."""
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, "matematicky-poker", config or {"mode": "easy"}, 7, ["h"],
                       start - 10, recording)
    store.append(table_id, LogEntry(1, "act", start, 0, 1, {"type": "start"}), None)
    store.append(table_id, LogEntry(2, "act", end, 0, 2, {"type": "place", "cell": 0}),
                 result, start)
    return table_id


def stored_result(store: Store, table_id: str) -> ResultRow | None:
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    with Session(store.engine) as session:
        return session.scalars(select(ResultRow).where(ResultRow.table_id == table_id)).first()


def test_result_written_with_the_last_entry(store: Store) -> None:
    owner = profile(store)
    table_id = finish(store, Recording("solo", owner))
    row = stored_result(store, table_id)
    assert row is not None
    assert (row.profile_id, row.kind, row.mode, row.score, row.complete, row.started_at,
            row.finished_at, row.duration_ms, row.published) == (
        owner, "solo", "easy", 200, True, 1_000, 60_000, 59_000, False)
    # An entry after the end (there is none in play, but the store stays safe) adds nothing.
    store.append(table_id, LogEntry(3, "tick", 70_000), RESULT, 1_000)
    assert store.statistics(owner, 70_000)[MP]["games"] == 1  # type: ignore[index]


def test_nothing_recorded_without_a_profile(store: Store) -> None:
    assert stored_result(store, finish(store, Recording("solo", None))) is None


def test_profile_deleted_while_playing(store: Store) -> None:
    owner = profile(store)
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, "matematicky-poker", {"mode": "easy"}, 7, ["h"], 0,
                       Recording("ranked", owner))
    store.append(table_id, LogEntry(1, "act", 1_000, 0, 1, {"type": "start"}), None)
    store.delete_profile(owner)
    store.append(table_id, LogEntry(2, "act", 9_000, 0, 2, {"type": "place", "cell": 0}),
                 RESULT, 1_000)
    assert stored_result(store, table_id) is None


@pytest.mark.parametrize(
    ("kind", "consent", "complete", "published"),
    [
        ("solo", True, True, False),
        ("ranked", True, True, True),
        ("ranked", None, True, False),
        ("ranked", False, True, False),
        ("ranked", True, False, False),  # only full boards go to the leaderboard
        ("daily", True, True, True),
        ("daily", None, True, False),
    ],
)
def test_published_only_with_consent(
    store: Store, kind: str, consent: bool | None, complete: bool, published: bool
) -> None:
    owner = profile(store, consent)
    result = {**RESULT, "complete": complete, "filled": 25 if complete else 24}
    daily = "2026-11-30" if kind == "daily" else None
    row = stored_result(store, finish(store, Recording(kind, owner, daily), result))
    assert row is not None and row.published is published and row.daily_date == daily


def test_withdrawn_consent_unpublishes(store: Store) -> None:
    owner = profile(store, consent=True)
    table_id = finish(store, Recording("ranked", owner))
    assert stored_result(store, table_id).published  # type: ignore[union-attr]
    store.update_profile(owner, consent=False)
    assert not stored_result(store, table_id).published  # type: ignore[union-attr]
    store.update_profile(owner, consent=True)  # a later yes publishes new results only
    assert not stored_result(store, table_id).published  # type: ignore[union-attr]


def test_reset_counts_from_then(store: Store) -> None:
    owner = profile(store)
    finish(store, Recording("solo", owner), {**RESULT, "total": 300}, start=1_000, end=5_000)
    store.reset_stats(owner, 10_000)
    assert store.statistics(owner, 20_000)[MP]["games"] == 0  # type: ignore[index]
    finish(store, Recording("solo", owner), {**RESULT, "total": 100}, start=11_000,
           end=19_000)
    stats = store.statistics(owner, 20_000)[MP]  # type: ignore[index]
    assert stats is not None
    assert (stats["games"], stats["best_score"], stats["fastest_ms"]) == (1, 100, 8_000)


# --- duels and groups: one result per recorded seat ----------------------------------------


def multi_result(variant: str, totals: list[int], filled: list[int] | None = None,
                 left: tuple[int, ...] = ()) -> dict[str, Any]:
    filled = filled or [25] * len(totals)
    seats: list[dict[str, Any]] = [
        {"seat": seat, "total": total, "lines": [0] * 12, "filled": filled[seat],
         "forfeited": 0, "complete": filled[seat] == 25, "left": seat in left}
        for seat, total in enumerate(totals)
    ]
    ranked = sorted(seats, key=lambda s: (-s["total"], -s["filled"], s["seat"]))
    result: dict[str, Any] = {"variant": variant, "ended": False, "seats": seats,
                              "ranking": [{"seat": s["seat"], "score": s["total"],
                                           "filled": s["filled"]} for s in ranked]}
    if variant == "duel":
        a, b = (totals[0], filled[0]), (totals[1], filled[1])
        result["winner"] = None if a == b else 0 if a > b else 1
    return result


def finish_lobby(store: Store, kind: str, profiles: list[str | None],
                 result: dict[str, Any]) -> str:
    """A duel or group whose members have these profiles (None: a guest), ended so."""
    lobby = Lobby.open(secrets.token_hex(3).upper(), MP, kind, "A", "h0", 1,
                       profile=profiles[0])
    for seat, each in enumerate(profiles[1:], start=1):
        lobby.join(f"P{seat}", f"h{seat}", 1, profile=each)
    assert store.create_lobby(lobby, "matematicky-poker")
    lobby.start(0, 2)
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, "matematicky-poker", {"mode": "easy", "variant": kind}, 7,
                       lobby.key_hashes(), 2, Recording(kind), lobby)
    store.append(table_id, LogEntry(1, "act", 1_000, 0, None, {"type": "start"}), None)
    store.append(table_id, LogEntry(2, "act", 9_000, 0, 1, {"type": "place", "cell": 0}),
                 result, 1_000)
    return table_id


@pytest.mark.parametrize(("totals", "filled", "left", "duels"), [
    ([120, 80], [25, 25], (), ({"won": 1, "lost": 0, "drawn": 0},
                               {"won": 0, "lost": 1, "drawn": 0})),
    ([90, 90], [25, 24], (), ({"won": 1, "lost": 0, "drawn": 0},
                              {"won": 0, "lost": 1, "drawn": 0})),  # more cells wins
    ([90, 90], [25, 25], (), ({"won": 0, "lost": 0, "drawn": 1},
                              {"won": 0, "lost": 0, "drawn": 1})),
    ([90, 200], [25, 10], (1,), ({"won": 0, "lost": 0, "drawn": 0},) * 2),  # one left
    ([90, 0], [25, 0], (), ({"won": 0, "lost": 0, "drawn": 0},) * 2),  # never placed
])
def test_duel_outcomes(store: Store, totals: list[int], filled: list[int],
                       left: tuple[int, ...], duels: tuple[dict[str, int], ...]) -> None:
    players = [profile(store), profile(store)]
    finish_lobby(store, "duel", list(players), multi_result("duel", totals, filled, left))
    for player, expected in zip(players, duels, strict=True):
        stats = store.statistics(player, 10_000)[MP]  # type: ignore[index]
        assert stats is not None
        assert stats["games"] == 1 and stats["duels"] == expected
        assert stats["fastest_ms"] is None  # a duel's pace is not the player's own


def test_group_results_only_for_profiles(store: Store) -> None:
    dealer, player = profile(store), profile(store)
    table_id = finish_lobby(store, "group", [dealer, None, player],
                            multi_result("group", [150, 100, 60], [25, 25, 20]))
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    with Session(store.engine) as session:
        rows = session.scalars(select(ResultRow).where(ResultRow.table_id == table_id)
                               .order_by(ResultRow.seat)).all()
        assert [(r.seat, r.profile_id, r.game, r.kind, r.score, r.complete, r.published,
                 r.place, r.outcome, r.figures) for r in rows] == [
            (0, dealer, MP, "group", 150, True, False, 1, None,
             {"filled": 25, "complete": True}),
            (2, player, MP, "group", 60, False, False, 3, None,
             {"filled": 20, "complete": False})]
    stats = store.statistics(dealer, 10_000)[MP]  # type: ignore[index]
    assert stats is not None and stats["completed"] == 1 and stats["best_score"] == 150


@pytest.mark.parametrize(("game", "kind", "settings"), [
    (MP, "group", {"mode": "easy", "table": "adjacent"}),
    ("kostkovy-poker", "table", {"seats": 4, "chips": 20, "seconds": 30, "robots": "klidny"}),
])
def test_a_lobby_stored_before_lobbies_named_their_game_still_loads(
    store: Store, game: str, kind: str, settings: dict[str, Any]
) -> None:
    """Rows written before (their JSON has no "game"; the row's column has it) load as
    the same lobby of that game."""
    from sqlalchemy import update
    from sqlalchemy.orm import Session

    lobby = Lobby.open(secrets.token_hex(3).upper(), game, kind, "A", "h0", 1,
                       settings=settings)
    assert store.create_lobby(lobby, game)
    old = {k: v for k, v in lobby.to_json().items() if k != "game"}
    with Session(store.engine) as session, session.begin():
        session.execute(update(LobbyRow).where(LobbyRow.code == lobby.code).values(state=old))
    loaded = store.load_lobby(lobby.code)
    assert loaded is not None and loaded[0] == lobby and loaded[1] == game

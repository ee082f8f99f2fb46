"""The daily challenge's board: the Prague day, its record and table, a player's attempt,
rank and streak.

Rows are written straight into a migrated database (SQLite and PostgreSQL) and the clock
is passed in; the last tests ask a real server over HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import Engine

from klubovna.server.calendar import day_start_ms
from klubovna.server.features.daily import DailyBoard, query_daily
from tests.server.conftest import own_server
from tests.server.live import LiveServer, free_port
from tests.server.test_leaderboard import (
    Rows,
    bearer,
    clear,
    migrated_engine,
    new_profile,
    play_recorded,
    prague,
    utc,
)

TODAY = "2026-12-02"
NOW = prague(2026, 12, 2, 18)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    engine = migrated_engine(request, tmp_path_factory, "daily")
    yield engine
    engine.dispose()


@pytest.fixture
def rows(engine: Engine) -> Iterator[Rows]:
    yield Rows(engine)
    clear(engine)


def daily(rows: Rows, player: str, score: int, finished_at: int, day: str = TODAY,
          published: bool = True) -> str:
    """A finished daily attempt: the attempt row and its result."""
    table_id = rows.result(player, score, finished_at, kind="daily", daily_date=day,
                           published=published)
    rows.attempt(player, day, table_id)
    return table_id


def day_before(day: str, days: int) -> str:
    return (date.fromisoformat(day) - timedelta(days=days)).isoformat()


def table_of(board: DailyBoard) -> list[tuple[int, str, int]]:
    return [(entry.rank, entry.nickname, entry.score) for entry in board.entries]


def test_an_empty_day(rows: Rows) -> None:
    board = query_daily(rows.engine, NOW)
    assert board.model_dump() == {
        "date": TODAY, "record": None, "played": False, "result": None, "rank": None,
        "entries": [], "streak": None,
    }
    player = rows.profile("Eva")
    mine = query_daily(rows.engine, NOW, player).model_dump()
    assert mine["played"] is False and mine["result"] is None and mine["rank"] is None
    assert mine["streak"] == {"current": 0, "best": 0, "last_day": None}


def test_the_date_is_prague_s(rows: Rows) -> None:
    assert query_daily(rows.engine, utc(2026, 12, 31, 22, 59, 59)).date == "2026-12-31"
    assert query_daily(rows.engine, utc(2026, 12, 31, 23)).date == "2027-01-01"
    assert query_daily(rows.engine, utc(2026, 7, 1, 22)).date == "2026-07-02"


def test_the_table_and_record_of_the_day(rows: Rows) -> None:
    eva, adam, bara, cyril = (rows.profile(n) for n in ("Eva", "Adam", "Bára", "Cyril"))
    daily(rows, eva, 250, prague(2026, 12, 2, 9))
    daily(rows, adam, 300, prague(2026, 12, 2, 10))
    daily(rows, bara, 250, prague(2026, 12, 2, 8))  # equal to Eva's, earlier
    daily(rows, cyril, 400, prague(2026, 12, 2, 7), published=False)
    # not today's, not daily: never on the table of the day
    daily(rows, cyril, 999, prague(2026, 12, 1, 20), day="2026-12-01")
    rows.result(eva, 998, prague(2026, 12, 2, 11))
    rows.result(adam, 997, prague(2026, 12, 2, 11), kind="solo", published=False)
    board = query_daily(rows.engine, NOW)
    assert table_of(board) == [(1, "Adam", 300), (2, "Bára", 250), (3, "Eva", 250)]
    assert board.record is not None
    assert board.record.model_dump() == {"score": 300, "nickname": "Adam"}
    assert board.entries[1].finished_at == prague(2026, 12, 2, 8)
    assert query_daily(rows.engine, prague(2026, 12, 1, 22)).record is not None
    assert table_of(query_daily(rows.engine, prague(2026, 12, 1, 22))) == [(1, "Cyril", 999)]
    assert table_of(query_daily(rows.engine, prague(2026, 12, 3, 0))) == []


def test_an_attempt_finished_after_midnight_stays_on_its_day(rows: Rows) -> None:
    owl = rows.profile("Owl")
    daily(rows, owl, 200, prague(2026, 12, 3, 0, 5), day=TODAY)
    assert table_of(query_daily(rows.engine, NOW)) == [(1, "Owl", 200)]
    after = prague(2026, 12, 3, 1)
    assert table_of(query_daily(rows.engine, after)) == []
    # Its end dialog asks for the day it was dealt: there it is, ranked; the streak is today's.
    board = query_daily(rows.engine, after, owl, day=date.fromisoformat(TODAY))
    assert (board.date, board.played, board.rank) == (TODAY, True, 1)
    assert board.result is not None and board.result.score == 200
    assert table_of(board) == [(1, "Owl", 200)]
    assert board.streak == {"current": 1, "best": 1, "last_day": TODAY}
    today = query_daily(rows.engine, after, owl)
    assert (today.date, today.played, today.result) == ("2026-12-03", False, None)


def test_the_first_100(rows: Rows) -> None:
    for i in range(104):
        daily(rows, rows.profile(f"Hrac {i:03d}"), 500 - i, prague(2026, 12, 2, 8) + i)
    board = query_daily(rows.engine, NOW)
    assert len(board.entries) == 100
    assert table_of(board)[-1] == (100, "Hrac 099", 401)
    last = rows.profile("Last")
    daily(rows, last, 1, prague(2026, 12, 2, 17))
    mine = query_daily(rows.engine, NOW, last)
    assert mine.rank == 105 and len(mine.entries) == 100


def test_a_player_s_attempt_and_rank(rows: Rows) -> None:
    eva, adam, bara = rows.profile("Eva"), rows.profile("Adam"), rows.profile("Bára")
    daily(rows, eva, 250, prague(2026, 12, 2, 9))
    daily(rows, adam, 300, prague(2026, 12, 2, 10))
    daily(rows, bara, 250, prague(2026, 12, 2, 8))
    for player, rank in ((adam, 1), (bara, 2), (eva, 3)):
        board = query_daily(rows.engine, NOW, player)
        assert board.played is True and board.rank == rank
        assert board.result is not None
        assert board.entries[rank - 1].score == board.result.score
    result = query_daily(rows.engine, NOW, eva).result
    assert result is not None
    assert result.model_dump() == {"score": 250, "finished_at": prague(2026, 12, 2, 9),
                                   "duration_ms": 60_000, "published": True}


def test_only_matematicky_poker_s_daily_results(rows: Rows) -> None:
    """The table of the day is Matematický poker's: another game's
    daily-looking result is neither on it, nor the player's attempt, nor in the streak."""
    eva, adam = rows.profile("Eva"), rows.profile("Adam")
    daily(rows, eva, 250, prague(2026, 12, 2, 9))
    rows.result(adam, 900, prague(2026, 12, 2, 10), kind="daily", daily_date=TODAY,
                game="nim")
    assert table_of(query_daily(rows.engine, NOW)) == [(1, "Eva", 250)]
    board = query_daily(rows.engine, NOW, adam)
    assert board.result is None and board.rank is None
    assert board.streak is not None and board.streak["current"] == 0


def test_an_unpublished_result_gets_the_rank_it_would_have(rows: Rows) -> None:
    eva, adam, shy = rows.profile("Eva"), rows.profile("Adam"), rows.profile("Shy", False)
    daily(rows, eva, 250, prague(2026, 12, 2, 9))
    daily(rows, adam, 300, prague(2026, 12, 2, 10))
    daily(rows, shy, 250, prague(2026, 12, 2, 8), published=False)
    board = query_daily(rows.engine, NOW, shy)
    assert table_of(board) == [(1, "Adam", 300), (2, "Eva", 250)]
    assert board.rank == 2  # equal to Eva's score, but earlier
    assert board.result is not None and board.result.published is False
    assert query_daily(rows.engine, NOW, eva).rank == 2  # the unpublished one is not counted


def test_played_but_not_finished(rows: Rows) -> None:
    player = rows.profile("Eva")
    rows.attempt(player, TODAY)
    board = query_daily(rows.engine, NOW, player)
    assert (board.played, board.result, board.rank) == (True, None, None)
    assert board.streak is not None and board.streak["current"] == 0
    other = rows.profile("Adam")
    rows.attempt(other, day_before(TODAY, 1))
    assert query_daily(rows.engine, NOW, other).played is False


def test_the_streak_over_consecutive_days_and_a_gap(rows: Rows) -> None:
    player = rows.profile("Eva")
    for back in (9, 8, 7, 6, 3, 2, 1):  # four days, a gap, three days up to yesterday
        day = day_before(TODAY, back)
        daily(rows, player, 100, prague(*date.fromisoformat(day).timetuple()[:3], 20), day=day)
    streak = query_daily(rows.engine, NOW, player).streak
    assert streak is not None
    assert streak == {"current": 3, "best": 4, "last_day": day_before(TODAY, 1)}
    daily(rows, player, 100, prague(2026, 12, 2, 9), published=False)  # unpublished counts
    streak = query_daily(rows.engine, NOW, player).streak
    assert streak is not None
    assert streak == {"current": 4, "best": 4, "last_day": TODAY}
    later = query_daily(rows.engine, prague(2026, 12, 4, 9), player).streak  # a day missed
    assert later is not None and (later["current"], later["best"]) == (0, 4)


def test_the_streak_counts_since_the_statistics_reset(rows: Rows) -> None:
    player = rows.profile("Eva", stats_since=prague(2026, 11, 30, 12))
    for back in (4, 3, 2, 1):
        day = day_before(TODAY, back)
        daily(rows, player, 100, prague(*date.fromisoformat(day).timetuple()[:3], 20), day=day)
    rows.result(player, 100, prague(2026, 12, 2, 9))  # ranked games are not the challenge
    streak = query_daily(rows.engine, NOW, player).streak
    assert streak is not None
    assert streak == {"current": 2, "best": 2, "last_day": day_before(TODAY, 1)}


# --- a real server -------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its tests assert an empty table of the day, then
    only their own attempt on it."""
    yield from own_server(tmp_path_factory)


def test_live_daily_shape(server: LiveServer) -> None:
    response = httpx.get(f"{server.http}/api/daily", timeout=10)
    assert response.status_code == 200, response.text
    body = response.json()
    assert set(body) == {"date", "record", "played", "result", "rank", "entries", "streak"}
    assert date.fromisoformat(body["date"])
    assert body | {"date": None} == {"date": None, "record": None, "played": False,
                                    "result": None, "rank": None, "entries": [],
                                    "streak": None}


@pytest.mark.parametrize(("header", "status", "code"), [
    ("Bearer not-a-profile-key", 403, "bad_key"),
    ("Basic dXNlcjpwYXNz", 401, "missing_key"),
    ("Bearer", 401, "missing_key"),
])
def test_live_daily_bad_keys(server: LiveServer, header: str, status: int, code: str) -> None:
    response = httpx.get(f"{server.http}/api/daily", headers={"Authorization": header},
                         timeout=10)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code


def test_live_daily_attempt_on_the_board(server: LiveServer) -> None:
    """A whole daily game through the real server: then it is on the board of the day."""
    key = new_profile(server, "Denní hráč", consent=True)
    before = httpx.get(f"{server.http}/api/daily", headers=bearer(key), timeout=10).json()
    assert (before["played"], before["result"], before["rank"]) == (False, None, None)
    assert before["streak"] == {"current": 0, "best": 0, "last_day": None}
    created = httpx.post(f"{server.http}/api/tables", headers=bearer(key), timeout=10,
                         json={"game": "matematicky-poker", "kind": "daily"})
    assert created.status_code == 201, created.text
    table_id, seat_key = created.json()["table"], created.json()["key"]
    with server.socket(table_id) as client:
        client.hello(seat_key)
        started = httpx.get(f"{server.http}/api/daily", headers=bearer(key), timeout=10).json()
        assert (started["played"], started["result"], started["rank"]) == (True, None, None)
        final = play_recorded(client, client.act({"type": "start"})["view"])
    score = final["score"]["total"]
    body = httpx.get(f"{server.http}/api/daily", headers=bearer(key), timeout=10).json()
    assert body["played"] is True and body["rank"] == 1
    assert body["result"]["score"] == score and body["result"]["published"] is True
    assert body["record"] == {"score": score, "nickname": "Denní hráč"}
    assert [(e["rank"], e["nickname"], e["score"]) for e in body["entries"]] == [
        (1, "Denní hráč", score)]
    assert body["streak"] == {"current": 1, "best": 1, "last_day": body["date"]}
    anonymous = httpx.get(f"{server.http}/api/daily", timeout=10).json()
    assert anonymous["entries"] == body["entries"] and anonymous["streak"] is None


def test_live_attempt_across_midnight_keeps_its_day(tmp_path: Path) -> None:
    """An attempt dealt before Prague midnight and finished after it: the table's ticket
    names its day, and the board of that day (asked by date) has the result and rank."""
    server = LiveServer(tmp_path, free_port())  # its own: the clock skips a day ahead
    server.start()
    try:
        key = new_profile(server, "Noční hráč", consent=True)
        created = httpx.post(f"{server.http}/api/tables", headers=bearer(key), timeout=10,
                             json={"game": "matematicky-poker", "kind": "daily"}).json()
        day = created["day"]
        assert day == httpx.get(f"{server.http}/api/daily", timeout=10).json()["date"]
        next_day = date.fromisoformat(day) + timedelta(days=1)
        with server.socket(created["table"]) as client:
            client.hello(created["key"])
            view = client.act({"type": "start"})["view"]
            server.skip_to(day_start_ms(next_day))
            score = play_recorded(client, view)["score"]["total"]

        def board(query: str = "") -> httpx.Response:
            return httpx.get(f"{server.http}/api/daily{query}", headers=bearer(key), timeout=10)

        today = board().json()
        assert (today["date"], today["played"], today["result"]) == (
            next_day.isoformat(), False, None)
        dealt = board(f"?day={day}").json()
        assert (dealt["date"], dealt["played"], dealt["rank"]) == (day, True, 1)
        assert dealt["result"]["score"] == score
        assert dealt["streak"] == {"current": 1, "best": 1, "last_day": day}
        later = board(f"?day={next_day + timedelta(days=1)}")
        assert (later.status_code, later.json()["code"]) == (422, "bad_day")
        for garbled in ("5.%2012.", "1764892800", "2026-02-30"):
            answer = board(f"?day={garbled}")
            assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request")
    finally:
        server.stop()

"""The leaderboard: Prague periods, one best result per player, the first 100, filters.

Rows are written straight into a migrated database (SQLite and PostgreSQL) and the clock
is passed in; the last tests ask a real server over HTTP.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, create_engine, delete, make_url, text
from sqlalchemy.orm import Session

from klubovna.server.calendar import PRAGUE
from klubovna.server.features.leaderboard import ModeFilter, Period, leaderboard, query_leaderboard
from klubovna.server.storage.db import (
    DailyAttemptRow,
    LogRow,
    ProfileRow,
    ResultRow,
    SeatRow,
    TableRow,
    make_engine,
)
from klubovna.server.storage.migrate import upgrade
from tests.server.conftest import own_server
from tests.server.live import Client, LiveServer, next_move
from tests.server.test_recording import think

# --- a migrated database and rows written straight into it ------------------------


def prague(*when: int, fold: int = 0) -> int:
    """Unix ms of a Prague wall-clock time (year, month, day[, hour, minute, second, ms])."""
    *wall, ms = [*when, 0, 0, 0, 0][:7]
    return int(datetime(*wall, tzinfo=PRAGUE, fold=fold).timestamp()) * 1000 + ms


def utc(*when: int) -> int:
    return int(datetime(*when, tzinfo=UTC).timestamp() * 1000)


def migrated_engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, name: str
) -> Engine:
    """A migrated database of its own: a SQLite file, or a new database in the test
    session's PostgreSQL cluster (request.param says which)."""
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path_factory.mktemp(name) / 'boards.db'}")
    else:
        url = make_url(request.getfixturevalue("postgres_url"))
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name}"))
        admin.dispose()
        engine = make_engine(url.set(database=name).render_as_string(hide_password=False))
    upgrade(engine)
    return engine


def clear(engine: Engine) -> None:
    with Session(engine) as session, session.begin():
        for model in (DailyAttemptRow, ResultRow, LogRow, SeatRow, TableRow, ProfileRow):
            session.execute(delete(model))


class Rows:
    """Writes profiles, tables, results and daily attempts as the server would."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.ids = itertools.count(1)

    def profile(self, nickname: str, consent: bool | None = True, stats_since: int = 0) -> str:
        profile_id = f"p{next(self.ids)}"
        with Session(self.engine) as session, session.begin():
            session.add(ProfileRow(
                id=profile_id, nickname=nickname, nickname_folded=nickname.casefold(),
                created_at=0, consent=consent,
                stats_since=stats_since,
            ))
        return profile_id

    def table(self, profile_id: str, kind: str = "ranked", daily_date: str | None = None,
              mode: str = "easy") -> str:
        table_id = f"t{next(self.ids)}"
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(
                id=table_id, game="matematicky-poker", config={"mode": mode}, seed=1,
                created_at=0, status="over", kind=kind, profile_id=profile_id,
                daily_date=daily_date,
            ))
        return table_id

    def result(
        self, profile_id: str, score: int, finished_at: int, *, kind: str = "ranked",
        mode: str = "easy", seconds: int | None = None, complete: bool = True,
        published: bool = True, daily_date: str | None = None,
        game: str = "matematicky-poker",
    ) -> str:
        table_id = self.table(profile_id, kind, daily_date, mode)
        with Session(self.engine) as session, session.begin():
            session.add(ResultRow(
                table_id=table_id, profile_id=profile_id, game=game, kind=kind, mode=mode,
                seconds=seconds, score=score, filled=25 if complete else 20,
                complete=complete, started_at=finished_at - 60_000, finished_at=finished_at,
                duration_ms=60_000, daily_date=daily_date, published=published,
            ))
        return table_id

    def attempt(self, profile_id: str, day: str, table_id: str | None = None) -> str:
        table_id = table_id or self.table(profile_id, "daily", day)
        with Session(self.engine) as session, session.begin():
            session.add(DailyAttemptRow(profile_id=profile_id, day=day, table_id=table_id))
        return table_id


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    engine = migrated_engine(request, tmp_path_factory, "leaderboard")
    yield engine
    engine.dispose()


@pytest.fixture
def rows(engine: Engine) -> Iterator[Rows]:
    yield Rows(engine)
    clear(engine)


def board(rows: Rows, period: Period = "all", mode: ModeFilter = "all",
          now: int = prague(2026, 12, 2, 12)) -> list[tuple[str, int]]:
    """(nickname, score) in rank order; checks the ranks are 1, 2, 3, …"""
    entries = query_leaderboard(rows.engine, period, mode, now)
    assert [entry.rank for entry in entries] == list(range(1, len(entries) + 1))
    return [(entry.nickname, entry.score) for entry in entries]


# --- periods -------------------------------------------------------------------------


def test_empty(rows: Rows) -> None:
    for period in ("today", "week", "month", "all"):
        assert board(rows, period) == []


def test_sunday_night_is_in_the_week_monday_midnight_starts_the_next(rows: Rows) -> None:
    rows.result(rows.profile("Sunday"), 100, prague(2026, 12, 6, 23, 59, 59, 999))
    rows.result(rows.profile("Monday"), 200, prague(2026, 12, 7))
    rows.result(rows.profile("LastMonday"), 300, prague(2026, 11, 30))
    rows.result(rows.profile("LastSunday"), 400, prague(2026, 11, 29, 23, 59, 59, 999))
    sunday_night = prague(2026, 12, 6, 23, 59, 59, 999)
    assert board(rows, "week", now=sunday_night) == [("LastMonday", 300), ("Sunday", 100)]
    assert board(rows, "today", now=sunday_night) == [("Sunday", 100)]
    monday = prague(2026, 12, 7)
    assert board(rows, "week", now=monday) == [("Monday", 200)]
    assert board(rows, "today", now=monday) == [("Monday", 200)]
    assert [nick for nick, _ in board(rows, "all", now=monday)] == [
        "LastSunday", "LastMonday", "Monday", "Sunday"]


def test_new_year(rows: Rows) -> None:
    rows.result(rows.profile("Silvestr"), 100, prague(2026, 12, 31, 23, 59, 59, 999))
    rows.result(rows.profile("Novy rok"), 200, prague(2027, 1, 1))
    rows.result(rows.profile("Prosinec"), 300, prague(2026, 12, 1))
    rows.result(rows.profile("Listopad"), 400, prague(2026, 11, 30, 23, 59, 59, 999))
    old_year = prague(2026, 12, 31, 23, 59, 59, 999)
    assert board(rows, "month", now=old_year) == [("Prosinec", 300), ("Silvestr", 100)]
    assert board(rows, "today", now=old_year) == [("Silvestr", 100)]
    # the week of Thursday 31 December runs on into January (Monday 28 – Sunday 3)
    assert board(rows, "week", now=old_year) == [("Novy rok", 200), ("Silvestr", 100)]
    new_year = prague(2027, 1, 1)
    assert board(rows, "month", now=new_year) == [("Novy rok", 200)]
    assert board(rows, "today", now=new_year) == [("Novy rok", 200)]
    assert board(rows, "week", now=new_year) == [("Novy rok", 200), ("Silvestr", 100)]
    assert len(board(rows, "all", now=new_year)) == 4


@pytest.mark.parametrize(("day", "start", "end", "hours"), [
    ((2026, 3, 29), utc(2026, 3, 28, 23), utc(2026, 3, 29, 22), 23),
    ((2026, 10, 25), utc(2026, 10, 24, 22), utc(2026, 10, 25, 23), 25),
])
def test_today_across_dst(rows: Rows, day: tuple[int, int, int], start: int, end: int,
                          hours: int) -> None:
    assert end - start == hours * 3_600_000
    rows.result(rows.profile("Before"), 400, start - 1)
    rows.result(rows.profile("First"), 100, start)
    rows.result(rows.profile("Last"), 200, end - 1)
    rows.result(rows.profile("After"), 300, end)
    for now in (prague(*day), prague(*day, 12), prague(*day, 23, 59, 59, 999)):
        assert board(rows, "today", now=now) == [("Last", 200), ("First", 100)]
    assert board(rows, "today", now=end) == [("After", 300)]


def test_the_answer_names_the_prague_days(rows: Rows) -> None:
    rows.result(rows.profile("Eva"), 310, prague(2026, 12, 1, 8), mode="hard", seconds=20)
    now = prague(2026, 12, 2, 12)
    week = leaderboard(rows.engine, "week", "all", now).model_dump(by_alias=True)
    assert week == {
        "period": "week", "mode": "all", "from": "2026-11-30", "to": "2026-12-06",
        "entries": [{"rank": 1, "nickname": "Eva", "score": 310, "mode": "hard",
                     "seconds": 20, "finished_at": prague(2026, 12, 1, 8)}],
    }
    month = leaderboard(rows.engine, "month", "easy", now).model_dump(by_alias=True)
    assert (month["from"], month["to"], month["entries"]) == ("2026-12-01", "2026-12-31", [])
    today = leaderboard(rows.engine, "today", "hard", utc(2026, 12, 31, 23))
    assert (today.first_day, today.last_day) == ("2027-01-01", "2027-01-01")
    everything = leaderboard(rows.engine, "all", "hard", now).model_dump(by_alias=True)
    assert (everything["from"], everything["to"]) == (None, None)
    assert len(everything["entries"]) == 1


# --- who is on it --------------------------------------------------------------------


def test_one_best_result_per_player_the_earlier_of_equal_scores(rows: Rows) -> None:
    eva, adam = rows.profile("Eva"), rows.profile("Adam")
    rows.result(eva, 200, prague(2026, 12, 1, 8))
    rows.result(eva, 250, prague(2026, 12, 1, 10), mode="hard", seconds=30)
    rows.result(eva, 250, prague(2026, 12, 1, 9), mode="hard", seconds=10)
    rows.result(eva, 250, prague(2026, 12, 1, 11))
    rows.result(adam, 250, prague(2026, 12, 1, 9, 30))
    entries = query_leaderboard(rows.engine, "all", "all", prague(2026, 12, 2))
    assert [(e.rank, e.nickname, e.score, e.mode, e.seconds, e.finished_at) for e in entries] == [
        (1, "Eva", 250, "hard", 10, prague(2026, 12, 1, 9)),
        (2, "Adam", 250, "easy", None, prague(2026, 12, 1, 9, 30)),
    ]


def test_the_first_100_places(rows: Rows) -> None:
    start = prague(2026, 12, 1, 8)
    players = [rows.profile(f"Hrac {i:03d}") for i in range(105)]
    for i, player in enumerate(players):
        rows.result(player, 1000 - i, start + i)
    top = board(rows)
    assert len(top) == 100
    assert top[0] == ("Hrac 000", 1000) and top[-1] == ("Hrac 099", 901)


def test_the_cut_counts_players_not_results(rows: Rows) -> None:
    """One player's many high results must not push others out; ties at the cut go to
    the earlier game."""
    start = prague(2026, 12, 1, 8)
    star = rows.profile("Star")
    for i in range(150):
        rows.result(star, 900 + i, start + i)
    others = [rows.profile(f"Hrac {i:03d}") for i in range(120)]
    for i, player in enumerate(others[:98]):
        rows.result(player, 800 - i, start + i)
    # the 100th place: three players with 500, the earliest game wins the last place
    rows.result(others[100], 500, start + 3)
    rows.result(others[98], 500, start + 1)
    rows.result(others[99], 500, start + 2)
    for player in others[101:]:
        rows.result(player, 400, start)
    rows.result(others[101], 500, start + 5)  # also at 500, later still
    top = board(rows)
    assert len(top) == 100
    assert top[0] == ("Star", 1049)
    assert top[1] == ("Hrac 000", 800)
    assert top[-2:] == [("Hrac 097", 703), ("Hrac 098", 500)]


def test_fewer_than_100_players(rows: Rows) -> None:
    for i in range(3):
        player = rows.profile(f"Hrac {i}")
        for j in range(5):
            rows.result(player, 10 * i + j, prague(2026, 12, 1, 8, i, j))
    assert board(rows) == [("Hrac 2", 24), ("Hrac 1", 14), ("Hrac 0", 4)]


def test_mode_filters(rows: Rows) -> None:
    both, easy, hard = rows.profile("Both"), rows.profile("Easy"), rows.profile("Hard")
    at = prague(2026, 12, 1, 8)
    rows.result(both, 300, at, mode="hard", seconds=5)
    rows.result(both, 250, at + 1)
    rows.result(easy, 280, at)
    rows.result(hard, 260, at, mode="hard", seconds=60)
    assert board(rows, mode="all") == [("Both", 300), ("Easy", 280), ("Hard", 260)]
    assert board(rows, mode="easy") == [("Easy", 280), ("Both", 250)]
    assert board(rows, mode="hard") == [("Both", 300), ("Hard", 260)]
    hard_entries = query_leaderboard(rows.engine, "all", "hard", prague(2026, 12, 2))
    assert [(e.mode, e.seconds) for e in hard_entries] == [("hard", 5), ("hard", 60)]


def test_only_published_full_ranked_boards(rows: Rows) -> None:
    at = prague(2026, 12, 1, 8)
    shown = rows.profile("Shown")
    rows.result(shown, 100, at)
    rows.result(shown, 500, at, published=False)  # consent withdrawn since
    rows.result(shown, 501, at, complete=False, published=False, mode="hard", seconds=3)
    rows.result(shown, 502, at, kind="solo", published=False)
    rows.result(shown, 503, at, kind="daily", daily_date="2026-12-01")
    hidden = rows.profile("Hidden", consent=False)
    rows.result(hidden, 600, at, published=False)
    undecided = rows.profile("Undecided", consent=None)
    rows.result(undecided, 700, at, published=False)
    practice = rows.profile("Practice")
    rows.result(practice, 800, at, kind="solo", published=False)
    daily = rows.profile("Daily")
    rows.result(daily, 900, at, kind="daily", daily_date="2026-12-01")
    for period in ("today", "week", "month", "all"):
        for mode in ("all", "easy"):
            assert board(rows, period, mode, prague(2026, 12, 1, 20)) == [("Shown", 100)]
        assert board(rows, period, "hard", prague(2026, 12, 1, 20)) == []


def test_only_matematicky_poker_s_results(rows: Rows) -> None:
    """The leaderboard is Matematický poker's: a result of another
    game that looks ranked (a plug-in's) is not on it."""
    at = prague(2026, 12, 1, 8)
    rows.result(rows.profile("Poker"), 100, at)
    rows.result(rows.profile("Other"), 900, at, game="nim")
    for period in ("today", "all"):
        assert board(rows, period, "all", prague(2026, 12, 1, 20)) == [("Poker", 100)]


def test_the_nickname_is_the_current_one(rows: Rows) -> None:
    player = rows.profile("Old name")
    rows.result(player, 100, prague(2026, 12, 1, 8))
    with Session(rows.engine) as session, session.begin():
        row = session.get(ProfileRow, player)
        assert row is not None
        row.nickname, row.nickname_folded = "Žofie Ř.", "žofie ř."
    assert board(rows) == [("Žofie Ř.", 100)]


def test_a_session_or_a_connection_works_too(rows: Rows) -> None:
    rows.result(rows.profile("Eva"), 100, prague(2026, 12, 1, 8))
    with Session(rows.engine) as session:
        assert len(query_leaderboard(session, "all", "all", prague(2026, 12, 2))) == 1
    with rows.engine.connect() as connection:
        assert len(query_leaderboard(connection, "week", "easy", prague(2026, 12, 2))) == 1


# --- a real server -------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own: its tests assert empty boards, then only their own
    game on them."""
    yield from own_server(tmp_path_factory)


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_profile(server: LiveServer, nickname: str, consent: bool | None = None) -> str:
    """A new profile's key; with consent given or refused when asked to."""
    response = httpx.post(f"{server.http}/api/profiles", json={"nickname": nickname},
                          timeout=10)
    assert response.status_code == 201, response.text
    key: str = response.json()["key"]
    if consent is not None:
        response = httpx.patch(f"{server.http}/api/profiles/me", json={"consent": consent},
                               headers=bearer(key), timeout=10)
        assert response.status_code == 200, response.text
    return key


def play_recorded(client: Client, view: dict[str, Any]) -> dict[str, Any]:
    """Play a recorded game to its end; a recorded table refuses a placement sooner than
    120 ms after the draw, so before every move but a draw or a kept joker the server
    clock skips ahead that long and a little more (no real waiting)."""
    while (move := next_move(view)) is not None:
        if move["type"] != "draw" and move.get("choice") != "keep":
            think(client)
        reply = client.act(move)
        assert reply["t"] == "view", reply
        view = reply["view"]
    assert view["over"]
    return view


def test_live_leaderboard_shape(server: LiveServer) -> None:
    response = httpx.get(f"{server.http}/api/leaderboard", timeout=10)
    assert response.status_code == 200, response.text
    assert response.json() == {"period": "all", "mode": "all", "from": None, "to": None,
                               "entries": []}
    for period in ("today", "week", "month"):
        for mode in ("all", "easy", "hard"):
            response = httpx.get(f"{server.http}/api/leaderboard",
                                 params={"period": period, "mode": mode}, timeout=10)
            assert response.status_code == 200, response.text
            body = response.json()
            assert (body["period"], body["mode"], body["entries"]) == (period, mode, [])
            first, last = date.fromisoformat(body["from"]), date.fromisoformat(body["to"])
            assert first <= last
            if period == "week":
                assert first.weekday() == 0 and (last - first).days == 6


@pytest.mark.parametrize("query", [
    "period=year", "mode=nightmare", "period=", "mode=ALL", "period=Today", "period=1",
    "period=today&mode=medium",
])
def test_live_leaderboard_bad_params(server: LiveServer, query: str) -> None:
    response = httpx.get(f"{server.http}/api/leaderboard?{query}", timeout=10)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "invalid_request" and body["message"]


def test_live_leaderboard_in_the_schema(server: LiveServer) -> None:
    schema = httpx.get(f"{server.http}/api/openapi.json", timeout=10).json()
    assert "/api/leaderboard" in schema["paths"] and "/api/daily" in schema["paths"]


def test_live_ranked_game_on_the_leaderboard(server: LiveServer) -> None:
    """A whole ranked game through the real server: then it is on every period's board."""
    key = new_profile(server, "Živý hráč", consent=True)
    created = httpx.post(f"{server.http}/api/tables", headers=bearer(key), timeout=10,
                         json={"game": "matematicky-poker", "kind": "ranked"})
    assert created.status_code == 201, created.text
    with server.socket(created.json()["table"]) as client:
        client.hello(created.json()["key"])
        final = play_recorded(client, client.act({"type": "start"})["view"])
    for period in ("today", "week", "month", "all"):
        for mode, shown in (("all", True), ("easy", True), ("hard", False)):
            body = httpx.get(f"{server.http}/api/leaderboard", timeout=10,
                             params={"period": period, "mode": mode}).json()
            entries = [(e["rank"], e["nickname"], e["score"], e["mode"], e["seconds"])
                       for e in body["entries"]]
            assert entries == ([(1, "Živý hráč", final["score"]["total"], "easy", None)]
                               if shown else [])

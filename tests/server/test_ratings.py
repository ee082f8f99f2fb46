"""Ratings (storage/ratings.py): which games are rated, how places move a rating, the
rating board, and its API. A whole duel played over sockets that changes ratings is in
test_duel.test_duel_statistics."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.orm import Session

from klubovna.server.storage import ratings
from klubovna.server.storage.db import RatingRow, ResultRow
from klubovna.server.storage.store import Recording, Store
from klubovna.tables import Lobby, LogEntry
from tests.server.live import LiveServer
from tests.server.test_recording import MP, multi_result, profile

KP = "kostkovy-poker"


def play(store: Store, kind: str, people: list[str | None], result: dict[str, Any],
         left: tuple[int, ...] = (), game: str = MP, at: int = 9_000) -> str:
    """A room of `game` whose seats hold these profiles (None: a guest), where the seats
    `left` leave before the end, ended with `result` at `at`."""
    settings = {"seats": len(people) + 1, "robots": "klidny"} if game == KP else {}
    lobby = Lobby.open(secrets.token_hex(3).upper(), game, kind, "A", "h0", 1,
                       profile=people[0], settings=settings)
    for seat, each in enumerate(people[1:], start=1):
        lobby.join(f"P{seat}", f"h{seat}", 1, profile=each)
    assert store.create_lobby(lobby, game)
    lobby.start(0, 2)
    table_id = secrets.token_urlsafe(12)
    store.create_table(table_id, game, lobby.engine_config(), 7, lobby.key_hashes(), 2,
                       Recording(kind), lobby)
    version = 1
    store.append(table_id, LogEntry(version, "act", 1_000, 0, None, {"type": "start"}), None)
    for seat in left:
        version += 1
        store.append(table_id, LogEntry(version, "leave", 2_000, seat), None)
    store.append(table_id, LogEntry(version + 1, "act", at, 0, 1, {"type": "x"}), result,
                 1_000)
    return table_id


def duel(store: Store, a: str, b: str, totals: list[int], **options: Any) -> str:
    return play(store, "duel", [a, b], multi_result("duel", totals), **options)


def rating_of(store: Store, profile_id: str, game: str = MP) -> dict[str, Any] | None:
    stats = store.statistics(profile_id, 10_000)
    assert stats is not None
    rating: dict[str, Any] | None = stats[game]["rating"]
    return rating


def changes(store: Store, table_id: str) -> dict[int, tuple[int, int]]:
    with Session(store.engine) as session:
        return ratings.of_table(session, table_id)


def test_a_duel_moves_both_ratings_and_the_statistics_carry_them(store: Store) -> None:
    a, b = profile(store), profile(store)
    assert rating_of(store, a) is None  # never rated
    table_id = duel(store, a, b, [120, 80])
    won, lost = rating_of(store, a), rating_of(store, b)
    assert won is not None and lost is not None
    assert won["rating"] > 1500 > lost["rating"]
    assert won["rating"] - 1500 == 1500 - lost["rating"]  # equal starts: a mirror
    assert won["games"] == lost["games"] == 1 and won["provisional"] and lost["provisional"]
    assert won["history"] == [{"at": 9_000, "rating": won["rating"]}]
    assert changes(store, table_id) == {0: (won["rating"], won["rating"] - 1500),
                                        1: (lost["rating"], lost["rating"] - 1500)}
    assert rating_of(store, a, KP) is None  # per game
    store.reset_stats(a, 20_000)  # a reset of the statistics keeps the rating
    assert rating_of(store, a) == won


def test_a_draw_between_equals_changes_no_rating_but_counts(store: Store) -> None:
    a, b = profile(store), profile(store)
    table_id = duel(store, a, b, [90, 90])
    assert changes(store, table_id) == {0: (1500, 0), 1: (1500, 0)}
    assert rating_of(store, a)["games"] == 1  # type: ignore[index]


def test_leaving_never_pays(store: Store) -> None:
    """b scored more, but left before the end: b ranks last."""
    a, b = profile(store), profile(store)
    duel(store, a, b, [90, 200], left=(1,))
    assert rating_of(store, a)["rating"] > 1500 > rating_of(store, b)["rating"]  # type: ignore[index]


def test_games_with_a_guest_or_a_computer_player_are_not_rated(store: Store) -> None:
    a, b = profile(store), profile(store)
    guest = play(store, "group", [a, None, b], multi_result("group", [150, 100, 60]))
    assert changes(store, guest) == {}
    computer = play(store, "table", [a, b], {
        "hands": 9, "chips": 20, "hands_won": [4, 4, 1], "winner": 0,
        "standings": [{"seat": 0, "chips": 50, "out": None, "place": 1},
                      {"seat": 1, "chips": 10, "out": None, "place": 2},
                      {"seat": 2, "chips": 0, "out": 6, "place": 3}]}, game=KP)
    assert changes(store, computer) == {}
    assert rating_of(store, a) is None and rating_of(store, a, KP) is None


def test_a_group_rates_its_standings(store: Store) -> None:
    people = [profile(store) for _ in range(5)]
    table_id = play(store, "group", list(people),
                    multi_result("group", [150, 120, 120, 90, 10]))
    after = changes(store, table_id)
    assert after[0][1] > 0 > after[4][1]
    assert after[1] == after[2]  # a shared place
    assert after[0][1] > after[1][1] > after[3][1] > after[4][1]


def test_the_board_shows_established_ratings_with_consent_best_first(store: Store) -> None:
    strong, weak, shy = profile(store, True), profile(store, True), profile(store, False)
    new = profile(store, True)
    at = 10_000
    for _ in range(24):  # enough to settle: the deviation falls below PROVISIONAL_SIGMA
        at += 1
        duel(store, strong, weak, [120, 80], at=at)
        at += 1
        duel(store, shy, weak, [120, 80], at=at)
    duel(store, new, weak, [120, 80], at=at + 1)
    with Session(store.engine) as session:
        board = ratings.board(session, MP)
        settled = {row.profile_id: row.sigma for row in session.scalars(select(RatingRow))}
    assert settled[strong] <= ratings.PROVISIONAL_SIGMA < settled[new]
    ours = {f"n{each}"[:20]: each for each in (strong, weak, shy, new)}
    board = [row for row in board if row.nickname in ours]  # (PostgreSQL: other tests')
    assert [ours[row.nickname] for row in board] == [strong, weak]  # not shy, not new
    assert board[0].rating > 1500 > board[1].rating and not board[0].provisional
    assert board[0].games == 24 and board[1].games == 49
    history = rating_of(store, strong)["history"]  # type: ignore[index]
    assert len(history) == 24 and history[-1]["rating"] == board[0].rating
    assert all(x["rating"] < y["rating"] for x, y in zip(history, history[1:], strict=False))


def test_a_deleted_profile_leaves_no_rating(store: Store) -> None:
    a, b = profile(store), profile(store)
    table_id = duel(store, a, b, [120, 80])
    store.delete_profile(a)
    with Session(store.engine) as session:  # (a PostgreSQL store holds other tests' rows)
        assert session.scalars(select(RatingRow.profile_id).where(
            RatingRow.profile_id.in_([a, b]))).all() == [b]
        assert session.scalars(select(ResultRow.rating_change).where(
            ResultRow.table_id == table_id)).all() == [
            rating_of(store, b)["rating"] - 1500]  # type: ignore[index]


def test_the_rating_board_api(server: LiveServer) -> None:
    response = httpx.get(f"{server.http}/api/ratings/{MP}")
    assert response.status_code == 200 and isinstance(response.json()["ratings"], list)
    unknown = httpx.get(f"{server.http}/api/ratings/chess")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"


def test_every_computer_player_has_a_fixed_rating_rising_up_its_ladder() -> None:
    import pkgutil

    from klubovna import games
    from klubovna.tables.registry import REGISTRY

    # The club's own games, one package each; a plug-in's (the tests' Nim, registered by
    # whichever test of this worker ran before) may leave its computer players unrated.
    club = sorted(info.name.replace("_", "-") for info in pkgutil.iter_modules(games.__path__)
                  if info.ispkg)
    assert len(club) >= 5 and set(club) <= set(REGISTRY), club
    for name in club:
        entry = REGISTRY[name]
        if not entry.bots:
            continue
        assert list(entry.ratings) == list(entry.bots), name  # weakest first, each rated
        values = list(entry.ratings.values())
        assert values[0] == 1000 and values == sorted(values), (name, values)


def test_the_rating_board_names_the_computer_players(server: LiveServer) -> None:
    board = httpx.get(f"{server.http}/api/ratings/locus-poker").json()
    assert board["computer"][0] == {"name": "pepik", "rating": 1000}
    assert [each["name"] for each in board["computer"]][-1] == "mistr"

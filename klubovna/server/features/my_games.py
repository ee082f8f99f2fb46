""""Moje hry" (docs/api.md, "My games"): every open room of the profile, those waiting for
the person first, with when their time runs out in a turn-based room (issue #38).

The rooms come from the database (every process stores them), so any process answers the
same. Whose turn it is comes from the live table when this process holds it, else from
the stored log: a table rebuilt for that is kept by its id and log length (`Turns`), so
a list asked for again rebuilds only the tables that moved since (decision 0162, "Moje
hry": a whole Locus Poker duel's log replays in 0.7 ms, 111 entries of Žolíky s kameny in
7 ms, a four-seat Mathesso game's 478 in 13 ms).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from klubovna.server.clock import now_ms
from klubovna.server.features.profiles import CurrentProfile, store_of
from klubovna.server.http.errors import ERRORS
from klubovna.server.realtime.hub import Hub
from klubovna.server.realtime.lobbies import room_url
from klubovna.server.storage.store import Store
from klubovna.tables import Lobby, Table
from klubovna.tables.registry import get_game
from klubovna.tables.turns import move_deadline

router = APIRouter(tags=["my games"])


class MyGame(BaseModel):
    code: str
    game: str
    kind: str
    status: Literal["waiting", "playing"] = Field(
        description='"waiting": for its start; "playing": its game runs.')
    days_per_move: int | None = Field(description="A turn-based room's days per move; "
                                      "null: played live.")
    your_turn: bool = Field(description="The game waits for this person's move.")
    deadline: int | None = Field(description="Turn-based, while it is your turn: when your "
                                 "time runs out (server ms); null otherwise.")
    players: list[str] = Field(description="The nicknames of the people in the room (those "
                               "who left the game not), in seat order, yours included.")
    link: str = Field(description="The room's page (a path of the app).")
    since: int = Field(description="Since when the game waits for you (a turn-based room), "
                       "else the room's last activity (server ms).")


class MyGames(BaseModel):
    games: list[MyGame]
    now: int = Field(description="The server's clock when it answered (ms): the time left "
                     "is `deadline` minus it, whatever the device's clock says.")


@dataclass(frozen=True)
class Waiting:
    """The game waits for a person: since when and until when (turn-based; None live)."""

    since: int | None
    deadline: int | None


Turn = dict[int, Waiting]
"""Whom a table's game waits for, by table seat."""


def turn_of(table: Table) -> Turn:
    """The people the table's game waits for now (its view's public `turn`, without
    computer players and those who left; nobody once it is over)."""
    waiting: Turn = {}
    for seat in table.waited_for():
        since = table.waiting_since.get(seat)
        waiting[seat] = Waiting(since, None if since is None
                                else move_deadline(table.config, since))
    return waiting


class Turns:
    """Stored tables' turns, rebuilt once per table and log length (the most recent
    `size`): a list asked for again replays only the tables that moved since."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.known: OrderedDict[tuple[str, int], Turn] = OrderedDict()
        self.lock = threading.Lock()  # (asked from worker threads)

    def of_stored(self, store: Store, table_id: str, version: int) -> Turn | None:
        """The turn of a stored table with `version` log entries; blocking: a thread."""
        key = (table_id, version)
        with self.lock:
            found = self.known.get(key)
            if found is not None:
                self.known.move_to_end(key)
                return found
        stored = store.load(table_id)
        if stored is None:
            return None
        table = Table.restore(stored.id, get_game(stored.game), stored.config, stored.seed,
                              stored.key_hashes, stored.entries)
        turn = turn_of(table)
        with self.lock:
            if table.version == version:  # (else it moved meanwhile: the next ask keeps it)
                self.known[key] = turn
                while len(self.known) > self.size:
                    self.known.popitem(last=False)
        return turn


TURNS = Turns()


def _member_seat(lobby: Lobby, profile: str) -> int | None:
    """The profile's lobby seat, None unless it is a member who has not left."""
    for member in lobby.members:
        if member.profile == profile and not member.gone:
            return member.seat
    return None


def order(games: list[MyGame]) -> list[MyGame]:
    """Those waiting for the person first; then by deadline (the soonest first, none last),
    then the most recent."""
    return sorted(games, key=lambda g: (not g.your_turn, g.deadline is None,
                                        g.deadline or 0, -g.since, g.code))


@router.get("/api/my/games", response_model=MyGames, responses=ERRORS)
async def my_games(profile: CurrentProfile, request: Request) -> MyGames:
    """Every room of the profile that is not closed (waiting for its start or playing), where
    it has a seat and has not left: those waiting for its move first, then by when the time
    runs out (turn-based), with the room's link."""
    store = store_of(request)
    hub: Hub = request.app.state.hub
    rows = await run_in_threadpool(store.rooms_of, profile.id)
    now = now_ms()
    games: list[MyGame] = []
    for lobby, table_id, version in rows:
        seat = _member_seat(lobby, profile.id)
        if seat is None or lobby.expired(now) or lobby.status == "closed":
            continue
        waiting: Waiting | None = None
        if lobby.status == "playing" and table_id is not None:
            live = hub.live.get(table_id)
            turn = (turn_of(live.table) if live is not None else
                    await run_in_threadpool(TURNS.of_stored, store, table_id, version))
            waiting = (turn or {}).get(lobby.table_seat(seat))
        games.append(MyGame(
            code=lobby.code, game=lobby.game, kind=lobby.kind, status=lobby.status,
            days_per_move=lobby.days_per_move, your_turn=waiting is not None,
            deadline=waiting.deadline if waiting else None,
            players=[m.nickname for m in lobby.members if not m.gone],
            link=room_url(lobby),
            since=waiting.since if waiting and waiting.since is not None
            else lobby.last_activity))
    return MyGames(games=order(games), now=now)

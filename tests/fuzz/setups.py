"""How the fuzzer opens a table of every registered game: a solo table (POST /api/tables)
where the game has one-seat tables, and each of its kinds of rooms (POST /api/lobbies, the
others join, everybody says hello, the host starts over /ws/lobbies/{code}).

The setups are made from the registry (klubovna.tables.registry), so a new game is fuzzed
without a line here; TIMED adds tables with deadlines, which the fuzzer reaches by
skipping the server clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

from klubovna.core import Json
from klubovna.core.declarations import RoomPolicy
from klubovna.tables.lobby import SEATS
from klubovna.tables.registry import REGISTRY


@dataclass(frozen=True)
class Setup:
    game: str
    room: str | None
    """The kind of room; None: a solo table."""
    people: int = 1
    settings: Mapping[str, Json] = field(default_factory=dict)

    @property
    def name(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.settings.items())
        return f"{self.game}-{self.room or 'solo'}-{self.people}" + (f"-{extra}" if extra else "")


def _solo(game: str) -> Setup | None:
    """A one-seat table of the game, if it has one (Mathesso: `seats` 1)."""
    engine = REGISTRY[game].game
    for config in ({}, {SEATS: 1}):
        try:
            if engine.seats(engine.new(config, 0)) == 1:
                return Setup(game, None, 1, config)
        except Exception:  # (a config the game does not take)
            continue
    return None


def _room(game: str, policy: RoomPolicy) -> Setup:
    """A room of two people where it holds two (the host alone otherwise), and a computer
    player beside them where computer players fill empty seats."""
    people = max(policy.seats[0], min(2, policy.seats[1]))
    settings: dict[str, Json] = {}
    if policy.robots is not None:
        declared = {s.name: s for s in REGISTRY[game].game.settings}
        most = declared[SEATS].maximum or people
        settings[SEATS] = min(people + 1, most)
    return Setup(game, policy.kind, people, settings)


def setups() -> list[Setup]:
    """Every registered game's solo table and rooms."""
    found: list[Setup] = []
    for game, entry in REGISTRY.items():
        solo = _solo(game)
        if solo is not None:
            found.append(solo)
        found += [_room(game, policy) for policy in entry.game.rooms]
    return found


TIMED = [
    Setup("matematicky-poker", None, 1, {"mode": "hard", "seconds": 30}),
    Setup("matematicky-poker", "duel", 2, {"mode": "hard", "seconds": 30}),
    Setup("kostkovy-poker", "table", 2, {SEATS: 3, "seconds": 30}),
]
"""Tables whose deadlines come due when the fuzzer skips the server clock."""


@dataclass
class Person:
    """A person at the table: the key, the lobby seat (rooms), the table seat."""

    key: str
    lobby_seat: int | None
    table_seat: int
    gone: bool = False
    left_running: bool = False
    """Gone while the game ran: the table's log says so and the key opens nothing (gone
    after the end, it still opens the finished table's view)."""


@dataclass
class Opened:
    setup: Setup
    table: str | None
    """A solo table's id; a room's comes with the start."""
    code: str | None
    people: list[Person]


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


SEED = 18
"""A solo table's deck, where the server takes a seed (rooms deal their own)."""


def open_setup(http: httpx.Client, setup: Setup) -> Opened:
    """The table (solo) or the lobby with everybody joined (rooms; not started yet)."""
    if setup.room is None:
        body = {"game": setup.game, **setup.settings}
        made = http.post("/api/tables", json={**body, "seed": SEED})
        if made.status_code == 422 and made.json()["code"] == "seed_not_allowed":
            made = http.post("/api/tables", json=body)
        table = _created(made)
        return Opened(setup, table["table"], None, [Person(table["key"], None, 0)])
    host = _created(http.post("/api/lobbies", json={
        "game": setup.game, "kind": setup.room, "nickname": "Hostitel",
        "settings": dict(setup.settings)}))
    people = [Person(host["key"], host["seat"], 0)]
    for n in range(1, setup.people):
        joined = _created(http.post(f"/api/lobbies/{host['code']}/join",
                                    json={"nickname": f"Hráč {n}"}))
        people.append(Person(joined["key"], joined["seat"], n))
    return Opened(setup, None, host["code"], people)

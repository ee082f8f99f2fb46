"""A Lobby: the room before and around a multi-seat game (a duel or a group).

Who joined, who may start, who left and what that means; pure, the clock passed in.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from klubovna.core import IllegalAction, Json
from klubovna.tables.table import left_game

Kind = Literal["duel", "group", "table"]
Status = Literal["waiting", "playing", "closed"]
Outcome = Literal["finished", "dealer_left", "host_left", "abandoned", "expired"]

KINDS: tuple[Kind, ...] = ("duel", "group", "table")
"""Matematický poker's duel and group; "table": a game whose empty seats computer players
take at the start (Kostkový poker), with `settings["seats"]` seats and
`settings["robots"]` naming the computer player."""
STATUSES: tuple[Status, ...] = ("waiting", "playing", "closed")
DUEL_SEATS = 2
"""A duel has exactly two seats, both play."""
GROUP_MAX = 50
"""A group holds at most 50 people, the dealer included."""
IDLE_EXPIRY_MS = 6 * 60 * 60 * 1000
"""A lobby that never finished is dropped after 6 hours without activity."""
RESERVED = frozenset({"variant", "seats", "dealer_plays"})
"""Engine config keys a duel's or group's lobby sets itself at the start."""
HOSTS = {"duel": "the player who opened the duel", "group": "the dealer",
         "table": "the player who opened the table"}
"""Who may start each kind of lobby (`not_host`): the one who opened it, seat 0."""
NOBODY = "-"
"""The key hash of a computer player's seat: no key opens it."""


@dataclass
class Member:
    """One person in the lobby. `seat` is stable and never reused within the lobby."""

    seat: int
    nickname: str
    key_hash: str
    joined: int
    gone: bool = False  # left after the start: still has a board, no longer plays
    profile: str | None = None
    """The profile the game records for (an opaque id), None for a guest."""

    def to_json(self) -> dict[str, Json]:
        return {"seat": self.seat, "nickname": self.nickname, "key_hash": self.key_hash,
                "joined": self.joined, "gone": self.gone, "profile": self.profile}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Member:
        profile = data.get("profile")
        return cls(seat=int(data["seat"]), nickname=str(data["nickname"]),
                   key_hash=str(data["key_hash"]), joined=int(data["joined"]),
                   gone=bool(data["gone"]), profile=None if profile is None else str(profile))


@dataclass
class Lobby:
    """A duel or group lobby; the creator (seat 0) is the host, in a group the dealer.

    >>> T0 = 1_700_000_000_000
    >>> lobby = Lobby.open("ABCDEF", "duel", "Ada", "hash-a", T0)
    >>> lobby.start(0, T0)
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: A duel starts only when the opponent has joined.
    >>> lobby.join("Bob", "hash-b", T0 + 1)
    1
    >>> lobby.start(0, T0 + 2)
    {'variant': 'duel', 'seats': 2}
    >>> lobby.key_hashes()
    ['hash-a', 'hash-b']
    >>> Lobby.from_json(lobby.to_json()) == lobby
    True
    """

    code: str
    kind: Kind
    dealer_plays: bool
    settings: dict[str, Json]
    created: int
    last_activity: int
    members: list[Member] = field(default_factory=list)
    next_seat: int = 0
    status: Status = "waiting"
    outcome: Outcome | None = None
    duel_recorded: bool = True
    """False once a duel player left after the start: the duel then records no win."""

    @classmethod
    def open(
        cls,
        code: str,
        kind: str,
        nickname: str,
        key_hash: str,
        now: int,
        *,
        dealer_plays: bool = True,
        settings: Mapping[str, Json] | None = None,
        profile: str | None = None,
    ) -> Lobby:
        """A new lobby whose creator takes seat 0. `settings` are the other engine config
        keys (mode, seconds, table ...), passed through at the start."""
        if kind not in KINDS:
            raise IllegalAction("bad_config", f"A lobby is a duel or a group, got {kind!r}.")
        if kind != "group" and not dealer_plays:
            raise IllegalAction("bad_config", "Only a group's dealer may only deal.")
        settings = dict(settings or {})
        if kind == "table":
            seats, robot = settings.get("seats"), settings.get("robots")
            if not (isinstance(seats, int) and 2 <= seats <= 6 and isinstance(robot, str)):
                raise IllegalAction("bad_config", "A table needs 2-6 seats and a computer player.")
        else:
            clash = sorted(RESERVED & settings.keys())
            if clash:
                raise IllegalAction("bad_config", f"The lobby sets {clash} itself.")
        lobby = cls(code=code, kind=kind, dealer_plays=dealer_plays,
                    settings=settings, created=now, last_activity=now)
        lobby._add(nickname, key_hash, now, profile)
        return lobby

    # -- questions ---------------------------------------------------------------------

    @property
    def limit(self) -> int:
        if self.kind == "table":
            seats = self.settings["seats"]
            assert isinstance(seats, int)
            return seats
        return DUEL_SEATS if self.kind == "duel" else GROUP_MAX

    @property
    def host_seat(self) -> int:
        return 0

    def member(self, seat: int) -> Member | None:
        for member in self.members:
            if member.seat == seat:
                return member
        return None

    def seat_for_key_hash(self, key_hash: str) -> int | None:
        for member in self.members:
            if hmac.compare_digest(member.key_hash, key_hash):
                return member.seat
        return None

    def key_hashes(self) -> list[str]:
        """Key hashes in table-seat order (join order, the host first) for `Table`; a
        table's computer players come after the people."""
        return [member.key_hash for member in self.members] + [NOBODY] * self._robot_seats()

    def _robot_seats(self) -> int:
        return self.limit - len(self.members) if self.kind == "table" else 0

    def table_seat(self, seat: int) -> int:
        """The Table's seat (0..n-1) for a lobby seat: lobby seats may have gaps."""
        for index, member in enumerate(self.members):
            if member.seat == seat:
                return index
        raise self._unknown(seat)

    def engine_config(self) -> dict[str, Json]:
        """The engine config for the game with the current members."""
        if self.kind == "table":  # the empty seats go to the chosen computer player
            people = len(self.members)
            robots: dict[str, Json] = {str(seat): self.settings["robots"]
                                       for seat in range(people, self.limit)}
            return {**{k: v for k, v in self.settings.items() if k != "robots"},
                    "robots": robots}
        config: dict[str, Json] = {**self.settings, "variant": self.kind,
                                   "seats": len(self.members)}
        if self.kind == "group":
            config["dealer_plays"] = self.dealer_plays
        return config

    def expired(self, now: int) -> bool:
        """True when a lobby that never closed has been idle for IDLE_EXPIRY_MS or longer."""
        return self.status != "closed" and now - self.last_activity >= IDLE_EXPIRY_MS

    def public(self) -> dict[str, Json]:
        """What every member may see (no key hashes)."""
        return {
            "code": self.code, "kind": self.kind, "status": self.status,
            "outcome": self.outcome, "limit": self.limit, "dealer_plays": self.dealer_plays,
            "duel_recorded": self.duel_recorded,
            "players": [{"seat": m.seat, "nickname": m.nickname, "host": m.seat == 0,
                         "gone": m.gone} for m in self.members],
        }

    # -- changes -----------------------------------------------------------------------

    def join(self, nickname: str, key_hash: str, now: int, profile: str | None = None) -> int:
        """Take a seat, or get one's own seat back (same key): returns the lobby seat.
        A profile holds at most one seat (`already_joined`)."""
        self._check_open()
        seat = self.seat_for_key_hash(key_hash)
        if seat is not None:
            member = self.member(seat)
            assert member is not None
            if member.gone:
                raise left_game()
            self.last_activity = now
            return seat
        if profile is not None and any(m.profile == profile for m in self.members):
            raise IllegalAction("already_joined", "This profile already has a seat here.")
        if self.status == "playing":
            raise IllegalAction("already_started", "The game has started; nobody can join now.")
        if len(self.members) >= self.limit:
            raise IllegalAction("lobby_full", self._full_message())
        return self._add(nickname, key_hash, now, profile)

    def leave(self, seat: int, now: int) -> None:
        """Before the start: free the seat (the host leaving closes the lobby).
        After: mark the player gone (the dealer leaving ends a group game)."""
        self._check_open()
        member = self.member(seat)
        if member is None or member.gone:
            raise self._unknown(seat)
        self.last_activity = now
        if seat == self.host_seat and (self.status == "waiting" or self.kind == "group"):
            self._close("dealer_left" if self.kind == "group" else "host_left")
        elif self.status == "waiting":
            self.members.remove(member)
        else:
            member.gone = True
            if self.kind == "duel":
                self.duel_recorded = False
            if all(m.gone for m in self.members):
                self._close("abandoned")

    def start(self, seat: int, now: int) -> dict[str, Json]:
        """The host starts the game; returns the engine config for the Table."""
        self._check_open()
        if self.status == "playing":
            raise IllegalAction("already_started", "The game has already started.")
        if self.member(seat) is None:
            raise self._unknown(seat)
        if seat != self.host_seat:  # seat 0: whoever opened the lobby
            raise IllegalAction("not_host", f"Only {HOSTS[self.kind]} can start the game.")
        if self.kind == "duel" and len(self.members) < DUEL_SEATS:
            raise IllegalAction("waiting_for_opponent",
                                "A duel starts only when the opponent has joined.")
        if self.kind == "group" and not self.dealer_plays and len(self.members) < 2:
            raise IllegalAction("no_players",
                                "The dealer does not play, so at least one player must join.")
        self.status = "playing"
        self.last_activity = now
        return self.engine_config()

    def touch(self, now: int) -> None:
        """Note activity (e.g. a move in the running game) so the lobby does not expire."""
        self.last_activity = max(self.last_activity, now)

    def finish(self, now: int) -> None:
        """The game reached its result: the lobby is closed as finished."""
        self._check_open()
        if self.status != "playing":
            raise IllegalAction("not_started", "The game has not started yet.")
        self.last_activity = now
        self._close("finished")

    def expire(self) -> None:
        """Close a lobby that `expired` (idle too long): nobody can join or play on."""
        self._check_open()
        self._close("expired")

    # -- persistence -------------------------------------------------------------------

    def to_json(self) -> dict[str, Json]:
        return {
            "code": self.code, "kind": self.kind, "dealer_plays": self.dealer_plays,
            "settings": dict(self.settings), "created": self.created,
            "last_activity": self.last_activity,
            "members": [member.to_json() for member in self.members],
            "next_seat": self.next_seat, "status": self.status, "outcome": self.outcome,
            "duel_recorded": self.duel_recorded,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Lobby:
        if data["kind"] not in KINDS or data["status"] not in STATUSES:
            raise ValueError(f"not a stored lobby: {data['kind']!r}, {data['status']!r}")
        return cls(
            code=str(data["code"]), kind=data["kind"], dealer_plays=bool(data["dealer_plays"]),
            settings=dict(data["settings"]), created=int(data["created"]),
            last_activity=int(data["last_activity"]),
            members=[Member.from_json(m) for m in data["members"]],
            next_seat=int(data["next_seat"]), status=data["status"], outcome=data["outcome"],
            duel_recorded=bool(data["duel_recorded"]),
        )

    # -- helpers -----------------------------------------------------------------------

    def _add(self, nickname: str, key_hash: str, now: int, profile: str | None) -> int:
        seat = self.next_seat
        self.next_seat += 1
        self.members.append(Member(seat, nickname, key_hash, now, profile=profile))
        self.last_activity = now
        return seat

    def _close(self, outcome: Outcome) -> None:
        self.status = "closed"
        self.outcome = outcome

    def _check_open(self) -> None:
        if self.status == "closed":
            raise IllegalAction("lobby_closed", "This lobby is closed.")

    def _full_message(self) -> str:
        if self.kind == "duel":
            return "A duel has exactly two players; this one is full."
        return f"A group holds at most {GROUP_MAX} people, the dealer included; it is full."

    @staticmethod
    def _unknown(seat: int) -> IllegalAction:
        return IllegalAction("unknown_seat", f"Seat {seat} is not in this lobby.")

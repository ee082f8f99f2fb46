"""A Lobby: the room before and around a game played from a code (a duel, a group, a
Kostkový poker table ...): who joined, who may start, who left and what that means.

A lobby names its game and its kind of room, and reads everything else from the game's
RoomPolicy (klubovna.core.declarations): no game is named here. Pure, the clock passed in.
"""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from klubovna.core import IllegalAction, Json
from klubovna.core.declarations import RoomPolicy, read_settings
from klubovna.core.rounds import ROUND, SERIES
from klubovna.tables.registry import entry
from klubovna.tables.robots import ROBOTS
from klubovna.tables.table import left_game
from klubovna.tables.turns import DAY_MS, DAYS_MAX, DAYS_MIN, TURNS, turns_config

Status = Literal["waiting", "playing", "closed"]
Outcome = Literal["finished", "dealer_left", "host_left", "abandoned", "expired", "moderated"]

STATUSES: tuple[Status, ...] = ("waiting", "playing", "closed")
SEATS = "seats"
"""The game setting (and engine config key) that says how many seats a table has: a
room with computer players fills the empty ones up to it; otherwise the room sets it to
the number of people at the start."""
DEALER_PLAYS = "dealer_plays"
"""The room setting (and engine config key) of a room whose host may only deal."""
NOBODY = "-"
"""The key hash of a computer player's seat: no key opens it."""


def room_policy(game: str, kind: object) -> RoomPolicy:
    """The registered game's room of this kind; IllegalAction otherwise ("unknown_game",
    "bad_config")."""
    rooms = entry(game).game.rooms
    for policy in rooms:
        if policy.kind == kind:
            return policy
    kinds = [policy.kind for policy in rooms]
    raise IllegalAction("bad_config", f"{game} is played in {kinds} rooms, not {kind!r}.")


def room_settings(game: str, policy: RoomPolicy, sent: Mapping[str, Json]) -> dict[str, Json]:
    """The settings a room of `policy` keeps: the game's settings the room shows, checked
    by the game's declarations (defaults filled in), plus what the room itself takes: the
    computer player for its empty seats, and whether a host who may only deal plays.
    Raises IllegalAction("bad_config") naming what is wrong."""
    if not isinstance(sent, Mapping):
        raise IllegalAction("bad_config", "The settings must be an object.")
    sent = dict(sent)
    extra: dict[str, Json] = {}
    if policy.robots is not None:
        bots = list(entry(game).bots)
        robot = sent.pop(policy.robots, None)
        robot = bots[0] if robot is None and bots else robot
        if robot not in bots:
            raise IllegalAction("bad_config", f"{policy.robots} must be one of {bots}.")
        extra[policy.robots] = robot
    if policy.host_only_deals:
        plays = sent.pop(DEALER_PLAYS, None)
        if plays is not None and not isinstance(plays, bool):
            raise IllegalAction("bad_config", f"{DEALER_PLAYS} must be true or false.")
        extra[DEALER_PLAYS] = plays is not False
    shown = [s for s in entry(game).game.settings if s.name in policy.settings]
    return {**read_settings(shown, sent, public_only=True), **extra}


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
    """A room of a game (its RoomPolicy, `kind`); the creator (seat 0) is the host, in a
    group the dealer. Everything a kind of room means comes from the game's policy.

    >>> T0 = 1_700_000_000_000
    >>> lobby = Lobby.open("ABCDEF", "matematicky-poker", "duel", "Ada", "hash-a", T0)
    >>> lobby.start(0, T0)
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: The game starts only when 2 players have joined.
    >>> lobby.join("Bob", "hash-b", T0 + 1)
    1
    >>> lobby.start(0, T0 + 2)
    {'mode': 'easy', 'table': 'adjacent', 'variant': 'duel', 'seats': 2}
    >>> lobby.key_hashes()
    ['hash-a', 'hash-b']
    >>> Lobby.from_json(lobby.to_json()) == lobby
    True
    """

    code: str
    game: str
    kind: str
    dealer_plays: bool
    settings: dict[str, Json]
    """The room's settings (room_settings): the game's shown ones and the room's own."""
    created: int
    last_activity: int
    members: list[Member] = field(default_factory=list)
    next_seat: int = 0
    status: Status = "waiting"
    outcome: Outcome | None = None
    duel_recorded: bool = True
    """False once a player left after the start: a duel then records no win."""
    round: int = 1
    """The room's table so far: 1 for its first game, one more for each next round."""
    agreed: list[int] = field(default_factory=list)
    """The lobby seats that asked for the next round (a policy with next_round "all")."""
    series: int | None = None
    """The number the room keeps for all its rounds, for a game that draws round 1's first
    player from it (klubovna.core.rounds); None in lobbies stored before it."""
    free_chat: bool = False
    """The host lets members write their own words in the room's chat (not only the
    preset phrases); each member's profile must also have chosen it."""
    listed: bool = False
    """A public room: the open list shows it to everyone while it waits for players, and
    anyone may watch its table. A private one (the default) only its code or link finds."""
    watchable: bool = True
    """Whether its table may be watched (by anyone in a public room; by whoever has the
    watch link its players share in a private one); the host may turn it off."""
    days_per_move: int | None = None
    """A turn-based room: each move may take this many days (turns.py); None: live."""

    @classmethod
    def open(
        cls,
        code: str,
        game: str,
        kind: str,
        nickname: str,
        key_hash: str,
        now: int,
        *,
        settings: Mapping[str, Json] | None = None,
        profile: str | None = None,
        series: int = 0,
        free_chat: bool = False,
        listed: bool = False,
        days_per_move: int | None = None,
    ) -> Lobby:
        """A new room whose creator takes seat 0. `settings` are checked by the game's
        declarations and the room's policy (room_settings), and the engine config the start
        would make by the game itself, so a room that could never start is never opened.
        `series`: a number the caller drew for the room (who begins its first round)."""
        policy = room_policy(game, kind)
        if days_per_move is not None:
            if not policy.turn_based:
                raise IllegalAction("bad_config", f"A {kind} of {game} is played live only.")
            if not DAYS_MIN <= days_per_move <= DAYS_MAX:
                raise IllegalAction("bad_config", f"days_per_move must be {DAYS_MIN} to "
                                    f"{DAYS_MAX}.")
        values = room_settings(game, policy, settings or {})
        dealer_plays = values.pop(DEALER_PLAYS, True)
        assert isinstance(dealer_plays, bool)
        lobby = cls(code=code, game=game, kind=kind, dealer_plays=dealer_plays,
                    settings=values, created=now, last_activity=now, series=series,
                    free_chat=free_chat, listed=listed, days_per_move=days_per_move)
        trial = lobby._config(lobby.limit)
        trial.pop(ROBOTS, None)
        entry(game).game.new(trial, 0)  # raises IllegalAction("bad_config") for a bad one
        lobby._add(nickname, key_hash, now, profile)
        return lobby

    # -- questions ---------------------------------------------------------------------

    @property
    def policy(self) -> RoomPolicy:
        return room_policy(self.game, self.kind)

    @property
    def limit(self) -> int:
        """How many people the room holds: the table's seats where computer players fill
        the rest, else the policy's most."""
        if self.policy.robots is not None:
            seats = self.settings[SEATS]
            assert isinstance(seats, int)
            return min(seats, self.policy.seats[1])
        return self.policy.seats[1]

    @property
    def host_seat(self) -> int:
        return 0

    def shown_settings(self) -> dict[str, Json]:
        """The settings as members see them (None for one that does not apply, such as
        Matematický poker's seconds in easy mode), the computer player included."""
        names = (*self.policy.settings, *([self.policy.robots] if self.policy.robots else []))
        return {name: self.settings.get(name) for name in names}

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
        return self.limit - len(self.members) if self.policy.robots else 0

    def table_seat(self, seat: int) -> int:
        """The Table's seat (0..n-1) for a lobby seat: lobby seats may have gaps."""
        for index, member in enumerate(self.members):
            if member.seat == seat:
                return index
        raise self._unknown(seat)

    def engine_config(self) -> dict[str, Json]:
        """The engine config for the game with the current members."""
        return self._config(len(self.members))

    def _config(self, people: int) -> dict[str, Json]:
        """The engine config with `people` people: the room's settings and the policy's
        fixed ones; either the empty seats go to the chosen computer player, or the table
        has exactly a seat per person."""
        policy = self.policy
        config: dict[str, Json] = {k: v for k, v in self.settings.items() if k != policy.robots}
        config |= policy.fixed
        if policy.robots is not None:
            config[ROBOTS] = {str(seat): self.settings[policy.robots]
                              for seat in range(people, self.limit)}
        else:
            config[SEATS] = people
        if policy.host_only_deals:
            config[DEALER_PLAYS] = self.dealer_plays
        declared = {setting.name for setting in entry(self.game).game.settings}
        if ROUND in declared:
            config[ROUND] = self.round
        if SERIES in declared and self.series is not None:
            config[SERIES] = self.series
        return config

    def expired(self, now: int) -> bool:
        """True when a room that never closed has been idle for its policy's time or longer."""
        return self.status != "closed" and now - self.last_activity >= self.idle_ms

    @property
    def idle_ms(self) -> int:
        """How long the room may stay idle: its policy's time, and while a turn-based room
        plays longer than a move may take (the table's deadline ends a game nobody plays)."""
        if self.days_per_move is None or self.status != "playing":
            return self.policy.idle_ms
        return max(self.policy.idle_ms, (self.days_per_move + 1) * DAY_MS)

    @property
    def can_go_again(self) -> bool:
        """Whether the room is between rounds: its table finished and its policy plays
        again (next_round "host" or "all")."""
        return (self.status == "closed" and self.outcome == "finished"
                and self.policy.next_round != "none")

    def public(self) -> dict[str, Json]:
        """What every member may see (no key hashes)."""
        return {
            "code": self.code, "game": self.game, "kind": self.kind, "status": self.status,
            "outcome": self.outcome, "limit": self.limit, "dealer_plays": self.dealer_plays,
            "duel_recorded": self.duel_recorded, "free_chat": self.free_chat,
            "public": self.listed, "watchable": self.watchable,
            "days_per_move": self.days_per_move, "round": self.round,
            "next_round": self.policy.next_round,
            "can_go_again": self.can_go_again and self._enough_here(),
            "players": [{"seat": m.seat, "nickname": m.nickname, "host": m.seat == 0,
                         "gone": m.gone, "agreed": m.seat in self.agreed,
                         "profile": m.profile is not None}
                        for m in self.members],
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

    def leave(self, seat: int, now: int) -> dict[str, Json] | None:
        """Before the start: free the seat (the host leaving closes the lobby).
        After: mark the player gone (the dealer leaving ends a group game).
        Between rounds the leaver is not seated again; when everybody still here agreed
        already (next_round "all"), the next round starts: its engine config is returned
        (else None)."""
        member = self.member(seat)
        if self.can_go_again and member is not None and not member.gone:
            self.last_activity = now
            member.gone = True
            self.agreed = [s for s in self.agreed if s != seat]
            if self._all_agree(self.agreed):
                with contextlib.suppress(IllegalAction):  # too few left: the leave stands
                    return self._next_round(now)
            return None
        self._check_open()
        if member is None or member.gone:
            raise self._unknown(seat)
        self.last_activity = now
        dealer = self.policy.host_only_deals  # a group's dealer: the game ends without them
        if seat == self.host_seat and (self.status == "waiting" or dealer):
            self._close("dealer_left" if dealer else "host_left")
        elif self.status == "waiting":
            self.members.remove(member)
        else:
            member.gone = True
            self.duel_recorded = False
            if all(m.gone for m in self.members):
                self._close("abandoned")
        return None

    def start(self, seat: int, now: int) -> dict[str, Json]:
        """The host starts the game; returns the engine config for the Table."""
        self._check_open()
        if self.status == "playing":
            raise IllegalAction("already_started", "The game has already started.")
        if self.member(seat) is None:
            raise self._unknown(seat)
        policy = self.policy
        if seat != self.host_seat:  # seat 0: whoever opened the lobby
            who = ("the dealer" if policy.host_only_deals
                   else f"the player who opened the {self.kind}")
            raise IllegalAction("not_host", f"Only {who} can start the game.")
        if len(self.members) < policy.seats[0]:
            raise IllegalAction("waiting_for_opponent", "The game starts only when "
                                f"{policy.seats[0]} players have joined.")
        if not self.dealer_plays and len(self.members) < 2:
            raise IllegalAction("no_players",
                                "The dealer does not play, so at least one player must join.")
        self.status = "playing"
        self.last_activity = now
        return self._turns(self.engine_config(), now)

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

    def again(self, seat: int, now: int, agree: bool = True) -> dict[str, Json] | None:
        """Ask for (or, with `agree` False, take back) the next round once the table has
        finished. With next_round "host" the host alone starts it; with "all" it starts when
        every seated person still here has agreed. Returns the new table's engine config
        when the next round starts (the same members but those who left, the same computer
        players), else None. IllegalAction: "no_next_round", "not_over", "not_host",
        "waiting_for_opponent", "no_players", "lobby_closed", "left_game"."""
        policy = self.policy
        if policy.next_round == "none":
            raise IllegalAction("no_next_round", f"A {self.kind} is played only once.")
        if self.status in ("waiting", "playing"):
            raise IllegalAction("not_over", "The next round starts only after this one.")
        if not self.can_go_again:
            raise IllegalAction("lobby_closed", "This lobby is closed.")
        member = self.member(seat)
        if member is None:
            raise self._unknown(seat)
        if member.gone:
            raise left_game()
        if policy.next_round == "host":
            if seat != self.host_seat:
                raise IllegalAction("not_host", "Only the host can start the next round.")
            return self._next_round(now)
        agreed = sorted(set(self.agreed) - {seat} | ({seat} if agree else set()))
        if self._all_agree(agreed):
            return self._next_round(now)  # a refusal (too few left) changes nothing
        self.agreed, self.last_activity = agreed, now
        return None

    def _enough_here(self) -> bool:
        """Whether enough people are still here for a next round (a duel whose other
        player left has none to offer: `again` would refuse it, `waiting_for_opponent`)."""
        here = sum(not m.gone for m in self.members)
        return here >= self.policy.seats[0] and (self.dealer_plays or here >= 2)

    def _all_agree(self, agreed: list[int]) -> bool:
        """Whether every person still here is in `agreed` (policy "all")."""
        here = {m.seat for m in self.members if not m.gone}
        return self.policy.next_round == "all" and bool(here) and here <= set(agreed)

    def _next_round(self, now: int) -> dict[str, Json]:
        """Seat again everybody still here (those who left are dropped) and play."""
        here = [m for m in self.members if not m.gone]
        if len(here) < self.policy.seats[0]:
            raise IllegalAction("waiting_for_opponent", "The next round needs "
                                f"{self.policy.seats[0]} players; too many have left.")
        if not self.dealer_plays and len(here) < 2:
            raise IllegalAction("no_players",
                                "The dealer does not play, so at least one player must stay.")
        self.members = here
        self.round += 1
        self.agreed = []
        self.status, self.outcome = "playing", None
        self.duel_recorded = True
        self.last_activity = now
        return self._turns(self.engine_config(), now)

    def _turns(self, config: dict[str, Json], now: int) -> dict[str, Json]:
        """A turn-based room's table config: its time per move, from the start (`now`)."""
        if self.days_per_move is not None:
            config[TURNS] = turns_config(self.days_per_move, now)
        return config

    def expire(self) -> None:
        """Close a lobby that `expired` (idle too long): nobody can join or play on."""
        self._check_open()
        self._close("expired")

    def moderate(self) -> None:
        """A moderator closed the room: nobody can join or play on."""
        self._check_open()
        self._close("moderated")

    # -- persistence -------------------------------------------------------------------

    def to_json(self) -> dict[str, Json]:
        return {
            "code": self.code, "game": self.game, "kind": self.kind,
            "dealer_plays": self.dealer_plays, "settings": dict(self.settings),
            "created": self.created,
            "last_activity": self.last_activity,
            "members": [member.to_json() for member in self.members],
            "next_seat": self.next_seat, "status": self.status, "outcome": self.outcome,
            "duel_recorded": self.duel_recorded, "round": self.round,
            "agreed": list(self.agreed), "series": self.series,
            "free_chat": self.free_chat, "listed": self.listed, "watchable": self.watchable,
            "days_per_move": self.days_per_move,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: str | None = None) -> Lobby:
        """The lobby `to_json` stored. Rows stored before lobbies named their game have
        none inside: `game` is then the one their row names."""
        game = data.get("game", game)
        try:
            room_policy(str(game), data["kind"])
        except IllegalAction:
            raise ValueError(f"not a stored lobby: {game!r}, {data['kind']!r}") from None
        if data["status"] not in STATUSES:
            raise ValueError(f"not a stored lobby: {data['status']!r}")
        return cls(
            code=str(data["code"]), game=str(game), kind=str(data["kind"]),
            dealer_plays=bool(data["dealer_plays"]),
            settings=dict(data["settings"]), created=int(data["created"]),
            last_activity=int(data["last_activity"]),
            members=[Member.from_json(m) for m in data["members"]],
            next_seat=int(data["next_seat"]), status=data["status"], outcome=data["outcome"],
            duel_recorded=bool(data["duel_recorded"]),
            round=int(data.get("round", 1)),  # lobbies stored before next rounds: 1
            agreed=[int(seat) for seat in data.get("agreed", [])],
            series=None if data.get("series") is None else int(data["series"]),
            free_chat=bool(data.get("free_chat", False)),  # rooms stored before chat: no
            listed=bool(data.get("listed", False)),  # (rooms stored before open lists)
            watchable=bool(data.get("watchable", True)),
            days_per_move=None if data.get("days_per_move") is None
            else int(data["days_per_move"]),  # (rooms stored before turn-based play: live)
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
        host = "the dealer" if self.policy.host_only_deals else "the host"
        return f"A {self.kind} holds at most {self.limit} people, {host} included; it is full."

    @staticmethod
    def _unknown(seat: int) -> IllegalAction:
        return IllegalAction("unknown_seat", f"Seat {seat} is not in this lobby.")

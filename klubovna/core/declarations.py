"""What a game declares besides its rules: its settings, its seats, its rooms, what a
leaving seat becomes, and how its result reads per seat.

These declarations are the one source the platform reads: the server's request models and
validation, the browser's setup pages, lobbies and the profile's statistics all come from
them, so no platform module names a game's settings or special-cases a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from klubovna.core.checks import bad_config, is_int
from klubovna.core.values import Json

Kind = Literal["int", "choice", "bool"]


@dataclass(frozen=True)
class Setting:
    """One setting of a game: a whole number in a range, one of some choices, or a flag.

    `only_when` names another setting's values under which this one applies (Matematický
    poker's seconds per card only in hard mode); elsewhere it must be left out. `default`
    None with `optional` means "not set" is a legal value (no timer).

    >>> s = Setting("chips", "int", 20, minimum=10, maximum=100)
    >>> s.check(30), s.check(None)
    (30, 20)
    >>> s.check(True)
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: chips must be a whole number from 10 to 100, got True.
    """

    name: str
    kind: Kind
    default: Json
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Json, ...] = ()
    optional: bool = False
    """None (JSON null) is a value of its own: "off" (Kostkový poker's timer)."""
    only_when: tuple[str, tuple[Json, ...]] | None = None
    required: bool = False
    """Must be sent whenever it applies; `default` is then only what setup pages offer
    (Matematický poker's hard mode names its seconds per card)."""
    public: bool = True
    """Shown on setup pages and accepted from clients; False for what only the platform
    sets (a lobby's variant, a test's think time)."""

    def check(self, value: Json) -> Json:
        """`value` when it is legal, the default for None (unless optional), else
        IllegalAction("bad_config") saying what is allowed."""
        if value is None:
            return None if self.optional else self.default
        if self.kind == "int":
            if is_int(value) and (self.minimum is None or value >= self.minimum) and (
                    self.maximum is None or value <= self.maximum):
                return value
            bad_config(f"{self.name} must be a whole number from {self.minimum} to "
                       f"{self.maximum}, got {value!r}.")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            bad_config(f"{self.name} must be true or false, got {value!r}.")
        if isinstance(value, (str, int)) and not isinstance(value, bool) and (
                value in self.choices):
            return value
        bad_config(f"{self.name} must be one of {list(self.choices)}, got {value!r}.")

    def applies(self, values: Mapping[str, Json]) -> bool:
        if self.only_when is None:
            return True
        name, allowed = self.only_when
        return values.get(name) in allowed

    def to_json(self) -> dict[str, Json]:
        """The setting as the browser's setup pages and the API schema describe it."""
        out: dict[str, Json] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.kind == "int":
            out |= {"min": self.minimum, "max": self.maximum}
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        if self.optional:
            out["optional"] = True
        if self.required:
            out["required"] = True
        if self.only_when is not None:
            out["only_when"] = {self.only_when[0]: list(self.only_when[1])}
        return out


def read_settings(
    settings: Sequence[Setting], config: Mapping[str, Json], *, public_only: bool = False
) -> dict[str, Json]:
    """Every setting's value from `config`, checked, defaults filled in; settings that do
    not apply (see `only_when`) are absent and must not be sent. Unknown keys are refused.

    >>> mode = Setting("mode", "choice", "easy", choices=("easy", "hard"))
    >>> seconds = Setting("seconds", "int", 30, minimum=3, maximum=300,
    ...                   only_when=("mode", ("hard",)))
    >>> read_settings([mode, seconds], {})
    {'mode': 'easy'}
    >>> read_settings([mode, seconds], {"mode": "hard"})
    {'mode': 'hard', 'seconds': 30}
    >>> read_settings([mode, seconds], {"seconds": 5})
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: seconds is set only when mode is 'hard'.
    """
    if not isinstance(config, Mapping):
        bad_config("The settings must be an object.")
    known = {s.name: s for s in settings if s.public or not public_only}
    unknown = sorted(str(key) for key in config if key not in known)
    if unknown:
        bad_config(f"Unknown settings: {unknown}.")
    out: dict[str, Json] = {}
    for setting in known.values():  # declaration order: a condition comes before its user
        if setting.applies(out):
            if setting.required and config.get(setting.name) is None:
                bad_config(f"{setting.name} must be given.")
            out[setting.name] = setting.check(config.get(setting.name))
        elif config.get(setting.name) is not None:
            name, allowed = setting.only_when or ("", ())
            values = " or ".join(repr(v) for v in allowed)
            bad_config(f"{setting.name} is set only when {name} is {values}.")
    return out


LeavePolicy = Literal["robot", "fold", "end"]
"""What a seat that leaves a running game becomes: a computer player takes it over, it
folds out of the game (and the others play on), or the game ends."""


@dataclass(frozen=True)
class RoomPolicy:
    """One kind of room (lobby) a game is played in from a code or link.

    The host (the one who opened it, seat 0) starts; `seats` is the range of people,
    host included. With `robots` set (the name of the setting that names a computer
    player) empty seats up to the `seats` setting are filled with computer players at the
    start. `settings` lists the game settings the room shows and accepts; `fixed` are the
    engine settings the room sets itself (a duel's variant). What a leaver becomes is the
    game's own `leaver` (Game.leaver), one declaration for rooms and every other table."""

    kind: str
    seats: tuple[int, int]
    settings: tuple[str, ...]
    fixed: Mapping[str, Json] = field(default_factory=dict)
    robots: str | None = None
    idle_ms: int = 6 * 60 * 60 * 1000
    """A room without activity for this long is dropped (platform.md: lobbies 6 h, rooms
    7 days)."""
    next_round: Literal["none", "host", "all"] = "none"
    """Whether a finished room plays again: never, when the host says, or when every seated
    person agrees."""
    host_only_deals: bool = False
    """The host may choose not to play (a group's dealer)."""
    turn_based: bool = False
    """The host may give each move days instead of playing live (`days_per_move`): games
    that wait for one seat at a time and have no clock of their own
    (docs/decisions/0162-turn-based-rooms.md)."""


@dataclass(frozen=True)
class PublicKind:
    """A kind of one-seat game a profile plays for a public table: "ranked" for the
    leaderboard, "daily" for the day's challenge (one deck a day for everyone).

    Such a game needs a profile; it is played with `requires` (any other value of those
    settings is refused) and the platform sets `fixed` (no help that others lack). Its
    result is published with the player's consent when its figures say "complete"."""

    kind: Literal["ranked", "daily"]
    requires: Mapping[str, Json] = field(default_factory=dict)
    fixed: Mapping[str, Json] = field(default_factory=dict)


Outcome = Literal["win", "loss", "draw"]


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's part in a finished game's result, as profiles and statistics read it.

    `place` 1 is first (ties share a place); `outcome` None where winning means nothing
    (a solo game); `score` the game's headline number (points, chips won or lost);
    `figures` the game's own numbers for its statistics card."""

    seat: int
    place: int
    outcome: Outcome | None
    score: int | None
    figures: Mapping[str, Json] = field(default_factory=dict)

    def to_json(self) -> dict[str, Json]:
        return {"seat": self.seat, "place": self.place, "outcome": self.outcome,
                "score": self.score, "figures": dict(self.figures)}


ENVELOPE = ("game", "seat", "over", "turn", "deadline")
"""The keys every game's view carries alike: the game's name, the seat the view is for
(None in the view of one who watches), whether the game is over for this seat (it has
ended, or, where seats finish one by one, this seat has finished and only watches; for one
who watches, whether it has ended), the seats the game waits for now (a sorted list of
public facts: the seats that may act, but for moves nobody waits for), and the deadline
(Unix ms) of those seats' time or None. The browser's shared frame reads only these."""

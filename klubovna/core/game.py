"""The protocol every game engine implements.

A game is data plus pure functions: nothing here knows about the DOM, the
network, storage or the clock. Time enters only as the `now` argument (Unix
milliseconds) that the caller passes in, so a seed plus the action log (with
each entry's `now`) replays a game exactly.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import TYPE_CHECKING, Protocol, TypeVar

from klubovna.core.values import Event, Json, View

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import date

    from klubovna.core.declarations import LeavePolicy, PublicKind, RoomPolicy, SeatOutcome, Setting
    from klubovna.core.statistics import Played

__all__ = ["Event", "Game", "Json", "SharedView", "View"]


class SharedView(dict[str, Json]):
    """A view made of parts other views share: the same dict as {**part, **part, ...}, and
    `parts` lets a server encode each shared part once (a group's public part is ~90% of
    each of 50 views). Parts have disjoint keys and, like every view, are read-only.

    `public` names the part every seat sees alike, if one does; the others are the seat's
    own. A game gives a seat's own parts that did not change as the very same objects
    again (memos), so a table can tell from identity alone that a step changed only the
    public part for that seat, and send one public update to all such seats."""

    __slots__ = ("own", "parts", "public")

    def __init__(self, *parts: View, public: View | None = None) -> None:
        super().__init__()
        own = []
        for part in parts:
            self.update(part)
            if part is not public:
                own.append(part)
        self.parts = parts
        self.public = public
        self.own = tuple(own)
        """The parts other than the public one."""



S = TypeVar("S")


class Game(Protocol[S]):
    """One game's rules. State changes only through `apply` and `advance`.

    Besides the rules a game declares (klubovna.core.declarations) its settings, its seat
    range, its rooms, what a leaving seat becomes and how its result reads per seat; the
    platform reads these and never names a game."""

    # Read-only declarations (properties here, so plain or frozen attributes satisfy them).
    @property
    def name(self) -> str:
        ...

    @property
    def settings(self) -> tuple[Setting, ...]:
        """The config a table of this game takes (public ones from clients)."""
        ...

    @property
    def seat_range(self) -> tuple[int, int]:
        """The fewest and most seats a table of this game has."""
        ...

    @property
    def leaver(self) -> LeavePolicy:
        """What a seat that leaves a running table becomes."""
        ...

    @property
    def rooms(self) -> tuple[RoomPolicy, ...]:
        """The kinds of rooms it is played in from a code (none: no online play by code)."""
        ...

    @property
    def public(self) -> tuple[PublicKind, ...]:
        """The public kinds (ranked, daily) a profile plays it in alone (none: neither)."""
        ...

    @property
    def codes(self) -> frozenset[str]:
        """Every IllegalAction code the game raises (its catalogues translate each)."""
        ...

    def to_text(self, state: S) -> str:
        """The state as one line of text; `from_text` reads it back equal."""
        ...

    def from_text(self, text: str) -> S:
        ...

    def started(self, state: S) -> bool:
        """Whether play has begun (a lobby may still change seats before)."""
        ...

    def leave(self, state: S, seat: int, now: int) -> tuple[S, list[Event]]:
        """`seat` leaves for good: with `leaver` "fold" it is out and the others play on;
        with "end" the game ends. ("robot": the table seats a computer player instead and
        this is not called.) A table logs it as {"kind": "leave", "seat", "now"}, which
        `Engine.replay` replays. Leaving again, or after the end, changes nothing."""
        ...

    def outcomes(self, result: dict[str, Json]) -> list[SeatOutcome]:
        """Each seat's place, win/loss/draw, score and figures from `result`."""
        ...

    def statistics(self, played: Sequence[Played], today: date) -> dict[str, Json]:
        """A profile's statistics card of this game from its finished recorded games."""
        ...

    def new(self, config: Mapping[str, Json], seed: int) -> S:
        """A fresh state. Raises IllegalAction("bad_config", ...) for a bad config."""
        ...

    def seats(self, state: S) -> int:
        """How many seats the game has."""
        ...

    def legal(self, state: S, seat: int) -> list[dict[str, Json]]:
        """Every action `seat` may send now."""
        ...

    def apply(
        self, state: S, seat: int, action: Mapping[str, Json], now: int
    ) -> tuple[S, list[Event]]:
        """The state after `action`; raises IllegalAction when it is not allowed."""
        ...

    def advance(self, state: S, now: int) -> tuple[S, list[Event]]:
        """Let time pass until `now`: expire deadlines. Same state if nothing is due."""
        ...

    def next_deadline(self, state: S) -> int | None:
        """When `advance` would next change something (Unix ms), or None."""
        ...

    def view(self, state: S, seat: int | None) -> View:
        """JSON-ready view with only what `seat` may know, carrying the envelope every
        game's view has (klubovna.core.declarations.ENVELOPE).

        `seat` None is one who watches (a spectator of a room's table): only what every
        seat may see, in the shape of a seat's view where it can be, with `seat` null in the
        envelope and `over` whether the game has ended. Every part that is one seat's own
        is left out: its rack, hand or face-down dice and cards, and whatever is meant for
        one seat (previews, legal actions, hints); so is all a seat may not know (deck
        order, cards or dice to come, others' racks). The contract suite checks that it is
        the same whatever any seat's `hidden_variants` change."""
        ...

    def same_own(self, before: S, after: S) -> Container[int]:
        """The seats whose own view parts (see SharedView) are certainly the very ones of
        `before` also in `after`: a table then skips building their views for a public
        update. Asked once a public step, for all seats at once (a group's draw reaches
        50); a seat left out, when unsure, the table compares the views' parts itself."""
        ...

    def hidden_variants(self, state: S, seat: int, seed: int) -> list[S]:
        """States equal to `state` in all that `seat` may know and different in (some of)
        the rest (others' hands, cards or dice still to come), `seed` choosing how; [] when
        the seat knows everything. `view(variant, seat)` must equal `view(state, seat)`,
        and `view(variant, None)` `view(state, None)` (one who watches knows less than any
        seat): the contract suite's proof that views hide what they should."""
        ...

    def result(self, state: S) -> dict[str, Json] | None:
        """The final result once the game is over, else None."""
        ...

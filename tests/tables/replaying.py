"""Whole games of any registered game played through a Table, as a host runs them, with the
view every seat's client holds after each log entry (what the replay must show again).

Seat 0 is a person who plays as the game's default computer player would (or picks a
random legal move, for a game without one); the other seats are computer players. Every
step goes through the pipeline and `commit`, and the clients apply the messages as the
browser does: a whole view replaces, a public update is merged into the view before.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from klubovna.core import Event, Rng, View
from klubovna.tables.pipeline import MakeStep, steps
from klubovna.tables.registry import entry
from klubovna.tables.robots import ROBOTS, robot_move
from klubovna.tables.table import Outbox, Table, hash_key

T0 = 1_700_000_000_000
MOVE_MS = 700
"""How long the person thinks before each move (moves time on for deadlines)."""
MAX_MESSAGES = 3000
QUITS = ("leave", "end")
"""Moves the person never picks at random: a game ends by play, not by giving up."""


@dataclass
class Played:
    table: Table
    views: dict[int, list[View]] = field(default_factory=dict)
    """views[seat][v]: the view the seat's client held after version v (0: the hello's)."""
    clients: dict[int, View] = field(default_factory=dict)
    witnessed: list[Event] = field(default_factory=list)  # seat 0's events
    now: int = T0
    seq: int = 0
    public_updates: int = 0
    """How many public updates the clients merged."""

    def deliver(self, outbox: Outbox) -> None:
        for seat, message in outbox:
            if message.get("t") != "view":
                continue
            if message.get("public"):
                self.clients[seat] = {**self.clients[seat], **message["view"]}
                self.public_updates += 1
            else:
                self.clients[seat] = dict(message["view"])
            if seat == 0:
                self.witnessed.extend(message["events"])

    def run(self, first: MakeStep | None) -> None:
        for step in steps(self.table, self.now, first):
            self.deliver(self.table.commit(step, self.now) + self.table.flush(self.now))
            if step.entry is not None:
                for seat, views in self.views.items():
                    views.append(self.clients[seat])
                assert all(len(v) == self.table.version + 1 for v in self.views.values())

    def send(self, seat: int, message: dict[str, Any]) -> None:
        self.run(lambda now: self.table.handle(seat, message, now))

    def act(self, action: dict[str, Any]) -> None:
        self.seq += 1
        self.send(0, {"t": "act", "seq": self.seq, "action": action})

    def leave(self, seat: int) -> None:
        self.run(lambda now: self.table.leave(seat, now))


def sit(name: str, seed: int, config: dict[str, Any] | None = None,
        people: int = 1) -> Played:
    """A new table of game `name`: the first `people` seats people's, the others computer
    players'; every seat's client said hello."""
    game = entry(name).game
    config = dict(config or {})
    seats = game.seats(game.new(config, seed))
    bots = entry(name).bots
    if bots and seats > people:
        config[ROBOTS] = {str(seat): next(iter(bots)) for seat in range(people, seats)}
    table = Table("r1", game, config, seed, [hash_key(f"k{seat}") for seat in range(seats)])
    played = Played(table, views={seat: [] for seat in range(seats)})
    for seat in range(seats):
        played.deliver(table.handle(seat, {"t": "hello", "key": f"k{seat}"}, T0).replies)
        played.views[seat].append(played.clients[seat])
    return played


def person_moves(played: Played, seed: int, thinks: bool = True
                 ) -> Iterator[dict[str, Any] | None]:
    """Seat 0's next moves (None: it has none now) until the game is over; without
    `thinks`, random legal moves instead of the computer player's."""
    table, game = played.table, played.table.game
    bots = entry(game.name).bots if thinks else {}
    rng = Rng(seed)
    while not table.over:
        legal = [a for a in game.legal(table.state, 0) if a.get("type") not in QUITS]
        if any(action.get("type") == "start" for action in legal):
            yield {"type": "start"}
        elif bots:
            bot = next(iter(bots.values()))
            move = robot_move(game, table.state, {0: bot}, {0: played.witnessed}, seed,
                              table.version)
            if move is not None:
                yield move[1]
            else:  # a bot that waits (MP's, as a group dealer no room gives it): a random move
                yield legal[rng.below(len(legal))] if legal else None
        else:
            yield legal[rng.below(len(legal))] if legal else None


def play_out(played: Played, seed: int, idle: int = 0, thinks: bool = True) -> Played:
    """Play the table to its end: seat 0's moves, and time on to the next deadline when
    nobody has one; with `idle`, seat 0 lets every idle-th move's time run out. Without
    `thinks` seat 0 moves at random: for tests whose point is not the play (the
    computer player's look-ahead is most of a Matematický poker game's cost)."""
    table = played.table
    for count, move in enumerate(person_moves(played, seed, thinks)):
        assert count < MAX_MESSAGES, "the game did not end"
        played.now += MOVE_MS
        waits = idle and count % idle == idle - 1 and table.next_deadline() is not None
        if move is not None and not waits:
            played.act(move)
            continue
        deadline = table.next_deadline()
        assert deadline is not None, "stuck: nobody moves and nothing is due"
        played.now = max(played.now, deadline)
        played.run(None)
    return played

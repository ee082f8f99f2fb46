"""What a Mathesso computer player remembers: the coloured sides it witnessed being turned
over in front of everyone (the ritual's "1" cards and every turned card), each kept with
its level's chance and at most its level's number of cards, the oldest forgotten first.

Whether a reveal sticks is decided by a coin drawn from the reveal's number, the card and
the seat (not by the generator of the move), so a bot's memory is the same at every move
and after a restore: it does not re-roll what it forgot each time it thinks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache

from klubovna.core import Event, Json, Rng
from klubovna.games.mathesso import Face

PER_MILLE = 1000


def face_of(face: Mapping[str, Json]) -> Face:
    """A view's or an event's face as a cards.Face."""
    return _face(str(face["group"]), int(face["value"]), str(face["shows"]),
                 tuple(int(c) for c in face["colours"]), face["hint"], int(face["mark"]))


@cache
def _face(group: str, value: int, shows: str, colours: tuple[int, ...], hint: str | None,
          mark: int) -> Face:
    return Face(group, value, shows, colours, hint, mark)  # one object per face: fast ==


def reveals(witnessed: Sequence[Event]) -> Iterator[tuple[int, Mapping[str, Json]]]:
    """Every (place, face JSON) turned over in front of everyone, in order."""
    for event in witnessed:
        if event.get("type") == "started":
            for draws in event["ritual"]:
                for draw in draws:
                    yield int(draw["card"]), draw["face"]
        elif event.get("type") == "turned":
            yield int(event["card"]), event["face"]


def remembered(witnessed: Sequence[Event], seat: int, chance: int, capacity: int | None,
               salt: int) -> dict[int, Face]:
    """The faces kept, by place, the most recent last: each reveal with `chance` per mille,
    at most `capacity` of them (None: no limit).

    >>> from klubovna.games.mathesso import ENGINE
    >>> s, events = ENGINE.apply(ENGINE.new({"variant": "atto"}, 1), 0, {"type": "start"}, 0)
    >>> drawn = sum(len(draws) for draws in events[0]["ritual"])  # the "1" cards turned
    >>> len(remembered(events, 0, 1000, None, 0)) == drawn, len(remembered(events, 0, 1000, 1, 0))
    (True, 1)
    """
    memory: dict[int, Mapping[str, Json]] = {}
    for index, (place, face) in enumerate(reveals(witnessed)):
        if chance < PER_MILLE and _coin(salt, seat, index, place) >= chance:
            continue
        memory.pop(place, None)
        memory[place] = face
        if capacity is not None and len(memory) > capacity:
            memory.pop(next(iter(memory)))
    return {place: face_of(face) for place, face in memory.items()}


def _coin(salt: int, seat: int, index: int, place: int) -> int:
    mixed = salt * 0x9E3779B97F4A7C15 ^ (seat + 1) * 0xBF58476D1CE4E5B9 ^ (
        index + 1) * 0x94D049BB133111EB ^ (place + 1) * 0x2545F4914F6CDD1D
    return Rng(mixed).below(PER_MILLE)

"""The tiles of Žolíky s kameny: numbers 1-13 in four colours, two copies each, and two
jokers (106 in all); their values and their JSON and text forms. Nothing about sets, turns
or seats belongs here.

Inside the engine a tile is a small int: colour * 13 + number - 1 (0..51), the joker 52,
so a rack sorts by colour, then number, jokers last. In JSON a tile is [colour, number]
or "J".

>>> t = tile_from_json([2, 13])
>>> t, colour(t), number(t), tile_json(t), tile_json(JOKER)
(38, 2, 13, [2, 13], 'J')
>>> rack_value([t, JOKER])
43
"""

from __future__ import annotations

from collections.abc import Iterable

from klubovna.core import Json

COLOURS = 4
NUMBERS = 13
COPIES = 2
JOKERS = 2
JOKER = COLOURS * NUMBERS
"""The joker's code (52): after every numbered tile."""
JOKER_RACK_VALUE = 30
"""What a joker left on a rack counts at the end of a round."""
TILE_COUNT = COLOURS * NUMBERS * COPIES + JOKERS

Tile = int


def make(colour_: int, number_: int) -> Tile:
    return colour_ * NUMBERS + number_ - 1


def colour(tile: Tile) -> int:
    return tile // NUMBERS


def number(tile: Tile) -> int:
    return tile % NUMBERS + 1


def full_bag() -> list[Tile]:
    """All 106 tiles in code order (the game shuffles them with its Rng)."""
    return sorted([*range(JOKER)] * COPIES + [JOKER] * JOKERS)


def rack_value(tiles: Iterable[Tile]) -> int:
    """What tiles left on a rack count: their numbers, a joker 30."""
    return sum(JOKER_RACK_VALUE if t == JOKER else number(t) for t in tiles)


def tile_json(tile: Tile) -> Json:
    return "J" if tile == JOKER else [colour(tile), number(tile)]


def tile_from_json(value: object) -> Tile:
    """A tile from its JSON form; ValueError for anything else (a bool is not a number)."""
    if value == "J" and isinstance(value, str):
        return JOKER
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < COLOURS and 1 <= value[1] <= NUMBERS):
        return make(value[0], value[1])
    raise ValueError(f"not a tile: {value!r} (a tile is [colour 0-3, number 1-13] or \"J\")")


_DIGITS = "123456789abcd"


def tile_text(tile: Tile) -> str:
    """Two characters: the colour digit and the number in hex-like digits, the joker "**".

    >>> [tile_text(t) for t in (make(0, 1), make(3, 13), JOKER)]
    ['01', '3d', '**']
    """
    return "**" if tile == JOKER else f"{colour(tile)}{_DIGITS[number(tile) - 1]}"


def tiles_text(tiles: Iterable[Tile]) -> str:
    return "".join(tile_text(t) for t in tiles) or "-"


def tiles_from_text(text: str) -> tuple[Tile, ...]:
    """The tiles of a `tiles_text` string; ValueError on anything malformed."""
    if text == "-":
        return ()
    if len(text) % 2:
        raise ValueError(f"tiles are two characters each: {text!r}")
    out = []
    for i in range(0, len(text), 2):
        pair = text[i:i + 2]
        if pair == "**":
            out.append(JOKER)
        elif pair[0] in "0123" and pair[1] in _DIGITS:
            out.append(make(int(pair[0]), _DIGITS.index(pair[1]) + 1))
        else:
            raise ValueError(f"not a tile: {pair!r}")
    return tuple(out)

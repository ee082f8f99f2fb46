"""Těžká's endgame: when another player is close to going out, the move that leaves it the
least chance to go out on its next turn. Two greedy players decide a round at its very
end (the loser holds one to three tiles), so there laying the most tiles is not always
best: it may open the table for the other rack. The other rack is unknown; it is drawn
from the tiles this seat has not seen (the pool and the other racks, as a human would
reckon), a few times, with the seat's generator."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from klubovna.core import Json, Rng, View
from klubovna.games.zoliky_s_kameny import fits
from klubovna.games.zoliky_s_kameny.tiles import full_bag, tile_json

from .common import Sets

CLOSE = 3
"""A player with this many tiles or fewer is close to going out."""
SAMPLES = 24
"""Racks drawn for each player close to going out; the same racks judge both moves."""

Key = tuple[int, int] | str


def _key(tile: Json) -> Key:
    return "J" if tile == "J" else (int(tile[0]), int(tile[1]))


def _json(key: Key) -> Json:
    return "J" if key == "J" else list(key)


def unseen(view: View) -> list[Json]:
    """Every tile not on the table and not on this seat's rack, each copy once."""
    left = Counter(_key(tile_json(tile)) for tile in full_bag())
    for tile in [*(t for s in view["table"] for t in s), *view["rack"]]:
        left[_key(tile)] -= 1
    return [_json(key) for key in sorted(left.elements(), key=str)]


def _touches(tiles: Sequence[Json], tile: Json) -> bool:
    """Whether a table set may take part in placing `tile`: it holds a joker (or `tile`
    is one), it is a group of the tile's number or holds the tile's colour two numbers
    from it, or it is a run the tile could join or split, or one whose tiles a group of
    that number could take. The search judges only these sets with the rack (the others
    stay as they are): much faster on a late table of 60 tiles, and it misses a
    placement only through a longer chain of moves."""
    keys = [_key(t) for t in tiles]
    key = _key(tile)
    if isinstance(key, str) or "J" in keys:
        return True
    colour, number = key
    pairs = [k for k in keys if not isinstance(k, str)]
    numbers = {n for _, n in pairs}
    if len(numbers) == 1:  # a group: the tile joins it, or takes its own colour's tile
        return number in numbers or (
            colour in {c for c, _ in pairs} and abs(number - min(numbers)) <= 2)
    low, high = min(numbers), max(numbers)
    if pairs[0][0] == colour:
        return low - 2 <= number <= high + 2
    return low <= number <= high


def could_go_out(table: Sets, rack: Sequence[Json]) -> bool:
    """Whether `rack` could all go onto `table` in one turn (on the sets near it)."""
    near = [s for s in table if any(_touches(s, t) for t in rack)]
    return fits(near, rack)


def _hits(table: Sets, racks: Sequence[Sequence[Json]], bound: int) -> int:
    """How many of `racks` could go out on `table`, counted up to `bound`."""
    hits = 0
    for rack in racks:
        hits += could_go_out(table, rack)
        if hits >= bound:
            break
    return hits


def safest(view: View, rng: Rng, best: Sets) -> Sets | None:
    """The table to leave when another player is close to going out: the best move's
    (`best`) or, drawing instead, the table as it is (None), whichever leaves fewer of the
    drawn racks able to go out; the best move on a tie, and when no player is close or
    the pool is empty. (Keeping one tile of the best move back as well was tried: as many
    wins over 200 rounds, twice the time; docs/decisions/0112-zk-computer-players.md.)"""
    close = [p["tiles"] for p in view["players"]
             if p["seat"] != view["seat"] and p["melded"] and 0 < p["tiles"] <= CLOSE]
    if not close or not view["pool"]:
        return best
    hidden = unseen(view)
    racks: list[list[Json]] = []
    for tiles in close:
        for _ in range(SAMPLES):
            drawn = list(hidden)
            rng.shuffle(drawn)
            racks.append(drawn[:tiles])
    opened = _hits(best, racks, len(racks) + 1)
    return None if opened and _hits(view["table"], racks, opened) < opened else best

"""What every Žolíky s kameny computer player shares: the move when it cannot (or will
not) play, the initial meld, and rack-only sets. It reads the seat's view only."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Json, View
from klubovna.games.zoliky_s_kameny import best_initial_meld, best_move

Action = dict[str, Json]
Sets = list[list[Json]]


def no_play(view: View) -> Action:
    """Draw, or pass on an empty pool (or start a round that has not started)."""
    if "start" in view["actions"]:
        return {"type": "start"}
    return {"type": "draw"} if view["pool"] else {"type": "pass"}


def play(table: Sets) -> Action:
    return {"type": "play", "table": table}


def meld_or_draw(view: View) -> Action:
    """Before the initial meld every level lays the meld of the most tiles it has."""
    amount, meld = best_initial_meld(view["rack"], "tiles")
    return play([*view["table"], *meld]) if amount else no_play(view)


def shared_move(view: View) -> Action | None:
    """The move every level makes alike: draw or pass when it may not play, the initial
    meld before it has melded; None when the level's own choice is asked for."""
    if "play" not in view["actions"]:
        return no_play(view)
    if not view["melded"]:
        return meld_or_draw(view)
    return None


def rack_sets(rack: Sequence[Json]) -> Sets:
    """The new sets from the rack alone that lay the most tiles (the search on an empty
    table)."""
    amount, sets = best_move([], rack, "tiles")
    return sets if amount else []


def without(rack: Sequence[Json], used: Sequence[Json]) -> list[Json]:
    """`rack` less the tiles in `used` (each once per copy)."""
    left = list(rack)
    for tile in used:
        left.remove(tile)
    return left


def must_hurry(view: View) -> bool:
    """Whether holding tiles back is too risky: the pool is empty or another player is close
    to going out."""
    others = [p["tiles"] for p in view["players"] if p["seat"] != view["seat"]]
    return not view["pool"] or min(others, default=99) <= HURRY_TILES


HURRY_TILES = 5
"""An opponent with this many tiles or fewer may go out soon."""

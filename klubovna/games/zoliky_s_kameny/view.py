"""What one seat sees of a round of Žolíky s kameny (JSON-ready): the table, its own rack,
every player's tile count and whether they have melded, the pool's count, and at the end
every rack; one who watches sees the same but for any rack before the end. Never another
rack while the round runs, never the pool's tiles."""

from __future__ import annotations

from klubovna.core import Json
from klubovna.core.rules import require_seat

from .rules import action_types, result, to_move
from .search import MELD_MIN
from .state import State
from .tiles import tile_json
from .wire import ZkPublic, ZkView, ZkWatchView

GAME_NAME = "zoliky-s-kameny"


def view(state: State, seat: int | None) -> ZkView | ZkWatchView:
    """Everything `seat` may know now, with the envelope (game, seat, over, turn,
    deadline: klubovna.core.declarations.ENVELOPE); there is no clock, so no deadline.
    `seat` None is one who watches: the public part alone, no rack (every rack at the end,
    in the result, as every seat sees them).

    >>> from klubovna.games.zoliky_s_kameny.rules import apply, new
    >>> s, _ = apply(new({}, seed=4), 0, {"type": "start"}, now=0)
    >>> v = view(s, 1)
    >>> v["turn"], len(v["rack"]), v["pool"], [p["tiles"] for p in v["players"]], v["actions"]
    ([0], 14, 78, [14, 14], [])
    >>> watched = view(s, None)
    >>> watched["seat"], "rack" in watched, watched["pool"], watched["turn"]
    (None, False, 78, [0])
    """
    if seat is None:
        return {"seat": None, **_public(state)}
    require_seat(seat, len(state.seats))
    me = state.seats[seat]
    return {
        "seat": seat,
        **_public(state),
        "rack": [tile_json(t) for t in me.rack],
        "melded": me.melded,
        "actions": action_types(state, seat),
    }


def _public(state: State) -> ZkPublic:
    """What every seat sees alike (and one who watches): the table, counts and the result."""
    return {
        "game": GAME_NAME,
        "over": state.over,
        "turn": to_move(state),
        "deadline": None,
        "started": state.started,
        "round": state.round,
        "starter": (state.round - 1) % len(state.seats),
        "table": [[tile_json(t) for t in tiles] for tiles in state.table],
        "meld_min": MELD_MIN,
        "pool": len(state.pool),
        "passes": state.passes,
        "players": [_public_seat(state, i) for i in range(len(state.seats))],
        "result": result(state),
    }


def _public_seat(state: State, index: int) -> Json:
    seat = state.seats[index]
    return {"seat": index, "tiles": len(seat.rack), "melded": seat.melded,
            "laid": seat.laid, "left": seat.left}

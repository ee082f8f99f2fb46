"""What one seat sees of a round of Žolíky s kameny (JSON-ready): the table, its own rack,
every player's tile count and whether they have melded, the pool's count, and at the end
every rack. Never another rack while the round runs, never the pool's tiles."""

from __future__ import annotations

from klubovna.core import Json
from klubovna.core.rules import require_seat

from .rules import action_types, result, to_move
from .search import MELD_MIN
from .state import State
from .tiles import tile_json
from .wire import ZkView

GAME_NAME = "zoliky-s-kameny"


def view(state: State, seat: int) -> ZkView:
    """Everything `seat` may know now, with the envelope (game, seat, over, turn,
    deadline: klubovna.core.declarations.ENVELOPE); there is no clock, so no deadline.

    >>> from klubovna.games.zoliky_s_kameny.rules import apply, new
    >>> s, _ = apply(new({}, seed=4), 0, {"type": "start"}, now=0)
    >>> v = view(s, 1)
    >>> v["turn"], len(v["rack"]), v["pool"], [p["tiles"] for p in v["players"]], v["actions"]
    ([0], 14, 78, [14, 14], [])
    """
    require_seat(seat, len(state.seats))
    me = state.seats[seat]
    return {
        "game": GAME_NAME,
        "seat": seat,
        "over": state.over,
        "turn": to_move(state),
        "deadline": None,
        "started": state.started,
        "round": state.round,
        "starter": (state.round - 1) % len(state.seats),
        "table": [[tile_json(t) for t in tiles] for tiles in state.table],
        "rack": [tile_json(t) for t in me.rack],
        "melded": me.melded,
        "meld_min": MELD_MIN,
        "pool": len(state.pool),
        "passes": state.passes,
        "players": [_public_seat(state, i) for i in range(len(state.seats))],
        "actions": action_types(state, seat),
        "result": result(state),
    }


def _public_seat(state: State, index: int) -> Json:
    seat = state.seats[index]
    return {"seat": index, "tiles": len(seat.rack), "melded": seat.melded,
            "laid": seat.laid, "left": seat.left}

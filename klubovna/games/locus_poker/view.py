"""What one seat sees of a game of Locus Poker (JSON-ready). Nothing is hidden: the grid's
cards are all face up and every chip is public; the unused rest of the deck is in no state
and no view. A seat's view differs from the other's only in `seat`, `actions` and
`preview` (its own bonus); the view of one who watches (seat null) has neither of the
last two.

The shape (the web app reads it; a change is announced in a commit starting "VIEW:"):

    {
      "game": "locus-poker", "seat": 0, "over": false, "turn": [1], "deadline": null,
      "started": true, "round": 1, "starter": 0,
      "grid": "6x5", "cols": 6, "rows": 5,
      "cards": [[14, 3], [2, 0], ...],            # [rank 2..14 (14 ace), suit 0..3] per
                                                  # cell, row by row, cell = row * cols + col
      "chips": [null, {"seat": 0, "face": "up"}, ...],   # per cell; null: not played yet
      "chips_left": [14, 15],                     # per seat
      "totals": [7, 0],                           # per seat
      "last": {"seat": 0, "cell": 1, "face": "up", "hand": 5,
               "name": "three_of_a_kind", "cells": [1, 2, 7], "bonus": 2, "score": 7},
                                                  # null before the first move; "cells": the
                                                  # cells whose cards made the hand (the chosen
                                                  # one too when its wild card was used)
      "moves": [{"seat": 0, "cell": 1, "face": "up", "hand": 5,
                 "name": "three_of_a_kind", "bonus": 2, "score": 7}, ...],   # oldest first
      "preview": [{"up": {"hand": 2, "name": "pair", "bonus": 0, "score": 2,
                          "cells": [0, 6]},
                   "down": {"hand": 5, "name": "three_of_a_kind", "bonus": 0, "score": 5,
                            "cells": [0, 6, 7]}},
                  null, ...],                     # per cell, what THIS seat would score
                                                  # there now, and the cells that would make
                                                  # the hand (as in "last"); null on a played
                                                  # cell (all null once the game is over)
      "actions": ["play"],                        # or ["start"] before the start, or []
      "result": null                              # at the end: {"reason": "full" | "left",
                                                  # "winner": seat | null (a draw), "left":
                                                  # seat | null, "totals": [a, b],
                                                  # "standings": [{"seat", "place", "score"}]}
    }

Hand names (`name`, null for no combination): straight_flush 11, four_of_a_kind 10,
full_house 9, flush 8, straight 7, three_of_a_kind 5, two_pairs 4, pair 2.
Actions: {"type": "start"} (any seat, once), {"type": "play", "cell": i, "face": "up" |
"down"}.
"""

from __future__ import annotations

from typing import cast

from klubovna.core import Json
from klubovna.core.rules import require_seat

from .cards import card_json
from .hands import NAMES
from .rules import action_types, result, to_move
from .scoring import bonus, hand_cells
from .state import SEATS, Chip, Move, State
from .wire import Card, LpPublic, LpView, LpWatchView
from .wire import Move as WireMove

GAME_NAME = "locus-poker"


def view(state: State, seat: int | None) -> LpView | LpWatchView:
    """Everything `seat` may know now, with the envelope (game, seat, over, turn,
    deadline: klubovna.core.declarations.ENVELOPE); there is no clock, so no deadline.
    `seat` None is one who watches: all of it but `preview` and `actions`, which are one
    seat's.

    >>> from klubovna.games.locus_poker.rules import apply, new
    >>> s, _ = apply(new({"grid": "6x5"}, seed=4), 0, {"type": "start"}, now=0)
    >>> v = view(s, 0)
    >>> v["turn"], len(v["cards"]), v["chips_left"], v["preview"][0]["down"]["name"]
    ([0], 30, [15, 15], 'pair')
    >>> watched = view(s, None)
    >>> watched["seat"], "preview" in watched, "actions" in watched, watched["turn"]
    (None, False, False, [0])
    """
    chips = state.chips()
    if seat is None:
        return {"seat": None, **_public(state, chips)}
    require_seat(seat, SEATS)
    return {
        "seat": seat,
        **_public(state, chips),
        "preview": preview(state, seat, chips),
        "actions": action_types(state, seat),
    }


def _public(state: State, chips: list[Chip | None]) -> LpPublic:
    """What both seats see alike (and one who watches): the grid, chips, totals and moves."""
    per_seat = len(state.cards) // SEATS
    placed = [sum(m.seat == s for m in state.moves) for s in range(SEATS)]
    return {
        "game": GAME_NAME,
        "over": state.over,
        "turn": to_move(state),
        "deadline": None,
        "started": state.started,
        "round": state.round,
        "starter": state.starter,
        "grid": state.grid,
        "cols": state.cols,
        "rows": state.rows,
        "cards": [cast(Card, card_json(c)) for c in state.cards],  # [rank, suit], a JSON list
        "chips": [None if chip is None else _chip_json(chip) for chip in chips],
        "chips_left": [per_seat - n for n in placed],
        "totals": state.totals(),
        "last": _last(state),
        "moves": [_move_json(m) for m in state.moves],
        "result": result(state),
    }


def preview(state: State, seat: int, chips: list[Chip | None] | None = None) -> list[Json]:
    """Per cell what `seat` would score by playing it now face up and face down (hand,
    its name, bonus, their sum, and the cells whose cards would make the hand, as the last
    move's `cells`); None on played cells and once the game is over."""
    chips = state.chips() if chips is None else chips
    if state.over:
        return [None] * len(chips)
    cols, rows, cards = state.cols, state.rows, state.cards
    out: list[Json] = []
    for cell, chip in enumerate(chips):
        if chip is not None:
            out.append(None)
            continue
        faces: dict[str, Json] = {}
        extra = bonus(cols, rows, chips, seat, cell)
        for face, down in (("up", False), ("down", True)):
            hand, name, cells = hand_cells(cols, rows, cards, chips, cell, down)
            faces[face] = {"hand": hand, "name": name, "bonus": extra, "score": hand + extra,
                           "cells": cells}
        out.append(faces)
    return out


def _chip_json(chip: Chip) -> Json:
    return {"seat": chip.seat, "face": "down" if chip.down else "up"}


def _move_json(move: Move) -> WireMove:
    return {"seat": move.seat, "cell": move.cell, "face": "down" if move.down else "up",
            "hand": move.hand, "name": NAMES[move.hand], "bonus": move.bonus,
            "score": move.hand + move.bonus}


def _last(state: State) -> Json:
    """The last move with the cells whose cards made its hand (read on the grid as it was
    before the move: the same but for the last chip)."""
    if not state.moves:
        return None
    move = state.moves[-1]
    before = State(grid=state.grid, round=state.round, starter=state.starter,
                   cards=state.cards, moves=state.moves[:-1])
    _, _, cells = hand_cells(state.cols, state.rows, state.cards, before.chips(), move.cell,
                             move.down)
    return {**_move_json(move), "cells": cells}

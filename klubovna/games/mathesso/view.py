"""What one seat sees of a game of Mathesso (JSON-ready). Nothing in it is the seat's own:
every seat sees the same, but for `seat` and `actions`; one who watches too (seat null, no
`actions`).

Hidden: the coloured side of a face-down card never appears, nor anything derived from it.
Shown: the black side of every card; the coloured side of the card turned in the current
turn (`up`) and of the cards of the turn just finished (`last`, until the next card is
turned: the moment the browser shows them before turning them back); the "1" cards of the
order ritual (`ritual`, until the first card of play is turned); taken pairs. Earlier
reveals are NOT repeated: players must remember them, which is the game
(docs/decisions/0125-ma-view-and-end.md). Computer players remember from the events they witnessed
instead.

The shape (a two-seat Pico game; `face` as cards.Face.to_json)::

    {"game": "mathesso", "seat": 0, "over": false, "turn": [1], "deadline": null,
     "started": true, "variant": "pico", "cjv": false, "faktorial": false,
     "scored": true,                      # false in Atto: the most pairs win
     "order": [1, 0],                     # seats in their order of play ([] before start)
     "ritual": null,                      # or, from the start until the first card of
                                          # play is turned, the rounds of the ritual:
                                          # [[{"seat": 0, "card": 12, "face": {...}},
                                          #   {"seat": 1, "card": 40, "face": {...}}], ...]
     "cards": [                           # by place on the table; "id" is the place
       {"id": 0, "black": "5", "state": "down", "face": null, "by": null},
       {"id": 1, "black": "2", "state": "up", "face": {"group": "multiplication",
        "value": 10, "shows": "10", "colours": [2, 5], "background": "grey",
        "hint": null, "mark": 0}, "by": null},
       {"id": 2, "black": "1", "state": "gone", "face": {...}, "by": 1},  # taken by seat 1
       ...],
     "up": [1],                           # the card turned so far this turn (0 or 1)
     "last": {"seat": 0, "cards": [{"id": 7, "face": {...}}, {"id": 9, "face": {...}}],
              "took": false},             # the turn just finished, or null
     "choosing": false,                   # the seat on turn decides: extra turn now?
     "players": [{"seat": 0, "points": 2, "extras": 0,
                  "pairs": [{"group": "prime", "value": 5, "cards": [2, 30],
                             "faces": [{...}, {...}]}]}, ...],
     "remaining": 56,                     # cards still on the table
     "actions": [],                       # what this seat may send: "start", "turn",
                                          # "stop", "extra", "pass"
     "result": null}                      # at the end: rules.result (standings, points,
                                          # and each seat's score explained line by line)

Faces: group one of multiplication, square, prime, fibonacci, factorial, zero, cjv;
value the number the pair scores with (a zero's number behind the 0); shows the big
number printed ("0" on a zero, "21" on the CJV card with 12 on its black side); colours
the ruler colours (1-10) of the digits (a·b: [a, b]; a²: [a]); background grey, round,
yellow, orange, rainbow, black or yellow-blue; hint "5!" on 120, the faint number behind a
zero; mark 1 or 2 tells the two 0/12 designs apart (0 elsewhere).
"""

from __future__ import annotations

from klubovna.core import Json
from klubovna.core.rules import require_seat

from .rules import action_types, pair_list, points, result, to_move
from .state import State
from .wire import MaPublic, MaView, MaWatchView

GAME_NAME = "mathesso"


def view(state: State, seat: int | None) -> MaView | MaWatchView:
    """Everything `seat` may know now, with the envelope (game, seat, over, turn,
    deadline: klubovna.core.declarations.ENVELOPE); there is no clock, so no deadline.
    `seat` None is one who watches: the same but for `actions`.

    >>> from klubovna.games.mathesso.rules import apply, new
    >>> s, _ = apply(new({"variant": "atto", "seats": 2}, seed=4), 0, {"type": "start"}, 0)
    >>> v = view(s, 1)
    >>> v["turn"] == v["order"][:1], len(v["cards"]), v["cards"][0]["face"], len(v["ritual"])
    (True, 22, None, 1)
    >>> watched = view(s, None)
    >>> watched["seat"], "actions" in watched, watched["cards"] == v["cards"]
    (None, False, True)
    """
    if seat is None:
        return {"seat": None, **_public(state)}
    require_seat(seat, state.seats)
    return {"seat": seat, **_public(state), "actions": action_types(state, seat)}


def _public(state: State) -> MaPublic:
    """What every seat sees alike (and one who watches): all of the view but `seat` and
    `actions`."""
    taken = state.taken()
    up = set(state.up)
    cards = state.cards
    shown_ritual = state.started and state.turns == 0 and not state.up
    return {
        "game": GAME_NAME,
        "over": state.over,
        "turn": to_move(state),
        "deadline": None,
        "started": state.started,
        "variant": state.variant,
        "cjv": state.cjv,
        "faktorial": state.faktorial,
        "scored": state.variant != "atto",
        "order": list(state.order),
        "ritual": [[{"seat": s, "card": p, "face": _face(state, p)} for s, p in draws]
                   for draws in state.ritual] if shown_ritual else None,
        "cards": [{
            "id": place, "black": cards[card].black,
            "state": "gone" if place in taken else "up" if place in up else "down",
            "face": _face(state, place) if place in taken or place in up else None,
            "by": taken.get(place),
        } for place, card in enumerate(state.layout)],
        "up": list(state.up),
        "last": None if state.last is None else {
            "seat": state.last[0], "took": state.last[2],
            "cards": [{"id": p, "face": _face(state, p)} for p in state.last[1]]},
        "choosing": state.choosing,
        "players": [_player(state, i) for i in range(state.seats)],
        "remaining": len(state.layout) - len(taken),
        "result": result(state),
    }


def _player(state: State, seat: int) -> Json:
    pairs = [{**pair, "cards": [a, b], "faces": [_face(state, a), _face(state, b)]}
             for pair, (a, b) in zip(pair_list(state, seat), state.pairs[seat], strict=True)]
    return {"seat": seat, "points": points(state, seat), "extras": state.extras[seat],
            "pairs": pairs}


def _face(state: State, place: int) -> Json:
    return state.cards[state.layout[place]].face.to_json()

"""What one seat sees of a Matematický poker game (JSON-ready), what one who watches sees (the
public part), and the points preview. Never the deck order nor any undrawn card; the rules
live in rules.py, points in scoring.py."""

from __future__ import annotations

import operator
from collections.abc import Container, Sequence
from typing import TypeVar, cast
from weakref import WeakKeyDictionary

from klubovna.core import Json, SharedView, View
from klubovna.core.rules import require_seat

from .rules import hand_deadline, ranking, to_move
from .scoring import LINES, LINES_THROUGH, board_total, score_board, score_line, total_of
from .state import CELLS, DEALER, JOKER, Player, State
from .wire import MpView, MpWatchView, MultiView

GAME_NAME = "matematicky-poker"


def view(state: State, seat: int | None) -> MpView | MultiView | MpWatchView:
    """Everything `seat` may know: its board, hand, counters, score, deadline and preview.

    The envelope every game's view has (klubovna.core.declarations.ENVELOPE): `game` and `turn`
    (the seats that may act now) are public, `seat`, `over` (this seat's own game is over:
    its board is finished, or for a dealer who only deals, the game) and `deadline` (its
    card's, hard mode) are the seat's own.

    `seat` None is one who watches: the public part of a duel or group (`_public_part`:
    scores, filled cells, numbers handled, the boards at the end), in a solo game too; no
    board while it is played, no hand, preview or deadline, no card drawn.

    >>> from klubovna.games.matematicky_poker.state import Player
    >>> v = view(State(mode="easy", seconds=None, table="adjacent", preview=True,
    ...                deck=(3, 0), players=(Player(position=1, hand=3),), started=True), 0)
    >>> v["hand"], v["cards_left"], v["preview"][:3]
    ({'kind': 'number', 'value': 3}, 1, [None, None, None])
    """
    if seat is None:
        return _watch_view(state)
    require_seat(seat, len(state.players))
    if state.variant != "solo":
        return _multi_view(state, seat)
    return _own_view(state, seat)


def _watch_view(state: State) -> MpWatchView:
    """One who watches: the public part every seat shares (the very object: a server
    encodes it once for the seats and the watchers), and a null seat."""
    public = _public_part(state)
    # A SharedView is the dict of its parts (an MpWatchView here): wire.py declares them.
    return cast(MpWatchView, SharedView(
        public, {"seat": None, "over": state.over, "deadline": None}, public=public))


def _own_view(state: State, seat: int) -> MpView:
    """The solo view: the seat's own board, hand, counters, score, deadline and preview."""
    player = state.players[seat]
    # cast: the player's part is a memoized View (tests/contract/test_wire.py checks the shape)
    return cast(MpView, {
        "game": GAME_NAME,
        "seat": seat,
        "turn": to_move(state),
        "mode": state.mode,
        "table": state.table,
        "seconds": state.seconds,
        "started": state.started,
        **_player_part(state, player),
        "cards_left": len(state.deck) - player.position,
    })


_player_memo: WeakKeyDictionary[Player, tuple[tuple[Json, ...], View]] = WeakKeyDictionary()
"""Each live player's part: a group's draw or move rebuilds 50 views, but only the players
who changed get a new part (Players are immutable). An entry lives as long as its Player."""


_player_by_id: dict[int, tuple[Player, tuple[Json, ...], View]] = {}
"""The same memo by identity, in front of it: most lookups are of the very Player object
asked for last time (a player who has not moved), and hashing a Player is most of the cost
of the memo above. It holds its Players, so it is emptied when it grows past MAX_BY_ID."""
MAX_BY_ID = 50_000


def _player_part(state: State, player: Player) -> View:
    """One player's own fields: board, hand, counters, score, deadline, preview."""
    settings = (state.table, state.preview, state.seconds)
    same = _player_by_id.get(id(player))
    if same is not None and same[0] is player and same[1] == settings:
        return same[2]
    known = _player_memo.get(player)
    if known is not None and known[0] == settings:
        _remember(_player_by_id, id(player), (player, settings, known[1]))
        return known[1]
    lines, total = score_board(player.board, state.table)
    hand: Json = None
    preview: list[int | None] | None = None
    if player.hand == JOKER:
        hand = {"kind": "joker"}
    elif player.hand is not None:
        hand = {"kind": "number", "value": player.hand}
        if state.preview:
            preview = points_preview(player.board, player.hand, state.table, lines, total)
    part: View = {
        "board": list(player.board),
        "jokers": list(player.from_joker),
        "hand": hand,
        "kept_jokers": player.kept_jokers,
        "score": {"lines": lines, "total": total},
        "forfeited": player.forfeited,
        "deadline": hand_deadline(state, player),
        "preview": preview,
        "over": player.finished,
    }
    _player_memo[player] = (settings, part)
    _remember(_player_by_id, id(player), (player, settings, part))
    return part


_K = TypeVar("_K")
_V = TypeVar("_V")


def _remember(memo: dict[_K, _V], key: _K, value: _V) -> None:
    """Store in a memo that holds what it remembers: emptied once past MAX_BY_ID."""
    if len(memo) >= MAX_BY_ID:
        memo.clear()
    memo[key] = value


_public_memo: list[tuple[State, View]] = []
"""The public part of the last state asked for: a step's views for 50 seats share one."""


def _public_part(state: State) -> View:
    """What every seat sees alike, computed once per state (the views share it: read-only)."""
    if _public_memo and _public_memo[0][0] is state:
        return _public_memo[0][1]
    public: View = {
        "game": GAME_NAME,
        "turn": _same_turn(to_move(state)),
        "variant": state.variant,
        "mode": state.mode,
        "table": state.table,
        "seconds": state.seconds,
        "started": state.started,
        "drawn": state.drawn,
        "cards_left": len(state.deck) - state.drawn,
        "seats": (standings := _standings(state))[0],
        "ranking": standings[1],
        "boards": (
            [
                {
                    "seat": each,
                    "board": list(state.players[each].board),
                    "jokers": list(state.players[each].from_joker),
                }
                for each in state.playing
            ]
            if state.over
            else None
        ),
        "game_over": state.over,
    }
    _public_memo[:] = [(state, public)]
    return public


_turn_memo: list[list[int]] = []
"""The public part's `turn` last shown: a group's draw waits for the same seats as the draw
before. (Not the solo view's: its one seat would only push a group's list out.)"""


def _same_turn(turn: list[int]) -> list[int]:
    """`turn`, as the very list shown before when equal: a server then sends its text again
    without encoding the 50 seats (views are read-only, so the list may be shared)."""
    if _turn_memo and _turn_memo[0] == turn:
        return _turn_memo[0]
    _turn_memo[:] = [turn]
    return turn


_own_memo: dict[tuple[int, bool], View] = {}
"""A playing seat's few own fields: the same object every time, so a table sees that a draw
changed nothing of that seat's own (see SharedView)."""


Standings = tuple[list[Json], list[Json]]
"""The public `seats` entries and the `ranking` of a group or duel."""

_standings_by_id: dict[tuple[int, ...], tuple[tuple[Player, ...], tuple[Json, ...], Standings]] = {}
"""The standings of the very same players (by identity) as before: a draw changes nobody's
board, so its standings are the ones before, the same lists (a server then sends their text
again without encoding it). Emptied when it grows past MAX_BY_ID."""
_standings_by_value: dict[tuple[Json, ...], Standings] = {}
"""The same by value: a draw that hands the waiting players their next number makes new
Players, but their public entries stay; equal standings are the same lists."""


def _standings(state: State) -> Standings:
    settings = (state.table, state.variant, state.dealer_plays)
    known = _standings_by_id.get(key := tuple(map(id, state.players)))
    if known is not None and known[1] == settings and all(
            map(operator.is_, known[0], state.players)):
        return known[2]
    seats = [_public_seat(state, each) for each in state.playing]
    value = (settings, *(tuple(entry.values()) for entry in seats))
    standings = _standings_by_value.get(value)
    if standings is None:
        standings = seats, ranking(state)
        _remember(_standings_by_value, value, standings)
    _remember(_standings_by_id, key, (state.players, settings, standings))
    return standings


def _multi_view(state: State, seat: int) -> MultiView:
    """Duel and group: the seat's own part (as solo, if it plays) plus the public part of
    everybody: score, filled cells, numbers handled and finished flag; the boards only at the
    end, but in a duel the other board as far as the seat has come (`opponent`). A dealer
    who only deals sees the drawn cards and everybody's queue instead of a board.
    The parts are shared (see SharedView): a step's 50 views cost one public part. A seat's
    queue is `drawn` minus its `handled` in `seats` (not an own field: a draw then changes
    nothing of its own, and one public update serves all who are behind)."""
    public = _public_part(state)
    dealer = state.variant == "group" and seat == DEALER
    if not state.plays(seat):
        # A SharedView is the dict of its parts (a DealerView here): wire.py declares them.
        return cast(MultiView, SharedView(
            public, {"seat": seat, "dealer": dealer, "playing": False,
                     "dealt": list(state.deck[: state.drawn]), "over": state.over,
                     "deadline": None},
            public=public))
    mine = _own_memo.get((seat, dealer))
    if mine is None:
        mine = _own_memo.setdefault((seat, dealer), {"seat": seat, "dealer": dealer,
                                                     "playing": True})
    own = _player_part(state, state.players[seat])
    if state.variant == "duel":
        return cast(MultiView, SharedView(own, public, mine, _opponent_part(state, seat),
                                          public=public))
    return cast(MultiView, SharedView(own, public, mine, public=public))


def _opponent_part(state: State, seat: int) -> View:
    """Duel: the other board as far as `seat` has come itself. A cell shows once `seat` has
    handled as many cards as the other had taken when it wrote the cell (its stamp), so it
    never shows a card `seat` has not had, nor where the other put the card `seat` still
    holds (a computer player always places first: that would be advice); once `seat` is
    finished, all of it. `score`: the points of what is shown
    (docs/decisions/0093-mp-duel-opponent-board.md)."""
    other = state.players[1 - seat]
    me = state.players[seat]
    reached = CELLS if me.finished else me.position - (me.hand is not None)
    shown = [
        None if stamp is None or (not me.finished and stamp > reached) else value
        for value, stamp in zip(other.board, other.stamps, strict=True)
    ]
    return {"opponent": {
        "seat": 1 - seat,
        "board": shown,
        "jokers": [joker and value is not None
                   for joker, value in zip(other.from_joker, shown, strict=True)],
        "score": board_total(tuple(shown), state.table),
    }}


def same_own(before: State, after: State) -> Container[int]:
    """The playing seats whose own view parts are certainly unchanged: the same Player (its
    part is memoized by it; in a duel the other's too, for `opponent`) and the same
    settings; a seat's few fields never change. A solo view has no shared parts, and a
    dealer who only deals is never "same" (the cards dealt are its own part)."""
    if after.variant == "solo" or (
        before.table, before.preview, before.seconds, before.variant, before.dealer_plays,
        len(before.players),
    ) != (after.table, after.preview, after.seconds, after.variant, after.dealer_plays,
          len(after.players)):
        return ()
    old, new = before.players, after.players
    if after.variant == "duel":
        return after.playing if all(o is n for o, n in zip(old, new, strict=True)) else ()
    return {seat for seat in after.playing if old[seat] is new[seat]}


def _public_seat(state: State, seat: int) -> Json:
    """A playing seat as everybody sees it. `handled`: how many drawn numbers it has dealt
    with; its queue (`waiting`, hand included) is the view's `drawn` minus that, 0 once
    finished. Not the queue itself: a draw would then change every seat that is behind,
    and 50 entries would be new on every draw."""
    player = state.players[seat]
    return {
        "seat": seat,
        "score": board_total(player.board, state.table),
        "filled": player.filled,
        "handled": player.position - (player.hand is not None),
        "finished": player.finished,
        "left": player.left,
    }


def points_preview(
    board: Sequence[int | None],
    value: int,
    table: str,
    lines: Sequence[int] | None = None,
    total: int | None = None,
) -> list[int | None]:
    """For each cell, how much the total would change if `value` went there.

    None where the cell is used or the change is zero. Only the lines through a cell can
    change, so only those are scored again; `lines` and `total` may be passed when known.

    >>> points_preview([5, None, None, None, None] + [None] * 20, 5, "adjacent")[:3]
    [None, 15, 10]
    """
    if lines is None or total is None:
        lines, total = score_board(board, table)
    gains: list[int | None] = []
    for cell, current in enumerate(board):
        if current is not None:
            gains.append(None)
            continue
        trial = list(lines)
        for i in LINES_THROUGH[cell]:
            trial[i] = score_line([value if c == cell else board[c] for c in LINES[i]], table)
        gains.append(total_of(trial, table) - total or None)
    return gains

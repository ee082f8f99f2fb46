"""The Matematický poker computer player at a table (klubovna.bots.matematicky_poker.BOTS):
every decision legal over whole games, solo and duel, deterministic; what it has not seen
read right from its view; the look-ahead's values; and what registering it changes."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from klubovna.bots.matematicky_poker import (
    BOTS,
    LEHKY,
    STREDNI,
    TEZKY,
    Player,
    place,
    search,
    values,
)
from klubovna.core import Rng
from klubovna.games.matematicky_poker import ENGINE, State, score_board
from klubovna.games.matematicky_poker.state import JOKER
from klubovna.server.http.declared import room_declarations
from klubovna.tables.local import LocalHost
from klubovna.tables.registry import default_bot
from tests.bots.matematicky_poker import play_game

QUICK = Player("quick", samples=2, noise=6.0)
"""A cheap level with noise, for the long games (the real ones are timed in bench/)."""


def test_the_levels_on_offer() -> None:
    assert list(BOTS) == ["lehky", "stredni", "tezky"]
    assert default_bot("matematicky-poker") is LEHKY
    assert (LEHKY.samples, STREDNI.samples, TEZKY.samples) == (0, 8, 64)


@pytest.mark.parametrize(("bot", "table"), [(LEHKY, "adjacent"), (QUICK, "matematico")])
def test_a_solo_game_is_played_to_a_full_board(bot: Player, table: str) -> None:
    state, sent = play_game({0: bot}, 3, {"table": table})
    assert None not in state.players[0].board and sent[0] == (0, {"type": "start"})
    assert {a["type"] for _, a in sent} <= {"start", "place", "joker", "kept_joker"}  # type: ignore[index]


def test_the_same_situation_gets_the_same_move() -> None:
    """Noise and look-ahead come from the Rng a table derives from its seed, seat and
    version: the same view and Rng give the same action."""
    state, _ = ENGINE.apply(ENGINE.new({}, 8), 0, {"type": "start"}, 0)
    while state.players[0].filled < 12:  # the first empty cell, then the bots
        hand = state.players[0].hand
        cell = state.players[0].board.index(None)
        action = ({"type": "place", "cell": cell} if hand else
                  {"type": "joker", "choice": "now", "value": 1, "cell": cell})
        state, _ = ENGINE.apply(state, 0, action, 0)
    for _ in range(4):
        view = ENGINE.view(state, 0)
        moves = [bot.choose(view, [], Rng(4)) for bot in (LEHKY, QUICK) for _ in range(2)]
        assert moves[0] == moves[1] and moves[2] == moves[3]
        state, _ = ENGINE.apply(state, 0, moves[2], 0)


def test_hard_mode_forfeits_and_kept_jokers() -> None:
    """3 s a card, and 5 s pass whenever a joker or every fourth card is in hand: numbers
    are forfeited and the jokers kept by the clock; the player still plays legal moves,
    plays its kept jokers, and its unseen cards leave out the numbers it lost (play_game
    checks each decision)."""
    def pause(state: State) -> int:
        player = state.players[0]
        return 5000 if player.hand == JOKER or player.position % 4 == 0 else 1000

    kept = 0
    for seed in (1,):  # (seeds 0 and 2 deal no joker before the board is used up)
        state, sent = play_game({0: QUICK}, seed, {"mode": "hard", "seconds": 3}, pause)
        player = state.players[0]
        assert player.forfeited > 0 and player.used == 25
        kept += sum(a["type"] == "kept_joker" for _, a in sent)  # type: ignore[index]
    assert kept > 0


def test_a_duel_against_the_computer_at_a_local_table() -> None:
    """The person places in the first empty cell, a second after each card; the computer
    player fills its board as the cards come, never draws early, and the duel ends."""
    host = LocalHost()
    request = {"game": "matematicky-poker", "variant": "duel", "robots": {"1": "lehky"}}
    assert json.loads(host.create("t", json.dumps(request), 9, "k"))["people"] == [0]
    [hello] = json.loads(host.handle("t", json.dumps({"t": "hello", "key": "k"}), 0))
    view: dict[str, Any] = hello["view"]
    for seq in range(1, 60):
        if view["game_over"]:
            break
        if not view["started"]:
            action: dict[str, Any] = {"type": "start"}
        elif view["hand"]["kind"] == "joker":
            action = {"type": "joker", "choice": "keep"}
        else:
            action = {"type": "place", "cell": view["board"].index(None)}
        out = json.loads(host.handle("t", json.dumps(
            {"t": "act", "seq": seq, "action": action}), 1000 * seq))
        view = out[-1]["view"]
        bot = next(s for s in view["seats"] if s["seat"] == 1)
        mine = next(s for s in view["seats"] if s["seat"] == 0)
        assert bot["handled"] <= view["drawn"] and mine["handled"] <= view["drawn"]
        if view["started"] and not bot["finished"]:
            assert bot["handled"] == view["drawn"]  # the computer keeps up at once
    assert view["game_over"]
    robot = [e for e in host.tables["t"].log if e.seat == 1]
    assert robot and all(e.action["type"] != "draw" for e in robot)  # type: ignore[index]


def test_rooms_of_people_offer_no_computer_player() -> None:
    """Registering the levels changes no room: a duel or group lobby has no setting for a
    computer player, and a leaver's seat still folds (the game's `leaver`)."""
    names = {s.name for where, s in room_declarations() if where.startswith("matematicky-poker")}
    assert names == {"mode", "seconds", "table", "dealer_plays"}
    assert ENGINE.leaver == "fold"


def _position(seed: int, filled: int) -> tuple[list[int | None], int, list[int]]:
    rng = Rng(seed)
    deck = [v for v in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    board: list[int | None] = [None] * 25
    cells = list(range(25))
    rng.shuffle(cells)
    for cell, value in zip(cells[:filled], deck, strict=False):
        board[cell] = value
    return board, deck[filled], deck[filled + 1 :]


@pytest.mark.parametrize("table", ["adjacent", "matematico"])
def test_values_cover_every_empty_cell_and_choose_takes_their_best(table: str) -> None:
    for seed in range(4):
        board, card, unseen = _position(seed, filled=3 + 5 * seed)
        found = values(board, card, table, unseen, 4, Rng(seed))
        assert set(found) == {c for c in range(25) if board[c] is None}
        assert found == values(board, card, table, unseen, 4, Rng(seed))
        cell = place(board, card, table, unseen, samples=4, rng=Rng(seed))
        assert found[cell] == max(found.values())
        now = score_board(board, table)[1]
        assert all(v >= now for v in found.values())  # no number lowers the points


def test_kept_jokers_take_cells_no_number_comes_to() -> None:
    """Three empty cells, two of them the kept jokers': one number to place now and none
    to come, so no line may count on another number, and the jokers go where they gain."""
    board, card, unseen = _position(5, filled=22)
    found = values(board, card, "adjacent", unseen + [0, 0], 6, Rng(3), kept=2)
    assert set(found) == {c for c in range(25) if board[c] is None}
    assert all(v >= score_board(board, "adjacent")[1] for v in found.values())


def test_alike_cells_share_a_value() -> None:
    board, card, unseen = _position(1, filled=0)
    found = values(board, card, "school", unseen, 2, Rng(1))
    assert found[0] == found[4] == found[20] == found[24] and found[12] != found[0]


def test_a_sure_gain_is_worth_more_than_a_cell_that_gains_nothing() -> None:
    board: list[int | None] = [None] * 25
    board[10:15] = [9, 9, None, 9, 2]
    unseen = [v for v in range(1, 14) for _ in range(4) if v != 9][:30]
    found = values(board, 9, "school", unseen, 4, Rng(2))
    assert max(found, key=lambda c: found[c]) == 12
    # Four of a kind (160) against at most a full house (80) in that row: no 9 is unseen.
    assert found[12] - min(found.values()) > 80


@pytest.mark.parametrize("module", [search], ids=lambda m: m.__name__)
def test_docstring_examples(module: Any) -> None:
    outcome = doctest.testmod(module)
    assert outcome.attempted > 0 and outcome.failed == 0

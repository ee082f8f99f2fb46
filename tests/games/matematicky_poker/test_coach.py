"""The coach (klubovna.bots.matematicky_poker.coach): what each placement of a finished solo
game lost against the computer player, from the game's replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from klubovna.bots.matematicky_poker import Player, coach, unseen_cards
from klubovna.bots.matematicky_poker.search import compare
from klubovna.bots.matematicky_poker.symmetry import classes
from klubovna.games.matematicky_poker import ENGINE
from klubovna.games.matematicky_poker.state import JOKER, State, fresh_deck, shuffled_deck
from klubovna.tables.replay import replay
from tests.tables.replaying import sit

Chooser = Callable[[dict[str, Any], list[int], int], dict[str, Any]]
"""The next action from the seat's view, the cards still unseen and the action's replay step."""
SAMPLES = 4


def play(seed: int, table: str, choose: Chooser) -> dict[str, Any]:
    """A whole solo easy game played through a table, as its replay from seat 0."""
    played = sit("matematicky-poker", seed, {"table": table})
    played.act({"type": "start"})
    while not played.table.over:
        state: State = played.table.state
        unseen = list(state.deck[state.players[0].position :])
        played.act(choose(ENGINE.view(state, 0), unseen, len(played.table.log) + 1))
    return replay(played.table, 0)


def first_empty(view: dict[str, Any], unseen: list[int], step: int) -> dict[str, Any]:
    """Number after number in the first empty cell; a joker is a 1 written at once."""
    cell = view["board"].index(None)
    if view["hand"]["kind"] == "joker":
        return {"type": "joker", "choice": "now", "value": 1, "cell": cell}
    return {"type": "place", "cell": cell}


@pytest.fixture(scope="module")
def plain() -> dict[str, Any]:
    return play(3, "adjacent", first_empty)


def test_moves_know_only_the_cards_already_drawn(plain: dict[str, Any]) -> None:
    moves = coach.moves_of(plain)
    assert len(moves) == 25
    assert [m["cell"] for m in moves] == list(range(25))
    assert [m["step"] for m in moves] == list(range(2, 27))  # step 1 is the start
    deck = shuffled_deck(3)
    for move in moves:
        frame = plain["frames"][move["step"] - 1]  # the board the move was decided on
        assert move["board"] == frame["board"]
        # Everything drawn so far, the card in hand included, is known; the rest is not.
        assert sorted(move["unseen"]) == sorted(deck[54 - frame["cards_left"] :])
        assert sorted(move["unseen"]) == unseen_cards(frame, [])  # as the bot counts them
    hand = plain["frames"][moves[0]["step"] - 1]["hand"]
    assert moves[0]["card"] == (JOKER if hand["kind"] == "joker" else hand["value"])
    assert moves[0]["unseen"].count(moves[0]["card"]) == fresh_deck().count(moves[0]["card"]) - 1


def test_a_deliberately_bad_move_loses_many_points() -> None:
    # Four 7s in row 0 with a gap at cell 3: the fifth 7 there makes four adjacent (100).
    board: list[int | None] = [7, 7, 7, None, 7] + [None] * 20
    unseen = [v for v in range(1, 14) for _ in range(4) if v != 7][:30]
    move = {"step": 5, "board": board, "card": 7, "cell": 24, "value": 7, "unseen": unseen,
            "jokers": 0, "number": False}
    reviewed = coach.review_move("adjacent", move, SAMPLES)
    assert reviewed["best_cell"] == 3
    assert reviewed["loss"] >= 30
    good = coach.review_move("adjacent", {**move, "cell": 3}, SAMPLES)
    assert good["loss"] == 0


def test_a_cell_alike_by_symmetry_loses_nothing() -> None:
    board: list[int | None] = [None] * 25
    move = {"step": 1, "board": board, "card": 5, "cell": 1, "value": 5,
            "unseen": [c for c in fresh_deck() if c != 5] + [5] * 3, "jokers": 0, "number": False}
    best = coach.review_move("adjacent", move, SAMPLES)["best_cell"]
    alike = classes(board, ordered=True)
    twins = [c for c in alike if alike[c] == alike[best] and c != best]
    assert twins  # only the centre of the empty board has no twin
    for cell in twins:
        assert coach.review_move("adjacent", {**move, "cell": cell}, SAMPLES)["loss"] == 0


def test_the_bots_own_choices_lose_nothing_and_the_review_is_deterministic() -> None:
    bot = Player("coach", samples=SAMPLES, keeps=False)  # every joker written at once

    def bots_choice(view: dict[str, Any], unseen: list[int], step: int) -> dict[str, Any]:
        # The bot's own decision, with the generator the coach gives this step.
        return bot.choose(view, [], coach.rng_for(step))

    replay = play(11, "school", bots_choice)
    moves = coach.moves_of(replay)
    assert any(m["card"] == JOKER for m in moves)  # a joker used at once is judged too
    done: list[tuple[int, int]] = []
    first = coach.review("school", moves, SAMPLES, progress=lambda i, n: done.append((i, n)))
    assert [m["loss"] for m in first["moves"]] == [0.0] * 25
    assert all((m["best_cell"], m["best_value"]) == (m["cell"], m["value"]) for m in first["moves"])
    # The note names a joker as one (its value alone reads like a number drawn).
    assert [m["joker"] for m in first["moves"]] == [m["card"] == JOKER for m in moves]
    assert first["total"] == 0 and first["costliest"] == []
    assert done == [(i, 25) for i in range(1, 26)]
    assert coach.review("school", moves, SAMPLES) == first


def test_kept_jokers_are_held_then_judged_where_they_go() -> None:
    bot = Player("coach", samples=SAMPLES)  # keeps every joker, plays it by the look-ahead

    def bots_choice(view: dict[str, Any], unseen: list[int], step: int) -> dict[str, Any]:
        return bot.choose(view, [], coach.rng_for(step))

    replay = play(27, "school", bots_choice)  # jokers as the 7th and 17th cards
    kinds = [(m["action"] or {}).get("type") for m in replay["moves"]]
    assert kinds.count("joker") == 2 and kinds.count("kept_joker") == 2  # both kept, played
    moves = coach.moves_of(replay)
    assert len(moves) == 25  # keeping writes no cell: not a move
    for move in moves:
        frame = replay["frames"][move["step"] - 1]
        if kinds[move["step"] - 1] == "kept_joker":
            assert move["card"] == JOKER and move["jokers"] == frame["kept_jokers"] - 1
            assert move["number"] == (frame["hand"] is not None)
            # Where the bot plays a kept joker is where the coach would: nothing lost.
            assert coach.review_move("school", move, SAMPLES)["loss"] == 0
        else:
            assert move["jokers"] == frame["kept_jokers"] and not move["number"]


def test_a_poor_game_shows_its_three_costliest_moves(plain: dict[str, Any]) -> None:
    result = coach.review("adjacent", coach.moves_of(plain), SAMPLES)
    reviewed = result["moves"]
    assert result == {"moves": reviewed, **coach.summary(reviewed)}
    assert result["total"] == round(sum(m["loss"] for m in reviewed), 1) > 40
    losses = {m["step"]: m["loss"] for m in reviewed}
    top = result["costliest"]
    assert len(top) == 3 and losses[top[0]] >= losses[top[1]] >= losses[top[2]] > 0
    assert all(losses[s] <= losses[top[2]] for s in losses if s not in top)
    # Every loss shown is larger than its error; a difference within it shows as none.
    assert all(m["loss"] > m["error"] > 0 for m in reviewed if m["loss"])
    moves = {m["step"]: m for m in coach.moves_of(plain)}
    near = [m for m in reviewed if m["loss"] == 0 and m["error"] > 0]
    assert near  # choices the look-ahead could not tell apart
    for m in near:
        move = moves[m["step"]]
        gain, error = compare(move["board"], (m["best_cell"], m["best_value"]),
                              (m["cell"], m["value"]), "adjacent", sorted(move["unseen"]),
                              coach.ROUNDS, coach.rng_for(m["step"]), move["jokers"])
        assert gain <= error and round(error, 1) == m["error"]

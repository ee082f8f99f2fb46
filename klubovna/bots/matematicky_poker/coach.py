"""The coach ("Trenér"): after a finished solo game, how many points each placement lost
against the computer player's choice, by the bot's own estimate of the final total.

Input is a game's replay (klubovna.tables.replay: the seat's view before and after each log
entry), so the coach knows exactly what the player knew: the board, the card in hand and the
cards already drawn; the rest of the 54-card deck is the unseen multiset. Pure and
deterministic (each move's look-ahead has its own seed), so the browser worker may review
one move at a time and show real progress. Why it works as it does: docs/decisions/0098-mp-coach.md,
Matematický poker, "Coach".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from klubovna.core import Rng
from klubovna.games.matematicky_poker.state import JOKER, fresh_deck

from .search import compare, joker_now, values

SAMPLES = 8
"""Look-ahead rounds per reviewed move to find the computer's choice (the "stredni"
level's)."""
ROUNDS = 32
"""Sampled card sequences on which the player's choice is played against the computer's:
the loss is their mean difference, with a 95 % interval's half-width (`error`)."""
SEED = 17
COSTLIEST = 3

Move = dict[str, Any]
"""One placement as `review_move` takes it (JSON-ready): {"step", "board", "card" (1..13, or
0 for a joker), "cell", "value", "unseen", "jokers", "number"}: the kept jokers still held
beside the card placed, and whether a number in hand waits too (beside a kept joker)."""


def moves_of(replay: Mapping[str, Any]) -> list[Move]:
    """The placements of a replay's seat, each with what the seat knew before it: the board,
    the card placed (a joker written now or a kept one: card 0), the jokers and the number
    still held, and the unseen cards.

    `step` is the replay stepper's step of the placement: frames[step] shows the board
    after it, frames[step - 1] the one it was decided on. Keeping a joker, a fallback draw and
    a forfeit write no cell and are not moves here (docs/decisions/0098-mp-coach.md).
    """
    frames: Sequence[Mapping[str, Any]] = replay["frames"]
    seen: list[int] = []
    left = frames[0].get("cards_left")
    out: list[Move] = []
    for step, entry in enumerate(replay["moves"], start=1):
        before, after = frames[step - 1], frames[step]
        action = entry.get("action") or {}
        kind = action.get("type")
        if kind in ("place", "kept_joker") or (kind == "joker" and action.get("choice") == "now"):
            hand = before["hand"]
            card = JOKER if kind != "place" else hand["value"]
            value = action.get("value", card)
            kept = before.get("kept_jokers", 0)
            jokers = kept - 1 if kind == "kept_joker" else kept
            out.append({
                "step": step,
                "board": list(before["board"]),
                "card": card,
                "cell": action["cell"],
                "value": value,
                "unseen": _unseen(seen),
                "jokers": jokers,
                # A number in hand beside a kept joker played: seen, so not to come.
                "number": kind == "kept_joker" and hand is not None and hand["kind"] == "number",
            })
        now_left = after.get("cards_left")
        if left is not None and now_left is not None and now_left < left and after["hand"]:
            seen.append(JOKER if after["hand"]["kind"] == "joker" else after["hand"]["value"])
        left = now_left
    return out


def _unseen(seen: Sequence[int]) -> list[int]:
    rest = fresh_deck()
    for card in seen:
        rest.remove(card)
    return rest


def rng_for(step: int) -> Rng:
    """The look-ahead's generator for the move at `step`: its own seed, so a move's review
    is the same alone or within the whole game."""
    return Rng(SEED * 1000 + step)


def review_move(
    table: str, move: Move, samples: int = SAMPLES, rounds: int = ROUNDS
) -> dict[str, Any]:
    """The bot's choice for one move and the points the player's choice lost against it:
    {"step", "joker", "cell", "value", "best_cell", "best_value", "loss", "error"}; `joker`
    when the card written was a joker (`value` the player's value, `best_value` the bot's).
    The bot's choice is the best of its look-ahead at `samples` rounds; then both choices are
    played on the same `rounds` sampled card sequences. `loss` is the mean of the estimated
    final totals' difference, and `error` the half-width of its 95 % interval: a difference
    no larger than its error is no loss (0), nor is one below 0, nor the player's cell when
    it is the bot's or one a symmetry of the board makes alike."""
    board: list[int | None] = list(move["board"])
    # Sorted: the sampled sequences depend on the multiset of unseen cards, not its order.
    cell, value, unseen = move["cell"], move["value"], sorted(move["unseen"])

    def estimates(card: int) -> dict[int, float]:
        # The same seed for every card compared: common random numbers keep the gap fair.
        return values(board, card, table, unseen, samples, rng_for(move["step"]),
                      kept=move["jokers"])

    if move["card"] == JOKER:
        # Where the bot would write a joker now (player.py: a kept one, when the look-ahead
        # says play it), judged as the player's is: by the look-ahead's estimates for its
        # value and the player's, on the same sequences. Keeping one is not rated.
        reserve = move["jokers"] + move["number"]
        best_cell, best_value = joker_now(board, table, unseen, reserve)
        options = {v: estimates(v) for v in sorted({value, best_value})}
    else:
        options = {value: estimates(value)}
        best_value, best_cell = value, min(options[value], key=lambda c: (-options[value][c], c))
    # Alike cells share one estimate (search.values): a cell alike to the bot's loses 0.
    loss = error = 0.0
    if options[best_value][best_cell] != options[value][cell]:
        loss, error = compare(board, (best_cell, best_value), (cell, value), table, unseen,
                              rounds, rng_for(move["step"]), kept=move["jokers"])
        if loss <= error:
            loss = 0.0
    return {
        "step": move["step"],
        "joker": move["card"] == JOKER,
        "cell": cell,
        "value": value,
        "best_cell": best_cell,
        "best_value": best_value,
        "loss": round(loss, 1),
        "error": round(error, 1),
    }


def summary(reviewed: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The total loss and the steps of the (up to) three costliest moves that lost anything,
    costliest first (an earlier move first on equal losses)."""
    costly = sorted((m for m in reviewed if m["loss"] > 0), key=lambda m: (-m["loss"], m["step"]))
    return {
        "total": round(sum(m["loss"] for m in reviewed), 1),
        "costliest": [m["step"] for m in costly[:COSTLIEST]],
    }


def review(
    table: str,
    moves: Sequence[Move],
    samples: int = SAMPLES,
    progress: Callable[[int, int], None] | None = None,
    rounds: int = ROUNDS,
) -> dict[str, Any]:
    """Every move reviewed (`progress(done, all)` after each) and the summary:
    {"moves": [review_move ...], "total", "costliest"}."""
    reviewed = []
    for i, move in enumerate(moves):
        reviewed.append(review_move(table, move, samples, rounds))
        if progress is not None:
            progress(i + 1, len(moves))
    return {"moves": reviewed, **summary(reviewed)}

"""States that differ only in what one seat may not know: the hidden-information property's
raw material.

A game declares `hidden_variants(state, seat, seed) -> list[state]`: states equal to
`state` in all that `seat` may know and different in (some of) the rest — another seat's
hand, cards still to come, the generator — with `seed` choosing how; [] when the seat knows
everything (Nim). The suite then requires `view(variant, seat) == view(state, seat)`, and a
canary test (test_contract.py) makes sure the variants really differ where it matters: a
view that shows the whole state must be caught.

Today's two engines do not declare it yet; until they do, VARIANTS below stands in for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from klubovna.core import Game, Rng


def _mp_variants(state: Any, seat: int, seed: int) -> list[Any]:
    """Matematický poker: the cards nobody has drawn yet, in another order and with other
    values (a seat sees only cards already dealt to it)."""
    dealt = max([state.drawn] + [player.position for player in state.players])
    rest = list(state.deck[dealt:])
    rng = Rng(seed)
    rng.shuffle(rest)
    rest = [(card + 1 + rng.below(3)) % 14 for card in rest]
    return [replace(state, deck=state.deck[:dealt] + tuple(rest))]


def _kp_variants(state: Any, seat: int, seed: int) -> list[Any]:
    """Kostkový poker: every other seat's dice behind its screen, and the rolls to come."""
    rng = Rng(seed)
    seats = tuple(
        other if i == seat else replace(
            other, rolled=tuple(1 + rng.below(6) for _ in other.rolled)
        )
        for i, other in enumerate(state.seats)
    )
    return [replace(state, seats=seats, rng=Rng(seed ^ state.rng).next64())]


VARIANTS: dict[str, Callable[[Any, int, int], list[Any]]] = {
    "matematicky-poker": _mp_variants,
    "kostkovy-poker": _kp_variants,
}


def hidden_variants(game: Game[Any]) -> Callable[[Any, int, int], list[Any]]:
    """The game's own `hidden_variants`, else the stand-in above. A game with neither fails:
    a new game must say what it hides."""
    declared = getattr(game, "hidden_variants", None)
    if declared is not None:
        return declared  # type: ignore[no-any-return]
    if game.name in VARIANTS:
        return VARIANTS[game.name]
    raise AssertionError(f"{game.name} declares no hidden_variants(state, seat, seed)")

"""Těžká (hard): rearranges the whole table with the exact search (the most tiles, then the
most value), holds its jokers back when the other tiles go down without them, and near the
end leaves the table that gives a player close to going out the least chance (endgame)."""

from __future__ import annotations

from collections.abc import Sequence

from klubovna.core import Event, Rng, View
from klubovna.games.zoliky_s_kameny import best_move

from .common import Action, must_hurry, no_play, play, shared_move
from .endgame import safest


class Tezka:
    """The best move by the search. Holding back: a joker from its rack stays there when
    the move without it lays every other tile the best move lays, unless the round is near
    its end (the pool is empty, or another player has five tiles or fewer) or the move goes
    out; a joker on the rack keeps every later turn's options open. When another player has
    three tiles or fewer, the move that leaves it the least chance to go out next
    (endgame.safest), drawing included."""

    name = "tezka"

    def choose(self, view: View, witnessed: Sequence[Event], rng: Rng) -> Action:
        if (move := shared_move(view)) is not None:
            return move
        rack = view["rack"]
        amount, table = best_move(view["table"], rack, "tiles")
        if not amount:
            return no_play(view)
        if amount < len(rack):
            safe = safest(view, rng, table)
            if safe is not table:
                return no_play(view) if safe is None else play(safe)
        jokers = rack.count("J")
        if jokers and amount < len(rack) and not must_hurry(view):
            plain = [t for t in rack if t != "J"]
            laid_jokers = sum(s.count("J") for s in table) - sum(
                s.count("J") for s in view["table"])
            without, kept = best_move(view["table"], plain, "tiles")
            if laid_jokers and without and without == amount - laid_jokers:
                return play(kept)
        return play(table)


TEZKA = Tezka()

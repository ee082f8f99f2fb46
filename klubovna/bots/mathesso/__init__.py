"""Computer players of Mathesso, weakest first; they differ by memory. Each chooses from
its seat's view (the one a human gets) and the cards it witnessed being turned over in
front of everyone, never from the game state, so it knows no face-down card it has not
seen. The first (Kotě) is the default one, who also takes over a leaver's seat.

| name  | Czech      | a card sticks | holds at most | one card or two |
| kote  | Kotě       | 30 %          | 3             | always two      |
| zajic | Zajíc      | 55 %          | 6             | always two      |
| liska | Liška      | 75 %          | 12            | weighs them     |
| sova  | Sova       | 90 %          | 24            | weighs them     |
| slon  | Slon       | always        | everything    | weighs them     |

(Slon: "paměť jako slon", perfect recall: it never misses a pair it has seen.)

>>> from klubovna.core import Rng
>>> from klubovna.games.mathesso import ENGINE
>>> s, _ = ENGINE.apply(ENGINE.new({"variant": "atto"}, 1), 0, {"type": "start"}, 0)
>>> seat = ENGINE.view(s, 0)["turn"][0]
>>> BOTS["slon"].choose(ENGINE.view(s, seat), [], Rng(1))["type"]
'turn'
"""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.bots import Bot

from .player import Player

KOTE = Player("kote", chance=300, capacity=3, careful=False, salt=1)
ZAJIC = Player("zajic", chance=550, capacity=6, careful=False, salt=2)
LISKA = Player("liska", chance=750, capacity=12, careful=True, salt=3)
SOVA = Player("sova", chance=900, capacity=24, careful=True, salt=4)
SLON = Player("slon", chance=1000, capacity=None, careful=True, salt=5)

BOTS: Mapping[str, Bot] = {bot.name: bot for bot in (KOTE, ZAJIC, LISKA, SOVA, SLON)}
"""The computer players a table may seat, by name, weakest first; the first is the
default one."""

RATINGS: Mapping[str, int] = {"kote": 1000, "zajic": 1729, "liska": 2458, "sova": 3187,
                               "slon": 3916}
"""Each one's fixed rating on the ratings' scale (bench/computer_ratings.py, 2026-12-07,
100 games a step: each level won 98.5–100 % against the one below, so each step is the
most the ladder counts (+729: a share held at 95 %); the real gaps may be wider)."""

__all__ = ["BOTS", "RATINGS", "KOTE", "LISKA", "SLON", "SOVA", "ZAJIC", "Player"]

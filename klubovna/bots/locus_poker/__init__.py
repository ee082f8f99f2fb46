"""Computer players of Locus Poker, weakest first: Pepík, Bára, Ota, Věra, Karel, Libuše
and Mistr. Each chooses from its seat's view (the one a human gets); the game hides
nothing, so the strongest search ahead and solve the end exactly.

>>> from klubovna.games.locus_poker import ENGINE
>>> s, _ = ENGINE.apply(ENGINE.new({"grid": "6x5"}, seed=2), 0, {"type": "start"}, now=0)
>>> from klubovna.core import Rng
>>> [BOTS[name].choose(ENGINE.view(s, s.turn), [], Rng(1))["type"] for name in BOTS]
['play', 'play', 'play', 'play', 'play', 'play', 'play']
"""

from __future__ import annotations

from collections.abc import Mapping

from klubovna.bots import Bot

from .players import Beginner, Greedy, Searcher
from .search import Plan

PEPIK = Beginner("pepik", slips=2)  # every other move a slip: a new user beats him
BARA = Greedy("bara")
OTA = Searcher("ota", Plan(nodes=10**7, width=200, solve=0, max_depth=2, tempo=0.5))
VERA = Searcher("vera", Plan(nodes=10**7, width=200, solve=0, max_depth=1, potential=0.1))
KAREL = Searcher("karel", Plan(nodes=10**7, width=200, solve=0, max_depth=1, potential=0.2))
LIBUSE = Searcher("libuse", Plan(nodes=10**7, width=200, solve=0, max_depth=1, potential=0.3))
MISTR = Searcher("mistr", Plan(nodes=12_000, width=10, solve=9, potential=0.45, ranked=True))

BOTS: Mapping[str, Bot] = {bot.name: bot for bot in (PEPIK, BARA, OTA, VERA, KAREL, LIBUSE,
                                                     MISTR)}
"""The computer players a table may seat, by id, weakest first; the first is the default
one (who never takes over a seat here: a leaver ends the game)."""

RATINGS: Mapping[str, int] = {"pepik": 1000, "bara": 1622, "ota": 2076, "vera": 2286,
                               "karel": 2467, "libuse": 2567, "mistr": 2762}
"""Each one's fixed rating on the ratings' scale (bench/computer_ratings.py, 2026-12-07,
40 games a step: 92.5, 86.2, 70.0, 67.5, 60.0 and 68.8 % up the ladder (the
400-game ladder of docs/benchmarks.md: 94.1, 83.9, 70.4, 76.8, 71.6, 67.1 %))."""

OPPONENTS: tuple[tuple[str, str, str, str], ...] = (
    ("pepik", "Pepík", "Bere, co se zrovna leskne, a často se splete.",
     "Grabs whatever shines right now, and often slips."),
    ("bara", "Bára", "Vždycky vezme nejvíc bodů hned teď.",
     "Always takes the most points right now."),
    ("ota", "Ota", "Hlídá, co ti svým tahem nechává.",
     "Watches what his move leaves for you."),
    ("vera", "Věra", "Ráda klade žetony k sobě.",
     "Likes to keep her chips together."),
    ("karel", "Karel", "Staví si ze žetonů hnízda a sbírá bonusy.",
     "Builds nests of chips and collects the bonuses."),
    ("libuse", "Libuše", "Ví, kolik jí který žeton ještě vynese.",
     "Knows what each of her chips will still bring in."),
    ("mistr", "Mistr", "Hledá nejhlouběji a konec hry dopočítá přesně.",
     "Searches deepest and works the end of the game out exactly."),
)
"""Per opponent, weakest first: its id (a BOTS key), Czech name, and one-line character
in Czech and English (the web build reads these)."""

__all__ = ["BOTS", "RATINGS", "OPPONENTS", "Beginner", "Greedy", "Plan", "Searcher"]

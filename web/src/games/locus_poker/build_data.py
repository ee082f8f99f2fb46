"""Locus Poker's data for the web build, read from the engine and the bots themselves
(web/build/games.ts runs this; each key becomes a named export of
virtual:game-data/locus_poker, typed in virtual.d.ts): the grids, the hands' table, the
seven opponents in the registry's order (weakest first) with their names and characters,
and the rules page's example scored by the engine's own hand_score."""

import json
from dataclasses import asdict

from klubovna.bots.locus_poker import OPPONENTS
from klubovna.games.locus_poker import hand_score
from klubovna.games.locus_poker.hands import NAMES
from klubovna.games.locus_poker.settings import SETTINGS
from klubovna.tables.registry import entry

GRID = next(setting for setting in SETTINGS if setting.name == "grid")

# The rules page's example: a 3 × 3 scoring area, row by row; the top left card was played
# face down earlier (dead), the middle one is the chosen card.
EXAMPLE_CARDS = [[13, 3], [7, 0], [12, 1], [7, 1], [5, 1], [12, 2], [7, 3], [9, 1], [2, 3]]
EXAMPLE_DEAD, EXAMPLE_CHOSEN = 0, 4
live = [c for i, c in enumerate(EXAMPLE_CARDS) if i != EXAMPLE_DEAD]
others = [c for i, c in enumerate(EXAMPLE_CARDS) if i not in (EXAMPLE_DEAD, EXAMPLE_CHOSEN)]

bots = list(entry("locus-poker").bots)
by_id = {row[0]: row for row in OPPONENTS}

# the declared settings and rooms (Setting, RoomPolicy), for the set-up forms
DECLARED = entry("locus-poker").game

print(json.dumps({
    "GRIDS": list(GRID.choices or ()),
    "DEFAULT_GRID": GRID.default,
    "BOTS": bots,
    "OPPONENTS": [
        {"id": bot, "name": by_id[bot][1], "character": {"cs": by_id[bot][2], "en": by_id[bot][3]}}
        for bot in bots
    ],
    "HANDS": [[name, points] for points, name in sorted(NAMES.items(), reverse=True) if name],
    "EXAMPLE": {
        "cards": EXAMPLE_CARDS,
        "dead": EXAMPLE_DEAD,
        "chosen": EXAMPLE_CHOSEN,
        "up": hand_score(live, 0),
        "down": hand_score(others, 1),
    },
    "SETTINGS": [setting.to_json() for setting in DECLARED.settings if setting.public],
    "ROOMS": [asdict(room) for room in DECLARED.rooms],
}))

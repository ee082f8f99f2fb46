"""Mathesso's data for the web build, read from the engine itself (web/build/games.ts runs
this; each key becomes a named export of virtual:game-data/mathesso, typed in
virtual.d.ts): the seats, the variants (easiest first) with how many cards each has, the
variants each add-on is played from, and the computer players weakest first."""

import json
from dataclasses import asdict

from klubovna.games.mathesso import cards, state
from klubovna.tables.registry import entry

# the declared settings and rooms (Setting, RoomPolicy), for the set-up forms
DECLARED = entry("mathesso").game

print(json.dumps({
    "SEATS": [state.SEATS_MIN, state.SEATS_MAX],
    "VARIANTS": list(cards.VARIANTS),
    "CJV_FROM": list(cards.CJV_FROM),
    "FAKTORIAL_FROM": list(cards.FAKTORIAL_FROM),
    # cards per variant: [plain, +CJV, +Faktoriál, both] (0 where the add-on is not played)
    "COUNTS": {v: [len(cards.catalogue(v, cjv, fak))
                   if (not cjv or v in cards.CJV_FROM) and (not fak or v in cards.FAKTORIAL_FROM)
                   else 0 for cjv, fak in ((False, False), (True, False), (False, True), (True, True))]
               for v in cards.VARIANTS},
    "POINTS": cards.POINTS,
    "BOTS": list(entry("mathesso").bots),
    "SETTINGS": [setting.to_json() for setting in DECLARED.settings if setting.public],
    "ROOMS": [asdict(room) for room in DECLARED.rooms],
}))

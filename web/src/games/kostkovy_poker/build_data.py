"""Kostkový poker's data for the web build, read from the engine itself (web/build/games.ts
runs this at build and dev time; each key becomes a named export of
virtual:game-data/kostkovy_poker, typed in virtual.d.ts): the value table and the table's
fixed numbers (ante, keeping costs, bets, raises, seats, chips) and the computer players."""

import json
from dataclasses import asdict

from klubovna.bots.kostkovy_poker import BOTS
from klubovna.games.kostkovy_poker import scoring, state
from klubovna.tables.registry import entry

# the declared settings and rooms (Setting, RoomPolicy), for the set-up forms
DECLARED = entry("kostkovy-poker").game

print(json.dumps({
    "LINES": [
        {"name": line.name, "points": line.points, "example": list(line.example)}
        for line in scoring.VALUE_TABLE
    ],
    "TRIPLES": {str(face): value for face, value in scoring.TRIPLES.items()},
    "ANTE": state.ANTE,
    "KEEP_COSTS": {str(count): cost for count, cost in state.KEEP_COSTS.items()},
    "BET_SIZES": list(state.BET_SIZES.values()),
    "MAX_RAISES": state.MAX_RAISES,
    "SEATS": [state.SEATS_MIN, state.SEATS_MAX],
    "CHIPS": [state.CHIPS_MIN, state.CHIPS_DEFAULT, state.CHIPS_MAX],
    "ROLLED": state.ROLLED,
    "BOTS": sorted(BOTS),
    "SETTINGS": [setting.to_json() for setting in DECLARED.settings if setting.public],
    "ROOMS": [asdict(room) for room in DECLARED.rooms],
}))

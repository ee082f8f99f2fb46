"""Žolíky s kameny's data for the web build, read from the engine itself (web/build/games.ts
runs this; each key becomes a named export of virtual:game-data/zoliky_s_kameny, typed in
virtual.d.ts): the seats, the initial meld's least value, and the computer players in the
order the registry lists them (easy, medium, hard), none while no bot is registered."""

import json
from dataclasses import asdict

from klubovna.games.zoliky_s_kameny import MELD_MIN, RACK_START, state
from klubovna.tables.registry import entry

# the declared settings and rooms (Setting, RoomPolicy), for the set-up forms
DECLARED = entry("zoliky-s-kameny").game

print(json.dumps({
    "SEATS": [state.SEATS_MIN, state.SEATS_MAX],
    "MELD_MIN": MELD_MIN,
    "RACK_START": RACK_START,
    "BOTS": list(entry("zoliky-s-kameny").bots),
    "SETTINGS": [setting.to_json() for setting in DECLARED.settings if setting.public],
    "ROOMS": [asdict(room) for room in DECLARED.rooms],
}))

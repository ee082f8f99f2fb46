"""Matematický poker's data for the web build, read from the engine itself (web/build/games.ts
runs this at build and dev time; each key becomes a named export of
virtual:game-data/matematicky_poker, typed in rules/virtual.d.ts). No combination is retyped
in TypeScript."""

import json

from klubovna.games.matematicky_poker.scoring import DIAGONAL_BONUS, TABLES

print(json.dumps({
    # [{"id", "rows": [{"name", "points", "example"}]}] in the engine's order
    "TABLES": [
        {"id": table, "rows": [
            {"name": c.name, "points": c.points, "example": list(c.example)} for c in rows
        ]}
        for table, rows in TABLES.items()
    ],
    "DIAGONAL_BONUS": DIAGONAL_BONUS,
}))

"""`not_host` names who may start each kind of lobby: the one who opened it (seat 0)."""

from __future__ import annotations

from typing import Any

import pytest

from klubovna.core import IllegalAction
from klubovna.tables.lobby import Lobby

T0 = 1_700_000_000_000
SETTINGS: dict[str, dict[str, Any]] = {
    "duel": {}, "group": {},
    "table": {"seats": 4, "chips": 20, "seconds": 30, "robots": "klidny"},  # Kostkový poker
}


@pytest.mark.parametrize(("kind", "who"), [
    ("duel", "the player who opened the duel"),
    ("group", "the dealer"),
    ("table", "the player who opened the table"),
])
def test_not_host_names_who_opened_it(kind: str, who: str) -> None:
    game = "kostkovy-poker" if kind == "table" else "matematicky-poker"
    room = Lobby.open("ABCDEF", game, kind, "Host", "h0", T0, settings=SETTINGS[kind])
    room.join("Guest", "h1", T0)
    with pytest.raises(IllegalAction) as refused:
        room.start(1, T0)
    assert refused.value.code == "not_host"
    assert refused.value.message == f"Only {who} can start the game."
    room.start(0, T0)  # the one who opened it can
    assert room.status == "playing"

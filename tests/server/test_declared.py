"""Request models from the games' declared settings: a setting name several games declare
is one field that takes every value one of them takes (the widest range, all the choices),
so the model never refuses what a game accepts; each game still judges its own range."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from klubovna.core.declarations import Setting
from klubovna.server.http.declared import Strict, model_of, table_declarations

DECLARED = [
    ("two-to-six", Setting("seats", "int", 2, minimum=2, maximum=6)),
    ("one-to-four", Setting("seats", "int", 2, minimum=1, maximum=4)),
    ("robots-a", Setting("computer", "choice", "perfect", choices=("perfect", "random"))),
    ("robots-b", Setting("computer", "choice", "kote", choices=("kote", "random"))),
    ("flag", Setting("odd", "bool", False)),
    ("number", Setting("odd", "int", 0, minimum=0, maximum=1)),
]


def test_a_shared_name_takes_what_any_game_takes() -> None:
    model = model_of("Shared", DECLARED, Strict)
    for good in ({"seats": 1}, {"seats": 6}, {"computer": "perfect"}, {"computer": "kote"},
                 {"odd": True}, {"odd": 1}):
        model(**good)
    for bad in ({"seats": 0}, {"seats": 7}, {"seats": True}, {"computer": "nobody"}):
        with pytest.raises(ValidationError):
            model(**bad)
    assert "two-to-six, one-to-four" in str(model.model_fields["seats"].description)


def test_the_club_tables_take_every_games_seats() -> None:
    lows = [s.minimum for _, s in table_declarations() if s.name == "seats"]
    model = model_of("Tables", table_declarations(), Strict)
    model(seats=min(x for x in lows if x is not None))

"""The one door from the browser's engine worker into a game's own functions: a page asks
for a function by the game's name and the function's, and only the functions a game put in
its `BROWSER` tables (registered in klubovna.tables.registry) answer. Nothing is looked up
by a module path sent from the page."""

from __future__ import annotations

import json

from klubovna.tables.registry import entry


class NotOffered(LookupError):
    """The game offers the browser no function by that name."""


def call(game: str, name: str, args_json: str) -> str:
    """`name` of the game called `game` with the JSON list `args_json`, its answer as JSON
    text (a tuple becomes a list). NotOffered for a name not in the game's table; an unknown
    game is IllegalAction("unknown_game").

    >>> call("matematicky-poker", "shuffled_deck", "[1]")[:1]
    '['
    >>> try:
    ...     call("matematicky-poker", "open", '["/etc/passwd"]')
    ... except NotOffered as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    matematicky-poker offers the browser no function 'open'
    (it offers: moves_of, review_move, score_board, shuffled_deck, summary)
    """
    offered = entry(game).browser
    function = offered.get(name)
    if function is None:
        names = ", ".join(sorted(offered)) or "none"
        raise NotOffered(f"{game} offers the browser no function {name!r} (it offers: {names})")
    args = json.loads(args_json)
    if not isinstance(args, list):
        raise ValueError(f"{game}.{name}: the arguments are not a JSON list")
    return json.dumps(function(*args))

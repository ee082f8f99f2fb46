"""Matematický poker's settings: what a table of it takes (klubovna.core.settings).

The rules (rules.new) still judge the whole config; these declarations say the same limits
for the server's request models, the lobbies and the setup pages.
"""

from __future__ import annotations

from klubovna.core.settings import Setting

SETTINGS: tuple[Setting, ...] = (
    Setting("mode", "choice", "easy", choices=("easy", "hard")),
    # Hard mode needs its seconds: no default, so leaving them out stays `bad_config`.
    Setting("seconds", "int", None, minimum=3, maximum=300, only_when=("mode", ("hard",))),
    Setting("table", "choice", "adjacent", choices=("adjacent", "school", "matematico")),
    Setting("variant", "choice", "solo", choices=("solo", "duel", "group"), public=False),
    Setting("seats", "int", 1, minimum=1, maximum=50, public=False),
    Setting("dealer_plays", "bool", None, optional=True, public=False),
    Setting("preview", "bool", True, public=False),
    Setting("min_think_ms", "int", 0, minimum=0, public=False),
)

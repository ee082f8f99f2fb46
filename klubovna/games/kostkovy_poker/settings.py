"""Kostkový poker's settings: what a table of it takes (klubovna.core.settings).

The rules (rules.new) still judge the whole config; these declarations say the same limits
for the server's request models, the lobbies and the setup pages.
"""

from __future__ import annotations

from klubovna.core.settings import Setting

SETTINGS: tuple[Setting, ...] = (
    Setting("seats", "int", 2, minimum=2, maximum=6),
    Setting("chips", "int", 20, minimum=10, maximum=100),
    Setting("seconds", "int", None, minimum=3, maximum=300, optional=True),
)

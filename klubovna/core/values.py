"""The JSON-ready values every layer passes around: views, events, configs, actions."""

from __future__ import annotations

from typing import Any

Json = Any
"""A JSON-ready value: dict, list, str, int, float, bool or None."""

View = dict[str, Json]
"""What one seat may see, JSON-ready and read-only."""

Event = dict[str, Json]
"""An event is public unless it has a "to" key listing the seats that may see it."""

"""The wheel's build hook: the built web app (web/dist) goes into the wheel as klubovna/web/,
so a server needs Python and the wheel, not Node (docs/decisions/0164-deployable-package.md).

Only the standard wheel carries it. The editable install a checkout uses (`uv sync`) takes
nothing: `klubovna serve` then finds the checkout's web/dist itself (server/config.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

WEB_DIST = "web/dist"
IN_WHEEL = "klubovna/web"


class WebAppHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "standard":
            return
        web = Path(self.root) / WEB_DIST
        if not (web / "index.html").is_file():
            # A wheel without its web app would serve nothing at /: refuse to make one.
            raise RuntimeError(
                f"{web / 'index.html'} is missing: the wheel carries the built web app. "
                "Build it first (`make wheel` does both: the web app, then the wheel)."
            )
        build_data["force_include"][str(web)] = IN_WHEEL

"""The server's clock: the only clock that rules deadlines.

Tests move it instead of waiting for a deadline in real seconds: with a skip file
(`KLUBOVNA_CLOCK_FILE`, set by tests/server/live.py) the clock runs that many milliseconds
ahead of the real time, as the file says when asked. Never on a real site.
"""

import time
from pathlib import Path

_skip_file: Path | None = None


def use_skip_file(path: Path | None) -> None:
    """Read the milliseconds to run ahead from `path` from now on (None: the real time)."""
    global _skip_file
    _skip_file = path


def now_ms() -> int:
    return int(time.time() * 1000) + (0 if _skip_file is None else _skipped(_skip_file))


def _skipped(path: Path) -> int:
    try:
        return int(path.read_text() or 0)
    except (OSError, ValueError):  # not written yet
        return 0

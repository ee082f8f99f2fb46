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


_read: tuple[tuple[int, int], int] | None = None
"""The skip file's (inode, mtime) when last read, and what it said: a socket's every send
asks the clock (realtime/ws.py, Link), and a stat is cheaper than a read."""


def _skipped(path: Path) -> int:
    global _read
    try:
        stat = path.stat()
    except OSError:  # not written yet
        return 0
    seen = (stat.st_ino, stat.st_mtime_ns)
    if _read is None or _read[0] != seen:
        try:
            _read = (seen, int(path.read_text() or 0))
        except (OSError, ValueError):
            return 0
    return _read[1]

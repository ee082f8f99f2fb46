"""The server's clock: the only clock that rules deadlines."""

import time


def now_ms() -> int:
    return int(time.time() * 1000)

"""The server secret and what it derives: the daily challenge's seed.

`KLUBOVNA_SECRET`, or a random secret made on first start and kept in the data folder.
Without the secret nobody can compute a day's deck ahead.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from datetime import date
from pathlib import Path

from klubovna.server.files import FILE_MODE, private_folder


def load_secret(data_dir: Path) -> bytes:
    given = os.environ.get("KLUBOVNA_SECRET")
    if given:
        return given.encode()
    path = data_dir / "secret.key"
    private_folder(data_dir)
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    os.chmod(path, FILE_MODE)  # also a secret that was left readable by others
    return path.read_text().strip().encode()


def daily_seed(secret: bytes, day: date) -> int:
    """The seed of `day`'s deck: the same for every player that day, unguessable without
    the secret, and a 63-bit integer like every other seed."""
    digest = hmac.new(secret, f"daily:{day.isoformat()}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1

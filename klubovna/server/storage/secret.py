"""The server secret and what it derives: the daily challenge's seed, replay share tokens.

`KLUBOVNA_SECRET`, or a random secret made on first start and kept in the data folder.
Without the secret nobody can compute a day's deck ahead.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from datetime import date
from pathlib import Path

from klubovna.server.storage.files import FILE_MODE, private_folder


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


REPLAY_MAC_BYTES = 16
"""128 bits: a guessed token opens nothing."""


def _replay_mac(secret: bytes, table_id: str, seat: int) -> str:
    digest = hmac.new(secret, f"replay:{table_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:REPLAY_MAC_BYTES]).rstrip(b"=").decode()


def replay_token(secret: bytes, table_id: str, seat: int) -> str:
    """The share token of a table's replay from `seat`: `<table>.<seat>.<mac>`, URL-safe
    (table ids are). The MAC covers table and seat, so an edited link opens nothing.

    >>> token = replay_token(b"s", "abc", 1)
    >>> read_replay_token(b"s", token), read_replay_token(b"s", token.replace(".1.", ".0."))
    (('abc', 1), None)
    """
    return f"{table_id}.{seat}.{_replay_mac(secret, table_id, seat)}"


def read_replay_token(secret: bytes, token: str) -> tuple[str, int] | None:
    """The (table id, seat) a token was made for; None for anything else."""
    table_id, _, rest = token.partition(".")
    seat, _, mac = rest.partition(".")
    if not (table_id and seat.isascii() and seat.isdigit() and len(seat) <= 3 and mac):
        return None
    if not hmac.compare_digest(mac.encode(), _replay_mac(secret, table_id, int(seat)).encode()):
        return None
    return table_id, int(seat)

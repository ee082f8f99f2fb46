"""The server's VAPID key (RFC 8292): the P-256 key Web Push messages are signed with, whose
public half browsers subscribe to (`GET /api/push/key`).

`KLUBOVNA_VAPID_PRIVATE_KEY` (the raw 32-byte private key in base64url, as
`web-push generate-vapid-keys` prints it, or a PEM), or else derived from the server secret
(storage/secret.py): made with it on the first start, kept with it, and the same on every
process of a cluster, which shares `KLUBOVNA_SECRET` already (docs/decisions/0161).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

# The order of P-256's group: a private key is a number in [1, ORDER - 1].
ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


@dataclass(frozen=True)
class VapidKey:
    private: ec.EllipticCurvePrivateKey
    public: str
    """The public key as browsers take it (`applicationServerKey`): the uncompressed point,
    base64url without padding."""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """base64url with or without padding; raises ValueError (binascii.Error) if bad."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _key(private: ec.EllipticCurvePrivateKey) -> VapidKey:
    point = private.public_key().public_bytes(serialization.Encoding.X962,
                                              serialization.PublicFormat.UncompressedPoint)
    return VapidKey(private, b64url(point))


def derived(secret: bytes) -> VapidKey:
    """The key derived from the server secret: its own HMAC label, so it tells nothing of
    the daily decks or the replay links (and they nothing of it)."""
    digest = hmac.new(secret, b"vapid:p256", hashlib.sha512).digest()
    scalar = int.from_bytes(digest, "big") % (ORDER - 1) + 1  # 512 bits: no visible bias
    return _key(ec.derive_private_key(scalar, ec.SECP256R1()))


def given(text: str) -> VapidKey:
    """The key of `KLUBOVNA_VAPID_PRIVATE_KEY`; raises ValueError if it is not a P-256 key."""
    text = text.strip()
    try:
        if text.startswith("-----BEGIN"):
            loaded = serialization.load_pem_private_key(text.encode(), password=None)
            if not (isinstance(loaded, ec.EllipticCurvePrivateKey)
                    and isinstance(loaded.curve, ec.SECP256R1)):
                raise ValueError("not a P-256 key")
            return _key(loaded)
        raw = unb64url(text)
        if len(raw) != 32:
            raise ValueError("not 32 bytes")
        return _key(ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()))
    except ValueError as error:
        raise ValueError("KLUBOVNA_VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes "
                         f"in base64url or a PEM ({error})") from None


def load_vapid(secret: bytes) -> VapidKey:
    """The setting's key, else the secret's."""
    text = os.environ.get("KLUBOVNA_VAPID_PRIVATE_KEY")
    return given(text) if text else derived(secret)

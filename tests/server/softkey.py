"""A passkey authenticator in Python for server tests: it answers the server's WebAuthn
options as a browser with a password manager would (an ES256 key, "none" attestation, JSON
as @simplewebauthn/browser sends it). The browser tests use Chromium's virtual authenticator
instead; this one lets tests without a browser, such as the several-process ones, sign in."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class SoftKey:
    """One passkey: made by `create`, then used by `get` (its counter counts up)."""

    rp_id: str = "127.0.0.1"
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    count: int = 0
    user: bytes = b""

    def _client_data(self, kind: str, options: dict[str, Any], origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": options["challenge"], "origin": origin,
                           "crossOrigin": False}).encode()

    def _auth_data(self, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        return (hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags])
                + struct.pack(">I", self.count) + attested)

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """The answer to `navigator.credentials.create(options)`."""
        self.user = unb64(options["user"]["id"])
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})
        attested = (bytes(16) + struct.pack(">H", len(self.credential_id))
                    + self.credential_id + cose)
        auth_data = self._auth_data(0x45, attested)  # user present, verified, attested data
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(self._client_data("webauthn.create",
                                                                     options, origin)),
                             "attestationObject": b64(attestation)}}

    def get(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """The answer to `navigator.credentials.get(options)`."""
        client_data = self._client_data("webauthn.get", options, origin)
        auth_data = self._auth_data(0x05)  # user present, verified
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(),
                                  ec.ECDSA(hashes.SHA256()))
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client_data),
                             "authenticatorData": b64(auth_data),
                             "signature": b64(signature), "userHandle": b64(self.user)}}

"""One profile on every device: transfer codes, the recovery code, the list of devices
(docs/api.md, "Devices").

A profile is a nickname; each device signed in to it holds its own key. A second device
comes in with a one-time code made on a signed-in one: a transfer code (8 symbols, 10
minutes, also as a QR code of the app's link) or the recovery code (16 symbols, until used,
one at a time). Codes are Crockford base32 (no I, L, O, U: nothing to confuse), typed with
or without dashes, in any case. Only a keyed hash of each code is stored.
"""

from __future__ import annotations

import hmac
import re
import secrets

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from klubovna.server.clock import now_ms
from klubovna.server.features.device_names import device_name
from klubovna.server.features.lobbies import qr_svg
from klubovna.server.features.profiles import (
    CreatedProfile,
    CurrentProfile,
    address_of,
    limits_of,
    new_key,
    store_of,
)
from klubovna.server.http.errors import ApiError, error_responses
from klubovna.server.storage.devices import CodeRefused, Devices

router = APIRouter(prefix="/api/profiles", tags=["devices"])
ERRORS = error_responses(400, 401, 403, 404, 409, 410, 413, 422, 429)

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
TRANSFER_SYMBOLS = 8  # 40 bits for 10 minutes, guesses limited per address
RECOVERY_SYMBOLS = 16  # 80 bits: it lasts until used
TRANSFER_MS = 10 * 60_000
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


# --- codes --------------------------------------------------------------------------


def new_code(symbols: int) -> tuple[str, str]:
    """A random code: (as shown, in groups of four: 'K7QM-3XRA'; as stored: 'K7QM3XRA')."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(symbols))
    return "-".join(raw[i:i + 4] for i in range(0, symbols, 4)), raw


def normalize(typed: str) -> str | None:
    """The code as stored, from what a person typed; None when it cannot be one.

    >>> normalize(" k7qm-3xra ")
    'K7QM3XRA'
    >>> normalize("K7QM 3XRO")  # O is read as zero
    'K7QM3XR0'
    >>> normalize("K7QM-3XR") is None, normalize("K7QM-3XRU") is None
    (True, True)
    """
    code = re.sub(r"[\s-]+", "", typed).upper().translate(_READ_AS)
    if len(code) not in (TRANSFER_SYMBOLS, RECOVERY_SYMBOLS) or set(code) - set(ALPHABET):
        return None
    return code


def code_hash(request: Request, code: str) -> str:
    """A keyed hash: the database alone does not let anyone try the short codes offline."""
    secret: bytes = request.app.state.secret
    return hmac.new(secret, b"code:" + code.encode(), "sha256").hexdigest()


# --- shapes -------------------------------------------------------------------------


class TransferCode(BaseModel):
    code: str = Field(description="Type it on the other device (dashes optional).")
    expires_at: int = Field(description="Unix ms; the server's clock.")
    now: int = Field(description="The server's clock as it answered (for a countdown).")
    link: str = Field(description="The app's page that redeems it, for a phone's camera.")
    qr: str = Field(description="The link as a QR code (SVG).")


class RecoveryCode(BaseModel):
    code: str = Field(description="Shown only now; works once, like a transfer code.")


class Redeem(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: StrictStr = Field(max_length=64, description="A transfer or recovery code.")


class Device(BaseModel):
    id: str
    name: str = Field(description='From the browser ("Firefox, Android"); "" unknown.')
    created_at: int
    last_seen: int = Field(description="Unix ms, to the minute.")
    current: bool = Field(description="The device of this request's key.")


class DeviceList(BaseModel):
    devices: list[Device]


# --- endpoints ----------------------------------------------------------------------


def devices_of(request: Request) -> Devices:
    return store_of(request).devices


@router.post("/me/transfer", response_model=TransferCode, status_code=201, responses=ERRORS)
async def make_transfer(profile: CurrentProfile, request: Request) -> TransferCode:
    """A code that signs one more device in to this profile within 10 minutes; an earlier
    unused one stops working."""
    (code, raw), now = new_code(TRANSFER_SYMBOLS), now_ms()
    await run_in_threadpool(devices_of(request).new_code, code_hash(request, raw), "transfer",
                            profile.id, now, now + TRANSFER_MS)
    link = str(request.base_url).rstrip("/") + f"/#/profil/prenos/{code}"
    return TransferCode(code=code, expires_at=now + TRANSFER_MS, now=now, link=link,
                        qr=qr_svg(link, scale=6).decode())


@router.post("/me/recovery", response_model=RecoveryCode, status_code=201, responses=ERRORS)
async def make_recovery(profile: CurrentProfile, request: Request) -> RecoveryCode:
    """The recovery code, shown once: it signs a device in like a transfer code, without an
    expiry, once. A new one replaces the old."""
    code, raw = new_code(RECOVERY_SYMBOLS)
    await run_in_threadpool(devices_of(request).new_code, code_hash(request, raw), "recovery",
                            profile.id, now_ms(), None)
    return RecoveryCode(code=code)


REFUSALS = {
    "unknown": ApiError(404, "unknown_code", "No profile waits for this code; check it."),
    "used": ApiError(410, "code_used", "This code has been used; make a new one."),
    "expired": ApiError(410, "code_expired", "This code has expired; make a new one."),
}


@router.post("/transfer", response_model=CreatedProfile, status_code=201,
             responses=ERRORS)
async def redeem(body: Redeem, request: Request) -> CreatedProfile:
    """Sign this device in to the profile of a transfer or recovery code: the same profile
    (`id`), a new key of this device's own. Wrong codes count against the address's limit."""
    limiter, address = limits_of(request).wrong_codes_by_address, address_of(request)
    await limiter.check_left(address, "wrong codes")
    code = normalize(body.code)
    if code is None:
        await limiter.allow(address)
        raise ApiError(422, "bad_code", "A code has 8 or 16 letters and digits.")
    key, key_hash = new_key()
    try:
        profile, _ = await run_in_threadpool(
            devices_of(request).redeem, code_hash(request, code), ("transfer", "recovery"),
            now_ms(), secrets.token_urlsafe(12), key_hash,
            device_name(request.headers.get("user-agent")))
    except CodeRefused as refused:
        await limiter.allow(address)
        raise REFUSALS[refused.reason] from None
    return CreatedProfile(id=profile.id, nickname=profile.nickname, key=key,
                          consent=profile.consent)


@router.get("/me/devices", response_model=DeviceList, responses=ERRORS)
async def list_devices(profile: CurrentProfile, request: Request) -> DeviceList:
    """The devices signed in to this profile, the most recently seen first."""
    rows = await run_in_threadpool(devices_of(request).of, profile.id)
    current = request.state.device_id
    return DeviceList(devices=[
        Device(id=row.id, name=row.name, created_at=row.created_at, last_seen=row.last_seen,
               current=row.id == current) for row in rows])


@router.delete("/me/devices/{device_id}", status_code=204, responses=ERRORS)
async def sign_out(device_id: str, profile: CurrentProfile, request: Request) -> Response:
    """Sign a device out (this one too): its key opens nothing from now on, on every
    server process (each request looks its key up)."""
    if not await run_in_threadpool(devices_of(request).sign_out, profile.id, device_id):
        raise ApiError(404, "unknown_device", "This profile has no such device.")
    # Its club sockets close too, wherever they are (realtime/club.py).
    await request.app.state.club.notify([profile.id], {"t": "signed_out", "device": device_id})
    return Response(status_code=204)

"""Passkeys (WebAuthn, the `webauthn` package): a profile adds one on a signed-in device and
signs in with it on any device whose password manager holds it (docs/api.md, "Passkeys").

Passkeys are discoverable credentials: signing in names no profile, the passkey says whose
it is. Each ceremony's challenge is a one-time code of the database (5 minutes), so it
works across server processes. The relying party is the site's host name; the origin a
browser reports must be the request's own (the `Origin` header, whose host is that name).
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from klubovna.server.clock import now_ms
from klubovna.server.features.device_names import device_name
from klubovna.server.features.devices import code_hash, devices_of
from klubovna.server.features.profiles import CreatedProfile, CurrentProfile, new_key
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.storage.devices import CodeRefused

router = APIRouter(tags=["passkeys"])

CHALLENGE_MS = 5 * 60_000
SITE_NAME = "Klubovna"


# --- the ceremony's parts -----------------------------------------------------------


def _b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def relying_party(request: Request) -> tuple[str, str]:
    """(rp id, origin) of this request: the host name it was sent to, and the page's origin
    (`Origin`, which must name that host)."""
    host = request.url.hostname or ""
    origin = request.headers.get("origin") or str(request.base_url).rstrip("/")
    if not host or origin.split("://", 1)[-1].split(":", 1)[0].split("/", 1)[0] != host:
        raise ApiError(400, "bad_origin", "A passkey works only from the site's own page.")
    return host, origin


def challenge_of(credential: dict[str, Any]) -> bytes:
    """The challenge a browser's answer signed (its clientDataJSON), to find the ceremony."""
    try:
        client_data = json.loads(_b64(credential["response"]["clientDataJSON"]))
        return _b64(client_data["challenge"])
    except (KeyError, TypeError, ValueError, binascii.Error):
        raise ApiError(422, "bad_passkey", "This is not a passkey's answer.") from None


async def take_challenge(request: Request, credential: dict[str, Any], kind: str,
                         profile_id: str | None) -> bytes:
    challenge = challenge_of(credential)
    try:
        await run_in_threadpool(devices_of(request).take_challenge,
                                code_hash(request, challenge.hex()), kind, profile_id, now_ms())
    except CodeRefused:
        raise ApiError(422, "bad_passkey",
                       "This passkey request has expired or was used; try again.") from None
    return challenge


async def new_challenge(request: Request, kind: str, profile_id: str | None) -> bytes:
    challenge, now = secrets.token_bytes(32), now_ms()
    await run_in_threadpool(devices_of(request).new_code, code_hash(request, challenge.hex()),
                            kind, profile_id, now, now + CHALLENGE_MS)
    return challenge


# --- shapes -------------------------------------------------------------------------


class Credential(BaseModel):
    model_config = ConfigDict(extra="forbid")
    credential: dict[str, Any] = Field(
        description="What `navigator.credentials` gave, as JSON (@simplewebauthn/browser).")


class Passkey(BaseModel):
    id: str
    name: str
    created_at: int
    last_used: int | None


class PasskeyList(BaseModel):
    passkeys: list[Passkey]


def _passkey(row: Any) -> Passkey:
    return Passkey(id=row.id, name=row.name, created_at=row.created_at, last_used=row.last_used)


# --- adding one ---------------------------------------------------------------------


@router.post("/api/profiles/me/passkeys/options", responses=ERRORS)
async def passkey_options(profile: CurrentProfile, request: Request) -> Response:
    """The options for `navigator.credentials.create` (WebAuthn JSON), valid 5 minutes."""
    rp_id, _ = relying_party(request)
    existing = await run_in_threadpool(devices_of(request).passkeys_of, profile.id)
    options = generate_registration_options(
        rp_id=rp_id, rp_name=SITE_NAME, user_id=profile.id.encode(),
        user_name=profile.nickname, user_display_name=profile.nickname,
        challenge=await new_challenge(request, "passkey-add", profile.id),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=_b64(row.id))
                             for row in existing],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED),
        timeout=CHALLENGE_MS,
    )
    return Response(options_to_json(options), media_type="application/json")


@router.post("/api/profiles/me/passkeys", response_model=Passkey, status_code=201,
             responses=ERRORS)
async def add_passkey(body: Credential, profile: CurrentProfile, request: Request) -> Passkey:
    """Keep the passkey the browser made for this profile."""
    rp_id, origin = relying_party(request)
    challenge = await take_challenge(request, body.credential, "passkey-add", profile.id)
    try:
        verified = verify_registration_response(
            credential=body.credential, expected_challenge=challenge, expected_origin=origin,
            expected_rp_id=rp_id)
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise ApiError(422, "bad_passkey", f"The passkey was not accepted: {error}") from None
    credential_id = base64.urlsafe_b64encode(verified.credential_id).decode().rstrip("=")
    name = device_name(request.headers.get("user-agent"))
    try:
        row = await run_in_threadpool(
            devices_of(request).add_passkey, credential_id, profile.id,
            verified.credential_public_key, verified.sign_count, name, now_ms())
    except IntegrityError:  # the same credential twice (the browser was told to exclude it)
        raise ApiError(409, "passkey_exists", "This passkey is kept already.") from None
    return _passkey(row)


@router.get("/api/profiles/me/passkeys", response_model=PasskeyList, responses=ERRORS)
async def list_passkeys(profile: CurrentProfile, request: Request) -> PasskeyList:
    rows = await run_in_threadpool(devices_of(request).passkeys_of, profile.id)
    return PasskeyList(passkeys=[_passkey(row) for row in rows])


@router.delete("/api/profiles/me/passkeys/{passkey_id}", status_code=204, responses=ERRORS)
async def delete_passkey(passkey_id: str, profile: CurrentProfile,
                         request: Request) -> Response:
    """The passkey signs nobody in from now on (the password manager still lists it)."""
    if not await run_in_threadpool(devices_of(request).delete_passkey, profile.id, passkey_id):
        raise ApiError(404, "unknown_passkey", "This profile has no such passkey.")
    return Response(status_code=204)


# --- signing in with one ------------------------------------------------------------


@router.post("/api/passkeys/options", responses=ERRORS)
async def sign_in_options(request: Request) -> Response:
    """The options for `navigator.credentials.get`: any of this site's passkeys answers."""
    rp_id, _ = relying_party(request)
    options = generate_authentication_options(
        rp_id=rp_id, challenge=await new_challenge(request, "passkey-in", None),
        user_verification=UserVerificationRequirement.PREFERRED, timeout=CHALLENGE_MS)
    return Response(options_to_json(options), media_type="application/json")


@router.post("/api/profiles/passkey", response_model=CreatedProfile, status_code=201,
             responses=ERRORS)
async def sign_in(body: Credential, request: Request) -> CreatedProfile:
    """Sign this device in with a passkey: the passkey's profile, a new key of its own."""
    rp_id, origin = relying_party(request)
    challenge = await take_challenge(request, body.credential, "passkey-in", None)
    credential_id = str(body.credential.get("id", ""))
    stored = await run_in_threadpool(devices_of(request).passkey, credential_id)
    if stored is None:
        raise ApiError(404, "unknown_passkey",
                       "This passkey belongs to no profile here (deleted, or another site).")
    try:
        verified = verify_authentication_response(
            credential=body.credential, expected_challenge=challenge, expected_origin=origin,
            expected_rp_id=rp_id, credential_public_key=stored.public_key,
            credential_current_sign_count=stored.sign_count)
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise ApiError(422, "bad_passkey", f"The passkey was not accepted: {error}") from None
    key, key_hash = new_key()
    found = await run_in_threadpool(
        devices_of(request).passkey_sign_in, credential_id, verified.new_sign_count, now_ms(),
        secrets.token_urlsafe(12), key_hash, device_name(request.headers.get("user-agent")))
    if found is None:
        raise ApiError(404, "unknown_passkey", "This passkey was deleted meanwhile.")
    profile, _ = found
    return CreatedProfile(id=profile.id, nickname=profile.nickname, key=key,
                          consent=profile.consent)

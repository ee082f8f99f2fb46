"""Profiles: a nickname and a key, nothing else about the player (docs/api.md, "Profiles").

The key (256 bits) is shown once, when the profile is made; the database keeps only its
SHA-256. `profile_of` and `optional_profile_of` are the FastAPI dependencies that turn an
`Authorization: Bearer KEY` header into the profile, for any router that needs one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, field_validator
from starlette.concurrency import run_in_threadpool

from klubovna.server.clock import now_ms
from klubovna.server.features import nicknames
from klubovna.server.features.device_names import device_name
from klubovna.server.http.errors import ApiError, error_responses
from klubovna.server.http.ratelimit import Limits
from klubovna.server.storage.db import ProfileRow
from klubovna.server.storage.results import Statistics
from klubovna.server.storage.store import NicknameTaken, Store
from klubovna.tables import hash_key

router = APIRouter(prefix="/api/profiles", tags=["profiles"])

NICKNAME_MIN = nicknames.MIN
NICKNAME_MAX = nicknames.MAX


# --- nicknames ----------------------------------------------------------------------


def clean_nickname(raw: str) -> tuple[str, str]:
    """(nickname, key) from what the player typed; raises 422 `bad_nickname`.

    The nickname is the PRECIS Nickname form (RFC 8266: spaces trimmed and collapsed,
    NFKC, no invisible or filler characters) of 2–24 letters and digits of any script,
    spaces and `_ - .`; the key (a TR39 skeleton of the case-folded nickname) is what is
    unique, so look-alikes in other scripts or styles are one name (nicknames.py).

    >>> clean_nickname("  Šárka   Nová ")[0]
    'Šárka Nová'
    >>> clean_nickname("Admin")[1] == clean_nickname("\u0410dmin")[1]  # Cyrillic А
    True
    >>> try:
    ...     clean_nickname("a\\tb")
    ... except ApiError as error:
    ...     print(error.status, error.code, error.message)
    422 bad_nickname A nickname may hold letters, digits, spaces and _ - . only.
    """
    try:
        nickname = nicknames.enforce(raw)
    except nicknames.BadNickname as error:
        raise ApiError(422, "bad_nickname", str(error)) from None
    return nickname, nicknames.key(nickname)


def _taken() -> ApiError:
    return ApiError(409, "nickname_taken", "This nickname is taken; choose another one.")


# --- keys ---------------------------------------------------------------------------


def new_key() -> tuple[str, str]:
    """A device's key and its hash: 256 bits; only the hash is stored."""
    key = secrets.token_urlsafe(32)
    return key, hash_key(key)


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def limits_of(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


def address_of(request: Request) -> str:
    """The client's address, for in-memory rate limits only (never stored)."""
    return request.client.host if request.client is not None else "unknown"


_KEY_HELP = "The profile key: 'Bearer KEY'."


async def optional_profile_of(
    request: Request,
    authorization: Annotated[str | None, Header(description=_KEY_HELP)] = None,
) -> ProfileRow | None:
    """The profile whose key is in `Authorization: Bearer KEY`; None without the header.

    A malformed header is 401 `missing_key`, an unknown key 403 `bad_key` (a device
    signed out included). The key's device is `request.state.device_id`."""
    header = authorization if authorization is not None else request.headers.get("authorization")
    if not header:
        return None
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise ApiError(401, "missing_key", "Send the profile key as 'Authorization: Bearer KEY'.")
    found = await run_in_threadpool(
        store_of(request).devices.signed_in, hash_key(key.strip()), now_ms())
    if found is None:
        raise ApiError(403, "bad_key", "This key does not belong to any profile.")
    profile, request.state.device_id = found
    return profile


async def profile_of(
    request: Request,
    authorization: Annotated[str | None, Header(description=_KEY_HELP)] = None,
) -> ProfileRow:
    """The profile of the request's key; 401 `missing_key` without one, 403 `bad_key`."""
    profile = await optional_profile_of(request, authorization)
    if profile is None:
        raise ApiError(401, "missing_key", "Send the profile key as 'Authorization: Bearer KEY'.")
    return profile


CurrentProfile = Annotated[ProfileRow, Depends(profile_of)]


# --- shapes -------------------------------------------------------------------------


class CreateProfile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: StrictStr = Field(json_schema_extra=nicknames.SCHEMA)


def _not_null_schema(extra: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """The schema of a field that may be left out but never sent as null."""

    def edit(schema: dict[str, Any]) -> None:
        schema.update(next(s for s in schema.pop("anyOf") if s.get("type") != "null"), **extra)

    return edit


class UpdateProfile(BaseModel):
    """Only the fields sent change; `consent` cannot go back to unanswered (null)."""

    model_config = ConfigDict(extra="forbid")
    nickname: StrictStr | None = Field(
        default=None, json_schema_extra=_not_null_schema(nicknames.SCHEMA))
    consent: StrictBool | None = Field(default=None, json_schema_extra=_not_null_schema({}))
    free_chat: StrictBool | None = Field(default=None, json_schema_extra=_not_null_schema({
        "description": "Write and read own words in the rooms whose host allows them."}))

    @field_validator("nickname", "consent", "free_chat", mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        if value is None:
            raise ValueError("leave the field out rather than sending null")
        return value


class CreatedProfile(BaseModel):
    id: str
    nickname: str
    key: str = Field(description="The profile key, shown only now; send it as 'Bearer KEY'.")
    consent: bool | None


class Keeping(BaseModel):
    """What keeps the profile if this device is lost (the app warns when nothing does)."""

    devices: int = Field(description="Devices signed in, this one included.")
    passkeys: int
    recovery: bool = Field(description="An unused recovery code exists.")


class Notice(BaseModel):
    """A moderator's word to the person, shown until read (DELETE /me/notice)."""

    kind: str = Field(description='"hidden": the nickname was hidden from the boards.')
    reason: str


class ProfileOut(BaseModel):
    id: str
    nickname: str
    consent: bool | None = Field(description="Publishing consent; null until answered.")
    created_at: int
    stats: Statistics = Field(description="Each game's own statistics, by the game's id.")
    keeping: Keeping
    free_chat: bool = Field(description="Own words in the chats of rooms that allow them.")
    notice: Notice | None = None
    barred_until: int | None = Field(
        default=None, description="No online play before this time (Unix ms), by a moderator.")


ERRORS = error_responses(400, 401, 403, 409, 413, 422, 429)


def _notice(stored: str | None) -> Notice | None:
    if not stored:
        return None
    kind, _, reason = stored.partition(":")
    return Notice(kind=kind, reason=reason)


def refuse_barred(profile: ProfileRow | None) -> None:
    """403 `barred` while a moderator's bar on the profile lasts (online play only)."""
    if profile is not None and (profile.barred_until or 0) > now_ms():
        raise ApiError(403, "barred", "A moderator barred this profile from online play "
                       f"until {profile.barred_until} (Unix ms): {profile.bar_reason or ''}")


async def _profile_out(request: Request, profile_id: str) -> ProfileOut:
    store = store_of(request)
    found = await run_in_threadpool(store.profile_with_stats, profile_id, now_ms())
    if found is None:  # deleted meanwhile
        raise ApiError(403, "bad_key", "This key does not belong to any profile.")
    profile, stats = found
    keeping = await run_in_threadpool(store.devices.keeping, profile_id)
    return ProfileOut(
        id=profile.id, nickname=profile.nickname, consent=profile.consent,
        created_at=profile.created_at, stats=stats, free_chat=profile.free_chat,
        notice=_notice(profile.notice),
        barred_until=profile.barred_until if (profile.barred_until or 0) > now_ms() else None,
        keeping=Keeping(devices=keeping.devices, passkeys=keeping.passkeys,
                        recovery=keeping.recovery),
    )


# --- endpoints ----------------------------------------------------------------------


@router.post("", response_model=CreatedProfile, status_code=201, responses=ERRORS)
async def create_profile(body: CreateProfile, request: Request) -> CreatedProfile:
    """A new profile. Keep the key: it is the only way to the profile."""
    nickname, folded = clean_nickname(body.nickname)
    await limits_of(request).profiles_by_address.check(address_of(request), "new profiles")
    key, key_hash = new_key()
    device = (secrets.token_urlsafe(12), key_hash, device_name(request.headers.get("user-agent")))
    try:
        row = await run_in_threadpool(
            store_of(request).create_profile, secrets.token_urlsafe(12), nickname, folded,
            now_ms(), device,
        )
    except NicknameTaken:
        raise _taken() from None
    return CreatedProfile(id=row.id, nickname=row.nickname, key=key, consent=row.consent)


@router.get("/me", response_model=ProfileOut, responses=ERRORS)
async def get_me(profile: CurrentProfile, request: Request) -> ProfileOut:
    return await _profile_out(request, profile.id)


@router.patch("/me", response_model=ProfileOut, responses=ERRORS)
async def update_me(body: UpdateProfile, profile: CurrentProfile, request: Request) -> ProfileOut:
    """Rename, and/or answer the publishing question (true or false, any time).

    Withdrawing consent (false) also takes the profile's results off the public tables."""
    nickname = clean_nickname(body.nickname) if body.nickname is not None else None
    try:
        await run_in_threadpool(
            store_of(request).update_profile, profile.id, nickname, body.consent,
            body.free_chat)
    except NicknameTaken:
        raise _taken() from None
    return await _profile_out(request, profile.id)


@router.delete("/me", status_code=204, responses=ERRORS)
async def delete_me(profile: CurrentProfile, request: Request) -> Response:
    """The profile, its results (and so its public entries) and daily attempts are gone."""
    await run_in_threadpool(store_of(request).delete_profile, profile.id)
    return Response(status_code=204)


@router.delete("/me/notice", status_code=204, responses=ERRORS)
async def read_notice(profile: CurrentProfile, request: Request) -> Response:
    """The person has read the moderator's notice: it goes."""
    await run_in_threadpool(store_of(request).clear_notice, profile.id)
    return Response(status_code=204)


@router.get("/me/stats", response_model=Statistics, responses=ERRORS)
async def get_stats(profile: CurrentProfile, request: Request) -> Statistics:
    """Each game's own statistics, by the game's id (Matematický poker's: records, streak,
    duels; any other game's: games, won, lost, drawn and its own figures summed)."""
    stats = await run_in_threadpool(store_of(request).statistics, profile.id, now_ms())
    if stats is None:
        raise ApiError(403, "bad_key", "This key does not belong to any profile.")
    return stats


@router.delete("/me/stats", status_code=204, responses=ERRORS)
async def reset_stats(profile: CurrentProfile, request: Request) -> Response:
    """Statistics (the streak too) start again from zero; public entries stay."""
    await run_in_threadpool(store_of(request).reset_stats, profile.id, now_ms())
    return Response(status_code=204)


@router.get(
    "/me/export", responses={**ERRORS, 200: {
        "content": {"application/json": {}},
        "description": "A JSON download: profile, stats, results, daily attempts, tables.",
    }},
)
async def export_me(profile: CurrentProfile, request: Request) -> JSONResponse:
    """Everything stored about the profile, as a JSON file (the key itself is not stored)."""
    data = await run_in_threadpool(store_of(request).export, profile.id, now_ms())
    if data is None:
        raise ApiError(403, "bad_key", "This key does not belong to any profile.")
    return JSONResponse(data, headers={
        "Content-Disposition": f'attachment; filename="klubovna-profile-{profile.id}.json"',
        "Cache-Control": "no-store",
    })

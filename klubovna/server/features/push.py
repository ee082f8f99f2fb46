"""Web Push over HTTP (docs/api.md, "Web Push"): the server's VAPID key, a browser's
subscription made and withdrawn, the person's quiet hours, a topic looked at.

Only push services' hosts named in the settings are taken (`KLUBOVNA_PUSH_HOSTS`), so a
client cannot make the server post to an address of its choosing. Sending: realtime/push.py.
"""

from __future__ import annotations

import binascii
from typing import Annotated

from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter, Body, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from klubovna.server.clock import now_ms
from klubovna.server.config import Config
from klubovna.server.features.profiles import CurrentProfile, store_of
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime import push
from klubovna.server.storage.push import Push
from klubovna.server.storage.vapid import VapidKey, unb64url

router = APIRouter(prefix="/api/push", tags=["push"])

B64URL = r"^[A-Za-z0-9_-]+={0,2}$"
HOUR = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


class Key(BaseModel):
    key: str = Field(description="The VAPID public key (the uncompressed P-256 point, "
                     "base64url without padding): the browser's applicationServerKey.")


class Keys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: StrictStr = Field(max_length=128, pattern=B64URL,
                              description="The browser's P-256 public key, base64url.")
    auth: StrictStr = Field(max_length=64, pattern=B64URL,
                            description="The browser's authentication secret, base64url.")


ENDPOINT_MAX = 1024
"""The longest endpoint taken (the push services' are 150-400 characters)."""


class NewSubscription(BaseModel):
    """What the browser's PushSubscription.toJSON() gives (expirationTime may be left in)."""

    model_config = ConfigDict(extra="forbid")
    endpoint: StrictStr = Field(max_length=ENDPOINT_MAX)
    keys: Keys
    expirationTime: int | None = Field(default=None, description="Ignored.")  # noqa: N815


class Endpoint(BaseModel):
    model_config = ConfigDict(extra="forbid")
    endpoint: StrictStr = Field(max_length=ENDPOINT_MAX)


class Quiet(BaseModel):
    """Quiet hours in Prague time: no message comes from `from` to `to` (it waits till
    `to`); both null: none at all."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    start: StrictStr | None = Field(alias="from", pattern=HOUR, description='"21:00"')
    end: StrictStr | None = Field(alias="to", pattern=HOUR, description='"08:00"')


class Topic(BaseModel):
    model_config = ConfigDict(extra="forbid")
    topic: StrictStr = Field(min_length=1, max_length=push.TOPIC_MAX,
                             description='What was looked at, e.g. "game:<table id>".')


def push_of(request: Request) -> Push:
    return store_of(request).push


@router.get("/key", response_model=Key)
async def vapid_key(request: Request) -> Key:
    """The key a browser subscribes with (PushManager.subscribe's applicationServerKey)."""
    key: VapidKey = request.app.state.vapid
    return Key(key=key.public)


def checked(body: NewSubscription, config: Config) -> None:
    """422 unless the endpoint is a push service's https address and the keys are a P-256
    point and a 16-byte secret."""
    problem = push.endpoint_problem(body.endpoint, config.push_hosts, config.push_allow_http)
    if problem == "scheme":
        raise ApiError(422, "push_not_https", "A push endpoint must be an https address.")
    if problem is not None:
        raise ApiError(422, "push_host_not_allowed",
                       "This server sends only to the browsers' push services.")
    try:
        point, secret = unb64url(body.keys.p256dh), unb64url(body.keys.auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        if len(point) != 65 or len(secret) != 16:
            raise ValueError
    except (ValueError, binascii.Error):
        raise ApiError(422, "bad_push_keys", "The subscription's keys are not a P-256 "
                       "public key and a 16-byte secret.") from None


@router.post("/subscriptions", status_code=201, responses=ERRORS)
async def subscribe(body: NewSubscription, profile: CurrentProfile,
                    request: Request) -> Response:
    """Send this browser the profile's notifications (again, with new keys, when it was
    subscribed before; a profile keeps its newest 20)."""
    checked(body, request.app.state.config)
    await run_in_threadpool(push_of(request).subscribe, profile.id, request.state.device_id,
                            body.endpoint, body.keys.p256dh, body.keys.auth, now_ms())
    return Response(status_code=201)


@router.delete("/subscriptions", status_code=204, responses=ERRORS)
async def unsubscribe(body: Endpoint, profile: CurrentProfile, request: Request) -> Response:
    """Send this browser nothing more; 204 also when it was not subscribed (any more)."""
    await run_in_threadpool(push_of(request).unsubscribe, profile.id, body.endpoint)
    return Response(status_code=204)


def _minutes(hour: str) -> int:
    return int(hour[:2]) * 60 + int(hour[3:])


def _hour(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _quiet(hours: tuple[int, int] | None) -> Quiet:
    if hours is None:
        return Quiet.model_validate({"from": None, "to": None})
    return Quiet.model_validate({"from": _hour(hours[0]), "to": _hour(hours[1])})


@router.get("/quiet", response_model=Quiet, response_model_by_alias=True, responses=ERRORS)
async def quiet_hours(profile: CurrentProfile, request: Request) -> Quiet:
    """The profile's quiet hours (21:00 to 08:00 until changed)."""
    return _quiet(await run_in_threadpool(push_of(request).quiet, profile.id))


@router.put("/quiet", response_model=Quiet, response_model_by_alias=True, responses=ERRORS)
async def change_quiet_hours(body: Annotated[Quiet, Body()], profile: CurrentProfile,
                             request: Request) -> Quiet:
    """Other quiet hours; `{"from": null, "to": null}` (or equal times): none."""
    if (body.start is None) != (body.end is None):
        raise ApiError(422, "invalid_request", "Send both times, or neither.")
    hours = None if body.start is None or body.end is None else (
        _minutes(body.start), _minutes(body.end))
    if hours is not None and hours[0] == hours[1]:
        hours = None
    await run_in_threadpool(push_of(request).set_quiet, profile.id, hours)
    return _quiet(hours)


@router.post("/seen", status_code=204, responses=ERRORS)
async def topic_seen(body: Topic, profile: CurrentProfile, request: Request) -> Response:
    """The person looked at a topic (a game, a friend's request): what waits for it goes,
    and the next message of it may come."""
    await run_in_threadpool(push.seen, store_of(request), profile.id, body.topic)
    return Response(status_code=204)

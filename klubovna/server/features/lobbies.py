"""The HTTP side of every game's lobbies (rooms): open one, look one up, join, its QR code
(docs/api.md, "Lobbies"). The game itself runs over the lobby's socket (ws.py).
"""

from __future__ import annotations

import hmac
import io
import math
from typing import Annotated, Any, Literal

import segno
from fastapi import APIRouter, Depends, Header, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.core.declarations import RoomPolicy
from klubovna.server.admin import admin_token
from klubovna.server.clock import now_ms
from klubovna.server.config import Config
from klubovna.server.features import nicknames
from klubovna.server.features.profiles import (
    address_of,
    clean_nickname,
    limits_of,
    optional_profile_of,
    refuse_barred,
)
from klubovna.server.http.declared import Strict, model_of, nullable, room_declarations, sent
from klubovna.server.http.errors import ERRORS, ApiError, error_responses
from klubovna.server.realtime.lobbies import LiveLobby, Lobbies, room_url, settings_of
from klubovna.server.storage.db import ProfileRow
from klubovna.tables import normalize_code
from klubovna.tables.registry import REGISTRY
from klubovna.tables.turns import DAY_MS, DAYS_MAX, DAYS_MIN

router = APIRouter(prefix="/api/lobbies", tags=["lobbies"])

# A guest's nickname: nicknames.enforce.
NICKNAME = {**nicknames.SCHEMA,
            "description": f"Without a profile key: required. {nicknames.SCHEMA['description']}"}
RoomSettings = model_of("RoomSettings", room_declarations(), Strict)
"""The settings of every game's rooms (each field says whose); the game checks the rest."""

RETRY_AFTER_MAX = 3600
"""The longest wait a `too_many_rooms` answer names (s): the rooms counted expire when
idle for their time (7 days for some), but most end much sooner (started, left)."""

CONFLICTS = {"lobby_full", "already_started", "lobby_closed", "already_joined", "left_game"}
"""Lobby refusals answered with 409; other IllegalActions are 422."""


class CreateLobby(BaseModel):
    """A room of a game: its kind (Matematický poker: duel or group; Kostkový poker: table)
    and the settings the room takes (klubovna.core.declarations.RoomPolicy)."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(description="The game's id (unknown: `unknown_game`).")
    kind: StrictStr = Field(description="The kind of room; the game's own (else `bad_config`).")
    nickname: StrictStr | None = Field(default=None, json_schema_extra=NICKNAME)
    settings: RoomSettings = Field(  # type: ignore[valid-type]
        default_factory=RoomSettings, description="Left out: the game's defaults.")
    free_chat: StrictBool = Field(
        default=False, description="Members may write their own words in the room's chat "
        "(those whose profile chose it); else preset phrases and emoji only.")
    public: StrictBool = Field(
        default=False, description="The open list shows the room while it waits for "
        "players, and anyone may watch its table; else only its code or link finds it.")
    days_per_move: StrictInt | None = Field(
        default=None, ge=DAYS_MIN, le=DAYS_MAX,
        description="A turn-based room: each move may take this many days, on the server's "
        "clock; one who lets the time run out leaves the game as the game's leave policy "
        "says. Only for kinds of room that allow it (else `bad_config`); left out: live.")


class JoinLobby(BaseModel):
    model_config = ConfigDict(extra="forbid")

    nickname: StrictStr | None = Field(default=None, json_schema_extra=NICKNAME)


class Seat(BaseModel):
    code: str
    key: str = Field(description="The seat key for the socket's hello (shown once).")
    seat: int
    link: str = Field(description="The join link's path.")


class LobbyInfo(BaseModel):
    code: str
    game: str
    kind: str
    status: str
    settings: dict[str, Any]
    dealer_plays: bool
    players: int
    limit: int
    days_per_move: int | None = Field(description="A turn-based room's days per move; "
                                      "null: played live.")


class Host(BaseModel):
    nickname: str
    rating: int | None = Field(description="The host's rating in the game; null: none yet.")
    provisional: bool


class OpenLobby(BaseModel):
    code: str
    game: str
    kind: str
    settings: dict[str, Any]
    host: Host
    players: int
    limit: int
    days_per_move: int | None = Field(description="A turn-based room's days per move; "
                                      "null: played live.")
    table: str | None = Field(
        description="A playing room's table, to watch (`/ws/tables/{id}`, first frame "
        '`{"t": "watch"}`); null while it waits, or when its host turned watching off.')


class OpenLobbies(BaseModel):
    lobbies: list[OpenLobby]


def lobbies_of(request: Request) -> Lobbies:
    lobbies: Lobbies = request.app.state.lobbies
    return lobbies


def who(profile: ProfileRow | None, nickname: str | None) -> tuple[str, str | None]:
    """(nickname, profile id): the profile's own name, else the guest's checked one."""
    if profile is not None:
        return profile.nickname, profile.id
    if nickname is None:
        raise ApiError(422, "bad_nickname", "Say your nickname (or use a profile).")
    return clean_nickname(nickname)[0], None


def refused(error: IllegalAction) -> ApiError:
    return ApiError(409 if error.code in CONFLICTS else 422, error.code, error.message)


async def room_by_code(request: Request, code: str) -> LiveLobby:
    """The lobby for what a person typed. Wrong codes count against the address's limit,
    and an address over it gets no answer at all for a while."""
    limiter, address = limits_of(request).wrong_codes_by_address, address_of(request)
    await limiter.check_left(address, "wrong codes")
    try:
        room = await lobbies_of(request).get(normalize_code(code))
    except IllegalAction as error:
        await limiter.allow(address)
        raise ApiError(422, error.code, error.message) from None
    if room is None:
        await limiter.allow(address)
        raise ApiError(404, "unknown_lobby", "There is no open game with this code.")
    return room


def longest_idle(playing: bool = False) -> dict[str, int]:
    """Each game's longest room idle time (ms): how long a waiting room of it may last, or
    (`playing`) a playing one, which a turn-based room's days per move make longer
    (Lobby.idle_ms: the caller asks each found room whether it expired)."""
    def longest(policy: RoomPolicy) -> int:
        if playing and policy.turn_based:
            return max(policy.idle_ms, (DAYS_MAX + 1) * DAY_MS)
        return policy.idle_ms
    return {name: max(longest(policy) for policy in entry.game.rooms)
            for name, entry in REGISTRY.items() if entry.game.rooms}


def address_key(request: Request, address: str) -> str:
    """What the rooms an address opened are kept under: a keyed hash, never the address."""
    secret: bytes = request.app.state.secret
    return hmac.new(secret, b"rooms:" + address.encode(), "sha256").hexdigest()[:32]


def too_many_rooms(request: Request, bound: str, whose: str, limit: int, first: int | None,
                   now: int) -> ApiError:
    """429 `too_many_rooms`, Retry-After the seconds until the first of the rooms counted
    expires (1 to RETRY_AFTER_MAX); counted in the metrics as a refusal for `bound`."""
    request.app.state.metrics.rate_limited.labels(bound).inc()
    wait = RETRY_AFTER_MAX if first is None else math.ceil((first - now) / 1000)
    wait = min(RETRY_AFTER_MAX, max(1, wait))
    return ApiError(429, "too_many_rooms",
                    f"{limit} games {whose} are already waiting for players: start or leave "
                    f"one of them, or try again in {wait} s.",
                    headers={"Retry-After": str(wait)})


async def check_waiting_rooms(
    request: Request, key: str, profile: ProfileRow | None, now: int
) -> None:
    """Refuse a new room (`too_many_rooms`) past the bounds on rooms waiting for their
    start: per client address, per profile, and on the whole server. The store, shared by
    every process, says which rooms wait; who opened which is the limits' (memory or
    Redis). Requests at the same moment may each pass before the other's room exists: a
    bound may be passed by the requests in flight."""
    config: Config = request.app.state.config
    store, idle = lobbies_of(request).store, longest_idle()
    if config.rooms_per_address:
        opened = limits_of(request).rooms_by_address
        codes = await opened.codes(key, now)
        waiting = await run_in_threadpool(store.waiting_of, codes, now, idle) if codes else {}
        await opened.forget(key, [code for code in codes if code not in waiting])
        if len(waiting) >= config.rooms_per_address:
            raise too_many_rooms(request, "rooms_by_address", "from this address",
                                 config.rooms_per_address, min(waiting.values()), now)
    if profile is not None and config.rooms_per_profile:
        count, first = await run_in_threadpool(
            lambda: store.waiting_lobbies(now, idle, profile=profile.id))
        if count >= config.rooms_per_profile:
            raise too_many_rooms(request, "rooms_by_profile", "of this profile",
                                 config.rooms_per_profile, first, now)
    if config.rooms_waiting:
        count, first = await run_in_threadpool(store.waiting_lobbies, now, idle)
        if count >= config.rooms_waiting:
            raise too_many_rooms(request, "rooms_waiting", "on this server",
                                 config.rooms_waiting, first, now)


@router.post("", response_model=Seat, status_code=201, responses=ERRORS)
async def create_lobby(
    body: CreateLobby, request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
) -> Seat:
    """Open a room of a game (a duel, a group, a Kostkový poker table ...); the creator
    takes seat 0 (the host: a group's dealer)."""
    refuse_barred(profile)
    limits = limits_of(request)
    await limits.tables_by_address.check(address_of(request), "new games")
    if profile is not None:
        await limits.tables_by_profile.check(profile.id, "new games")
    nickname, profile_id = who(profile, body.nickname)
    known = REGISTRY.get(body.game)  # (an unknown game: Lobby.open's unknown_game)
    takes_null = nullable(known.game if known else None, body.kind)
    settings = sent(body.settings, (), takes_null, "settings.")
    opener, now = address_key(request, address_of(request)), now_ms()
    await check_waiting_rooms(request, opener, profile, now)
    try:
        room, key, seat = await lobbies_of(request).create(
            body.game, body.kind, nickname, profile_id, settings, body.free_chat, body.public,
            body.days_per_move)
    except IllegalAction as error:
        raise refused(error) from None
    if request.app.state.config.rooms_per_address:
        until = room.lobby.last_activity + room.lobby.policy.idle_ms
        await limits_of(request).rooms_by_address.add(opener, room.lobby.code, until, now)
    return Seat(code=room.lobby.code, key=key, seat=seat, link=room_url(room.lobby))


@router.get("", response_model=OpenLobbies, responses=error_responses(404, 422))
async def open_lobbies(
    request: Request,
    game: Annotated[str | None, Query(description="One game's rooms; left out: every "
                                      "game's.")] = None,
    status: Annotated[Literal["waiting", "playing"], Query(
        description="Rooms that wait for players (the default), or whose game runs (to "
        "watch).")] = "waiting",
) -> OpenLobbies:
    """The public rooms: those that wait for players and have a free seat, or those
    playing, the newest first (at most 100)."""
    if game is not None and game not in REGISTRY:
        raise ApiError(404, "unknown_game", "There is no such game.")
    store = lobbies_of(request).store
    now = now_ms()
    found = await run_in_threadpool(store.open_lobbies, game, now,
                                    longest_idle(status == "playing"), status)
    rooms = [(lobby, table) for lobby, table in found if not lobby.expired(now) and (
        status == "playing" or len(lobby.members) < lobby.limit)]
    hosts = {(lobby.members[0].profile, lobby.game) for lobby, _ in rooms
             if lobby.members and lobby.members[0].profile}
    rated = await run_in_threadpool(store.ratings_of, hosts) if hosts else {}
    out = []
    for lobby, table in rooms:
        host = lobby.members[0]
        rating = rated.get((host.profile or "", lobby.game))
        out.append(OpenLobby(
            code=lobby.code, game=lobby.game, kind=lobby.kind, settings=settings_of(lobby),
            host=Host(nickname=host.nickname, rating=rating.rating if rating else None,
                      provisional=rating.provisional if rating else True),
            players=len(lobby.members), limit=lobby.limit, days_per_move=lobby.days_per_move,
            table=table if status == "playing" and lobby.watchable else None))
    return OpenLobbies(lobbies=out)


@router.get("/{code}", response_model=LobbyInfo, responses=ERRORS)
async def get_lobby(code: str, request: Request) -> LobbyInfo:
    """What the join page shows before joining; no key needed, only the code."""
    room = await room_by_code(request, code)
    lobby = room.lobby
    return LobbyInfo(code=lobby.code, game=room.game, kind=lobby.kind, status=lobby.status,
                     settings=settings_of(lobby), dealer_plays=lobby.dealer_plays,
                     players=len(lobby.members), limit=lobby.limit,
                     days_per_move=lobby.days_per_move)


@router.post("/{code}/join", response_model=Seat, status_code=201, responses=ERRORS)
async def join_lobby(
    code: str, body: JoinLobby, request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
) -> Seat:
    refuse_barred(profile)
    room = await room_by_code(request, code)
    nickname, profile_id = who(profile, body.nickname)
    try:
        key, seat = await lobbies_of(request).join(room, nickname, profile_id)
    except IllegalAction as error:
        raise refused(error) from None
    return Seat(code=room.lobby.code, key=key, seat=seat, link=room_url(room.lobby))


def qr_svg(url: str, scale: int) -> bytes:
    """A link as a QR code (SVG, black on white whatever the theme: cameras need it)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False,
                                    title=f"QR: {url}", dark="#000", light="#fff")
    return out.getvalue()


@router.get("/{code}/qr.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS})
async def lobby_qr(code: str, request: Request) -> Response:
    """The join link as a QR code (SVG), for a phone's camera."""
    room = await room_by_code(request, code)
    url = str(request.base_url).rstrip("/") + room_url(room.lobby)
    return Response(qr_svg(url, scale=8), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})


class CloseRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: StrictStr = Field(max_length=300)


@router.post("/{code}/close", status_code=204, include_in_schema=False)
async def close_room(
    code: str, body: CloseRoom, request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Response:
    """`klubovna admin close-room`: a moderator ends the room for everyone (the moderators'
    token, admin.admin_token; the command writes the audit log)."""
    token = admin_token(request.app.state.secret)
    if not hmac.compare_digest(authorization or "", f"Bearer {token}"):
        raise ApiError(403, "not_a_moderator", "Only a moderator may close a room.")
    room = await room_by_code(request, code)
    try:
        await lobbies_of(request).close_by_moderator(room)
    except IllegalAction as error:
        raise refused(error) from None
    return Response(status_code=204)

"""The HTTP side of every game's lobbies (rooms): open one, look one up, join, its QR code
(docs/api.md, "Lobbies"). The game itself runs over the lobby's socket (ws.py).
"""

from __future__ import annotations

import io
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from klubovna.core import IllegalAction
from klubovna.server import nicknames
from klubovna.server.api import ERRORS
from klubovna.server.db import ProfileRow
from klubovna.server.declared import Strict, model_of, nullable, room_declarations, sent
from klubovna.server.errors import ApiError
from klubovna.server.profiles import address_of, clean_nickname, limits_of, optional_profile_of
from klubovna.server.rooms import Room, Rooms, settings_of
from klubovna.tables import normalize_code

router = APIRouter(prefix="/api/lobbies", tags=["lobbies"])

# A guest's nickname: nicknames.enforce.
NICKNAME = {**nicknames.SCHEMA,
            "description": f"Without a profile key: required. {nicknames.SCHEMA['description']}"}
RoomSettings = model_of("RoomSettings", room_declarations(), Strict)
"""The settings of every game's rooms (each field says whose); the game checks the rest."""

CONFLICTS = {"lobby_full", "already_started", "lobby_closed", "already_joined", "left_game"}
"""Lobby refusals answered with 409; other IllegalActions are 422."""


class CreateLobby(BaseModel):
    """A room of a game: its kind (Matematický poker: duel or group; Kostkový poker: table)
    and the settings the room takes (klubovna.core.settings.RoomPolicy)."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(description="The game's id (unknown: `unknown_game`).")
    kind: StrictStr = Field(description="The kind of room; the game's own (else `bad_config`).")
    nickname: StrictStr | None = Field(default=None, json_schema_extra=NICKNAME)
    settings: RoomSettings = Field(  # type: ignore[valid-type]
        default_factory=RoomSettings, description="Left out: the game's defaults.")


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


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def link_of(room: Room) -> str:
    """The join link's path: the game's page (its id is its route) with the code."""
    return f"/#/{room.game}/hra/{room.lobby.code}"


def who(profile: ProfileRow | None, nickname: str | None) -> tuple[str, str | None]:
    """(nickname, profile id): the profile's own name, else the guest's checked one."""
    if profile is not None:
        return profile.nickname, profile.id
    if nickname is None:
        raise ApiError(422, "bad_nickname", "Say your nickname (or use a profile).")
    return clean_nickname(nickname)[0], None


def refused(error: IllegalAction) -> ApiError:
    return ApiError(409 if error.code in CONFLICTS else 422, error.code, error.message)


async def room_by_code(request: Request, code: str) -> Room:
    """The lobby for what a person typed. Wrong codes count against the address's limit,
    and an address over it gets no answer at all for a while."""
    limiter, address = limits_of(request).wrong_codes_by_address, address_of(request)
    await limiter.check_left(address, "wrong codes")
    try:
        room = await rooms_of(request).get(normalize_code(code))
    except IllegalAction as error:
        await limiter.allow(address)
        raise ApiError(422, error.code, error.message) from None
    if room is None:
        await limiter.allow(address)
        raise ApiError(404, "unknown_lobby", "There is no open game with this code.")
    return room


@router.post("", response_model=Seat, status_code=201, responses=ERRORS)
async def create_lobby(
    body: CreateLobby, request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
) -> Seat:
    """Open a room of a game (a duel, a group, a Kostkový poker table ...); the creator
    takes seat 0 (the host: a group's dealer)."""
    limits = limits_of(request)
    await limits.tables_by_address.check(address_of(request), "new games")
    if profile is not None:
        await limits.tables_by_profile.check(profile.id, "new games")
    nickname, profile_id = who(profile, body.nickname)
    try:
        room, key, seat = await rooms_of(request).create(
            body.game, body.kind, nickname, profile_id,
            sent(body.settings, (), nullable(body.game, body.kind), "settings."))
    except IllegalAction as error:
        raise refused(error) from None
    return Seat(code=room.lobby.code, key=key, seat=seat, link=link_of(room))


@router.get("/{code}", response_model=LobbyInfo, responses=ERRORS)
async def get_lobby(code: str, request: Request) -> LobbyInfo:
    """What the join page shows before joining; no key needed, only the code."""
    room = await room_by_code(request, code)
    lobby = room.lobby
    return LobbyInfo(code=lobby.code, game=room.game, kind=lobby.kind, status=lobby.status,
                     settings=settings_of(lobby), dealer_plays=lobby.dealer_plays,
                     players=len(lobby.members), limit=lobby.limit)


@router.post("/{code}/join", response_model=Seat, status_code=201, responses=ERRORS)
async def join_lobby(
    code: str, body: JoinLobby, request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
) -> Seat:
    room = await room_by_code(request, code)
    nickname, profile_id = who(profile, body.nickname)
    try:
        key, seat = await rooms_of(request).join(room, nickname, profile_id)
    except IllegalAction as error:
        raise refused(error) from None
    return Seat(code=room.lobby.code, key=key, seat=seat, link=link_of(room))


@router.get("/{code}/qr.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS})
async def lobby_qr(code: str, request: Request) -> Response:
    """The join link as a QR code (SVG), for a phone's camera."""
    room = await room_by_code(request, code)
    url = str(request.base_url).rstrip("/") + link_of(room)
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False,
                                    title=f"QR: {url}", dark="#000", light="#fff")
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})

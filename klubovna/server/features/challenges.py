"""Challenges (docs/api.md, "Challenges"): invite a friend into a room of any game you have
opened; they hear it at once on their club socket, wherever they are in the app, and accept
(which seats them in the room, as joining does) or decline.

A challenge names a room, not a game and settings: the room already holds the game, its kind
and settings, and the page that made it (every game's) is where a person chooses them. So a
challenge works for every game without a line of its own.
"""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.features.friends import PersonOut, club_of, friends_of
from klubovna.server.features.lobbies import Seat, lobbies_of, refused
from klubovna.server.features.profiles import CurrentProfile, refuse_barred, store_of
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime import push
from klubovna.server.realtime.lobbies import LiveLobby, room_url
from klubovna.server.storage.db import ChallengeRow
from klubovna.tables import normalize_code

router = APIRouter(tags=["challenges"])

CHALLENGE_MS = 5 * 60_000
"""A challenge not answered within this time lapses (the room itself waits on)."""


class NewChallenge(BaseModel):
    model_config = ConfigDict(extra="forbid")
    to: StrictStr = Field(max_length=32, description="The friend's profile id.")


class Challenge(BaseModel):
    id: str
    by: PersonOut = Field(description="Who challenges.")
    to: PersonOut
    game: str
    kind: str
    code: str
    expires_at: int = Field(description="Unix ms of the server's clock.")


class ChallengeLists(BaseModel):
    incoming: list[Challenge]
    outgoing: list[Challenge]


def _out(row: ChallengeRow, by: str, to: str) -> Challenge:
    return Challenge(id=row.id, by=PersonOut(id=row.from_id, nickname=by),
                     to=PersonOut(id=row.to_id, nickname=to), game=row.game, kind=row.kind,
                     code=row.code, expires_at=row.expires_at)


async def _room(request: Request, code: str) -> LiveLobby:
    try:
        room = await lobbies_of(request).get(normalize_code(code))
    except IllegalAction:
        room = None
    if room is None or room.lobby.status != "waiting":
        raise ApiError(409, "room_not_waiting", "This room is not waiting for players.")
    return room


# Making and accepting a challenge are requests about a room: under its path, so that on
# several processes they reach the process that holds the room (cluster/forward.py).


@router.post("/api/lobbies/{code}/challenges", response_model=Challenge, status_code=201,
             responses=ERRORS)
async def challenge(code: str, body: NewChallenge, profile: CurrentProfile,
                    request: Request) -> Challenge:
    """Invite a friend into your waiting room `code`."""
    refuse_barred(profile)
    await request.app.state.limits.tables_by_profile.check(profile.id, "challenges")
    friends = friends_of(request)
    other = await run_in_threadpool(friends.profile_by_id, body.to)
    if other is None or not await run_in_threadpool(friends.are_friends, profile.id, other.id):
        raise ApiError(403, "not_friends", "You can challenge your friends only.")
    room = await _room(request, code)
    members = {member.profile for member in room.lobby.members}
    if profile.id not in members:
        raise ApiError(403, "not_in_room", "Challenge from a room you are in.")
    if other.id in members:
        raise ApiError(409, "already_joined", "Your friend is in this room already.")
    now = now_ms()
    row = await run_in_threadpool(friends.challenge, ChallengeRow(
        id=secrets.token_urlsafe(9), from_id=profile.id, to_id=other.id, code=room.lobby.code,
        game=room.game, kind=room.lobby.kind, created_at=now, expires_at=now + CHALLENGE_MS,
        status="waiting"))
    made = _out(row, profile.nickname, other.nickname)
    await club_of(request).notify([other.id], {"t": "challenge", **made.model_dump()})
    await run_in_threadpool(  # also to a closed app (Web Push), once until they answer
        push.notify, store_of(request), other.id, challenge_topic(row.id), "Výzva ke hře",
        f"{profile.nickname} tě zve ke hře.", room_url(room.lobby))
    return made


def challenge_topic(challenge_id: str) -> str:
    """A challenge's push message: dropped once it is answered or taken back."""
    return f"challenge:{challenge_id}"


@router.get("/api/challenges", response_model=ChallengeLists, responses=ERRORS)
async def list_challenges(profile: CurrentProfile, request: Request) -> ChallengeLists:
    """Waiting challenges to and from this profile (the app shows them when it opens)."""
    rows = await run_in_threadpool(friends_of(request).challenges, profile.id, now_ms())
    made = [_out(*row) for row in rows]
    return ChallengeLists(incoming=[c for c in made if c.to.id == profile.id],
                          outgoing=[c for c in made if c.by.id == profile.id])


def _gone() -> ApiError:
    return ApiError(404, "unknown_challenge", "This challenge is no longer waiting.")


@router.post("/api/lobbies/{code}/challenges/{challenge_id}/accept", response_model=Seat,
             status_code=201, responses=ERRORS)
async def accept(code: str, challenge_id: str, profile: CurrentProfile,
                 request: Request) -> Seat:
    """Take the challenge: a seat in its room, as joining gives (the challenger hears it)."""
    refuse_barred(profile)
    friends, now = friends_of(request), now_ms()
    row = await run_in_threadpool(friends.answer, challenge_id, profile.id, "accepted", now)
    if row is None:
        raise _gone()
    if row.code != normalize_code(code):  # (the room's own path: checked, not trusted)
        await run_in_threadpool(friends.reopen, challenge_id)
        raise _gone()
    try:
        room = await _room(request, row.code)
        key, seat = await lobbies_of(request).join(room, profile.nickname, profile.id)
    except (ApiError, IllegalAction) as error:
        await run_in_threadpool(friends.reopen, challenge_id)
        raise error if isinstance(error, ApiError) else refused(error) from None
    await club_of(request).notify([row.from_id], {
        "t": "challenge_answer", "id": row.id, "accepted": True,
        "by": {"id": profile.id, "nickname": profile.nickname}})
    await run_in_threadpool(push.seen, store_of(request), row.to_id, challenge_topic(row.id))
    return Seat(code=room.lobby.code, key=key, seat=seat, link=room_url(room.lobby))


@router.delete("/api/challenges/{challenge_id}", status_code=204, responses=ERRORS)
async def decline(challenge_id: str, profile: CurrentProfile, request: Request) -> Response:
    """Decline a challenge to you, or take back one of yours."""
    friends, now = friends_of(request), now_ms()
    row = await run_in_threadpool(friends.answer, challenge_id, profile.id, "declined", now)
    if row is not None:
        await run_in_threadpool(push.seen, store_of(request), row.to_id, challenge_topic(row.id))
        await club_of(request).notify([row.from_id], {
            "t": "challenge_answer", "id": row.id, "accepted": False,
            "by": {"id": profile.id, "nickname": profile.nickname}})
        return Response(status_code=204)
    row = await run_in_threadpool(friends.answer, challenge_id, profile.id, "withdrawn", now)
    if row is None:
        raise _gone()
    await club_of(request).notify([row.to_id], {"t": "challenge_withdrawn", "id": row.id})
    await run_in_threadpool(push.seen, store_of(request), row.to_id, challenge_topic(row.id))
    return Response(status_code=204)

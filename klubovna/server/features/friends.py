"""Friends and blocks (docs/api.md, "Friends"): ask by nickname or from a game's people,
accept, decline or unfriend, see who of them is here; block a person.

Each change tells the people it concerns on their club sockets (realtime/club.py), so an
open app shows a request or an answer at once, on every server process.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.features import nicknames
from klubovna.server.features.profiles import CurrentProfile, store_of
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime import push
from klubovna.server.realtime.club import Club
from klubovna.server.storage.friends import Blocked, Friends, Person
from klubovna.tables import normalize_code

router = APIRouter(tags=["friends"])


class Someone(BaseModel):
    """A person by nickname (as typed: the same rules as a profile's), by profile id, or as
    a member of a room you are in (`room` and `seat`: the people of a game)."""

    model_config = ConfigDict(extra="forbid")
    nickname: StrictStr | None = Field(default=None, max_length=64)
    id: StrictStr | None = Field(default=None, max_length=32)
    room: StrictStr | None = Field(default=None, max_length=16)
    seat: StrictInt | None = Field(default=None, ge=0, le=1000)

    @model_validator(mode="after")
    def _one(self) -> Someone:
        ways = [self.nickname is not None, self.id is not None,
                self.room is not None or self.seat is not None]
        if sum(ways) != 1 or (self.room is None) != (self.seat is None):
            raise ValueError("send a nickname, an id, or a room and a seat")
        return self


class PersonOut(BaseModel):
    id: str
    nickname: str


class FriendOut(PersonOut):
    online: bool
    playing: str | None = Field(description="The game being played (its id), or null.")
    watch: str | None = Field(description="The table the game may be watched at "
                              "(#/sledovat/<table>), or null.")


class FriendLists(BaseModel):
    friends: list[FriendOut]
    incoming: list[PersonOut] = Field(description="Requests waiting for this profile's answer.")
    outgoing: list[PersonOut]


class Asked(PersonOut):
    state: str = Field(description='"outgoing" (waiting for them) or "friends".')


class BlockList(BaseModel):
    blocks: list[PersonOut]


def friends_of(request: Request) -> Friends:
    return store_of(request).friends


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


async def person(request: Request, someone: Someone, me: str) -> Person:
    """The profile meant; 404 `unknown_person`, 422 for oneself."""
    friends = friends_of(request)
    if someone.room is not None:
        found = await _member(request, someone.room, someone.seat or 0, me)
    elif someone.id is not None:
        found = await run_in_threadpool(friends.profile_by_id, someone.id)
    else:
        try:
            key = nicknames.key(nicknames.enforce(someone.nickname or ""))
        except nicknames.BadNickname:
            key = ""
        found = await run_in_threadpool(friends.profile_by_key, key) if key else None
    if found is None:
        raise ApiError(404, "unknown_person", "Nobody here has this nickname.")
    if found.id == me:
        raise ApiError(422, "yourself", "You cannot be your own friend.")
    return found


async def _member(request: Request, code: str, seat: int, me: str) -> Person | None:
    """The profile of a room's member, asked by another member (from the stored room, which
    every process reads); None for a guest or no such seat."""
    try:
        stored = await run_in_threadpool(store_of(request).load_lobby, normalize_code(code))
    except IllegalAction:
        stored = None
    lobby = stored[0] if stored else None
    if lobby is None or me not in {m.profile for m in lobby.members}:
        raise ApiError(403, "not_in_room", "Only the people of a game may ask each other so.")
    member = lobby.member(seat)
    if member is None or member.profile is None:
        return None
    return await run_in_threadpool(friends_of(request).profile_by_id, member.profile)


def _blocked() -> ApiError:
    return ApiError(403, "blocked", "This person cannot be asked.")


@router.get("/api/friends", response_model=FriendLists, responses=ERRORS)
async def list_friends(profile: CurrentProfile, request: Request) -> FriendLists:
    """Friends with who is here and what they play; requests both ways."""
    lists = await run_in_threadpool(friends_of(request).lists, profile.id)
    states = await club_of(request).states(p.id for p in lists.friends)
    return FriendLists(
        friends=[FriendOut(id=p.id, nickname=p.nickname, online=states[p.id][0],
                           playing=states[p.id][1], watch=states[p.id][2])
                 for p in lists.friends],
        incoming=[PersonOut(id=p.id, nickname=p.nickname) for p in lists.incoming],
        outgoing=[PersonOut(id=p.id, nickname=p.nickname) for p in lists.outgoing])


@router.post("/api/friends", response_model=Asked, status_code=201, responses=ERRORS)
async def ask(body: Someone, profile: CurrentProfile, request: Request) -> Asked:
    """Ask someone to be friends; if they had asked you, you are friends now."""
    await request.app.state.limits.tables_by_profile.check(profile.id, "friend requests")
    other = await person(request, body, profile.id)
    try:
        state = await run_in_threadpool(friends_of(request).ask, profile.id, other.id, now_ms())
    except Blocked:
        raise _blocked() from None
    await club_of(request).notify([other.id, profile.id], {"t": "friends"})
    if state == "friends":  # both see the other's presence from now on
        await _presence_both(request, profile.id, other.id)
    else:  # also to a closed app (Web Push), once until they look
        await run_in_threadpool(
            push.notify, store_of(request), other.id, f"friend:{profile.id}",
            "Žádost o přátelství", f"{profile.nickname} tě chce mít mezi přáteli.",
            "/#/pratele")
    return Asked(id=other.id, nickname=other.nickname, state=state)


async def _presence_both(request: Request, one: str, two: str) -> None:
    club = club_of(request)
    states = await club.states([one, two])
    for me, them in ((one, two), (two, one)):
        online, playing, watch = states[them]
        await club.notify([me], {"t": "presence", "id": them, "online": online,
                                 "playing": playing, "watch": watch})


@router.post("/api/friends/{other_id}/accept", response_model=PersonOut, responses=ERRORS)
async def accept(other_id: str, profile: CurrentProfile, request: Request) -> PersonOut:
    other = await person(request, Someone(id=other_id), profile.id)
    if not await run_in_threadpool(friends_of(request).accept, profile.id, other.id, now_ms()):
        raise ApiError(404, "no_request", "This person has not asked you.")
    await club_of(request).notify([other.id, profile.id], {"t": "friends"})
    await _presence_both(request, profile.id, other.id)
    return PersonOut(id=other.id, nickname=other.nickname)


@router.delete("/api/friends/{other_id}", status_code=204, responses=ERRORS)
async def remove(other_id: str, profile: CurrentProfile, request: Request) -> Response:
    """Unfriend, decline a request, or take yours back."""
    if not await run_in_threadpool(friends_of(request).remove, profile.id, other_id):
        raise ApiError(404, "not_friends", "There is no friendship or request with them.")
    await club_of(request).notify([other_id, profile.id], {"t": "friends"})
    return Response(status_code=204)


@router.get("/api/blocks", response_model=BlockList, responses=ERRORS)
async def list_blocks(profile: CurrentProfile, request: Request) -> BlockList:
    rows = await run_in_threadpool(friends_of(request).blocks, profile.id)
    return BlockList(blocks=[PersonOut(id=p.id, nickname=p.nickname) for p in rows])


@router.post("/api/blocks", response_model=PersonOut, status_code=201, responses=ERRORS)
async def block(body: Someone, profile: CurrentProfile, request: Request) -> PersonOut:
    """No requests, challenges or messages between you from now on; a friendship ends."""
    other = await person(request, body, profile.id)
    await run_in_threadpool(friends_of(request).block, profile.id, other.id, now_ms())
    await club_of(request).notify([other.id, profile.id], {"t": "friends"})
    return PersonOut(id=other.id, nickname=other.nickname)


@router.delete("/api/blocks/{other_id}", status_code=204, responses=ERRORS)
async def unblock(other_id: str, profile: CurrentProfile, request: Request) -> Response:
    if not await run_in_threadpool(friends_of(request).unblock, profile.id, other_id):
        raise ApiError(404, "not_blocked", "You have not blocked this person.")
    return Response(status_code=204)

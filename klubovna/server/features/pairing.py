"""Quick pairing over HTTP ("Hrát s kýmkoli", docs/api.md "Quick pairing"): wait for a game
with someone of close rating; the app asks about its ticket until it has a seat.

`POST /api/pairing` {game, kind, settings} (a profile's key) -> 201 {ticket, since, ...};
`GET /api/pairing/{ticket}` -> waiting (how long, the rating window) or paired (the seat, as
`POST /api/lobbies` answers); `DELETE /api/pairing/{ticket}` -> 204, no longer waiting.
"""

from __future__ import annotations

import json
import secrets
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.server.clock import now_ms
from klubovna.server.features.lobbies import RoomSettings
from klubovna.server.features.profiles import profile_of, refuse_barred
from klubovna.server.http.declared import nullable, sent
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime.pairing import Pairing, Wish
from klubovna.server.storage.db import ProfileRow
from klubovna.server.storage.ratings import START
from klubovna.tables import Lobby
from klubovna.tables.pairing import OFFER_COMPUTER_MS, window
from klubovna.tables.registry import REGISTRY

router = APIRouter(prefix="/api/pairing", tags=["pairing"])


class Seek(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(description="The game's id (unknown: `unknown_game`).")
    kind: StrictStr = Field(description="The kind of room, for two people (`bad_pairing` "
                            "for one that would seat more or computer players).")
    settings: RoomSettings = Field(  # type: ignore[valid-type]
        default_factory=RoomSettings, description="Its main settings; people meet only "
        "with those who chose the same.")


class Ticket(BaseModel):
    ticket: str = Field(description="Secret: whoever holds it gets the seat.")
    since: int = Field(description="When the wait began (Unix ms, the server's clock).")
    offer_computer_at: int = Field(description="When the app offers the computer instead.")


class Status(BaseModel):
    status: Literal["waiting", "paired", "failed"]
    since: int | None = None
    now: int | None = Field(default=None, description="While waiting: the server's clock "
                            "now (Unix ms), to count the wait and the computer's offer by.")
    window: int | None = Field(default=None, description="Rating points either way "
                               "accepted now; null: anyone (or not waiting).")
    code: str | None = None
    key: str | None = None
    seat: int | None = None
    link: str | None = None
    error: str | None = Field(default=None, description="Why a pair's room failed.")


def pairing_of(request: Request) -> Pairing:
    pairing: Pairing = request.app.state.pairing
    return pairing


@router.post("", response_model=Ticket, status_code=201, responses=ERRORS)
async def seek(
    body: Seek, request: Request, profile: Annotated[ProfileRow, Depends(profile_of)],
) -> Ticket:
    """Wait for someone to play: a profile waits once (a new wish replaces its last)."""
    refuse_barred(profile)
    known = REGISTRY.get(body.game)
    if known is None:
        raise ApiError(422, "unknown_game", "There is no such game.")
    settings = sent(body.settings, (), nullable(known.game, body.kind), "settings.")
    try:  # the room the pair would get, tried now: bad settings are said at once
        trial = Lobby.open("TRIAL0", body.game, body.kind, profile.nickname, "-", 0,
                           settings=settings)
    except IllegalAction as error:
        raise ApiError(422, error.code, error.message) from None
    if trial.limit != 2 or trial.policy.seats[0] > 2:
        raise ApiError(422, "bad_pairing", "Quick pairing makes a table of two people: "
                       "choose a kind of room and settings for two, without computer players.")
    store, now, line = request.app.state.store, now_ms(), pairing_of(request).line
    rated = await run_in_threadpool(store.ratings_of, {(profile.id, body.game)})
    rating = rated.get((profile.id, body.game))
    # A room for two seats no computer player: its choice must keep nobody apart.
    shown = {name: value for name, value in trial.shown_settings().items()
             if name != trial.policy.robots}
    pool = json.dumps([body.game, body.kind, shown], sort_keys=True)
    for wish in await line.waiting():  # one wish a profile
        if wish.profile == profile.id:
            await line.remove(wish.ticket)
    ticket = secrets.token_urlsafe(24)
    await line.add(Wish(ticket, profile.id, profile.nickname, body.game, body.kind,
                        dict(settings), pool, rating.rating if rating else START, now, now))
    return Ticket(ticket=ticket, since=now, offer_computer_at=now + OFFER_COMPUTER_MS)


@router.get("/{ticket}", response_model=Status, responses=ERRORS)
async def ticket_status(ticket: str, request: Request) -> Status:
    """How the wait goes (asking keeps the ticket alive: an app that stops asking for 20 s
    stops waiting)."""
    line, now = pairing_of(request).line, now_ms()
    found = await line.found(ticket)
    if found is not None:
        if "error" in found:
            return Status(status="failed", error=found["error"])
        return Status(status="paired", **found)
    wish = await line.seen(ticket, now)
    if wish is None:
        raise ApiError(404, "unknown_ticket", "Nobody waits with this ticket (any more).")
    return Status(status="waiting", since=wish.since, now=now, window=window(now - wish.since))


@router.delete("/{ticket}", status_code=204, responses=ERRORS)
async def stop_seeking(ticket: str, request: Request) -> Response:
    if not await pairing_of(request).line.remove(ticket):
        raise ApiError(404, "unknown_ticket", "Nobody waits with this ticket (any more).")
    return Response(status_code=204)


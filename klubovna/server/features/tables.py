"""The tables' HTTP API: create a table (solo, ranked or the daily challenge), read a
seat's view; and the seat's key check a replay shares (hub_of, seat_of).

Request shapes are Pydantic models (they make the OpenAPI schema); what a new table is
made with is new_table.py's, the rules themselves the game engine's. With a profile key a
table is recorded: its result is written when the game ends (store.append), never sent by
a client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from klubovna.server.clock import now_ms
from klubovna.server.features.new_table import plan_table, read_config
from klubovna.server.features.profiles import address_of, limits_of, optional_profile_of
from klubovna.server.http.declared import model_of, nullable, sent, table_declarations
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime.hub import Hub, LiveTable
from klubovna.server.storage.db import ProfileRow
from klubovna.server.storage.store import AlreadyPlayed
from klubovna.tables.registry import REGISTRY, entry

router = APIRouter(prefix="/api")


class TableRequest(BaseModel):
    """A one-seat table of a game (Matematický poker: solo, ranked or the daily challenge);
    the game's settings beside these fields (CreateTable)."""

    model_config = ConfigDict(extra="forbid")

    game: Literal[tuple(REGISTRY)]  # type: ignore[valid-type]
    kind: Literal["solo", "ranked", "daily"] = Field(
        default="solo", description="Ranked and daily need a profile key."
    )
    # lt 2**63, not le 2**63 - 1: the OpenAPI document holds limits as floats, and 2**63 - 1
    # is no float (it would read 2**63); 2**63 is one, exactly.
    seed: Annotated[StrictInt | None, Field(ge=0, lt=2**63)] = Field(
        default=None, description="Tests only: refused unless the server allows it."
    )
    replay: StrictBool = Field(
        default=False,
        description="Daily only: the day's deck again, not recorded (after the attempt).",
    )


if TYPE_CHECKING:
    CreateTable = TableRequest
else:
    CreateTable = model_of("CreateTable", table_declarations(), TableRequest)
"""The request: TableRequest and every game's public settings (each field says whose),
checked by the game's declarations (read_settings) and then by the game itself."""
NOT_SETTINGS = ("game", "kind", "seed", "replay")


class CreatedTable(BaseModel):
    table: str = Field(description="The table id.")
    key: str = Field(description="The seat's access key; send it as 'Authorization: Bearer KEY'.")
    recorded: bool = Field(description="Whether the game is recorded for the profile.")
    day: str | None = Field(
        default=None, description="Daily only: the Prague day whose deck is dealt (YYYY-MM-DD)."
    )


class TableView(BaseModel):
    table: str
    version: int
    now: int = Field(description="The server clock, Unix ms.")
    view: dict[str, Any]


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


@router.post("/tables", response_model=CreatedTable, status_code=201, responses=ERRORS)
async def create_table(
    body: CreateTable,
    request: Request,
    profile: Annotated[ProfileRow | None, Depends(optional_profile_of)],
) -> CreatedTable:
    """A new table. With a profile key (`Authorization: Bearer KEY`) the game is recorded."""
    game = entry(body.game).game  # this request's one look-up; passed down
    config = read_config(game, sent(body, NOT_SETTINGS, nullable(game)), body.seed,
                         allow_seed=request.app.state.config.allow_seed)
    limits = limits_of(request)
    await limits.tables_by_address.check(address_of(request), "new tables")
    if profile is not None:
        await limits.tables_by_profile.check(profile.id, "new tables")
    hub = hub_of(request)
    new = await plan_table(game, config, kind=body.kind, seed=body.seed, replay=body.replay,
                           profile=profile, secret=request.app.state.secret, store=hub.store)
    try:
        table_id, key = await hub.create(game, new.config, new.seed, new.recording)
    except AlreadyPlayed:
        raise ApiError(409, "already_played",
                       "Today's daily challenge is played; ask with 'replay': true to play "
                       "the same deck again, unrecorded.") from None
    return CreatedTable(table=table_id, key=key, recorded=new.recording.profile_id is not None,
                        day=new.recording.daily_date)


async def seat_of(live: LiveTable, authorization: str | None, left: bool = False) -> int:
    """The seat the Bearer key opens (with `left`, also a seat that has left the table)."""
    if not authorization:
        raise ApiError(401, "missing_key", "Send the seat key as 'Authorization: Bearer KEY'.")
    scheme, _, key = authorization.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise ApiError(401, "missing_key", "Send the seat key as 'Authorization: Bearer KEY'.")
    seat = live.table.seat_for_key(key.strip(), left=left)
    if seat is None:
        raise ApiError(403, "bad_key", "This key does not open a seat at this table.")
    return seat


@router.get("/tables/{table_id}", response_model=TableView, responses=ERRORS)
async def get_table(
    table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> TableView:
    live = await hub_of(request).get(table_id)
    if live is None:
        raise ApiError(404, "unknown_table", "There is no such table.")
    seat = await seat_of(live, authorization)
    table = live.table
    return TableView(table=table.id, version=table.version, now=now_ms(),
                     view=table.game.view(table.state, seat))

"""The HTTP JSON API: create a table, read a seat's view.

Request shapes are Pydantic models (they make the OpenAPI schema); the rules
themselves are checked by the game engine, never here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from klubovna.server.clock import now_ms
from klubovna.server.errors import ApiError
from klubovna.server.hub import Hub, LiveTable

router = APIRouter(prefix="/api")


class CreateTable(BaseModel):
    """A solo Matematický poker table."""

    model_config = ConfigDict(extra="forbid")

    game: Literal["matematicky-poker"]
    mode: Literal["easy", "hard"] = "easy"
    seconds: Annotated[StrictInt | None, Field(ge=3, le=300)] = Field(
        default=None, description="Seconds per number; hard mode only (3–300)."
    )
    table: Literal["adjacent", "school", "matematico"] = "adjacent"
    seed: Annotated[StrictInt | None, Field(ge=0, le=2**63 - 1)] = Field(
        default=None, description="Tests only: refused unless the server allows it."
    )


class CreatedTable(BaseModel):
    table: str = Field(description="The table id.")
    key: str = Field(description="The seat's access key; send it as 'Authorization: Bearer KEY'.")


class TableView(BaseModel):
    table: str
    version: int
    now: int = Field(description="The server clock, Unix ms.")
    view: dict[str, Any]


class ErrorBody(BaseModel):
    code: str
    message: str


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 413, 422)
}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


@router.post("/tables", response_model=CreatedTable, status_code=201, responses=ERRORS)
async def create_table(body: CreateTable, request: Request) -> CreatedTable:
    config = body.model_dump(exclude={"game", "seed"})
    if body.seed is not None and not request.app.state.settings.allow_seed:
        raise ApiError(422, "seed_not_allowed", "This server deals its own cards.")
    table_id, key = await hub_of(request).create(body.game, config, body.seed)
    return CreatedTable(table=table_id, key=key)


async def seat_of(live: LiveTable, authorization: str | None) -> int:
    if not authorization:
        raise ApiError(401, "missing_key", "Send the seat key as 'Authorization: Bearer KEY'.")
    scheme, _, key = authorization.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise ApiError(401, "missing_key", "Send the seat key as 'Authorization: Bearer KEY'.")
    seat = live.table.seat_for_key(key.strip())
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

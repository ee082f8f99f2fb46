"""Replays of finished server tables (docs/api.md, "Replays"): from a seat's key, and from
a share link's token, which opens that one seat's replay and nothing else.

The replay is klubovna.tables.replay's, worked out in a worker thread (a long log takes a
while) and kept encoded for a few tables: a finished table's replay never changes, and a
shared link may be opened by many people at once.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.server.api import ERRORS, hub_of, seat_of
from klubovna.server.errors import ApiError
from klubovna.server.hub import LiveTable
from klubovna.server.secret import read_replay_token, replay_token
from klubovna.server.wire import dumps
from klubovna.tables.replay import replay

router = APIRouter(prefix="/api", tags=["replays"])
KEPT = 32
"""Encoded replays kept in memory (the latest asked for)."""


class ReplayMove(BaseModel):
    kind: Literal["act", "tick", "leave"]
    seat: int | None = Field(description="The acting seat; null for a tick.")
    now: int = Field(description="When, Unix ms of the server clock.")
    action: dict[str, Any] | None = Field(
        description="The replay seat's own actions only; null for other seats' (they may "
                    "carry what this seat never saw).")


class Replay(BaseModel):
    t: Literal["replay"]
    game: str
    seat: int
    frames: list[dict[str, Any]] = Field(
        description="The seat's view at the start, then after every move: the `view` of "
                    "the live view message. The last is the end view.")
    moves: list[ReplayMove] = Field(description="One per log entry (frames less one).")
    share: str = Field(description="The token of the share link: GET /api/replays/{share} "
                                   "(the web app's /#/zaznam/{share}).")


_kept: OrderedDict[tuple[str, int], str] = OrderedDict()
"""The latest replays' texts by (table, seat); touched only on the event loop."""


async def _answer(request: Request, live: LiveTable, seat: int) -> Response:
    table = live.table
    if not table.over:
        raise ApiError(409, "not_over", "The game is not over yet: its replay comes at the end.")
    key = (table.id, seat)
    text = _kept.get(key)
    if text is None:
        share = replay_token(request.app.state.secret, table.id, seat)
        try:  # (a finished table changes no more: safe to read in a thread)
            text = await run_in_threadpool(lambda: dumps({**replay(table, seat), "share": share}))
        except IllegalAction as error:  # (over was checked, and the seat is the table's)
            raise ApiError(409, error.code, error.message) from None
        _kept[key] = text
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    return Response(text, media_type="application/json")


@router.get("/tables/{table_id}/replay", response_model=Replay, responses=ERRORS)
async def table_replay(
    table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    """A finished table's replay from the seat the key opens (a seat that left too), with
    the token of its share link."""
    live = await hub_of(request).get(table_id)
    if live is None:
        raise ApiError(404, "unknown_table", "There is no such table.")
    seat = await seat_of(live, authorization, left=True)
    return await _answer(request, live, seat)


@router.get("/replays/{token}", response_model=Replay, responses=ERRORS)
async def shared_replay(token: str, request: Request) -> Response:
    """The replay a share link's token was made for (no key: the token is the key)."""
    made_for = read_replay_token(request.app.state.secret, token)
    if made_for is None:
        raise ApiError(404, "bad_token", "This replay link is not valid.")
    live = await hub_of(request).get(made_for[0])
    if live is None:
        raise ApiError(404, "unknown_table", "There is no such table.")
    return await _answer(request, live, made_for[1])

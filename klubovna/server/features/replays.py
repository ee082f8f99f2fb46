"""Replays of finished server tables (docs/api.md, "Replays"): from a seat's key, and from
a share link's token, which opens that one seat's replay and nothing else.

The replay is klubovna.tables.replay's, worked out in a worker thread (a long log takes a
while), gzipped (sent so to every client that takes it) and kept for a few tables: a
finished table's replay never changes, and a shared link may be opened by many at once.
"""

from __future__ import annotations

import gzip
import zlib
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from klubovna.core import IllegalAction
from klubovna.server.features.tables import hub_of, seat_of
from klubovna.server.http.errors import ERRORS, ApiError
from klubovna.server.realtime.hub import LiveTable
from klubovna.server.realtime.wire import dumps
from klubovna.server.storage.secret import read_replay_token, replay_token
from klubovna.tables.replay import steps
from klubovna.tables.table import Table

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


_kept: OrderedDict[tuple[str, int], bytes] = OrderedDict()
"""The latest replays' gzipped texts by (table, seat); touched only on the event loop."""


def gzipped(table: Table, seat: int, share: str) -> bytes:
    """The replay's JSON text, gzipped as it is made: frame by frame, so no more than one
    frame's text is held at a time besides the output (a replay's JSON is ~100x its gzip:
    3.4 MB and 36 kB for a four-seat Mathesso game). Raises IllegalAction as `steps`."""
    pack = zlib.compressobj(6, zlib.DEFLATED, 31)  # (31: the gzip format)
    head = dumps({"t": "replay", "game": table.game.name, "seat": seat})
    out = [pack.compress(f'{head[:-1]},"frames":['.encode())]
    moves: list[dict[str, Any]] = []
    for frame, move in steps(table, seat):
        out.append(pack.compress(("," if move is not None else "").encode()
                                 + dumps(frame).encode()))
        if move is not None:
            moves.append(move)
    out.append(pack.compress(f'],"moves":{dumps(moves)},"share":{dumps(share)}}}'.encode()))
    out.append(pack.flush())
    return b"".join(out)


async def _answer(request: Request, live: LiveTable, seat: int) -> Response:
    table = live.table
    if not table.over:
        raise ApiError(409, "not_over", "The game is not over yet: its replay comes at the end.")
    key = (table.id, seat)
    body = _kept.get(key)
    if body is None:
        share = replay_token(request.app.state.secret, table.id, seat)
        try:  # (a finished table changes no more: safe to read in a thread)
            body = await run_in_threadpool(gzipped, table, seat, share)
        except IllegalAction as error:  # too_long (over was checked, the seat is the table's)
            raise ApiError(409, error.code, error.message) from None
        _kept[key] = body
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        return Response(body, media_type="application/json",
                        headers={**headers, "Content-Encoding": "gzip"})
    return Response(gzip.decompress(body), media_type="application/json", headers=headers)


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

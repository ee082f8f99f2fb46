"""The baseline for bench/realtime.py: a bare Starlette WebSocket broadcast server.

One route, `/ws/rooms/{room}`: every text message from the room's dealer
(`?role=dealer`) goes unchanged to every member of the room, the dealer included.
Other members' messages (heartbeat pings) are read and dropped. No game logic, no
JSON, no database: what is left is Starlette, uvicorn and the socket writes, so the
real lobby server can be compared with the cost of the fan-out alone.

Run: `.venv/bin/python bench/bare_ws.py --port P` (uvicorn with the same settings as
`klubovna serve`).
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from klubovna.server.http.collector import CountSockets, collecting

rooms: dict[str, list[WebSocket]] = {}


async def room_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    room = rooms.setdefault(websocket.path_params["room"], [])
    room.append(websocket)
    dealer = websocket.query_params.get("role") == "dealer"
    try:
        while True:
            text = await websocket.receive_text()
            if not dealer:
                continue
            # One send per member, one after the other, like the real hub's fan-out.
            for member in list(room):
                try:
                    await member.send_text(text)
                except Exception:  # a closed socket: its own reader removes it
                    continue
    except WebSocketDisconnect:
        pass
    finally:
        room.remove(websocket)


@asynccontextmanager
async def lifespan(_app: Starlette) -> AsyncIterator[None]:
    # The same collector as the real server (klubovna/server/app.py), counting its sockets
    # the same way, so the comparison is of the work per message, not of garbage collection.
    async with collecting():
        yield


app = Starlette(routes=[WebSocketRoute("/ws/rooms/{room}", room_socket)], lifespan=lifespan,
                middleware=[Middleware(CountSockets)])


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    args = parser.parse_args()
    # The same uvicorn settings as `klubovna serve` (klubovna/server/cli.py), on uvicorn's
    # own protocols: the baseline has no request timeouts or connection cap (guard.py).
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=1 << 20, log_level="info",
                ws_per_message_deflate=False, loop="klubovna.server.http.loop:new_event_loop")


if __name__ == "__main__":
    main()

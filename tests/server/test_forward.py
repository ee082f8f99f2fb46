"""The cluster's relay (server/forward.py) to an owner on a real socket, with the leases
played by a stand-in: a request lost on the way to a live owner is sent again when it only
reads, answered "try again" (503 moved) when it may have been done, never held; an owner
that keeps renewing its lease but never answers gets RELAY_TRIES tries; a dead one's table
is taken over and served here."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import uvicorn

from klubovna.server.cluster import forward
from klubovna.server.cluster.forward import RELAY_TRIES, Forward
from klubovna.server.cluster.node import wall_ms
from klubovna.server.storage.leases import Holder
from tests.server.live import free_port

OWNER_SAYS = b'{"owner": true}'


class Leases:
    """The leases as the relay sees them: one owner at `url`, alive (renewing) or dead."""

    def __init__(self, url: str, alive: bool) -> None:
        self.url, self.alive, self.waits = url, alive, 0

    async def resource_for(self, kind: str, name: str) -> str:
        return f"{kind}:{name}"

    async def claim(self, resource: str) -> Holder | None:
        return Holder("owner#1", self.url, 1, wall_ms() + 3000)

    async def claim_when_free(self, resource: str, holder: Holder) -> Holder | None:
        self.waits += 1
        return dataclasses.replace(holder, expires_at=holder.expires_at + 1000) if self.alive \
            else None


async def here(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """This process's own app: answers what it serves after a take-over."""
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b'{"here": true}'})


@asynccontextmanager
async def owner(plan: list[str]) -> AsyncIterator[tuple[str, list[bytes]]]:
    """An owner on a real socket: the n-th connection's request is dropped unanswered
    ("drop") or answered ("answer"); yields its URL and the requests' first lines."""
    seen: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        await reader.readexactly(length)
        seen.append(head.split(b"\r\n")[0])
        if plan[len(seen) - 1] == "answer":
            writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                         b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
                         % (len(OWNER_SAYS), OWNER_SAYS))
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        yield f"http://127.0.0.1:{port}", seen


async def ask(relay: Forward, method: str) -> httpx.Response:
    transport = httpx.ASGITransport(app=relay)
    async with httpx.AsyncClient(transport=transport, base_url="http://front") as client:
        return await client.request(method, "/api/tables/t1", content=b"{}")


def test_a_read_lost_on_the_way_to_a_live_owner_is_sent_again() -> None:
    async def run() -> None:
        async with owner(["drop", "answer"]) as (url, seen):
            leases = Leases(url, alive=True)
            relay = Forward(here, leases, lambda token: None)
            answer = await ask(relay, "GET")
            await relay.aclose()
            assert answer.status_code == 200 and answer.content == OWNER_SAYS
            assert seen == [b"GET /api/tables/t1 HTTP/1.1"] * 2 and leases.waits == 1

    asyncio.run(run())


def test_a_write_lost_on_the_way_is_not_sent_again_and_the_client_is_told() -> None:
    async def run() -> None:
        async with owner(["drop", "answer"]) as (url, seen):
            relay = Forward(here, Leases(url, alive=True), lambda token: None)
            answer = await ask(relay, "POST")
            await relay.aclose()
            assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
            assert json.loads(answer.content)["code"] == "moved"
            assert seen == [b"POST /api/tables/t1 HTTP/1.1"]  # the owner may have done it

    asyncio.run(run())


def test_a_live_owner_that_never_answers_gets_a_few_tries_then_the_client_is_told() -> None:
    async def run() -> None:
        leases = Leases(f"http://127.0.0.1:{free_port()}", alive=True)  # nobody listens
        relay = Forward(here, leases, lambda token: None)
        answer = await ask(relay, "GET")
        await relay.aclose()
        assert answer.status_code == 503 and json.loads(answer.content)["code"] == "moved"
        assert leases.waits == RELAY_TRIES

    asyncio.run(run())


def test_a_dead_owners_table_is_taken_over_and_served_here() -> None:
    async def run() -> None:
        leases = Leases(f"http://127.0.0.1:{free_port()}", alive=False)
        relay = Forward(here, leases, lambda token: None)
        answer = await ask(relay, "POST")
        await relay.aclose()
        assert answer.status_code == 200 and answer.json() == {"here": True}
        assert leases.waits == 1

    asyncio.run(run())


def test_idle_relay_connections_close_before_the_owner_would() -> None:
    """A pooled connection kept as long as uvicorn keeps it (both 5 s by default) may be
    sent a request just as the owner closes it: the request is lost."""
    assert uvicorn.Config(app=here).timeout_keep_alive > forward.KEEPALIVE_S


def test_the_path_goes_on_as_it_came() -> None:
    """A path with characters no URL may hold once decoded (a fuzzer's challenge id of
    control characters) reaches the owner percent-encoded, as it came, never a 500."""
    async def run() -> tuple[httpx.Response, list[bytes]]:
        async with owner(["answer"]) as (url, seen):
            relay = Forward(here, Leases(url, alive=True), lambda token: None)
            transport = httpx.ASGITransport(app=relay)
            async with httpx.AsyncClient(transport=transport, base_url="http://front") as client:
                answer = await client.post("/api/lobbies/ABCDEF/challenges/%08%C3%8F/accept")
            await relay.aclose()
            return answer, seen

    answer, seen = asyncio.run(run())
    assert answer.status_code == 200 and answer.content == OWNER_SAYS
    assert seen == [b"POST /api/lobbies/ABCDEF/challenges/%08%C3%8F/accept HTTP/1.1"]

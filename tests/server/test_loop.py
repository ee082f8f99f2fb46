"""The server's event loop: its epoll hands out a few events a call, and every one in turn."""

from __future__ import annotations

import asyncio
import selectors
import socket
import sys

import pytest

from klubovna.server.http import loop

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="epoll is Linux's")

SOCKETS = 3 * loop.MAX_EVENTS + 5


def test_a_poll_returns_at_most_max_events_and_all_ready_sockets_come_in_turn() -> None:
    pairs = [socket.socketpair() for _ in range(SOCKETS)]
    selector = loop.Epoll()
    try:
        for reader, writer in pairs:
            reader.setblocking(False)
            selector.register(reader, selectors.EVENT_READ, data=reader.fileno())
            writer.send(b"x")
        seen: list[int] = []
        polls = 0
        while ready := selector.select(0):
            polls += 1
            assert len(ready) <= loop.MAX_EVENTS
            for key, events in ready:
                assert events == selectors.EVENT_READ
                assert key.fileobj.recv(8) == b"x"  # type: ignore[union-attr]
                seen.append(key.data)
        assert sorted(seen) == sorted(reader.fileno() for reader, _ in pairs)
        assert polls == -(-SOCKETS // loop.MAX_EVENTS)
    finally:
        selector.close()
        for reader, writer in pairs:
            reader.close()
            writer.close()


def test_events_are_those_asked_for_as_the_standard_selector_reports_them() -> None:
    reader, writer = socket.socketpair()
    selector = loop.Epoll()
    try:
        selector.register(writer, selectors.EVENT_READ | selectors.EVENT_WRITE, data="w")
        selector.register(reader, selectors.EVENT_READ, data="r")
        assert [(key.data, events) for key, events in selector.select(0)] == [
            ("w", selectors.EVENT_WRITE)]
        writer.send(b"x")
        assert sorted((key.data, events) for key, events in selector.select(0.5)) == [
            ("r", selectors.EVENT_READ), ("w", selectors.EVENT_WRITE)]
        assert selector.select(0) != [] and selector.select(None) != []  # (no wait: ready)
    finally:
        selector.close()
        reader.close()
        writer.close()


def test_the_loop_serves_sockets_and_timers() -> None:
    event_loop = loop.new_event_loop()
    try:
        assert isinstance(event_loop, asyncio.SelectorEventLoop)

        async def echo() -> bytes:
            async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                writer.write((await reader.readline()).upper())
                await writer.drain()
                writer.close()

            server = await asyncio.start_server(answer, "127.0.0.1", 0)
            port = server.sockets[0].getsockname()[1]
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"klubovna\n")
            await asyncio.sleep(0.001)
            line = await reader.readline()
            writer.close()
            server.close()
            await server.wait_closed()
            return line

        assert event_loop.run_until_complete(echo()) == b"KLUBOVNA\n"
    finally:
        event_loop.close()

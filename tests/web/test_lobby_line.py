"""A lobby's line that dies without a close (a phone that changed networks): the server's
messages stop, the socket stays open. The page notices the silence on its own, says it is
reconnecting, and comes back on a new socket once the server is heard again. Playwright
sits between page and server (routed WebSockets) and drives the page's clock."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.conftest import EXPECT_TIMEOUT_MS, screenshot, stop_page_clock
from tests.web.test_duel import open_lobby, player

SILENT_MS = 30_000
PING_MS = 10_000
"""As web/src/net/socket.ts."""


def said_hello(page: Page, hellos: list[int], index: int) -> None:
    """Wait until socket `index` has sent its hello: the page sends it when the socket opens,
    and only then arms the socket's pings (web/src/net/socket.ts), which the page's clock
    must find armed before it runs on."""
    deadline = time.monotonic() + EXPECT_TIMEOUT_MS / 1000
    while index not in hellos:
        assert time.monotonic() < deadline, f"socket {index} never opened"
        page.wait_for_timeout(50)


def test_a_silent_line_is_given_up_and_the_lobby_comes_back(page: Page) -> None:
    sockets: list[WebSocketRoute] = []
    silenced = [0]  # the sockets opened before this many are silenced
    hellos: list[int] = []  # the sockets that have said hello

    def route(socket: WebSocketRoute) -> None:
        index = len(sockets)
        sockets.append(socket)
        server = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if '"hello"' in str(message):
                hellos.append(index)
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if index >= silenced[0]:
                socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    page.clock.install()
    page.route_web_socket(re.compile(r"/ws/lobbies/"), route)
    open_lobby(page, "duel", "Ada")
    expect(player(page, "Ada")).to_be_visible()
    banner = page.get_by_role("status").filter(has_text="Obnovuji spojení")
    expect(banner).to_be_hidden()
    assert len(sockets) == 1

    # The server goes quiet. Within two pings past the limit the page gives the line up and
    # opens another (which stays silent too): it says it is reconnecting.
    silenced[0] = 2
    stop_page_clock(page, 1_000)
    page.clock.run_for(SILENT_MS + 2 * PING_MS)
    expect(banner).to_be_visible()
    assert len(sockets) == 2
    screenshot(page, "lobby-reconnecting")
    said_hello(page, hellos, 1)

    # Heard again on the next socket: the room is back, with nothing lost.
    page.clock.run_for(SILENT_MS + 2 * PING_MS)
    expect(banner).to_be_hidden()
    assert len(sockets) == 3
    expect(player(page, "Ada")).to_be_visible()
    expect(page.locator(".lobby-code")).to_be_visible()

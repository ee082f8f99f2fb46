"""Duel 1v1 in two browsers (two contexts: two people) against the real server: one opens a
duel, the other joins by the code typed loosely; the room (the code, the link, the QR code,
the players with their presence, what it waits for), a second tab that takes the seat over,
a reload that rejoins it; both play to the end and see the same result, with everybody's
board; then the next round, once both have agreed, to its end. Axe on the room, the game,
the end and the next round's panel; screenshots of each."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import ConsoleWatch, axe_violations, screenshot
from tests.web.test_profile import allow_http_errors

Pick = Callable[[Page], str]
"""Which free cell a player takes (the data-cell of one `.mp-cell.ready`)."""


def first_free(page: Page) -> str:
    return page.locator(".mp-cell.ready").first.get_attribute("data-cell") or ""


def best_gain(page: Page) -> str:
    """The cell the points preview marks as the largest gain (else the first free one)."""
    cell: str = page.evaluate("""() => (document.querySelector('.mp-cell.ready.best')
        ?? document.querySelector('.mp-cell.ready'))?.dataset.cell ?? ''""")
    return cell


def open_lobby(page: Page, kind: str, nickname: str, *, deal_only: bool = False) -> str:
    """Open a duel ("duel") or a group ("skupina") under `nickname`; returns the code."""
    page.goto(f"/#/matematicky-poker/{kind}")
    if deal_only:
        page.get_by_label("Jen zadává").check()
    page.get_by_label("Přezdívka").fill(nickname)
    page.get_by_role("button", name=re.compile("^Založit")).click()
    code = page.locator(".lobby-code")
    expect(code).to_have_text(re.compile(r"^[2-9A-Z]{3}-[2-9A-Z]{3}$"))
    value = code.get_attribute("data-code")
    assert value is not None and len(value) == 6
    expect(page).to_have_url(re.compile(f"#/matematicky-poker/hra/{value}$"))
    return value


def join(page: Page, nickname: str) -> None:
    """On a lobby's page without a seat yet: join under `nickname`."""
    page.get_by_label("Přezdívka").fill(nickname)
    page.get_by_role("button", name="Připojit se", exact=True).click()
    expect(page.locator(".lobby-code")).to_be_visible()


def player(page: Page, nickname: str) -> Locator:
    """`nickname`'s row in the room's list of players."""
    return page.locator(".lobby-player", has_text=nickname)


OFFERED = """() => document.querySelector('dialog.mp-joker-dialog[open]') ? 'joker'
    : document.querySelector('.mp-cell.ready') ? 'number' : null"""
"""What the page offers to do now, read in one call: a joker to decide, a number to place."""
RESULTS = "() => document.querySelector('.lobby-results') !== null"


def move(page: Page, pick: Pick) -> bool:
    """One move if the page offers one: keep a joker, or place the number in hand where
    `pick` says (then wait until the server wrote it). False when there is nothing to do."""
    offered = page.evaluate(OFFERED)
    if offered == "joker":
        kept = page.locator(".mp-kept").inner_text()
        page.get_by_role("dialog", name="Žolík").get_by_role("button", name="Uschovat").click()
        expect(page.locator(".mp-kept")).not_to_have_text(kept)
        return True
    if offered is None:
        return False
    cell = f'.mp-cell[data-cell="{pick(page)}"]'
    page.locator(cell).click()
    # Written, or the last number and the whole game is over.
    page.wait_for_function(
        "(cell) => document.querySelector(`${cell}.filled`)"
        " || document.querySelector('.lobby-results')",
        arg=cell,
    )
    return True


def play_until_results(pages: list[Page], picks: list[Pick], seconds: float = 45) -> None:
    """Each page in turn makes the move it has, until every page shows the end ranking.
    (Each turn reads a page in one call or two: a loop of small Playwright calls cost CPU.)"""
    deadline = time.monotonic() + seconds
    while not all(over := [page.evaluate(RESULTS) for page in pages]):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for page, pick, done in zip(pages, picks, over, strict=True):
            if not done and move(page, pick):
                moved = True
        if not moved:
            pages[0].wait_for_timeout(50)


def test_a_duel_in_two_browsers_to_the_end(
    people: Callable[[], Page], app_server: LiveServer, console: ConsoleWatch
) -> None:
    ada, bob = people(), people()
    code = open_lobby(ada, "duel", "Ada")
    room = ada.get_by_role("status").filter(has_text="Čekáme na soupeře")
    expect(room).to_be_visible()
    expect(ada.get_by_role("heading", name="Duel 1v1", level=1)).to_be_visible()
    expect(ada.get_by_text("Lehká · Matematický poker – vedle sebe")).to_be_visible()
    link = ada.get_by_label("Odkaz na hru")
    expect(link).to_have_value(re.compile(f"^http://127\\.0\\.0\\.1:\\d+/#/matematicky-poker/hra/{code}$"))
    qr = ada.get_by_role("img", name=f"QR kód s odkazem na hru {code[:3]}-{code[3:]}")
    expect(qr).to_have_attribute("src", f"/api/lobbies/{code}/qr.svg")
    # Drawn once its request is answered (read at once, it was not yet, once in a run).
    ada.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    expect(ada.get_by_role("button", name="Spustit duel")).to_be_disabled()
    expect(player(ada, "Ada")).to_contain_text("zakládá")
    expect(player(ada, "Ada")).to_contain_text("připojen")
    ada.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ada.get_by_role("button", name="Kopírovat odkaz").click()
    expect(ada.get_by_text("Odkaz je zkopírovaný.")).to_be_visible()
    assert ada.evaluate("navigator.clipboard.readText()") == link.input_value()
    screenshot(ada, "duel-room-1100")
    assert axe_violations(ada) == []

    # Bob types the code as he heard it: lower case, a dash, spaces.
    bob.goto("/#/matematicky-poker/duel")
    bob.get_by_label("Kód hry").fill(f" {code[:3].lower()} - {code[3:].lower()} ")
    bob.get_by_role("button", name="Připojit se", exact=True).click()
    expect(bob).to_have_url(re.compile(f"#/matematicky-poker/hra/{code}$"))
    expect(bob.get_by_role("heading", name="Připojit se: Duel 1v1")).to_be_visible()
    expect(bob.get_by_text("Ve hře: 1 ze 2.")).to_be_visible()
    join(bob, "Bob")
    expect(bob.get_by_role("button", name="Spustit duel")).to_have_count(0)
    bob.get_by_role("button", name="Ukázat QR kód").click()  # the host sees it at once
    expect(bob.get_by_role("img", name=re.compile("^QR kód s odkazem na hru"))).to_be_visible()
    expect(bob.get_by_role("status").filter(has_text="Čekáme, až Ada spustí duel.")).to_be_visible()
    expect(player(ada, "Bob")).to_contain_text("připojen")
    expect(ada.get_by_role("status").filter(has_text="Soupeř je tady")).to_be_visible()

    # Away and back: the room says so; a reload keeps the seat (the key is kept per code).
    bob.goto("/#/")
    expect(player(ada, "Bob")).to_contain_text("odpojen")
    expect(ada.get_by_role("status").filter(has_text="Soupeř se odpojil")).to_be_visible()
    expect(ada.get_by_role("button", name="Spustit duel")).to_be_disabled()
    bob.go_back()
    expect(player(ada, "Bob")).to_contain_text("připojen")
    bob.reload()
    expect(bob.locator(".lobby-player")).to_have_count(2)
    expect(player(bob, "Bob")).to_contain_text("ty")

    # A second tab of Bob's takes the seat over; the first can take it back.
    second = bob.context.new_page()
    second.goto(f"/#/matematicky-poker/hra/{code}")
    expect(second.locator(".lobby-code")).to_be_visible()
    taken = bob.get_by_role("alert").filter(has_text="otevřená v jiné kartě")
    expect(taken).to_be_visible()
    bob.get_by_role("button", name="Hrát tady").click()
    expect(second.get_by_role("button", name="Hrát tady")).to_be_visible()
    second.close()
    expect(bob.locator(".lobby-code")).to_be_visible()

    ada.get_by_role("button", name="Spustit duel").click()
    for page in (ada, bob):
        expect(page.locator(".mp-board")).to_be_visible()
        expect(page.locator(".mp-hand-value")).not_to_have_text("–")
        expect(page.locator(".lobby-ranking tbody tr")).to_have_count(2)
    for page in (ada, bob):  # a first card that is a joker (random deck) is kept first
        if page.get_by_role("dialog", name="Žolík").is_visible():
            assert move(page, first_free)
    # Either may draw the next number earlier (G): it joins both queues.
    ada.keyboard.press("g")
    expect(ada.locator(".lobby-queue")).to_have_text("Ve frontě za tímhle: 1")
    expect(bob.locator(".lobby-queue")).to_have_text("Ve frontě za tímhle: 1")
    screenshot(bob, "duel-game-1100")
    assert axe_violations(bob) == []

    # The server dies mid-game: both pages say so, then reconnect (hello with the last
    # version seen) and go on where they were.
    move(ada, first_free)
    move(bob, first_free)
    app_server.kill()
    expect(ada.get_by_role("status").filter(has_text="Obnovuji spojení…")).to_be_visible()
    app_server.start()
    for page in (ada, bob):
        expect(page.get_by_text("Obnovuji spojení…")).to_have_count(0, timeout=15_000)
        expect(page.locator(".mp-cell.filled")).to_have_count(1)
    # Chromium logs each refused reconnection attempt; nothing else may have gone wrong.
    console.errors = [e for e in console.errors if "ERR_CONNECTION_REFUSED" not in e]

    # Different cells, so the boards (and most likely the scores) differ.
    play_until_results([ada, bob], [first_free, best_gain])
    verdicts = [p.locator(".lobby-verdict").get_attribute("data-verdict") or "" for p in (ada, bob)]
    assert sorted(verdicts) in (["loss", "win"], ["draw", "draw"]), verdicts
    winner = "Ada" if verdicts[0] == "win" else "Bob"
    for page, verdict in zip((ada, bob), verdicts, strict=True):
        expect(page.get_by_role("heading", name="Konec hry", level=1)).to_be_visible()
        text = {"win": "Vyhráváš! Duel je tvůj.", "loss": f"Duel vyhrává {winner}.",
                "draw": "Remíza: stejně bodů i zaplněných políček."}[verdict]
        expect(page.locator(".lobby-verdict")).to_have_text(text)
        expect(page.locator(".lobby-final-table tbody tr")).to_have_count(2)
        expect(page.locator(".lobby-mini")).to_have_count(2)
        expect(page.get_by_text("Bez profilu se hra nikam nezapsala.")).to_be_visible()
    # Both see the same final ranking, the boards full.
    tables = [page.locator(".lobby-final-table tbody tr").all_inner_texts() for page in (ada, bob)]
    ada_rows, bob_rows = ([row.replace("ty", "").split() for row in rows] for rows in tables)
    assert ada_rows == bob_rows
    assert ada.locator(".lobby-mini td.empty").count() == 0
    screenshot(ada, "duel-end-1100")
    assert axe_violations(ada) == []
    # Bob's replay from the server: midway Ada's board as far as he had come, by her name.
    bob.get_by_role("button", name="Záznam hry").click()
    stepper = bob.get_by_role("region", name="Přehrávání záznamu")
    slider = stepper.get_by_role("slider", name="Tah")
    expect(slider).to_be_visible(timeout=30_000)
    slider.fill(str(int(slider.get_attribute("max") or "0") // 2))
    expect(stepper.locator(".mp-replay-others figcaption")).to_contain_text("Ada")
    assert 0 < stepper.locator(".mp-replay-others td:not(.empty)").count() < 25
    # A reload shows the end again (the closed lobby still answers).
    ada.reload()
    expect(ada.locator(".lobby-verdict")).to_have_attribute("data-verdict", verdicts[0])

    # The rematch ("Odveta": a duel's next_round is "all", it waits until both agree), on these
    # two pages: a duel of its own for this paid two browsers, a lobby and a whole game.
    for page in (ada, bob):
        expect(page.locator(".lobby-again")).to_contain_text(
            "Odveta se stejným nastavením začne, až budou souhlasit všichni, kdo tu zůstali.")
        expect(page.locator(".lobby-again .lobby-state")).to_have_text("Zatím nikdo nesouhlasí.")
    ada.get_by_role("button", name="Odveta").click()
    for page in (ada, bob):
        expect(page.locator(".lobby-again .lobby-state")).to_have_text(
            "Souhlasí: Ada. Čeká se na: Bob.")
    # Ada may take it back, and agree again; the round waits for Bob all the while.
    ada.get_by_role("button", name="Nechci odvetu").click()
    expect(bob.locator(".lobby-again .lobby-state")).to_have_text("Zatím nikdo nesouhlasí.")
    ada.get_by_role("button", name="Odveta").click()
    expect(ada.get_by_role("button", name="Nechci odvetu")).to_be_visible()
    screenshot(bob, "duel-next-round")
    assert axe_violations(bob) == []
    bob.get_by_role("button", name="Odveta").click()
    for page in (ada, bob):  # a fresh board for both, the last round's end gone
        expect(page.locator(".mp-board")).to_be_visible()
        expect(page.locator(".lobby-results")).to_have_count(0)
        expect(page.locator(".lobby-again")).to_have_count(0)
        expect(page.locator(".mp-cell.filled")).to_have_count(0)
    for page in (ada, bob):
        if page.get_by_role("dialog", name="Žolík").is_visible():
            assert move(page, first_free)
    play_until_results([ada, bob], [first_free, best_gain])
    expect(ada.locator(".lobby-again")).to_have_attribute("data-round", "2")


def test_duels_and_groups_need_the_server(
    context: BrowserContext, page: Page, console: ConsoleWatch
) -> None:
    page.goto("/#/matematicky-poker/duel")
    # A code typed wrong is caught before anything is asked of the server.
    page.get_by_label("Kód hry").fill("ABC-DE0")
    page.get_by_role("button", name="Připojit se", exact=True).click()
    expect(page.get_by_text("Kód má šest znaků")).to_be_visible()
    expect(page.get_by_label("Kód hry")).to_be_focused()
    # Without a nickname (and no profile) nothing is sent either.
    page.get_by_role("button", name="Založit duel").click()
    expect(page.get_by_label("Přezdívka")).to_be_focused()
    expect(page.get_by_label("Přezdívka")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Přezdívka").fill("Ota")
    context.set_offline(True)
    page.get_by_role("button", name="Založit duel").click()
    needs = "Duel a hra ve skupině potřebují připojení k serveru"
    expect(page.get_by_role("status").filter(has_text=needs)).to_be_visible()
    page.goto("/#/matematicky-poker")
    expect(page.get_by_text("Duel a hra ve skupině potřebují připojení k serveru.")).to_be_visible()
    page.goto("/#/matematicky-poker/hra/ABCDEF")
    # a code names no game yet: the words name none either
    needs_code = "Hra s kódem potřebuje připojení k serveru"
    expect(page.get_by_role("status").filter(has_text=needs_code)).to_be_visible()
    context.set_offline(False)
    page.get_by_role("button", name="Zkusit znovu").click()
    expect(page.get_by_text("Hra s tímto kódem neexistuje nebo už skončila.")).to_be_visible()
    console.errors = [e for e in console.errors if "ERR_INTERNET_DISCONNECTED" not in e]
    allow_http_errors(console, 404)

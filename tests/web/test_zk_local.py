"""Žolíky s kameny on one device ("Místní hra") in the engine worker: two people, a known
deal (seed 1: Hráč 1 holds black 9 10 11, an initial meld of 30). Hráč 1 builds the meld
with the keyboard and a tap, sees a wrong set marked with the engine's reason, reloads with
the edits unconfirmed (they are still there), confirms; the rack is hidden at the hand-over
until Hráč 2 reveals it; Hráč 2 melds by dragging tiles with the mouse; Hráč 1 rearranges
the table by dragging (a tile of Hráč 2's run into a new group) and Hráč 2 draws with one
press. Before the game, on the same page: the setup's two modes and the rules page."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import ConsoleWatch, axe_violations
from tests.web.shots import four_looks


def rack_tile(page: Page, name: str) -> Locator:
    return page.locator(".zk-rack").get_by_role("button", name=name, exact=True).first


def drag(page: Page, tile: Locator, target: Locator, at: tuple[int, int] | None = None) -> None:
    """Press `tile`, move the mouse in steps and let go over `target` (at a point of it)."""
    box, goal = tile.bounding_box(), target.bounding_box()
    assert box and goal
    x, y = (goal["x"] + at[0], goal["y"] + at[1]) if at else (
        goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(x, y, steps=5)
    page.mouse.up()


def settled(page: Page) -> None:
    """Wait while the engine reads the edited sets (a reason may appear and move them)."""
    expect(page.locator(".zk-table[aria-busy='true']")).to_have_count(0)


def test_the_setup_the_rules_page_and_two_people_meld_hand_over_and_draw(page: Page) -> None:
    # The setup and the rules page first, in the page the game is then played in (its own
    # test paid a page load for them).
    page.goto("/#/zoliky-s-kameny?seed=1")
    expect(page.locator(".zk-mode")).to_have_text([
        "Proti počítačiVy proti počítači s uloženou obtížností.",
        "Místní hra2 až 4 lidé na jednom zařízení; při předání se stojánek skryje."])
    four_looks(page, "zk-setup", full_page=True)
    assert axe_violations(page) == []
    page.get_by_role("link", name="Pravidla").first.click()
    expect(page.get_by_role("heading", name="Pravidla: Žolíky s kameny")).to_be_visible()
    examples = page.locator(".zk-example .zk-tile")
    expect(examples.first).to_have_accessible_name("červená 7")
    expect(examples.nth(5)).to_have_accessible_name("žolík")
    four_looks(page, "zk-rules", full_page=True)
    assert axe_violations(page) == []
    page.go_back()

    page.locator(".zk-mode", has_text="Místní hra").click()
    page.get_by_role("radio", name="2", exact=True).check()
    page.get_by_role("button", name="Začít hru").click()
    # Hráč 1 too is handed the device before the rack shows.
    expect(page.get_by_role("heading", name="Na tahu: Hráč 1")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Ukázat").click()
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
    expect(page.locator(".zk-player.turn")).to_contain_text("Hráč 1")

    # Sorting the rack by number puts the 1s first (display only).
    page.get_by_role("button", name="podle čísla").click()
    expect(page.locator(".zk-rack .zk-tile").first).to_have_accessible_name("modrá 1")

    # The keyboard: Space selects a tile; a tap selects the others; then "Nová skupina".
    rack_tile(page, "černá 9").focus()
    page.keyboard.press("Space")
    expect(rack_tile(page, "černá 9")).to_have_attribute("aria-pressed", "true")
    rack_tile(page, "černá 10").click()
    rack_tile(page, "černá 11").click()
    expect(page.get_by_role("button", name="Potvrdit tah")).to_be_disabled()
    page.get_by_role("button", name="Nová skupina").click()
    meld = page.locator(".zk-set").first
    expect(meld.locator(".zk-tile")).to_have_count(3)
    expect(page.get_by_role("button", name="Potvrdit tah")).to_be_enabled()

    # Enter on a set adds the selected tiles to it: red 4 does not belong there, and the
    # engine's reason is shown at the set until the edit is undone.
    rack_tile(page, "červená 4").click()
    meld.locator(".zk-tile").first.focus()
    page.keyboard.press("Enter")
    expect(meld.locator(".zk-tile")).to_have_count(4)
    expect(meld).to_have_class("zk-set bad", timeout=30_000)
    expect(meld.locator(".zk-reason")).to_contain_text("To není skupina ani řada")
    expect(page.get_by_role("button", name="Potvrdit tah")).to_be_disabled()
    expect(page.get_by_role("button", name="Obnovit a dobrat")).to_be_visible()
    page.get_by_role("button", name="Vrátit úpravu").click()
    expect(meld.locator(".zk-tile")).to_have_count(3)
    expect(meld).not_to_have_class("zk-set bad")

    # The unconfirmed meld survives a reload (saved with the table).
    page.reload()
    page.get_by_role("button", name="Ukázat").click(timeout=60_000)
    expect(page.locator(".zk-set .zk-tile")).to_have_count(3)
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(11)
    four_looks(page, "zk-local-edit")
    assert axe_violations(page) == []
    # Back to the choice of game: the game stays saved and goes on, edits included.
    page.get_by_role("button", name="Zpět na výběr hry").click()
    expect(page.locator(".zk-saved")).to_have_text(
        "Místní hra je uložená v tomto prohlížeči: můžete v ní pokračovat, nebo začít novou.")
    page.get_by_role("button", name="Pokračovat ve hře").click()
    page.get_by_role("button", name="Ukázat").click(timeout=30_000)
    expect(page.locator(".zk-set .zk-tile")).to_have_count(3)
    page.get_by_role("button", name="Potvrdit tah").click()

    # The hand-over: nothing of either rack on screen until Hráč 2 reveals it.
    expect(page.get_by_role("heading", name="Na tahu: Hráč 2")).to_be_visible()
    expect(page.locator(".zk-tile")).to_have_count(0)
    page.get_by_role("button", name="Ukázat").click()
    expect(page.locator(".zk-set .zk-tile")).to_have_count(3)
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
    expect(page.locator(".zk-status")).to_contain_text("Poslední tah – Hráč 1: kameny na stůl (3).")

    # Hráč 2 melds red 10, the joker, 12 and 13 by dragging: the first onto the table's
    # free space makes a new set, the others are dropped onto that set.
    drag(page, rack_tile(page, "červená 12"), page.locator(".zk-table"), at=(600, 40))
    new = page.locator(".zk-set").nth(1)
    expect(new.locator(".zk-tile")).to_have_count(1)
    settled(page)
    for count, name in enumerate(("červená 13", "žolík", "červená 10"), 2):
        drag(page, rack_tile(page, name), new)
        expect(new.locator(".zk-tile")).to_have_count(count)
        settled(page)
    expect(new.locator(".zk-tile")).to_have_count(4)
    expect(new).not_to_have_class("zk-set bad", timeout=30_000)
    labels = new.locator(".zk-tile").evaluate_all("(tiles) => tiles.map((tile) => tile.ariaLabel)")
    assert labels == [f"{name}, z vašeho stojánku" for name in
                      ("červená 10", "žolík", "červená 12", "červená 13")]  # the engine's order
    page.get_by_role("button", name="Potvrdit tah").click()

    expect(page.get_by_role("heading", name="Na tahu: Hráč 1")).to_be_visible()
    page.get_by_role("button", name="Ukázat").click()
    expect(page.locator(".zk-set")).to_have_count(2)

    # Hráč 1 has melded, so the table may be rearranged: red 13 leaves the run (10 J 12
    # stays a run) for the table's free space, and blue and orange 13 join it: a group.
    run = page.locator(".zk-set").nth(1)
    drag(page, run.get_by_role("button", name="červená 13"), page.locator(".zk-table"),
         at=(700, 40))
    group = page.locator(".zk-set").nth(2)
    expect(group.locator(".zk-tile")).to_have_count(1)
    settled(page)
    for count, name in enumerate(("modrá 13", "oranžová 13"), 2):
        drag(page, rack_tile(page, name), group)
        expect(group.locator(".zk-tile")).to_have_count(count)
        settled(page)
    expect(group.locator(".zk-tile")).to_have_count(3)
    expect(page.locator(".zk-set.bad")).to_have_count(0, timeout=30_000)
    expect(run.locator(".zk-tile")).to_have_count(3)
    page.get_by_role("button", name="Potvrdit tah").click()

    expect(page.get_by_role("heading", name="Na tahu: Hráč 2")).to_be_visible()
    page.get_by_role("button", name="Ukázat").click()
    expect(page.locator(".zk-set")).to_have_count(3)
    expect(page.locator(".zk-status")).to_contain_text("Poslední tah – Hráč 1: kameny na stůl (2).")
    page.get_by_role("button", name="Dobrat kámen").click()
    expect(page.get_by_role("heading", name="Na tahu: Hráč 1")).to_be_visible()
    page.get_by_role("button", name="Ukázat").click()
    expect(page.locator(".zk-rack .zk-tile")).to_have_count(9)
    expect(page.locator(".zk-players")).to_contain_text("Kamenů: 11")
    expect(page.locator(".mp-info")).to_have_text("Kolo 1 · v zásobě 77")

def test_a_finger_holds_a_tile_to_drag_it(browser: Browser, app_server: LiveServer,
                                          console: ConsoleWatch) -> None:
    """On a touch screen a tile held still for a moment is dragged; a quick swipe over it
    is no drag (the page may scroll), and a tap selects it."""
    # (no service worker, as in conftest's contexts: its precache of the whole app and the
    # engine preload after it cost 3-4 CPU-s, for nothing this test asserts)
    context = browser.new_context(base_url=app_server.http, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True, service_workers="block")
    context.on("page", console.watch)
    try:
        page = context.new_page()
        page.goto("/#/zoliky-s-kameny?seed=1")
        page.locator(".zk-mode", has_text="Místní hra").tap()
        page.get_by_role("button", name="Začít hru").tap()
        page.get_by_role("button", name="Ukázat").tap(timeout=60_000)
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(14)
        touch = context.new_cdp_session(page)

        def send(kind: str, points: list[dict[str, float]]) -> None:
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        def finger(tile: Locator, hold_ms: int) -> None:
            """Press `tile`, hold, and move to the table's free space in small steps."""
            tile.evaluate("(element) => element.scrollIntoView({block: 'center'})")
            box, table = tile.bounding_box(), page.locator(".zk-table").bounding_box()
            assert box and table
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            goal = (table["x"] + table["width"] - 30, table["y"] + 20)
            send("touchStart", [{"x": x, "y": y}])
            page.wait_for_timeout(hold_ms)  # the hold itself is what is tested
            for step in range(1, 7):
                send("touchMove", [{"x": x + (goal[0] - x) * step / 6,
                                    "y": y + (goal[1] - y) * step / 6}])
            send("touchEnd", [])

        finger(rack_tile(page, "černá 9"), hold_ms=400)
        laid = page.locator(".zk-set .zk-tile")
        expect(laid).to_have_accessible_name("černá 9, z vašeho stojánku")
        finger(rack_tile(page, "černá 10"), hold_ms=0)
        expect(page.locator(".zk-rack .zk-tile")).to_have_count(13)
        expect(page.locator(".zk-set")).to_have_count(1)
        rack_tile(page, "černá 10").tap()
        expect(rack_tile(page, "černá 10")).to_have_attribute("aria-pressed", "true")
    finally:
        context.close()

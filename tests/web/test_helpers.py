"""The helper modes of Matematický poker in a real browser: the number picker deals the engine's
own shuffled deck (survives a reload, only Zamíchat resets it) and the manual table shows
exactly Python's score_board for what was typed."""

from __future__ import annotations

from collections import Counter
from contextlib import suppress
from typing import Any, Literal

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from klubovna.games.matematicky_poker import score_board
from klubovna.games.matematicky_poker.state import shuffled_deck
from tests.web.conftest import EXPECT_TIMEOUT_MS, axe_violations, screenshot

PICKER = "/#/matematicky-poker/vyber-cisel"
MANUAL = "/#/matematicky-poker/tabulka"
ENGINE = 40_000  # ms: Pyodide's first load in a fresh profile

# fmt: off
BOARD: list[int | None] = [
    7, 7, 7, 7, 6,
    9, 8, 7, 6, 5,
    4, 4, 4, 9, 9,
    1, 13, 1, 13, 1,
    12, 1, 10, 13, 11,
]
# fmt: on


def shoot(page: Page, name: str, width: int, scheme: Literal["light", "dark"]) -> None:
    """A full-page screenshot at `width` px in the light or dark scheme, from the top."""
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": 780 if width < 600 else 900})
    page.evaluate("scrollTo(0, 0)")
    screenshot(page, f"helpers-{name}-{width}-{scheme}")


def card(value: int) -> str:
    return "Žolík" if value == 0 else str(value)


def picker_state(page: Page) -> dict[str, int]:
    state: dict[str, int] = page.evaluate("JSON.parse(localStorage.getItem('klubovna.mp.picker'))")
    return state


DRAWN_SHOWN = """() => {
  const text = (el) => el ? el.textContent.replace(/\\s+/g, ' ').trim() : null;
  const status = [...document.querySelectorAll('[role=status], output')]
    .find((el) => el.textContent.includes('Karta'));
  return {
    history: [...document.querySelectorAll('.history li')].map(text),
    position: document.querySelector('.picker-count')?.dataset.position ?? null,
    left: Object.fromEntries([...document.querySelectorAll('.remaining li[data-value]')]
      .map((li) => [li.dataset.value, li.dataset.left])),
    card: text(document.querySelector('.big-card .value')),
    status: text(status),
  };
}"""
"""What the picker shows: the cards drawn, the position, how many of each value are left,
the card on show and the status line (null where there is none)."""
SHOWS_ALL = """(shown, want) => {
  // Objects compared whatever the order of their keys.
  const key = (v) => JSON.stringify(v && typeof v === 'object' && !Array.isArray(v)
    ? Object.entries(v).sort() : v);
  return Object.keys(want).every((name) => key(shown[name]) === key(want[name]));
}"""


def expect_drawn(page: Page, deck: tuple[int, ...], n: int) -> None:
    """The picker shows the first `n` cards of `deck` drawn: one wait for all it shows (a
    Playwright call for each value left cost a round trip each), then the comparison that
    says what differs."""
    drawn = deck[:n]
    left = Counter({v: 4 for v in range(1, 14)} | {0: 2})
    left.subtract(drawn)
    want: dict[str, Any] = {
        "history": [card(v) for v in drawn],
        "position": str(n),
        "left": {str(value): str(count) for value, count in left.items()},
    }
    if n:
        want |= {"card": card(drawn[-1]), "status": f"Karta {n} z 54: {card(drawn[-1])}"}
    with suppress(PlaywrightTimeoutError):  # the comparison below says what differs
        page.wait_for_function(f"want => ({SHOWS_ALL})(({DRAWN_SHOWN})(), want)", arg=want,
                               timeout=EXPECT_TIMEOUT_MS)
    shown = page.evaluate(DRAWN_SHOWN)
    assert {key: shown[key] for key in want} == want


def test_the_helpers_in_one_tab(page: Page) -> None:
    """The number picker, its empty deck, then the manual table, as one person uses them
    one after another: one page (a page each cost a context, a page load and a cold start
    of the engine; the picker's and the table's reloads still start it anew)."""
    number_picker_draws_the_engines_deck(page)
    number_picker_says_when_the_deck_is_empty(page)
    manual_table_scores_with_the_engine(page)


def number_picker_draws_the_engines_deck(page: Page) -> None:
    page.goto(PICKER)
    expect(page.get_by_role("heading", name="Výběr čísel", level=1)).to_be_visible()
    expect(page.locator(".picker-count")).to_be_visible(timeout=ENGINE)
    seed = picker_state(page)["seed"]
    assert 0 <= seed < 2**53
    deck = shuffled_deck(seed)
    expect_drawn(page, deck, 0)

    draw = page.get_by_role("button", name="Táhnout")
    draw.click()
    expect_drawn(page, deck, 1)
    page.keyboard.press("Space")  # focus is on the button: it clicks once, no second draw
    expect_drawn(page, deck, 2)
    page.keyboard.press("g")
    expect_drawn(page, deck, 3)
    page.evaluate("document.activeElement.blur()")  # focus leaves the button
    page.keyboard.press("Space")
    page.keyboard.press("G")
    expect_drawn(page, deck, 5)
    assert picker_state(page) == {"seed": seed, "position": 5}
    shoot(page, "picker", 1100, "light")
    assert axe_violations(page) == []

    page.reload()
    expect(page.locator(".picker-count")).to_be_visible(timeout=ENGINE)
    expect_drawn(page, deck, 5)
    shoot(page, "picker", 360, "dark")
    assert axe_violations(page) == []

    # Zamíchat asks first; cancelling keeps the deck, confirming starts a new one.
    page.get_by_role("button", name="Zamíchat").click()
    dialog = page.get_by_role("dialog", name="Zamíchat nový balíček?")
    expect(dialog).to_be_visible()
    page.keyboard.press("g")  # no draw behind an open dialog
    dialog.get_by_role("button", name="Zrušit").click()
    expect_drawn(page, deck, 5)
    page.get_by_role("button", name="Zamíchat").click()
    page.get_by_role("dialog").get_by_role("button", name="Zamíchat nový").click()
    expect(page.locator(".picker-count")).to_have_attribute("data-position", "0")
    expect(page.locator(".history li")).to_have_count(0)
    new_seed = picker_state(page)["seed"]
    assert new_seed != seed and picker_state(page)["position"] == 0
    draw.click()
    expect_drawn(page, shuffled_deck(new_seed), 1)


def number_picker_says_when_the_deck_is_empty(page: Page) -> None:
    """(On the picker, whose deck is now put at card 53 of seed 77 and reloaded.)"""
    page.evaluate(
        "localStorage.setItem('klubovna.mp.picker', JSON.stringify({seed: 77, position: 53}))"
    )
    page.reload()
    deck = shuffled_deck(77)
    expect(page.locator(".picker-count")).to_be_visible(timeout=ENGINE)
    expect(page.locator(".history li")).to_have_count(53)
    page.keyboard.press("g")
    expect_drawn(page, deck, 54)
    expect(page.locator(".picker-empty")).to_contain_text("Balíček je prázdný")
    expect(page.get_by_role("button", name="Táhnout")).to_be_disabled()
    page.keyboard.press("g")
    expect_drawn(page, deck, 54)
    shoot(page, "picker-empty", 360, "light")
    shoot(page, "picker-empty", 1100, "dark")


def expect_scores(page: Page, board: list[int | None], table: str) -> None:
    lines, total = score_board(board, table)
    expect(page.locator(".manual-side .total .num")).to_have_attribute("data-total", str(total))
    shown = page.locator(".line-score .num")
    by_line = [page.locator(f".line-score[data-line='{i}'] .num") for i in range(12)]
    expect(shown).to_have_count(12)
    for locator, points in zip(by_line, lines, strict=True):
        expect(locator).to_have_text(str(points))


def cell(page: Page, index: int) -> Locator:
    return page.locator(f".board input[data-cell='{index}']")


def manual_table_scores_with_the_engine(page: Page) -> None:
    page.goto(MANUAL)
    expect(page.locator(".manual-side .total .num")).to_have_attribute(
        "data-total", "0", timeout=ENGINE
    )
    expect(page.get_by_label("Řádek 2, sloupec 3")).to_have_attribute("inputmode", "numeric")

    # Type the whole board, Tab from cell to cell.
    cell(page, 0).click()
    for value in BOARD:
        page.keyboard.type(str(value))
        page.keyboard.press("Tab")
    expect_scores(page, BOARD, "adjacent")
    expect(page.locator(".manual-side .total .num")).not_to_have_text("0")

    page.get_by_label("Školní tabulka").check()
    expect_scores(page, BOARD, "school")
    page.get_by_label("Matematico").check()
    expect_scores(page, BOARD, "matematico")
    shoot(page, "manual", 1100, "light")
    assert axe_violations(page) == []

    # Arrow keys move between cells and stop at the edges.
    cell(page, 12).focus()
    for key, index in [
        ("ArrowUp", 7),
        ("ArrowLeft", 6),
        ("ArrowDown", 11),
        ("ArrowRight", 12),
        ("ArrowRight", 13),
        ("ArrowRight", 14),
        ("ArrowRight", 14),
    ]:
        page.keyboard.press(key)
        expect(cell(page, index)).to_be_focused()

    # An entry that is no number 1..13 is marked and not scored.
    cell(page, 6).fill("14")
    expect(cell(page, 6)).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".invalid-note")).to_be_visible()
    expect_scores(page, [None if i == 6 else v for i, v in enumerate(BOARD)], "matematico")
    cell(page, 6).fill("8")
    expect_scores(page, BOARD, "matematico")

    # The board and the table survive a reload.
    page.reload()
    expect(page.locator(".manual-side .total .num")).not_to_have_attribute(
        "data-total", "", timeout=ENGINE
    )
    expect(cell(page, 24)).to_have_value("11")
    expect(page.get_by_label("Matematico")).to_be_checked()
    expect_scores(page, BOARD, "matematico")
    shoot(page, "manual", 360, "dark")
    assert axe_violations(page) == []

    page.get_by_role("button", name="Vymazat").click()
    page.get_by_role("dialog", name="Vymazat celé pole?").get_by_role(
        "button", name="Vymazat pole"
    ).click()
    expect(cell(page, 0)).to_have_value("")
    expect(cell(page, 0)).to_be_focused()
    expect_scores(page, [None] * 25, "matematico")
    shoot(page, "manual-cleared", 360, "light")
    shoot(page, "manual-cleared", 1100, "dark")

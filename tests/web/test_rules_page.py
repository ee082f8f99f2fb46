"""The Matematický poker rules page: the engine's three scoring tables row by row (from
scoring.py at build time, not retyped), the FAQ, in Czech and in English."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from klubovna.games.matematicky_poker.scoring import DIAGONAL_BONUS, TABLES
from tests.server.live import ROOT
from tests.web.conftest import axe_violations
from tests.web.test_helpers import shoot

RULES = "/#/matematicky-poker/pravidla"
CATALOGUES = [
    ROOT / "web" / "src" / "games" / "matematicky_poker" / "i18n" / "rules.ts",
    ROOT / "web" / "src" / "games" / "matematicky_poker" / "i18n" / "helpers.ts",
]


SHOWN = """() => {
  // as Playwright's to_have_text reads an element: its textContent, whitespace normalised
  const text = (element) => element ? element.textContent.replace(/\\s+/g, ' ').trim() : null;
  return Object.fromEntries([...document.querySelectorAll('.scoring')].map((table) => [
    table.dataset.table,
    [...table.querySelectorAll('tbody tr')].map((tr) => ({
      combo: tr.dataset.combo,
      name: text(tr.querySelector('.combo')),
      points: text(tr.querySelector('.pts')),
      example: [...tr.querySelectorAll('.example .cell')].map(text),
    })),
  ]));
}"""
"""Every scoring table on the page, row by row, as it reads (one call instead of a round trip
for each cell)."""


def expect_tables(page: Page, names: dict[str, str]) -> None:
    """Every table shows every combination of scoring.py, in order, with points and example."""
    expect(page.locator(".scoring")).to_have_count(len(TABLES))
    shown = page.evaluate(SHOWN)
    assert set(shown) == set(TABLES)
    for table, rows in TABLES.items():
        assert [row["combo"] for row in shown[table]] == [row.name for row in rows], table
        for row, on_page in zip(rows, shown[table], strict=True):
            where = f"{table}: {row.name}"
            assert on_page["name"], where
            assert not re.search(r"mp\.combo\.", on_page["name"]), where
            assert on_page["points"] == str(row.points), where
            assert on_page["example"] == ["" if v is None else str(v) for v in row.example], where
    for name, text in names.items():
        expect(page.locator(f"tr[data-combo='{name}'] .combo").first).to_have_text(text)


def test_rules_in_czech_then_english(context: BrowserContext) -> None:
    page = context.new_page()  # no engine snapshot put in: the rules never start the engine
    page.goto(RULES)
    expect(page.get_by_role("heading", name="Matematický poker: pravidla", level=1)).to_be_visible()
    expect_tables(
        page,
        {
            "four_of_a_kind_adjacent": "Čtveřice vedle sebe",
            "straight_in_order": "Seřazená postupka",
            "three_ones_two_thirteens": "Tři jedničky a dvě třináctky",
            "one_and_ten_to_thirteen": "1, 10, 11, 12, 13",
        },
    )
    expect(page.locator(".scoring[data-table='matematico'] .bonus")).to_contain_text(
        f"{DIAGONAL_BONUS} bodů"
    )
    # An empty example cell is drawn empty and read as "prázdné".
    expect(
        page.locator("tr[data-combo='two_pairs_adjacent'] .example .visually-hidden")
    ).to_have_text("Příklad: 4, 4, prázdné, 9, 9")
    expect(page.get_by_role("heading", name="Časté otázky")).to_be_visible()
    faq = page.locator(".faq details")
    expect(faq).to_have_count(5)
    faq.first.locator("summary").click()
    expect(faq.first.locator("p")).to_contain_text("Padesát čtyři")
    expect(page.get_by_role("heading", name="Žolíci")).to_be_visible()
    shoot(page, "rules", 1100, "light")
    assert axe_violations(page) == []
    shoot(page, "rules", 360, "dark")
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("heading", name="Mathematical poker: rules", level=1)).to_be_visible()
    expect_tables(
        page,
        {
            "four_of_a_kind_adjacent": "Four of a kind, adjacent",
            "three_ones_two_thirteens": "Three 1s and two 13s",
            "pair": "Pair",
        },
    )
    expect(page.locator(".scoring[data-table='school'] h3")).to_have_text("School table")
    expect(page.get_by_role("heading", name="Frequently asked questions")).to_be_visible()
    expect(page.locator(".faq summary").nth(1)).to_have_text("What can I do with a joker?")
    shoot(page, "rules-en", 360, "light")
    shoot(page, "rules-en", 1100, "dark")
    assert axe_violations(page) == []


def test_catalogues_have_the_same_keys_in_both_languages() -> None:
    for path in CATALOGUES:
        text = path.read_text()
        cs, en = text.split("\n  en: {", 1)
        keys = [re.findall(r'^\s*"([\w.]+)":', part, re.M) for part in (cs, en)]
        assert keys[0] and sorted(keys[0]) == sorted(keys[1]), path.name
        assert len(set(keys[0])) == len(keys[0]), path.name
    names = {row.name for rows in TABLES.values() for row in rows}
    rules = CATALOGUES[0].read_text()
    assert all(f'"mp.combo.{name}"' in rules for name in names)

"""Every game's pages link the other games ("Další hry", as the Kostkový poker text has it),
from the one list of games the home page's cards come from: only the games that exist today.
Screenshots at 390 and 1280 px, light and dark. All on one page: the games' pages are one
app (a fresh page for the screenshots cost a page load and an engine start)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.server.live import ROOT
from tests.web.conftest import axe_violations
from tests.web.shots import four_looks

ENGINE_PRELOAD = False  # nothing is played: set-up pages load no engine (conftest.SAVE_DATA)

GAMES = {
    "Matematický poker": "#/matematicky-poker",
    "Kostkový poker": "#/kostkovy-poker",
    "Žolíky s kameny": "#/zoliky-s-kameny",
    "Locus Poker": "#/locus-poker",
    "Mathesso": "#/mathesso",
}
PAGES = {
    "/#/matematicky-poker": "Matematický poker",
    "/#/matematicky-poker/pravidla": "Matematický poker",
    "/#/matematicky-poker/vyber-cisel": "Matematický poker",
    "/#/kostkovy-poker": "Kostkový poker",
    "/#/kostkovy-poker/pravidla": "Kostkový poker",
    "/#/kostkovy-poker/stul": "Kostkový poker",
    "/#/zoliky-s-kameny": "Žolíky s kameny",
    "/#/zoliky-s-kameny/pravidla": "Žolíky s kameny",
    "/#/locus-poker": "Locus Poker",
    "/#/locus-poker/pravidla": "Locus Poker",
    "/#/mathesso": "Mathesso",
    "/#/mathesso/pravidla": "Mathesso",
}


def test_every_game_page_links_the_other_games(page: Page) -> None:
    for path, own in PAGES.items():
        others = [name for name in GAMES if name != own]
        page.goto(path)
        other = page.get_by_role("navigation", name="Další hry")
        expect(other).to_be_visible()
        expect(other).to_contain_text(f"Další hry: {others[0]}")
        links = other.get_by_role("link")  # the games still coming have no page to link
        expect(links).to_have_text(others)
        hrefs = links.evaluate_all("links => links.map((link) => link.getAttribute('href'))")
        assert hrefs == [GAMES[name] for name in others], path
    # The home page's playable cards are the same games.
    page.goto("/#/")
    expect(page.locator(".games .game:not(.soon) h3")).to_have_text(list(GAMES))
    page.goto("/#/kostkovy-poker")
    page.get_by_role("navigation", name="Další hry").get_by_role("link").first.click()
    expect(page.get_by_role("heading", name="Matematický poker", level=1)).to_be_visible()
    assert axe_violations(page) == []
    page.get_by_role("button", name="EN – English version").click()
    expect(page.get_by_role("navigation", name="Other games")).to_contain_text(
        "Other games: Dice poker · Rummy with tiles · Locus Poker · Mathesso")
    page.get_by_role("button", name="CZ – česká verze").click()  # back, for the screenshots
    for path, name in (("/#/matematicky-poker", "other-games-mp"),
                       ("/#/kostkovy-poker", "other-games-kp")):
        page.goto(path)
        expect(page.get_by_role("navigation", name="Další hry")).to_be_visible()
        four_looks(page, name, full_page=True)


def test_the_new_and_changed_catalogues_have_both_languages() -> None:
    src = ROOT / "web" / "src"
    games = src / "games"
    for path in (src / "i18n" / "games.ts", games / "matematicky_poker" / "i18n" / "daily.ts",
                 games / "kostkovy_poker" / "i18n.ts", src / "i18n" / "lobby.ts"):
        text = path.read_text()
        cs, en = text.split("\n  en: {", 1)
        keys = [re.findall(r'^\s*"([\w.]+)":', part, re.M) for part in (cs, en)]
        assert keys[0] and sorted(keys[0]) == sorted(keys[1]), path.name

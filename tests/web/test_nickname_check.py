"""The web's nickname check (web/src/profile/nickname_rules.ts over the data
web/build/nickname_data.py generates from the server's side) gives the server's verdict
(klubovna/server/features/nicknames.py `enforce`) for every code point of the BMP, run in Chromium
(whose Unicode is what the check meets), and the profile page and a lobby's name field say
in words that a Hangul filler (U+3164) is refused before anything is sent (#34, item 15)."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from klubovna.server.features.nicknames import LENGTH, BadNickname, enforce
from tests.server.live import ROOT, LiveServer
from tests.web.conftest import TESTS_DIR, screenshot

RULES = ROOT / "web" / "src" / "profile" / "nickname_rules.ts"
GENERATOR = ROOT / "web" / "build" / "nickname_data.py"
FILLER = "\u3164"

# Hand-made names the BMP sweep does not reach: NFKC making spaces (second pass of the
# profile), the digits' context rule, fullwidth, lengths counted after normalising.
NAMES = [
    "", " ", "a", "ab", " ab ", "a  b", "a\u00a0\u00a0b", "a\tb", "a\nb", "\u3164\u3164",
    "\u3164ab", "ab\u3164", "\u1160\u1160", "a\u200bb", "a\u00adb", "\u00a8a", "a\u00a8",
    "\u2474x", "x\u2474", "\u33a1", "\u00b2\u00b2", "\u2460\u2461", "\u216b", "\u2122x",
    "ＡＢ", "\u01c5x", "\u0660\u0661", "\u0660\u06f0", "\u06f0\u06f1", "a\u00b7b", "l\u00b7l",
    "\u30a2\u30fb", "x" * 24, "x" * 25, " " + "x" * 23 + " ", "\ufb01" * 12, "\ufb01" * 13,
    "e\u0301\u0301", "\u0301e", "Admin Nový", "𝐀𝐝𝐦𝐢𝐧", "a\U0001e030b", "\U000e0041ab",
    "\ud800ab", "ab\udfff",
]


def server_verdict(name: str) -> str:
    try:
        return f"ok:{enforce(name)}"
    except BadNickname as error:
        return "length" if str(error) == LENGTH else "characters"


@functools.cache  # 1 s of CPU each time
def generated_data() -> dict[str, object]:
    spec = importlib.util.spec_from_file_location("nickname_data", GENERATOR)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    data: dict[str, object] = module.data()
    return data


def transpiled(path: Path) -> str:
    """The TypeScript file as the JavaScript a build makes of it (Vite's own transform, types
    erased; TypeScript 7 offers no JavaScript API)."""
    script = (
        "import { transformWithOxc } from 'vite'; import fs from 'node:fs';"
        "const file = process.argv[1];"
        "const out = await transformWithOxc(fs.readFileSync(file, 'utf8'), file,"
        " { target: 'es2022' });"
        "process.stdout.write(out.code);"
    )
    return subprocess.run(["node", "--input-type=module", "-e", script, str(path)],
                          cwd=ROOT / "web", check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def check_page(browser: Browser, app_server: LiveServer) -> Iterator[Page]:
    """A blank page of the app's origin with the check's source loaded as a module (the
    check keeps no state: both tests ask the same page)."""
    ctx = browser.new_context(base_url=app_server.http, bypass_csp=True)
    page = ctx.new_page()
    page.goto(f"/{TESTS_DIR}/blank.html")
    page.add_script_tag(type="module", content=transpiled(RULES)
                        + "\nwindow.nicknameCheck = { rules, judge };")
    page.wait_for_function("window.nicknameCheck !== undefined")
    yield page
    ctx.close()


VERDICTS = """([data, names]) => {
  const r = window.nicknameCheck.rules(data);
  const words = (v) => (v.ok ? `ok:${v.nickname}` : v.problem);
  return names.map((name) => words(window.nicknameCheck.judge(r, name)));
}"""

SWEEP = """([data, form]) => {
  const r = window.nicknameCheck.rules(data);
  const out = [];
  for (let cp = 0; cp < 0x10000; cp++) {
    const c = String.fromCharCode(cp);
    const v = window.nicknameCheck.judge(r, form === 0 ? `a${c}b` : c + c);
    out.push(v.ok ? `ok:${v.nickname}` : v.problem);
  }
  // One string, not 65,536: the driver's round trip for each array item cost seconds of CPU.
  return JSON.stringify(out);
}"""


def test_the_web_check_agrees_with_the_server_over_the_bmp(check_page: Page) -> None:
    data = generated_data()
    for form in (0, 1):
        web: list[str] = json.loads(check_page.evaluate(SWEEP, [data, form]))
        wrong = []
        for cp in range(0x10000):
            c = chr(cp)
            server = server_verdict(f"a{c}b" if form == 0 else c + c)
            if web[cp] != server:
                wrong.append(f"U+{cp:04X}: web {web[cp]!r}, server {server!r}")
        assert wrong == [], f"{len(wrong)} disagree ({['a·c·b', 'c·c'][form]}): {wrong[:20]}"


def test_the_web_check_agrees_with_the_server_on_hand_made_names(check_page: Page) -> None:
    web = check_page.evaluate(VERDICTS, [generated_data(), NAMES])
    assert {name: v for name, v in zip(NAMES, web, strict=True)} == {
        name: server_verdict(name) for name in NAMES}


# ------------------------------------------------------------------ the pages

REFUSED_CS = "Znak U+3164 v přezdívce být nemůže."
REFUSED_EN = "A nickname cannot hold the character U+3164."


def sent_nicknames(page: Page) -> list[str]:
    """Every request body the page sends that names a nickname (none may)."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method != "GET" and "nickname" in (request.post_data or ""):
            sent.append(f"{request.method} {request.url} {request.post_data}")

    page.on("request", seen)
    return sent


def test_the_pages_refuse_a_filler_before_sending(context: BrowserContext) -> None:
    """The profile page and a lobby's name field, in Czech and in English, on one page (a
    fresh one for each cost a page load and asserted nothing more; these pages never start
    the engine, so no snapshot is put in)."""
    page = context.new_page()
    sent = sent_nicknames(page)

    page.goto("/#/profil")
    field = page.get_by_label("Přezdívka", exact=True)
    field.fill(f"Ann{FILLER}")
    alert = page.locator("#profile-new-error")
    expect(alert).to_contain_text(REFUSED_CS)
    expect(field).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Založit profil").click()
    expect(alert).to_contain_text(REFUSED_CS)
    for width in (1100, 360):
        page.set_viewport_size({"width": width, "height": 780 if width < 600 else 900})
        screenshot(page, f"nickname-profile-{width}")
    assert sent == []
    field.fill("Ann")
    expect(alert).to_have_text("")

    page.goto("/#/zoliky-s-kameny/online")
    field = page.get_by_label("Přezdívka")
    field.fill(f"Bob{FILLER}")
    error = page.locator(".lobby-nickname .field-error")
    expect(error).to_contain_text(REFUSED_CS)
    expect(field).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Založit místnost").click()
    expect(error).to_contain_text(REFUSED_CS)
    expect(field).to_be_focused()
    for width in (1100, 360):
        page.set_viewport_size({"width": width, "height": 780 if width < 600 else 900})
        screenshot(page, f"nickname-lobby-{width}")
    assert sent == []
    page.locator("header").get_by_role("button", name="EN – ").click()
    expect(error).to_contain_text(REFUSED_EN)
    screenshot(page, "nickname-lobby-en-360")

    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto("/#/profil")
    field = page.get_by_label("Nickname", exact=True)
    field.fill(f"{FILLER}{FILLER}")
    expect(page.locator("#profile-new-error")).to_contain_text(REFUSED_EN)
    screenshot(page, "nickname-profile-en-1100")
    assert sent == []

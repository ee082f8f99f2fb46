"""The app is installable: Chromium itself finds no installability error, and the install
button falls back to instructions where the browser offers no prompt."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, expect

from tests.server.live import LiveServer
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS


def test_chromium_finds_the_app_installable(
    playwright: Playwright, app_server: LiveServer, tmp_path: Path
) -> None:
    # A real profile (not an incognito-like context): Chromium installs nothing otherwise.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        base_url=app_server.http,
    )
    try:
        page = context.new_page()
        page.goto("/")
        page.evaluate("navigator.serviceWorker.ready")
        manifest = page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
    finally:
        context.close()


def test_install_button_explains_when_there_is_no_prompt(context: BrowserContext) -> None:
    """Where the browser offers no prompt, the button opens help instead, which Esc closes.
    Like the rest of the Czech UI ("Taháš čísla…", "Vyber políčko"), the help says "ty",
    never "vy"; the English text says the same. (One page, no engine snapshot put in: the
    home page never starts the engine.)"""
    page = context.new_page()
    page.goto("/")
    page.get_by_role("button", name="Nainstalovat aplikaci").click()
    dialog = page.get_by_role("dialog", name="Jak přidat Klubovnu na plochu")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Přidat na plochu")
    text = dialog.inner_text()
    assert "zvol „Přidat na plochu“" in text and "Tvůj prohlížeč" in text, text
    formal = re.compile(r"\b(\w+(te|ete|ejte|ěte|íte)|vás|váš|vaše|vám)\b", re.IGNORECASE)
    assert formal.findall(text.replace("Safari", "")) == [], text
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="EN – English version").click()
    page.get_by_role("button", name="Install the app").click()
    help_en = page.get_by_role("dialog", name="How to add Klubovna to your home screen")
    expect(help_en).to_contain_text("Add to Home Screen")

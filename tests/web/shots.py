"""Screenshots of one screen in the four looks people check: desktop 1280x800 and phone
390x844, light and dark. Saved under var/screenshots/ for people to look at (not asserted),
by `make shots` only (SHOTS_WANTED)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.web.conftest import SHOTS, SHOTS_WANTED

LOOKS = (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844}))


def four_looks(page: Page, name: str, full_page: bool = False) -> list[Path]:
    """`name`-{desktop,phone}-{light,dark}.png of the page as it is now, without motion (an
    animation would blur it); the viewport, colour scheme and motion are put back afterwards
    (light). Nothing when screenshots are not wanted."""
    if not SHOTS_WANTED:
        return []
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    paths = []
    page.emulate_media(reduced_motion="reduce")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for look, viewport in LOOKS:
            page.set_viewport_size(viewport)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
            path = SHOTS / f"{name}-{look}-{scheme}.png"
            page.screenshot(path=str(path), full_page=full_page)
            paths.append(path)
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if size:
        page.set_viewport_size(size)
    return paths

"""Every refusal code Žolíky s kameny declares has its text in the web catalogue, in Czech
and in English (the table screen shows the code's text, not the engine's English)."""

from __future__ import annotations

import re

from klubovna.games.zoliky_s_kameny import ENGINE
from tests.server.live import ROOT

CATALOGUE = ROOT / "web" / "src" / "games" / "zoliky_s_kameny" / "i18n.ts"


def test_every_refusal_code_has_its_text_in_both_languages() -> None:
    cs, en = CATALOGUE.read_text().split("\n  en: {", 1)
    for part in (cs, en):
        texts = set(re.findall(r'^\s*"zk\.error\.(\w+)":', part, re.M))
        assert texts == set(ENGINE.codes)

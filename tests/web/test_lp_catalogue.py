"""Every refusal code Locus Poker declares has its text in the web catalogue, in Czech and in
English (the screen shows the code's text, not the engine's English), and every hand the
engine names has its name there."""

from __future__ import annotations

import re

from klubovna.games.locus_poker import ENGINE, NAMES
from tests.server.live import ROOT

CATALOGUE = ROOT / "web" / "src" / "games" / "locus_poker" / "i18n.ts"


def test_every_refusal_code_and_hand_has_its_text_in_both_languages() -> None:
    cs, en = CATALOGUE.read_text().split("\n  en: {", 1)
    hands = {name for name in NAMES.values() if name} | {"none"}
    for part in (cs, en):
        assert set(re.findall(r'^\s*"lp\.error\.(\w+)":', part, re.M)) == set(ENGINE.codes)
        assert set(re.findall(r'^\s*"lp\.hand\.(\w+)":', part, re.M)) == hands

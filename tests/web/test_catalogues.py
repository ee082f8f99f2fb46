"""Every message catalogue of the web app has the same keys in Czech and English, no key
twice, and no key in two catalogues (one would silently win over the other). Catalogues are
the shared ones in web/src/i18n/ and each game's own in its folder: games/<game>/i18n.ts or
games/<game>/i18n/*.ts (index.ts files only merge them). A key missing at run time fails the
browser tests instead (tests/web/conftest.py)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.server.live import ROOT

SRC = ROOT / "web" / "src"
KEY = re.compile(r'^\s*"([\w.\-]+)":', re.M)


def catalogues() -> list[Path]:
    files = [*SRC.glob("i18n/*.ts"), *SRC.glob("games/*/i18n.ts"), *SRC.glob("games/*/i18n/*.ts")]
    return sorted(p for p in files if p.name != "index.ts")


def keys(path: Path) -> tuple[list[str], list[str]]:
    """The Czech and the English keys of one catalogue file, in order."""
    text = path.read_text()
    assert text.count("\n  cs: {") == 1 and text.count("\n  en: {") == 1, path
    cs, en = text.split("\n  en: {", 1)
    return KEY.findall(cs), KEY.findall(en)


def test_the_catalogues_are_found() -> None:
    names = {p.relative_to(SRC).as_posix() for p in catalogues()}
    assert {"i18n/common.ts", "i18n/lobby.ts", "games/kostkovy_poker/i18n.ts",
            "games/matematicky_poker/i18n/mp.ts"} <= names


def test_czech_and_english_have_the_same_keys() -> None:
    for path in catalogues():
        cs, en = keys(path)
        assert cs, path
        assert sorted(set(cs) ^ set(en)) == [], path.relative_to(SRC)
        assert [k for k, n in Counter(cs).items() if n > 1] == [], path.relative_to(SRC)
        assert [k for k, n in Counter(en).items() if n > 1] == [], path.relative_to(SRC)


def test_no_key_is_in_two_catalogues() -> None:
    owner: dict[str, str] = {}
    for path in catalogues():
        name = path.relative_to(SRC).as_posix()
        for key in keys(path)[0]:
            assert key not in owner, f"{key}: {owner[key]} and {name}"
            owner[key] = name

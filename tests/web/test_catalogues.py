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
    # index.ts files only merge catalogues; *.test.ts files are their unit tests (vitest).
    return sorted(p for p in files if p.name != "index.ts" and not p.name.endswith(".test.ts"))


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


# Where the Python side names an error code: IllegalAction("code", …), ApiError(status,
# "code", …) and the like, or a reply's {"code": "code"}.
RAISED = re.compile(r'(?:IllegalAction|ApiError|error_response|_error|_answer)\('
                    r'\s*(?:[\w.]+\s*,\s*)*"([a-z][a-z_]+)"|"code": "([a-z][a-z_]+)"')
SHARED = ("mp.error", "lobby.error", "profile.error", "replay.error")
"""The shared catalogues' prefixes for the server's codes (lobby/format.ts codeText, which
every game's errorText falls back to)."""
PYTHON = ROOT / "klubovna"


def raised(folders: list[Path]) -> dict[str, str]:
    """Every error code named in the Python files under `folders`, with one file naming it."""
    codes: dict[str, str] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for match in RAISED.finditer(path.read_text()):
                code = match.group(1) or match.group(2)
                codes.setdefault(code, path.relative_to(ROOT).as_posix())
    return codes


def worded(files: list[Path], prefixes: tuple[str, ...]) -> set[str]:
    """The codes that have words in Czech and in English under one of `prefixes`."""
    codes: set[str] = set()
    for path in files:
        cs, en = keys(path)
        for key in set(cs) & set(en):
            prefix, _, code = key.rpartition(".")
            if prefix in prefixes:
                codes.add(code)
    return codes


def test_every_error_code_the_python_side_names_has_words() -> None:
    """A code the tables, the server or the core may answer has Czech and English words in the
    shared catalogues; a game's own codes in its catalogue (or the shared ones). `other_seat`
    and `leave_in_lobby` once had none: the screens showed the server's English."""
    shared = worded([p for p in catalogues() if p.parent == SRC / "i18n"], SHARED)
    platform = raised([PYTHON / "core", PYTHON / "tables", PYTHON / "server"])
    assert {"other_seat", "leave_in_lobby", "left_game", "bad_key"} <= set(platform)
    assert {code: where for code, where in platform.items() if code not in shared} == {}
    games = sorted(p for p in (PYTHON / "games").iterdir() if (p / "rules.py").exists())
    assert len(games) >= 5
    for game in games:
        own = [p for p in catalogues() if p.relative_to(SRC).parts[:2] == ("games", game.name)]
        assert own, game.name
        prefixes = {key.split(".")[0] for key in keys(own[0])[0]}
        known = shared | worded(own, tuple(f"{prefix}.error" for prefix in prefixes))
        assert {code: where for code, where in raised([game]).items() if code not in known} == {}

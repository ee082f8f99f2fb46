"""The browser tests' profiles live on one server per worker (app_server is session-wide,
and pytest-xdist puts any two test files on the same worker): two files that create the
same nickname fail by turns ("Tuhle přezdívku už někdo má"), depending on which ran first."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

CREATED = re.compile(r'create_profile\(\s*\w+\s*,\s*"([^"]+)"')


def test_each_created_nickname_is_created_by_one_place_only() -> None:
    names = Counter(name for path in sorted(Path(__file__).parent.glob("*.py"))
                    for name in CREATED.findall(path.read_text(encoding="utf-8")))
    assert names, "no create_profile calls found: the pattern is stale"
    assert [name for name, count in names.items() if count > 1] == []

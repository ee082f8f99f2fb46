"""Nicknames: the PRECIS Nickname profile (RFC 8266) and a confusable-aware uniqueness key.

`enforce` gives the form that is stored and shown: RFC 8266 enforcement (non-ASCII spaces
become spaces, leading and trailing spaces go, runs of spaces become one, NFKC, and the
FreeformClass refuses controls, default-ignorable and filler code points such as U+200B or
U+3164), then this club's stricter rule: 2–24 characters (what was typed holds at most 24
too), each a letter or a digit of any script, a space or one of `_ - .`.

`key` is what must be unique: the Unicode TR39 skeleton (ICU's SpoofChecker: NFD, the
confusables mapping, NFD) of the case-folded nickname, so "Admin", "Аdmin" (Cyrillic А),
"𝐀𝐝𝐦𝐢𝐧" and "ADMIN" are one name. A skeleton is for comparing only, never for display.
"""

from __future__ import annotations

import icu  # type: ignore[import-untyped]  # PyICU (the pyicu-wheels build)
from precis_i18n import get_profile
from pydantic import JsonValue

MIN = 2
MAX = 24
KEY_MAX = 8 * MAX
"""The key column's width: one character's skeleton is at most 7 code points (a Hangul
syllable decomposes into its jamo)."""
PUNCTUATION = frozenset(" _-.")

_PROFILE = get_profile("NicknameCasePreserved")
_SPOOF = icu.SpoofChecker()

LENGTH = f"A nickname has {MIN} to {MAX} characters."
CHARACTERS = "A nickname may hold letters, digits, spaces and _ - . only."


class BadNickname(ValueError):
    """The nickname is refused; the message says why (LENGTH or CHARACTERS)."""


def enforce(raw: str) -> str:
    """The nickname as stored and shown; raises BadNickname.

    >>> enforce("  𝐀𝐝𝐦𝐢𝐧\\u00a0\\u00a0Nový ")
    'Admin Nový'
    >>> enforce("\\u3164\\u3164")  # Hangul fillers
    Traceback (most recent call last):
    ...
    klubovna.server.features.nicknames.BadNickname: A nickname may hold letters, digits, ...
    """
    if len(raw) > MAX:  # what the schema says (maxLength); refused before any work
        raise BadNickname(LENGTH)
    try:
        nickname = _PROFILE.enforce(raw)
    except UnicodeEncodeError as error:
        # precis-i18n names the failed rule: "DISALLOWED/empty" when nothing is left,
        # "DISALLOWED/<rule>" for a refused code point.
        raise BadNickname(LENGTH if error.reason == "DISALLOWED/empty" else CHARACTERS) from None
    assert isinstance(nickname, str)
    if not MIN <= len(nickname) <= MAX:
        raise BadNickname(LENGTH)
    if not all(ch.isalpha() or ch.isdecimal() or ch in PUNCTUATION for ch in nickname):
        raise BadNickname(CHARACTERS)
    if not key(nickname).strip():  # every character a filler the tables above missed
        raise BadNickname(CHARACTERS)
    return nickname


def key(nickname: str) -> str:
    """The uniqueness key of an enforced nickname: skeleton(casefold(nickname)).

    >>> key("Admin") == key("\\u0410dmin") == key("ADMIN")
    True
    >>> key("Admin")
    'adrnin'
    """
    skeleton: str = _SPOOF.getSkeleton(0, nickname.casefold())
    return skeleton


SCHEMA: dict[str, JsonValue] = {
    "minLength": MIN, "maxLength": MAX,
    "description": f"{MIN}–{MAX} characters: letters and digits of any script, spaces and "
                   "_ - . (PRECIS Nickname, RFC 8266); look-alikes count as one name.",
}
"""The request models' JSON schema for a nickname (the checks themselves are `enforce`'s,
so that every refusal is `bad_nickname` with its message)."""

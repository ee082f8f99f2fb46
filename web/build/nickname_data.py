"""The server's nickname rules as data for the web check (web/build/nicknames.ts runs this at
build and dev time; web/src/profile/nickname.ts imports it as virtual:nickname-data), read
from klubovna/server/features/nicknames.py and the Unicode tables of the Python that enforces them, so
the browser can never drift from the server:

* SPACES: the non-ASCII spaces the PRECIS Nickname profile maps to a space;
* ASSIGNED: the code points this Python's Unicode knows (the browser's may be newer: a code
  point unknown here is refused by the server, whatever the browser's NFKC makes of it);
* FREEFORM: the code points PRECIS FreeformClass allows on their own (its first refusal);
* CLUB: the code points the club allows in a nickname (letters, digits, spaces, `_ - .`);
* BLANK: the club's code points whose look-alike key is blank (a name of these only is refused).

Each set is a string of ranges, "start-end" or "start" in base 36, each start counted from the
end of the range before it, joined by commas (the smallest form of ~1,000 ranges)."""

import json
import sys
import unicodedata

from klubovna.server.features import nicknames

_BASE = nicknames._PROFILE.base
_SPACES = nicknames._PROFILE.base.ucd


def _ranges(points: list[int]) -> str:
    """`points` (sorted) as delta-coded base-36 ranges."""
    out: list[str] = []
    last = -1
    i = 0
    while i < len(points):
        start = end = points[i]
        while i + 1 < len(points) and points[i + 1] == end + 1:
            i += 1
            end = points[i]
        gap = _b36(start - last - 1)
        out.append(gap if start == end else f"{gap}-{_b36(end - start)}")
        last = end
        i += 1
    return ",".join(out)


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        n, r = divmod(n, 36)
        text = digits[r] + text
        if not n:
            return text


def _freeform(ch: str) -> bool:
    try:
        _BASE.enforce(ch)
    except UnicodeEncodeError:
        return False
    return True


def _club(ch: str) -> bool:
    return ch.isalpha() or ch.isdecimal() or ch in nicknames.PUNCTUATION


def data() -> dict[str, object]:
    assigned: list[int] = []
    freeform: list[int] = []
    club: list[int] = []
    blank: list[int] = []
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Cs"):
            continue
        assigned.append(cp)
        if not _freeform(ch):
            continue
        freeform.append(cp)
        if _club(ch):
            club.append(cp)
            if not nicknames.key(ch).strip():
                blank.append(cp)
    spaces = "".join(chr(cp) for cp in range(128, 0x10000)
                     if _SPACES.map_nonascii_space_to_ascii(chr(cp)) == " ")
    return {
        "MIN": nicknames.MIN,
        "MAX": nicknames.MAX,
        "PUNCTUATION": "".join(sorted(nicknames.PUNCTUATION)),
        "SPACES": spaces,
        "ASSIGNED": _ranges(assigned),
        "FREEFORM": _ranges(freeform),
        "CLUB": _ranges(club),
        "BLANK": _ranges(blank),
    }


if __name__ == "__main__":
    print(json.dumps(data()))

"""Join codes for lobbies: short, unambiguous, typed and read by people.

Generation (with `secrets`), normalisation of what a person typed, and the "ABC-DEF" form.
"""

from __future__ import annotations

import secrets
from collections.abc import Container

from klubovna.core import IllegalAction

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""31 characters: no 0/O, 1/I/L look-alikes."""
LENGTH = 6
"""31**6 ≈ 887 million codes (≈ 29.7 bits)."""
SEPARATORS = frozenset(" -\t\n\r\u00a0\u2010\u2011\u2012\u2013\u2014")
"""Characters people type between groups; dropped on input."""
ATTEMPTS = 64


def new_code(taken: Container[str] = ()) -> str:
    """A fresh random code (canonical form, no dash) that is not in `taken`.

    >>> code = new_code()
    >>> len(code) == LENGTH and set(code) <= set(ALPHABET)
    True
    """
    for _ in range(ATTEMPTS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code
    raise RuntimeError("no free join code found; the code space is nearly full")


def normalize_code(text: str) -> str:
    """The canonical code for what a person typed: upper-case, separators dropped.

    Nothing is mapped silently (an "O" is not taken for a "0": both are outside the
    alphabet); anything else raises IllegalAction("bad_code").

    >>> normalize_code(" abc-def ")
    'ABCDEF'
    >>> normalize_code("ABC-DE0")
    Traceback (most recent call last):
    ...
    klubovna.core.errors.IllegalAction: A join code has no '0'; use 2-9 and A-Z without I, L, O.
    """
    out = []
    for char in text:
        if char in SEPARATORS:
            continue
        upper = char.upper() if char.isascii() else char
        if upper not in ALPHABET:
            raise IllegalAction(
                "bad_code", f"A join code has no {char!r}; use 2-9 and A-Z without I, L, O."
            )
        out.append(upper)
    if len(out) != LENGTH:
        raise IllegalAction(
            "bad_code", f"A join code has {LENGTH} characters, got {len(out)}."
        )
    return "".join(out)


def format_code(code: str) -> str:
    """The code as shown to people: two groups of three.

    >>> format_code("ABCDEF")
    'ABC-DEF'
    """
    canonical = normalize_code(code)
    half = LENGTH // 2
    return f"{canonical[:half]}-{canonical[half:]}"

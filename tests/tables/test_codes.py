"""Join codes: alphabet, generation, normalisation of typed input, the "ABC-DEF" form."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klubovna.core import IllegalAction
from klubovna.tables import codes
from klubovna.tables.codes import ALPHABET, LENGTH, format_code, new_code, normalize_code

canonical = st.text(alphabet=ALPHABET, min_size=LENGTH, max_size=LENGTH)


def test_the_alphabet_has_no_look_alikes() -> None:
    assert not set("01ILO") & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 31
    assert "".join(sorted(ALPHABET)) == ALPHABET
    assert len(ALPHABET) ** LENGTH > 2**29


def test_new_codes_are_canonical_and_vary() -> None:
    made = {new_code() for _ in range(200)}
    assert all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in made)
    assert len(made) > 190


def test_new_code_avoids_taken_codes() -> None:
    taken = {new_code() for _ in range(50)}
    assert all(new_code(taken) not in taken for _ in range(50))


def test_new_code_gives_up_when_everything_is_taken() -> None:
    class Everything:
        def __contains__(self, item: object) -> bool:
            return True

    with pytest.raises(RuntimeError):
        new_code(Everything())


@pytest.mark.parametrize("typed", ["abc-def", " ABC DEF ", "AbC\u2013dEf", "a-b-c-d-e-f", "ABCDEF"])
def test_normalisation_accepts_what_people_type(typed: str) -> None:
    assert normalize_code(typed) == "ABCDEF"


@pytest.mark.parametrize("typed", ["ABC-DE0", "OBC-DEF", "ABC-DE1", "iBC-DEF", "lBC-DEF",
                                   "ABC_DEF", "ÁBC-DEF", "ßBCDEF", "ABC-DEFG", "ABC-DE", "", "---"])
def test_normalisation_rejects_anything_else(typed: str) -> None:
    with pytest.raises(IllegalAction) as error:
        normalize_code(typed)
    assert error.value.code == "bad_code"
    assert error.value.message


def test_the_message_names_the_bad_character() -> None:
    with pytest.raises(IllegalAction, match="'O'"):
        normalize_code("ABC-DEO")


def test_format() -> None:
    assert format_code("ABCDEF") == "ABC-DEF"
    assert format_code("abc def") == "ABC-DEF"


@given(canonical)
def test_format_and_normalise_round_trip(code: str) -> None:
    shown = format_code(code)
    assert shown[3] == "-" and len(shown) == LENGTH + 1
    assert normalize_code(shown) == code
    assert normalize_code(shown.lower()) == code


def test_doctests() -> None:
    assert doctest.testmod(codes).failed == 0
